import Foundation
import JSHost
import SearchIndex

/// One method of `SearchOnDevice`: its name, the queue it runs on and its body, which
/// runs there (never on the JS thread).
struct Call: Sendable {
    /// Writes run in call order on the serial queue; reads on the concurrent one.
    enum Access: Sendable { case write, read }

    let name: String
    let access: Access
    /// The names of the leading arguments that carry items, ids or domains (`items`,
    /// `ids`, …): a string the bridge refuses there (a lone surrogate) makes the item
    /// invalid, `E_INVALID_ITEM` naming `items[3].id`, not `args[0][3].id`.
    var itemArguments: [String] = []
    /// The call's work: its answer, a ``BridgeValue`` or a value that writes itself
    /// (search hits, written straight into the host's form).
    let body: @Sendable (SearchOnDeviceModule, Arguments) throws -> any BridgeWritable

    init(name: String, access: Access, itemArguments: [String] = [],
         body: @escaping @Sendable (SearchOnDeviceModule, Arguments) throws -> BridgeValue) {
        self.name = name
        self.access = access
        self.itemArguments = itemArguments
        self.body = { module, arguments in try body(module, arguments) }
    }

    init(name: String, access: Access, itemArguments: [String] = [],
         writing body: @escaping @Sendable (SearchOnDeviceModule, Arguments) throws -> any BridgeWritable) {
        self.name = name
        self.access = access
        self.itemArguments = itemArguments
        self.body = body
    }

    /// The bridge's refusal of an item argument as the item error it is, or nil.
    func itemError(_ error: NativeError) -> NativeError? {
        for (position, name) in itemArguments.enumerated() {
            let prefix = "args[\(position)]"
            guard error.code == NativeError.invalidArgumentCode, error.message.hasPrefix(prefix),
                  let colon = error.message.range(of: ": ") else { continue }
            let path = name + error.message[error.message.index(error.message.startIndex, offsetBy: prefix.count)..<colon.lowerBound]
            let reason = error.message[colon.upperBound...]
            // Only ill-formed text is the item's fault; other refusals (a function, a
            // cycle) stay the bridge's E_INVALID_ARGUMENT.
            guard reason.contains("lone surrogate"), let open = reason.firstIndex(of: "("), let close = reason.lastIndex(of: ")") else { return nil }
            return NativeError(code: IndexError.invalidItem,
                               message: "\(path) must be well-formed Unicode, but has a lone surrogate (\(reason[reason.index(after: open)..<close]))")
        }
        return nil
    }
}

