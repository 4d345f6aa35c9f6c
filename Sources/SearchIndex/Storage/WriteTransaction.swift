import Foundation

/// The row-level writes of one transaction on the writer connection: storing an item
/// (with its FTS row and thumbnail), deleting one, and changing its quality.
///
/// Made by ``IndexStore/write(_:)`` for one transaction, with what it writes to: the
/// writer connection, the full-text writer it feeds `items_fts` changes to, and the
/// thumbnail files. Every path that adds or removes an FTS row goes through here, so
/// the contentless FTS table always gets the exact text it indexed when a row is
/// deleted.
final class WriteTransaction {
    let connection: Connection
    private let fullText: FullTextWriter
    private let thumbnails: ThumbnailStore
    /// The transaction's clock, ms since the epoch.
    let now: Double
    /// Thumbnail files created by this transaction (removed if it rolls back).
    private(set) var filesWritten: [String] = []
    /// Thumbnail files no row uses once this transaction commits.
    private(set) var filesToRemoveAfterCommit: [String] = []
    private var nextRowid: Int64?
    private var hasEngagements: Bool?
    /// The statements of the per-item path, looked up once per transaction:
    /// ``Connection/cached(_:)`` hashes the whole SQL text, which per item would cost
    /// more than binding the row's values.
    private var rowByIDStatement: Statement?
    private var insertItemStatement: Statement?
    private var updateItemStatement: Statement?

    init(connection: Connection, fullText: FullTextWriter, thumbnails: ThumbnailStore, now: Double) {
        self.connection = connection
        self.fullText = fullText
        self.thumbnails = thumbnails
        self.now = now
    }

    // MARK: Reading inside the transaction

    /// The stored row with identifier `id`, if any (expired or not).
    func row(id: String) throws -> StoredRow? {
        let statement = try rowByIDStatement ?? connection.cached("SELECT \(StoredRow.columns) FROM items WHERE id = ?")
        rowByIDStatement = statement
        statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? StoredRow.read(statement, thumbnails: thumbnails) : nil
    }

    /// Rows selected by a `WHERE` clause.
    func rows(where condition: String, _ values: [SQLValue]) throws -> [StoredRow] {
        let statement = try connection.prepare("SELECT \(StoredRow.columns) FROM items WHERE \(condition)").bind(values)
        var rows: [StoredRow] = []
        while try statement.step() { rows.append(StoredRow.read(statement, thumbnails: thumbnails)) }
        return rows
    }

    /// How many engagements are recorded for an identifier.
    func engagements(id: String) throws -> Int64 {
        if hasEngagements == nil {
            hasEngagements = try connection.scalarInt("SELECT EXISTS (SELECT 1 FROM engagements)") == 1
        }
        guard hasEngagements == true else { return 0 }
        return try connection.scalarInt("SELECT count FROM engagements WHERE id = ?", [.text(id)]) ?? 0
    }

    // MARK: Writing

    /// Stores a validated item in `domain`, expiring at `expirationDate` (ms since the
    /// epoch), replacing `existing`.
    func store(_ item: SearchableItem, domain: String, expirationDate: Double, kind: Int64, activity: String?, existing: StoredRow?) throws {
        let attributes = item.attributes
        let thumbnailName = try storeThumbnail(attributes.thumbnail, existing: existing?.thumbnailName)
        let quality = StaticQuality.bucket(rankingHint: attributes.rankingHint, engagements: try engagements(id: item.id))
        let ftsRow = FTSRow(attributes)
        let rowid = try existing?.rowid ?? takeNextRowid()
        let ftsRowid = FTSRowid(itemRowid: rowid, quality: quality)

        let statement = try itemStatement(isNew: existing == nil)
        statement.bind(.integer(rowid), at: 1)
        statement.bind(item.id, at: 2)
        statement.bind(domain, at: 3)
        Self.bindAttributeColumns(attributes, to: statement)
        statement.bind(expirationDate, at: 15)
        statement.bind(.integer(kind), at: 17)
        statement.bind(thumbnailName, at: 21)
        statement.bind(now, at: 22)
        statement.bind(.integer(ftsRowid), at: 23)
        statement.bind(activity, at: 24)
        try statement.run()

        if let existing {
            let oldFTS = FTSRow(existing.item.attributes)
            if oldFTS == ftsRow && existing.ftsRowid == ftsRowid { return }
            try deleteFTS(rowid: existing.ftsRowid, oldFTS)
        }
        try insertFTS(rowid: ftsRowid, ftsRow)
    }

