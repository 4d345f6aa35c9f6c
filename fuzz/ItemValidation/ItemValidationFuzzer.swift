import Foundation
@testable import SearchIndex

/// libFuzzer target: a batch of items built from the input is indexed into a real
/// index. It is written whole (every item then readable), or refused with
/// `E_INVALID_ITEM` / `E_INVALID_CLIENT_STATE` and nothing changes. (The `convert`
/// target fuzzes SearchOnDevice's item conversion, which feeds this validation.)
enum ItemValidationFuzzer {
    static let index = try! SearchableIndex(configuration: FuzzSupport.indexConfiguration("items"))
    nonisolated(unsafe) static var inputs = 0

    /// Special numbers first, then raw bit patterns.
    static func number(_ reader: inout FuzzReader) -> Double {
        let specials: [Double] = [0, -0.0, 1, 50, 100, 100.000001, -1, .nan, .infinity, -.infinity,
                                  .greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e15, -8.64e15, 8.64e15 + 1]
        let choice = reader.choose(specials.count + 1)
        return choice < specials.count ? specials[choice] : Double(bitPattern: reader.uint64())
    }

    static func date(_ reader: inout FuzzReader) -> Date? {
        reader.bool() ? Date(timeIntervalSince1970: number(&reader)) : nil
    }

    static func strings(_ reader: inout FuzzReader) -> [String]? {
        guard reader.bool() else { return nil }
        return (0..<reader.choose(4)).map { _ in reader.string() }
    }

    static func attribute(_ reader: inout FuzzReader, depth: Int = 0) -> AttributeValue {
        switch reader.choose(depth < 2 ? 4 : 3) {
        case 0: return .string(reader.string())
        case 1: return .number(number(&reader))
        case 2: return .bool(reader.bool())
        default: return .array((0..<reader.choose(4)).map { _ in attribute(&reader, depth: depth + 1) })
        }
    }

    static func identifier(_ reader: inout FuzzReader) -> String {
        switch reader.choose(6) {
        case 0: return ""
        case 1: return "@activity/" + reader.string()
        case 2: return String(repeating: "i", count: 1020 + reader.choose(8))
        default: return "id" + String(reader.choose(8)) + reader.string(maximum: 4)
        }
    }

    static func item(_ reader: inout FuzzReader) -> SearchableItem {
        var set = SearchableItemAttributeSet(
            title: reader.bool() ? reader.string() : nil,
            contentDescription: reader.bool() ? reader.string() : nil,
            keywords: strings(&reader),
            contentType: reader.bool() ? reader.string() : nil,
            url: reader.bool() ? reader.string() : nil,
            displayName: reader.bool() ? reader.string() : nil,
            alternateNames: strings(&reader),
            textContent: reader.bool() ? reader.string(maximum: 200) : nil,
            phoneNumbers: strings(&reader),
            emailAddresses: strings(&reader),
            supportsPhoneCall: reader.bool() ? reader.bool() : nil,
            rankingHint: reader.bool() ? number(&reader) : nil,
            contentCreationDate: date(&reader),
            contentModificationDate: date(&reader))
        switch reader.choose(4) {
        case 0: set.thumbnail = .data(reader.bytes(maximum: 64), mimeType: reader.bool() ? reader.string() : nil)
        case 1: set.thumbnail = .file(path: reader.bool() ? "/etc/hostname" : "/nonexistent/" + reader.string())
        default: break
        }
        for _ in 0..<reader.choose(4) {
            let key = reader.choose(3) == 0 ? reader.string(maximum: 6) : ["servings", "__proto__", "tags", "title", "a_1"][reader.choose(5)]
            set.custom[key] = attribute(&reader)
        }
        let domain: String? = [nil, "a.b", "a..b", "", ".a", "a.", "com.example." + reader.string(maximum: 6)][reader.choose(7)]
        return SearchableItem(id: identifier(&reader), domain: domain, expirationDate: date(&reader), attributes: set)
    }

    static func update(_ reader: inout FuzzReader) -> SearchableItemUpdate {
        var update = SearchableItemUpdate(id: identifier(&reader))
        if reader.bool() { update.title = reader.bool() ? .set(reader.string()) : .remove }
        if reader.bool() { update.keywords = reader.bool() ? .set(strings(&reader) ?? []) : .remove }
        if reader.bool() { update.rankingHint = reader.bool() ? .set(number(&reader)) : .remove }
        if reader.bool() { update.domain = reader.bool() ? .set(["a..b", "x.y", ""][reader.choose(3)]) : .remove }
        if reader.bool() { update.expirationDate = .set(Date(timeIntervalSince1970: number(&reader))) }
        if reader.bool() { update.custom[reader.bool() ? "bad key" : "k"] = reader.bool() ? .set(attribute(&reader)) : .remove }
        update.removesAllCustom = reader.choose(8) == 0
        return update
    }

    static func run(_ data: UnsafeRawBufferPointer) {
        var reader = FuzzReader(data)
        var entries: [IndexEntry] = []
        for _ in 0..<(1 + reader.choose(4)) {
            entries.append(reader.choose(4) == 0 ? .merge(update(&reader)) : .replace(item(&reader)))
        }
        let clientState: String? = reader.bool() ? String(repeating: "s", count: 240 + reader.choose(20)) + reader.string(maximum: 4) : nil

        let countBefore = try! index.statistics().itemCount
        let stateBefore = try! index.fetchLastClientState()
        do {
            let written = try index.indexItems(entries, clientState: clientState)
            guard written == entries.count else { fatalError("wrote \(written) of \(entries.count)") }
            if let clientState, try index.fetchLastClientState() != clientState { fatalError("client state not stored") }
            // The last entry for each identifier is the one stored.
            var last: [String: IndexEntry] = [:]
            for entry in entries { last[entry.id] = entry }
            for entry in last.values {
                let stored = try index.items(identifiers: [entry.id])[0]
                if case .replace(let item) = entry, let stored, stored.attributes.title != item.attributes.title {
                    fatalError("item \(item.id.debugDescription) stored with another title")
                }
            }
        } catch let error as IndexError {
            guard error.code == IndexError.invalidItem || error.code == IndexError.invalidClientState else {
                fatalError("indexItems: \(error)")
            }
            guard error.code != IndexError.invalidItem || error.message.hasPrefix("items[") else {
                fatalError("indexItems: the message does not name the item: \(error.message)")
            }
            guard try! index.statistics().itemCount == countBefore, try! index.fetchLastClientState() == stateBefore else {
                fatalError("a refused batch changed the index: \(error)")
            }
        } catch {
            fatalError("indexItems: uncoded error \(error)")
        }
        // Searching and deleting what was written must work too.
        _ = try! index.search(entries.first.map { $0.id } ?? "x")
        inputs += 1
        if inputs % 500 == 0 { _ = try! index.deleteAllItems() }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzItemValidation(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ItemValidationFuzzer.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