extension SearchOnDeviceModule {
    /// Every promise method of SPEC §3, in its order.
    static let calls: [Call] = [
        Call(name: "indexItems", access: .write, itemArguments: ["items"]) { module, arguments in
            guard case .array(let values) = arguments[0] else {
                throw FieldReader.argument.failure("items", "must be an array of items, got \(arguments[0].typeName)")
            }
            let options = try arguments.options(1, method: "indexItems", allowed: ["clientState"])
            var clientState: String?
            if let state = options.given("clientState") {
                guard case .string(let text) = state else {
                    throw NativeError(code: IndexError.invalidClientState,
                                      message: "options.clientState must be a string of at most 250 bytes, got \(state.typeName)")
                }
                clientState = text
            }
            var items: [ItemInput] = []
            items.reserveCapacity(values.count)
            for (index, value) in values.enumerated() {
                items.append(try ItemInput(value, path: "items[\(index)]"))
            }
            return .number(Double(try module.write(items, clientState: clientState)))
        },
        Call(name: "indexItem", access: .write, itemArguments: ["item"]) { module, arguments in
            .number(Double(try module.write([try ItemInput(arguments[0], path: "item")], clientState: nil)))
        },
        Call(name: "deleteItemsWithIdentifiers", access: .write, itemArguments: ["ids"]) { module, arguments in
            let ids = try arguments.strings(0, "ids")
            return .number(Double(try module.index().deleteItems(identifiers: ids)))
        },
        Call(name: "deleteItemsInDomains", access: .write, itemArguments: ["domains"]) { module, arguments in
            let domains = try arguments.strings(0, "domains")
            return .number(Double(try module.index().deleteItems(domains: domains)))
        },
        Call(name: "deleteAllItems", access: .write) { module, _ in
            .number(Double(try module.index().deleteAllItems()))
        },
        Call(name: "fetchLastClientState", access: .read) { module, _ in
            try module.index().fetchLastClientState().map { .string($0) } ?? .null
        },
        Call(name: "getItems", access: .read, itemArguments: ["ids"], writing: { module, arguments in
            let ids = try arguments.strings(0, "ids")
            return ItemOutput.Items(items: try module.index().items(identifiers: ids))
        }),
        Call(name: "search", access: .read, writing: { module, arguments in
            let text = try arguments.string(0, "text")
            let input = try SearchOptionsInput(arguments.options(1, method: "search", allowed: SearchOptionsInput.searchKeys))
            var options = input.options
            // `search` resolves to hits alone: counting past the page would be wasted.
            options.countsTotal = false
            let results = try module.index().search(text, options: options)
            arguments.mark(.searched)
            return ItemOutput.Hits(hits: results.hits)
        }),
        Call(name: "query", access: .read, writing: { module, arguments in
            let queryString = try arguments.string(0, "queryString")
            let options = try arguments.options(1, method: "query", allowed: ["limit", "attributes"])
            let reader = FieldReader.argument
            let limit = try options.given("limit").map { value throws(NativeError) in try reader.positiveInteger(value, "options.limit") } ?? 100
            let attributes = try options.given("attributes").map { value throws(NativeError) in try reader.strings(value, "options.attributes") }
            let items = try module.index().query(queryString, limit: limit, attributes: attributes)
            return ItemOutput.Items(items: items)
        }),
        Call(name: "userQuery", access: .read, writing: { module, arguments in
            let text = try arguments.string(0, "text")
            let input = try SearchOptionsInput(arguments.options(1, method: "userQuery", allowed: SearchOptionsInput.userQueryKeys))
            let found = try module.index().userQuery(text, options: input.options, suggestions: input.suggestions)
            arguments.mark(.searched)
            return UserQueryAnswer(results: found.results, suggestions: found.suggestions)
        }),
        Call(name: "becomeCurrent", access: .write, itemArguments: ["activity"]) { module, arguments in
            var input = try ActivityInput(arguments[0])
            var warning: String?
            if let image = input.image {
                let result = module.fetcher.fetch(image.source)
                input.setImage(result)
                if case .failure(let failure) = result {
                    warning = "searchlight: \(image.field): could not fetch \(image.text) (\(failure.reason)); recorded without a thumbnail"
                }
            }
            try module.index().becomeCurrent(input.activity)
            if let warning { module.warn(warning) }
            return .null
        },
        Call(name: "resignCurrent", access: .write) { module, _ in
            try module.index().resignCurrent()
            return .null
        },
        Call(name: "setIndexingPreference", access: .write) { module, arguments in
            let value = arguments[0]
            guard case .string(let text) = value, let preference = IndexingPreference(rawValue: text) else {
                let names = IndexingPreference.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw FieldReader.argument.failure("preference", "must be one of \(names), got \(FieldReader.argument.describe(value))")
            }
            try module.index().setIndexingPreference(preference)
            return .null
        },
        Call(name: "getIndexingPreference", access: .read) { module, _ in
            .string(try module.index().indexingPreference().rawValue)
        },
        Call(name: "getInitialRequest", access: .read) { module, _ in
            module.initialRequest?.eventBody ?? .null
        },
    ]

    /// `userQuery`'s answer: `{hits, totalCount, totalIsExact, matching, suggestions}`.
    struct UserQueryAnswer: BridgeWritable {
        let results: SearchResults
        let suggestions: [SearchSuggestion]

        func write<Sink: BridgeValueSink>(to sink: inout Sink) {
            sink.beginObject()
            sink.name("hits"); ItemOutput.Hits(hits: results.hits).write(to: &sink)
            sink.name("totalCount"); sink.number(Double(results.totalCount))
            sink.name("totalIsExact"); sink.bool(results.totalCountIsExact)
            sink.name("matching"); sink.string(results.matching.rawValue)
            sink.name("suggestions")
            sink.beginArray()
            for suggestion in suggestions {
                sink.beginObject()
                sink.name("text"); sink.string(suggestion.text)
                sink.name("count"); sink.number(Double(suggestion.count))
                sink.endObject()
            }
            sink.endArray()
            sink.endObject()
        }

        func writeJSON(to writer: inout BridgeJSONWriter) {
            write(to: &writer)
        }
    }

    /// Fetches the batch's images, writes it in one transaction, then warns about the
    /// images that could not be fetched (only once the batch is stored).
    func write(_ items: [ItemInput], clientState: String?) throws -> Int {
        var items = items
        let warnings = ItemInput.fetchImages(&items, with: fetcher)
        let written = try index().indexItems(items.map { $0.entry }, clientState: clientState)
        for (_, warning) in warnings { warn("searchlight: " + warning) }
        return written
    }
}