    /// The rowid of a new item: one past the highest when the transaction first needs
    /// one, then counted on.
    private func takeNextRowid() throws -> Int64 {
        if nextRowid == nil { nextRowid = (try connection.scalarInt("SELECT coalesce(max(rowid), 0) + 1 FROM items")) ?? 1 }
        let rowid = nextRowid!
        guard rowid <= FTSRowid.maximumItemRowid else {
            throw IndexError(code: IndexError.quotaExceeded, message: "the index has no item rowid left below 2^32; delete all items to start over")
        }
        nextRowid = rowid + 1
        return rowid
    }

    /// The statement that writes an item's row: a plain INSERT for a new row, an UPDATE
    /// for a stored one (the rowid is known either way, so an upsert had nothing to decide).
    private func itemStatement(isNew: Bool) throws -> Statement {
        if isNew {
            let statement = try insertItemStatement ?? connection.cached(Self.insertItemSQL)
            insertItemStatement = statement
            return statement
        }
        let statement = try updateItemStatement ?? connection.cached(Self.updateItemSQL)
        updateItemStatement = statement
        return statement
    }

    /// Binds the columns of the item row that hold its attributes (4–14, 16, 18–20).
    private static func bindAttributeColumns(_ attributes: SearchableItemAttributeSet, to statement: Statement) {
        statement.bind(attributes.title, at: 4)
        statement.bind(attributes.contentDescription, at: 5)
        statement.bind(JSONText.array(attributes.keywords), at: 6)
        statement.bind(attributes.contentType, at: 7)
        statement.bind(attributes.displayName, at: 8)
        statement.bind(JSONText.array(attributes.alternateNames), at: 9)
        statement.bind(attributes.textContent, at: 10)
        statement.bind(attributes.url, at: 11)
        statement.bind(attributes.rankingHint, at: 12)
        statement.bind(attributes.contentCreationDate.map(milliseconds), at: 13)
        statement.bind(attributes.contentModificationDate.map(milliseconds), at: 14)
        statement.bind(JSONText.object(attributes.custom), at: 16)
        statement.bind(JSONText.array(attributes.phoneNumbers), at: 18)
        statement.bind(JSONText.array(attributes.emailAddresses), at: 19)
        statement.bind(attributes.supportsPhoneCall.map { Int64($0 ? 1 : 0) }, at: 20)
    }

    /// Deletes a stored row, its FTS row, its thumbnail and (for items) its engagements.
    func delete(_ row: StoredRow) throws {
        try deleteFTS(rowid: row.ftsRowid, FTSRow(row.item.attributes))
        try connection.cached("DELETE FROM items WHERE rowid = ?").bind([.integer(row.rowid)]).run()
        if let name = row.thumbnailName { filesToRemoveAfterCommit.append(name) }
        if hasEngagements != false {
            try connection.cached("DELETE FROM engagements WHERE id = ?").bind([.text(row.item.id)]).run()
        }
    }

    /// Moves a stored row to the quality bucket its ranking hint and engagements give.
    func requalify(_ row: StoredRow) throws {
        let quality = StaticQuality.bucket(rankingHint: row.item.attributes.rankingHint, engagements: try engagements(id: row.item.id))
        let ftsRowid = FTSRowid(itemRowid: row.rowid, quality: quality)
        guard ftsRowid != row.ftsRowid else { return }
        let text = FTSRow(row.item.attributes)
        try deleteFTS(rowid: row.ftsRowid, text)
        try insertFTS(rowid: ftsRowid, text)
        try connection.cached("UPDATE items SET fts_rowid = ? WHERE rowid = ?").bind([.integer(ftsRowid), .integer(row.rowid)]).run()
    }

    /// Files every row under the quality bucket this version gives it (``StaticQuality``;
    /// version 4 and older summed the hint and engagement parts), before the FTS tables
    /// are rebuilt from `items.fts_rowid`. The item rowid stays in the low bits, so no
    /// two rows ever share an FTS rowid, before, during or after.
    func refileQualityBuckets() throws {
        let rows = try connection.prepare("""
            SELECT items.rowid, items.ranking_hint, coalesce(engagements.count, 0)
            FROM items LEFT JOIN engagements ON engagements.id = items.id
            """)
        // Read first, then written: the rows are not updated under the read.
        var moves: [(rowid: Int64, ftsRowid: FTSRowid)] = []
        while try rows.step() {
            let rowid = rows.int64(0)
            let quality = StaticQuality.bucket(rankingHint: rows.optionalDouble(1), engagements: rows.int64(2))
            moves.append((rowid, FTSRowid(itemRowid: rowid, quality: quality)))
        }
        let update = try connection.prepare("UPDATE items SET fts_rowid = ?1 WHERE rowid = ?2")
        for move in moves { try update.bind([.integer(move.ftsRowid), .integer(move.rowid)]).run() }
    }

