import JSHost
import SearchIndex

/// The options of `search(text, options)` and `userQuery(text, options)` (SPEC §3),
/// read from JS with errors that name the option (`options.sort[0].order must be 'asc'
/// or 'desc', got 'up'`), all `E_INVALID_ARGUMENT`.
struct SearchOptionsInput {
    /// The options `search` takes.
    static let searchKeys = ["domains", "limit", "offset", "typoTolerance", "matchingStrategy"]
    /// The options `userQuery` takes.
    static let userQueryKeys = ["domains", "filter", "sort", "limit", "offset", "typoTolerance", "matchingStrategy", "suggestions"]

    var options = SearchOptions()
    /// `userQuery`'s `suggestions`: the most suggestions wanted (0, the default, for none).
    var suggestions = 0

    init(_ object: BridgeObject) throws(NativeError) {
        let reader = FieldReader.argument
        if let value = object.given("domains") { options.domains = try reader.strings(value, "options.domains") }
        if let value = object.given("limit") {
            options.limit = try Self.within(reader.positiveInteger(value, "options.limit"), "options.limit", 1...1000)
        }
        if let value = object.given("offset") {
            options.offset = try Self.within(reader.nonNegativeInteger(value, "options.offset"), "options.offset", 0...10_000)
        }
        if let value = object.given("typoTolerance") { options.typoTolerance = try reader.bool(value, "options.typoTolerance") }
        if let value = object.given("matchingStrategy") {
            guard case .string(let name) = value, let strategy = MatchingStrategy(rawValue: name) else {
                let names = MatchingStrategy.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw reader.failure("options.matchingStrategy", "must be one of \(names), got \(reader.describe(value))")
            }
            options.matchingStrategy = strategy
        }
        if let value = object.given("filter") {
            guard case .string(let text) = value else {
                throw reader.failure("options.filter", "must be a query-language string, got \(value.typeName)")
            }
            options.filter = text
        }
        if let value = object.given("sort") { options.sort = try Self.sortKeys(value) }
        if let value = object.given("suggestions") {
            suggestions = try Self.integer(value, "options.suggestions", 0...SearchableIndex.maximumSuggestions)
        }
    }

    /// `number` if it is in `range`.
    static func within(_ number: Int, _ path: String, _ range: ClosedRange<Int>) throws(NativeError) -> Int {
        guard range.contains(number) else {
            throw FieldReader.argument.failure(path, "must be an integer from \(range.lowerBound) to \(range.upperBound), got \(number)")
        }
        return number
    }

    /// An integer in `range`.
    static func integer(_ value: BridgeValue, _ path: String, _ range: ClosedRange<Int>) throws(NativeError) -> Int {
        let reader = FieldReader.argument
        guard case .number(let number) = value, number.isFinite, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw reader.failure(path, "must be an integer from \(range.lowerBound) to \(range.upperBound), got \(reader.describe(value))")
        }
        return Int(number)
    }

    /// `[{ attribute, order: 'asc'|'desc' }]`; `order` defaults to `'asc'`.
    static func sortKeys(_ value: BridgeValue) throws(NativeError) -> [SearchSortKey] {
        let reader = FieldReader.argument
        guard case .array(let elements) = value else {
            throw reader.failure("options.sort", "must be an array of { attribute, order } objects, got \(value.typeName)")
        }
        var keys: [SearchSortKey] = []
        for (index, element) in elements.enumerated() {
            let path = "options.sort[\(index)]"
            guard case .object(let object) = element else {
                throw reader.failure(path, "must be an object { attribute, order }, got \(element.typeName)")
            }
            for key in object.keys where key != "attribute" && key != "order" {
                throw reader.failure("\(path).\(key)", "is not a key of a sort key (attribute, order)")
            }
            guard let attributeValue = object.given("attribute"), case .string(let attribute) = attributeValue, !attribute.isEmpty else {
                throw reader.failure("\(path).attribute", "must be a non-empty string naming an attribute, got \(reader.describe(object["attribute"] ?? .undefined))")
            }
            var ascending = true
            if let order = object.given("order") {
                switch order {
                case .string("asc"): ascending = true
                case .string("desc"): ascending = false
                default: throw reader.failure("\(path).order", "must be 'asc' or 'desc', got \(reader.describe(order))")
                }
            }
            keys.append(SearchSortKey(attribute: attribute, ascending: ascending))
        }
        return keys
    }
}
