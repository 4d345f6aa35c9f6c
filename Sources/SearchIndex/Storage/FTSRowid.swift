/// The rowid of an item's row in the FTS tables (`items_fts`, `items_head`): the item's
/// quality bucket (``StaticQuality/bucket(rankingHint:engagements:)``) above its
/// `items.rowid`, so that `ORDER BY rowid DESC` walks matches best-first (see
/// ``Schema``). The only place the layout is spelled out.
///
/// A plain value over the `Int64` SQLite stores (no allocation; its accessors are a
/// shift or a mask); ordered as the FTS tables order their rows.
struct FTSRowid: Hashable, Comparable {
    /// The rowid as stored in the FTS tables and in `items.fts_rowid`.
    let rawValue: Int64

    init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The FTS rowid of the item row `itemRowid` (at most ``maximumItemRowid``) in
    /// quality bucket `quality`.
    init(itemRowid: Int64, quality: Int64) {
        rawValue = quality << Self.qualityShift | itemRowid & Self.itemRowidMask
    }

    /// The item's `items.rowid`.
    var itemRowid: Int64 { rawValue & Self.itemRowidMask }

    /// The item's quality bucket.
    var quality: Int64 { rawValue >> Self.qualityShift }

    /// The largest `items.rowid` the layout has room for: rowids stay below 2³², far
    /// above any index's item count. Bits above them hold the quality bucket (12 of
    /// their 31 bits, see ``StaticQuality`` and ``Schema``).
    static let maximumItemRowid: Int64 = itemRowidMask

    /// SQL for the `items.rowid` of the FTS rowid that `expression` gives.
    static func itemRowidSQL(_ expression: String) -> String {
        "(\(expression) & \(itemRowidMask))"
    }

    private static let qualityShift: Int64 = 32
    private static let itemRowidMask: Int64 = (1 << qualityShift) - 1

    static func < (a: FTSRowid, b: FTSRowid) -> Bool { a.rawValue < b.rawValue }
}

extension SQLValue {
    /// An FTS rowid as a statement binds it.
    static func integer(_ rowid: FTSRowid) -> SQLValue { .integer(rowid.rawValue) }
}