    /// Counts one engagement for an identifier.
    func recordEngagement(id: String) throws {
        try connection.cached("""
            INSERT INTO engagements(id, count, last_date) VALUES (?1, 1, ?2)
            ON CONFLICT(id) DO UPDATE SET count = count + 1, last_date = ?2
            """).bind([.text(id), .real(now)]).run()
        hasEngagements = true
    }

    /// Removes every row, FTS entry, engagement and thumbnail; returns the app items removed.
    func deleteEverything() throws -> Int {
        let count = Int(try connection.scalarInt("SELECT count(*) FROM items WHERE kind = 0") ?? 0)
        let names = try connection.prepare("SELECT thumbnail FROM items WHERE thumbnail IS NOT NULL")
        while try names.step() { if let name = names.text(0) { filesToRemoveAfterCommit.append(name) } }
        forgetPendingFTS()
        send(.deleteAll)
        try connection.execute("""
            DELETE FROM items;
            INSERT INTO items_head(items_head) VALUES ('delete-all');
            DELETE FROM engagements;
            """)
        hasEngagements = false
        return count
    }

    /// Recreates `items_fts` (and with `includingHead`, `items_head`) in the current
    /// layout and fills it again from `items`: the migration from an older schema
    /// version, and the repair of a full-text file that does not match `items`.
    ///
    /// Rows are read in FTS-rowid order and handed over as they come, so FTS5 writes
    /// them in one pass without holding every item's text in memory.
    func rebuildFTS(includingHead: Bool) throws {
        forgetPendingFTS()
        send(.recreate)
        // Version 2 kept `items_fts` in this file.
        try connection.execute("DROP TABLE IF EXISTS items_fts")
        if includingHead {
            connection.clearCache()
            try connection.execute("DROP TABLE IF EXISTS items_head")
            try connection.execute(Schema.headStatements)
            try connection.execute(Schema.ftsConfiguration("items_head"))
        }
        let rows = try connection.prepare("SELECT \(StoredRow.columns) FROM items ORDER BY items.fts_rowid")
        while try rows.step() {
            let row = StoredRow.read(rows, thumbnails: thumbnails)
            let text = FTSRow(row.item.attributes)
            send(.insert(rowid: row.ftsRowid, text))
            // A later write of this transaction with a smaller rowid waits for flushFTS().
            lastSentRowid = row.ftsRowid
            if includingHead, text.hasHead { pendingHead.append(FTSWrite(rowid: row.ftsRowid, row: text, isDelete: false)) }
            // Inserted in ascending order: nothing to sort, and head rows go at once.
            if pendingHead.count >= Self.changesPerHandOver { try flushFTS() }
        }
    }

    /// Deletes expired rows, at most `limit` of them; returns how many.
    @discardableResult
    func purgeExpired(limit: Int = 5000) throws -> Int {
        let expired = try rows(where: "expiration_date <= ? LIMIT ?", [.real(now), .integer(Int64(limit))])
        for row in expired { try delete(row) }
        return expired.count
    }

    // MARK: Settings

