import JSHost
import SearchIndex

/// SPEC §3's item dictionaries turned into index entries and back, for callers
/// outside JS (`searchlight import` and `export`).
///
/// The same keys, aliases, checks, error messages and image fetching as `indexItems`,
/// and the same output shape as `getItems`: one set of rules for every way in.
public enum ItemConversion {
    /// One item read from a dictionary: the entry to write and, when the item names
    /// one by URL or path, the image still to fetch.
    public struct Item {
        fileprivate var input: ItemInput

        /// The entry to write; its thumbnail is missing until ``fetchImages(_:)`` ran
        /// when ``namesImage`` is true.
        public var entry: IndexEntry { input.entry }

        /// Whether the item names an image (a web URL or a file) still to fetch.
        public var namesImage: Bool { input.image != nil }
    }

    /// An image that could not be fetched: the item and a warning naming its field.
    public struct ImageWarning: Sendable, Equatable {
        /// The item's position in the batch given to ``fetchImages(_:)``.
        public let position: Int
        /// What happened, without the program's name: `imageUrl: could not fetch
        /// https://… (HTTP 404); indexed without a thumbnail`.
        public let message: String
    }

    /// Reads one item dictionary, or throws an `E_INVALID_ITEM` error naming the field.
    ///
    /// `path` names the item in messages: `items[3]` gives `items[3].keywords must be
    /// an array of strings, got string`; an empty path gives `keywords must be …`, for
    /// a caller that names the item itself (`line 12: keywords must be …`).
    public static func item(_ value: BridgeValue, path: String) throws(NativeError) -> Item {
        Item(input: try ItemInput(value, path: path))
    }

    /// Fetches the images the items name (several at a time) and sets them as their
    /// thumbnails; an image that cannot be fetched leaves a whole item without a
    /// thumbnail and a merge with the stored one, and gives a warning.
    ///
    /// Blocking (file reads and downloads): never call it on a JS thread.
    public static func fetchImages(_ items: inout [Item]) -> [ImageWarning] {
        var inputs = items.map { $0.input }
        let warnings = ItemInput.fetchImages(&inputs, with: ThumbnailFetcher())
        items = inputs.map { Item(input: $0) }
        return warnings.map { ImageWarning(position: $0.position, message: $0.warning) }
    }

    /// A stored item in SPEC §3's output shape (every key, `null` where the item has
    /// no value), as `getItems` gives it to JS.
    public static func object(_ item: SearchableItem) -> BridgeObject {
        ItemOutput.object(item)
    }
}
