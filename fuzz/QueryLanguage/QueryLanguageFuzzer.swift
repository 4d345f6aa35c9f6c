import Foundation
@testable import SearchIndex

/// libFuzzer target: any text given to the query language is compiled and run against
/// a small real index, and the only allowed failure is `E_INVALID_QUERY` (or
/// `E_INVALID_ARGUMENT`) with a position inside the text.
///
/// Build and run with fuzz/build.sh and fuzz/run.sh (see fuzz/README.md).
enum QueryLanguageFuzzer {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// An index with a few items covering every attribute kind, in a fresh directory.
    static let index: SearchableIndex = {
        var configuration = FuzzSupport.indexConfiguration("query")
        configuration.now = { now }
        configuration.calendar = calendar
        let index = try! SearchableIndex(configuration: configuration)
        try! index.indexItems([
            SearchableItem(id: "a", domain: "com.example.recipes", attributes: SearchableItemAttributeSet(
                title: "Brent Simmons", contentDescription: "Café in Paris", keywords: ["trail", "Ünïcode", "日本語"],
                url: "app://a", displayName: "theBrentShow", alternateNames: ["BS"], textContent: "x*y\\z \"q\"",
                rankingHint: 75, contentCreationDate: now.addingTimeInterval(-86_400),
                custom: ["servings": .number(4), "vegan": .bool(true), "tags": .array([.string("x"), .number(1)])])),
            SearchableItem(id: "b", attributes: SearchableItemAttributeSet(title: "", keywords: [], rankingHint: 0)),
            // Ids may not hold a NUL (they travel over D-Bus); other text may.
            SearchableItem(id: "c-nul", attributes: SearchableItemAttributeSet(title: "nul\u{0}title", custom: ["title": .string("shadow")])),
        ])
        return index
    }()

    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let length = text.utf16.count
        do {
            _ = try QueryLanguage.compile(text, now: now, calendar: calendar)
        } catch let error as QueryLanguageError {
            guard error.code == "E_INVALID_QUERY" else { fatalError("compile: code \(error.code) for \(text.debugDescription)") }
            if let position = error.position, !(0...length).contains(position) {
                fatalError("compile: position \(position) outside 0...\(length) for \(text.debugDescription): \(error.message)")
            }
        } catch {
            fatalError("compile: uncoded error \(error) for \(text.debugDescription)")
        }
        do {
            _ = try index.query(text, limit: 10)
        } catch let error as IndexError {
            guard error.code == IndexError.invalidQuery || error.code == IndexError.invalidArgument else {
                fatalError("query: \(error) for \(text.debugDescription)")
            }
        } catch {
            fatalError("query: uncoded error \(error) for \(text.debugDescription)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryLanguage(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    QueryLanguageFuzzer.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