    func setting(_ key: String) throws -> String? {
        let statement = try connection.cached("SELECT value FROM settings WHERE key = ?").bind([.text(key)])
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    func setSetting(_ key: String, _ value: String?) throws {
        if let value {
            try connection.cached("INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                .bind([.text(key), .text(value)]).run()
        } else {
            try connection.cached("DELETE FROM settings WHERE key = ?").bind([.text(key)]).run()
        }
    }

    // MARK: Private

    /// The `items` columns ``store(_:domain:expirationDate:kind:activity:existing:)`` writes, in the order of
    /// its parameters `?2…?24` (`?1` is the rowid).
    private static let storedColumns = [
        "id", "domain", "title", "content_description", "keywords", "content_type", "display_name",
        "alternate_names", "text_content", "url", "ranking_hint", "content_creation_date",
        "content_modification_date", "expiration_date", "attributes", "kind", "phone_numbers",
        "email_addresses", "supports_phone_call", "thumbnail", "indexed_date", "fts_rowid", "activity",
    ]

    private static let insertItemSQL = "INSERT INTO items(rowid, " + storedColumns.joined(separator: ", ")
        + ") VALUES (?1, " + storedColumns.indices.map { "?\($0 + 2)" }.joined(separator: ", ") + ")"

    private static let updateItemSQL = "UPDATE items SET "
        + storedColumns.enumerated().map { "\($0.element) = ?\($0.offset + 2)" }.joined(separator: ", ")
        + " WHERE rowid = ?1"

    static func milliseconds(_ date: Date) -> Double { date.timeIntervalSince1970 * 1000 }

    // MARK: FTS writes

    /// One FTS write of this transaction.
    private struct FTSWrite {
        var rowid: FTSRowid
        var row: FTSRow
        var isDelete: Bool
    }

    /// `items_head` writes of this transaction, applied in rowid order by ``flushFTS()``.
    ///
    /// FTS5 buffers a transaction's writes in memory only while rowids ascend; a
    /// smaller rowid flushes the buffer to a new segment. Quality-bucket rowids arrive
    /// in no order, so writing them as they come would make a segment every other item
    /// and FTS inserts several times slower than plain FTS5. Sorted, a batch is one
    /// flush.
    private var pendingHead: [FTSWrite] = []

    /// `items_fts` writes are handed to the ``FullTextWriter`` as they come, so that its
    /// thread works while this one goes on, as long as their rowids ascend (a batch of
    /// new items without ranking hints is one run); one that does not is kept here and
    /// applied, sorted, by ``flushFTS()``, which makes one more segment. A delete and an
    /// insert of the same rowid keep their order: once one of them is kept, so is
    /// everything after it with that rowid.
    private var deferredFullText: [FTSWrite] = []
    private var outgoing: [FullTextWriter.Change] = []
    /// The largest rowid handed over so far; `nil` before the first.
    private var lastSentRowid: FTSRowid?
    /// Whether this transaction changed `items_fts` (so it commits there too).
    private(set) var changedFullText = false

    /// Changes handed to the full-text writer at a time: a dispatch per 256 items.
    private static let changesPerHandOver = 256

    private func insertFTS(rowid: FTSRowid, _ row: FTSRow) throws {
        record(FTSWrite(rowid: rowid, row: row, isDelete: false))
    }

    private func deleteFTS(rowid: FTSRowid, _ row: FTSRow) throws {
        record(FTSWrite(rowid: rowid, row: row, isDelete: true))
    }

    private func record(_ write: FTSWrite) {
        if write.row.hasHead { pendingHead.append(write) }
        if lastSentRowid.map({ write.rowid > $0 }) ?? true {
            lastSentRowid = write.rowid
            send(write)
        } else {
            deferredFullText.append(write)
        }
    }

    private func send(_ write: FTSWrite) {
        send(write.isDelete ? .delete(rowid: write.rowid, write.row) : .insert(rowid: write.rowid, write.row))
    }

    private func send(_ change: FullTextWriter.Change) {
        changedFullText = true
        outgoing.append(change)
        if outgoing.count >= Self.changesPerHandOver { handOver() }
    }

    private func handOver() {
        guard !outgoing.isEmpty else { return }
        fullText.apply(outgoing)
        outgoing = []
    }

    /// Drops the FTS writes not yet applied (every row is about to go).
    private func forgetPendingFTS() {
        pendingHead = []
        deferredFullText = []
        outgoing = []
        lastSentRowid = nil
    }

    /// Hands the `items_fts` writes still pending to the full-text writer, by ascending
    /// rowid (a delete before an insert of the same rowid). Called before it commits.
    func finishFullText() throws {
        for write in Self.sorted(deferredFullText) { send(write) }
        deferredFullText = []
        handOver()
    }

    /// Applies the FTS writes still pending, by ascending rowid (a delete before an
    /// insert of the same rowid), the `items_fts` ones through the full-text writer.
    /// Called before the transaction commits.
    func flushFTS() throws {
        try finishFullText()
        for write in Self.sorted(pendingHead) {
            let statement = try connection.cached(write.isDelete
                ? "INSERT INTO items_head(items_head, rowid, title, names, keywords) VALUES ('delete', ?, ?, ?, ?)"
                : "INSERT INTO items_head(rowid, title, names, keywords) VALUES (?, ?, ?, ?)")
            statement.bind(.integer(write.rowid), at: 1)
            write.row.bindHead(to: statement, first: 2)
            try statement.run()
        }
        pendingHead = []
    }

    /// By rowid, and in the order made for the same rowid.
    private static func sorted(_ writes: [FTSWrite]) -> [FTSWrite] {
        writes.enumerated().sorted { a, b in
            a.element.rowid != b.element.rowid ? a.element.rowid < b.element.rowid : a.offset < b.offset
        }.map(\.element)
    }

    /// The thumbnail file name to store, writing or copying a file when needed.
    private func storeThumbnail(_ thumbnail: Thumbnail?, existing: String?) throws -> String? {
        var result: String?
        switch thumbnail {
        case nil:
            result = nil
        case .data(let bytes, let mimeType)?:
            result = try thumbnails.write(bytes, mimeType: mimeType)
            filesWritten.append(result!)
        case .file(let path)?:
            if let existing, thumbnails.storedName(ofPath: path) == existing {
                return existing
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw IndexError.item("thumbnail file \(path) cannot be read")
            }
            let name = try thumbnails.write(Array(data), mimeType: nil)
            filesWritten.append(name)
            result = name
        }
        if let existing, existing != result { filesToRemoveAfterCommit.append(existing) }
        return result
    }
}


