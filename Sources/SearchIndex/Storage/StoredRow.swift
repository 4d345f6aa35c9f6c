import Foundation

/// One row of `items` as the index reads it: the item plus the index's own columns.
struct StoredRow {
    var rowid: Int64
    var item: SearchableItem
    var kind: Int64
    var indexedDate: Double
    var ftsRowid: FTSRowid
    /// The thumbnail's file name under `thumbnails/`, if any.
    var thumbnailName: String?
    /// For an activity row: its JSON description (type, user info, related id).
    var activity: String?

    /// The columns ``read(_:thumbnails:)`` expects, in order, qualified by `items.`.
    static let columns = """
    items.rowid, items.id, items.domain, items.title, items.content_description, items.keywords, \
    items.content_type, items.display_name, items.alternate_names, items.text_content, items.url, \
    items.ranking_hint, items.content_creation_date, items.content_modification_date, \
    items.expiration_date, items.attributes, items.kind, items.phone_numbers, items.email_addresses, \
    items.supports_phone_call, items.thumbnail, items.indexed_date, items.fts_rowid, items.activity
    """
    static let columnCount: Int32 = 24

    /// Reads a row selected with ``columns`` starting at column `first`.
    static func read(_ statement: Statement, thumbnails: ThumbnailStore, first: Int32 = 0) -> StoredRow {
        func column(_ offset: Int32) -> Int32 { first + offset }
        func date(_ offset: Int32) -> Date? {
            statement.optionalDouble(column(offset)).map { Date(timeIntervalSince1970: $0 / 1000) }
        }
        let thumbnailName = statement.text(column(20))
        let attributes = SearchableItemAttributeSet(
            title: statement.text(column(3)),
            contentDescription: statement.text(column(4)),
            keywords: JSONText.decodeArray(statement.text(column(5))),
            thumbnail: thumbnailName.map { .file(path: thumbnails.path(of: $0)) },
            contentType: statement.text(column(6)),
            url: statement.text(column(10)),
            displayName: statement.text(column(7)),
            alternateNames: JSONText.decodeArray(statement.text(column(8))),
            textContent: statement.text(column(9)),
            phoneNumbers: JSONText.decodeArray(statement.text(column(17))),
            emailAddresses: JSONText.decodeArray(statement.text(column(18))),
            supportsPhoneCall: statement.isNull(column(19)) ? nil : statement.int64(column(19)) != 0,
            rankingHint: statement.optionalDouble(column(11)),
            contentCreationDate: date(12),
            contentModificationDate: date(13),
            custom: JSONText.decodeObject(statement.text(column(15)))
        )
        let item = SearchableItem(
            id: statement.text(column(1)) ?? "",
            domain: statement.text(column(2)),
            expirationDate: date(14),
            attributes: attributes
        )
        return StoredRow(
            rowid: statement.int64(column(0)),
            item: item,
            kind: statement.int64(column(16)),
            indexedDate: statement.double(column(21)),
            ftsRowid: FTSRowid(rawValue: statement.int64(column(22))),
            thumbnailName: thumbnailName,
            activity: statement.text(column(23))
        )
    }
}

/// The text of one FTS row, derived from an item the same way for insert and delete.
///
/// The FTS table is contentless, so deleting a row means handing FTS5 the exact text
/// it indexed; deriving it from the `items` columns with one function guarantees that.
struct FTSRow: Equatable {
    var title: String?
    var names: String?
    var keywords: String?
    var description: String?
    var text: String?

    init(_ attributes: SearchableItemAttributeSet) {
        title = attributes.title.map(CJKText.segmented)
        let names = [attributes.displayName].compactMap { $0 } + (attributes.alternateNames ?? [])
        self.names = names.isEmpty ? nil : CJKText.segmented(names.joined(separator: "\n"))
        keywords = attributes.keywords.map { CJKText.segmented($0.joined(separator: "\n")) }
        description = attributes.contentDescription.map(CJKText.segmented)
        text = attributes.textContent.map(CJKText.segmented)
    }

    /// Whether any heavy field (title, names, keywords) has text for `items_head`.
    var hasHead: Bool { title != nil || names != nil || keywords != nil }

    /// Binds the three heavy columns at parameters `first…first+2`.
    func bindHead(to statement: Statement, first: Int32) {
        statement.bind(title, at: first)
        statement.bind(names, at: first + 1)
        statement.bind(keywords, at: first + 2)
    }

    /// Binds the five columns at parameters `first…first+4`.
    func bind(to statement: Statement, first: Int32) {
        statement.bind(title, at: first)
        statement.bind(names, at: first + 1)
        statement.bind(keywords, at: first + 2)
        statement.bind(description, at: first + 3)
        statement.bind(text, at: first + 4)
    }
}
