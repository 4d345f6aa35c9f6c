import Foundation

extension SearchableIndex {
    /// Writes every stored, unexpired item as one JSON line each (`searchlight export`);
    /// returns how many.
    ///
    /// - Parameter writeLine: called once per item with its JSON (no newline).
    @discardableResult
    public func exportItems(_ writeLine: (String) throws -> Void) throws -> Int {
        let now = nowMs
        return try readers.read { connection in
            let statement = try connection.prepare("""
                SELECT \(StoredRow.columns) FROM items WHERE kind = 0 AND expiration_date > ? ORDER BY rowid
                """).bind([.real(now)])
            var count = 0
            while try statement.step() {
                try writeLine(ItemJSON.encode(StoredRow.read(statement, thumbnails: thumbnails).item))
                count += 1
            }
            return count
        }
    }

    /// Indexes JSON lines in the export format (`searchlight import`) in one
    /// transaction: any invalid line throws `E_INVALID_ITEM` naming `line N` and
    /// nothing is written. Blank lines are skipped. Returns how many items were written.
    ///
    /// - Parameters:
    ///   - lines: the file's lines.
    ///   - progress: called with the number of items written so far, every 1000 items
    ///     and at the end.
    @discardableResult
    public func importItems<Lines: Sequence>(lines: Lines, progress: ((Int) -> Void)? = nil) throws -> Int where Lines.Element == String {
        try write { transaction in
            var written = 0
            for (offset, line) in lines.enumerated() {
                if line.allSatisfy({ $0.isWhitespace }) { continue }
                let path = "line \(offset + 1)"
                var item = try ItemJSON.decode(line, path: path)
                // A thumbnail file that is gone (exported elsewhere) is dropped, not fatal.
                if let file = item.attributes.thumbnail?.path, access(file, R_OK) != 0 {
                    item.attributes.thumbnail = nil
                }
                if let problem = ItemValidation.problem(item, path: path) { throw problem }
                let existing = try transaction.row(id: item.id)
                try transaction.store(item, kind: Schema.itemKind, activity: nil, existing: existing)
                written += 1
                if written % 1000 == 0 { progress?(written) }
            }
            progress?(written)
            return written
        }
    }

    /// Imports a JSON Lines file; see ``importItems(lines:progress:)``.
    @discardableResult
    public func importItems(fromFile path: String, progress: ((Int) -> Void)? = nil) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IndexError.argument("cannot read \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        return try importItems(lines: text.split(separator: "\n", omittingEmptySubsequences: false).lazy.map(String.init), progress: progress)
    }
}
