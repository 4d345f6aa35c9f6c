import Foundation
import JSHost
import SearchIndex
@testable import SearchOnDevice

/// libFuzzer target: the `SearchOnDevice` item converter (SPEC §3: a `BridgeValue` from
/// JS → a validated `IndexEntry`) on values generated from the input (every key and
/// alias, unknown keys, `__proto__`, every value type, NUL, NaN, huge numbers, bad
/// dates and attribute shapes), and the converted entry written to a real index.
///
/// The only allowed failures are `E_INVALID_ITEM` naming `items[0]`, or from the
/// index `E_INVALID_ITEM` / `E_INVALID_CLIENT_STATE` with nothing written.
enum ItemConversionFuzzer {
    static let index = try! SearchableIndex(configuration: FuzzSupport.indexConfiguration("convert"))
    nonisolated(unsafe) static var inputs = 0

    static let keys = ["id", "uniqueIdentifier", "title", "description", "contentDescription", "keywords", "thumbnailData",
                       "contentType", "url", "displayName", "alternateNames", "textContent", "phoneNumbers", "emailAddresses",
                       "supportsPhoneCall", "rankingHint", "contentCreationDate", "contentModificationDate", "expirationDate",
                       "attributes", "domain", "domainIdentifier", "isUpdate", "__proto__", "unknown", "thumbnail"]

    struct Generator {
        var reader: FuzzReader
        var depth = 0

        mutating func number() -> Double {
            let specials: [Double] = [0, -0.0, 1, 50, 100, 101, -1, .nan, .infinity, -.infinity, 8.64e15, 8.64e15 + 1, 1e300, 0.5]
            let choice = reader.choose(specials.count + 1)
            return choice < specials.count ? specials[choice] : Double(bitPattern: reader.uint64())
        }

        mutating func string() -> String {
            switch reader.choose(8) {
            case 0: return ""
            case 1: return ["2026-01-31T00:00:00Z", "2026-02-30", "not a date", "1970-01-01T00:00:00.000+02:00"][reader.choose(4)]
            case 2: return "data:image/png;base64," + ["iVBORw0KGgo=", "!!!", "", "AAAA"][reader.choose(4)]
            case 3: return ["a..b", "com.example.x", ".", "a.b."][reader.choose(4)]
            default: return reader.string()
            }
        }

        mutating func value() -> BridgeValue {
            depth += 1
            defer { depth -= 1 }
            switch reader.choose(depth > 3 ? 6 : 9) {
            case 0: return .undefined
            case 1: return .null
            case 2: return .bool(reader.bool())
            case 3: return .number(number())
            case 4, 5: return .string(string())
            case 6: return .date(number())
            case 7: return .array((0..<reader.choose(4)).map { _ in value() })
            default:
                var object = BridgeObject()
                for _ in 0..<reader.choose(4) {
                    let key = reader.choose(3) == 0 ? reader.string(maximum: 6) : ["a", "b_1", "__proto__", "bad key", "n"][reader.choose(5)]
                    object[key] = value()
                }
                if reader.choose(4) == 0 { object["bytes"] = .bytes(reader.bytes(maximum: 16)) }
                return .object(object)
            }
        }

        mutating func item() -> BridgeValue {
            if reader.choose(10) == 0 { return value() }
            var object = BridgeObject()
            if reader.choose(8) != 0 { object[reader.bool() ? "id" : "uniqueIdentifier"] = .string("id" + String(reader.choose(4))) }
            for _ in 0..<reader.choose(8) {
                object[ItemConversionFuzzer.keys[reader.choose(ItemConversionFuzzer.keys.count)]] = value()
            }
            return .object(object)
        }
    }

    static func run(_ data: UnsafeRawBufferPointer) {
        var generator = Generator(reader: FuzzReader(data))
        let value = generator.item()
        let input: ItemInput
        do {
            input = try ItemInput(value, path: "items[0]")
        } catch {
            guard error.code == "E_INVALID_ITEM", error.message.hasPrefix("items[0]") else {
                fatalError("conversion: \(error) for \(value)")
            }
            return
        }
        // Images named by URL or path are fetched by the module first; not here.
        guard input.image == nil else { return }
        let before = try! index.statistics().itemCount
        do {
            _ = try index.indexItems([input.entry])
            guard try index.items(identifiers: [input.entry.id]).count == 1 else { fatalError("lost \(input.entry.id)") }
        } catch let error as IndexError {
            guard error.code == IndexError.invalidItem, error.message.hasPrefix("items[0]") else {
                fatalError("index: \(error) for \(value)")
            }
            guard try! index.statistics().itemCount == before else { fatalError("a refused item changed the index: \(error)") }
        } catch {
            fatalError("index: uncoded error \(error) for \(value)")
        }
        inputs += 1
        if inputs % 500 == 0 { _ = try! index.deleteAllItems() }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzItemConversion(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ItemConversionFuzzer.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
