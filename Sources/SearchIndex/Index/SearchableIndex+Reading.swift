import Foundation

extension SearchableIndex {
    /// The stored items for identifiers, in order; `nil` for an identifier that is not
    /// stored or has expired.
    public func items(identifiers: [String]) throws -> [SearchableItem?] {
        try ItemValidation.validate(identifiers: identifiers)
        let now = nowMs
        return try store.read { connection in
            let statement = try connection.cached("""
                SELECT \(StoredRow.columns) FROM items
                WHERE id = ? AND kind = 0 AND expiration_date > ?
                """)
            return try identifiers.map { id in
                statement.bind([.text(id), .real(now)])
                defer { statement.reset() }
                return try statement.step() ? StoredRow.read(statement, thumbnails: thumbnails).item : nil
            }
        }
    }

    /// Items matching a query-language string (SPEC §4), best static rank first.
    ///
    /// - Parameters:
    ///   - queryString: for example `title == "brent*"cd && rankingHint > 50`.
    ///   - limit: the most items returned (default 100, at least 1).
    ///   - attributes: the SPEC names of the fields to return (`title`, `keywords`…);
    ///     `nil` returns every field. `id` and `domain` are always returned.
    /// - Throws: `E_INVALID_QUERY` naming the position of a syntax error;
    ///   `E_INVALID_ARGUMENT` for a bad limit or attribute name.
    public func query(_ queryString: String, limit: Int = 100, attributes: [String]? = nil) throws -> [SearchableItem] {
        guard limit >= 1 else { throw IndexError.argument("limit must be a positive integer") }
        if let attributes {
            for (index, name) in attributes.enumerated() where !ItemFields.accepted.contains(name) {
                throw IndexError.argument("attributes[\(index)] '\(name)' is not an item field (\(ItemFields.names.joined(separator: ", ")))")
            }
        }
        guard let compiler = configuration.queryLanguage else {
            throw IndexError.unavailable("the query language is not available in this build")
        }
        let now = configuration.now()
        let compiled: (sql: String, bindings: [SQLValue])
        do {
            compiled = try compiler.compile(queryString, now, configuration.calendar)
        } catch let error as IndexError {
            throw error
        } catch {
            throw IndexError(code: IndexError.invalidQuery, message: "\(error)")
        }
        let items: [SearchableItem] = try store.read { connection in
            let statement = try connection.prepare("""
                SELECT \(StoredRow.columns) FROM items
                WHERE (\(compiled.sql)) AND items.expiration_date > ? AND items.kind = 0
                ORDER BY items.fts_rowid DESC LIMIT ?
                """)
            statement.bind(compiled.bindings + [.real(now.timeIntervalSince1970 * 1000), .integer(Int64(limit))])
            var found: [SearchableItem] = []
            do {
                while try statement.step() { found.append(StoredRow.read(statement, thumbnails: thumbnails).item) }
            } catch let error as IndexError {
                throw IndexError(code: IndexError.invalidQuery, message: "the query cannot run: \(error.message)")
            }
            return found
        }
        guard let attributes else { return items }
        return items.map { ItemFields.keeping(Set(attributes), of: $0) }
    }
}
