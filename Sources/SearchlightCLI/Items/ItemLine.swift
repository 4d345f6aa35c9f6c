import JSHost
import SearchIndex
import SearchOnDevice

/// One item as one line of JSON (`export`, `query --json`): SPEC §3's output shape,
/// as SearchOnDevice gives it to JS, with the `null` members left out.
///
/// Leaving them out keeps lines short and makes an exported line import back to the
/// same item.
enum ItemLine {
    /// The item's JSON line (without the newline).
    static func json(_ item: SearchableItem) -> String {
        value(item).jsonText
    }

    /// The item as the bridge value its line is written from.
    static func value(_ item: SearchableItem) -> BridgeValue {
        let members = ItemConversion.object(item).entries.filter { $0.value != .null }
        return .object(BridgeObject(members.map { ($0.key, $0.value) }))
    }
}
