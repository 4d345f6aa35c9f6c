import Foundation

/// The rules an item must meet before anything of its batch is written.
///
/// Messages name the field with its SPEC (JS) name, prefixed by the caller's path,
/// like `items[3].rankingHint must be a number from 0 to 100`.
enum ItemValidation {
    /// Identifiers of stored user activities start with this; app items may not.
    static let activityPrefix = "@activity/"
    /// The largest thumbnail accepted, in bytes.
    static let maximumThumbnailBytes = 10 * 1024 * 1024
    /// The largest identifier, in UTF-8 bytes.
    static let maximumIdentifierBytes = 1024

    /// The first problem of `item`, as an `E_INVALID_ITEM` error, or `nil`.
    ///
    /// `path` is only built for a message: making `items[\(i)]` for every valid item
    /// of a batch cost more than checking it.
    static func problem(_ item: SearchableItem, path: @autoclosure () -> String) -> IndexError? {
        func invalid(_ field: String, _ message: String) -> IndexError {
            IndexError.item("\(path()).\(field) \(message)")
        }
        if item.id.isEmpty { return invalid("id", "must be a non-empty string") }
        if let problem = identifierProblem(item.id) { return invalid("id", problem) }
        if item.id.utf8.count > maximumIdentifierBytes { return invalid("id", "must be at most \(maximumIdentifierBytes) bytes") }
        if item.id.hasPrefix(activityPrefix) { return invalid("id", "must not start with '\(activityPrefix)' (reserved for user activities)") }
        if let domain = item.domain, let problem = domainProblem(domain) { return invalid("domain", problem) }
        if let date = item.expirationDate, !date.timeIntervalSince1970.isFinite { return invalid("expirationDate", "must be a valid date") }
        return attributeProblem(item.attributes, path: path())
    }

    /// The first problem of an attribute set, or `nil`.
    static func attributeProblem(_ set: SearchableItemAttributeSet, path: @autoclosure () -> String) -> IndexError? {
        func invalid(_ field: String, _ message: String) -> IndexError {
            IndexError.item("\(path()).\(field) \(message)")
        }
        if let hint = set.rankingHint, !(hint.isFinite && hint >= 0 && hint <= 100) {
            return invalid("rankingHint", "must be a number from 0 to 100")
        }
        if let date = set.contentCreationDate, !date.timeIntervalSince1970.isFinite {
            return invalid("contentCreationDate", "must be a valid date")
        }
        if let date = set.contentModificationDate, !date.timeIntervalSince1970.isFinite {
            return invalid("contentModificationDate", "must be a valid date")
        }
        switch set.thumbnail {
        case .data(let bytes, _)?:
            if bytes.isEmpty { return invalid("thumbnailData", "must not be empty") }
            if bytes.count > maximumThumbnailBytes { return invalid("thumbnailData", "must be at most \(maximumThumbnailBytes / 1024 / 1024) MB") }
        case .file(let path)?:
            if access(path, R_OK) != 0 { return invalid("thumbnail", "names a file that cannot be read: \(path)") }
        case nil:
            break
        }
        for key in set.custom.isEmpty ? [] : set.custom.keys.sorted() {
            if !AttributeValue.isValidKey(key) {
                return invalid("attributes", "key '\(key)' must match [A-Za-z0-9_]+")
            }
            if let problem = set.custom[key]!.problem() { return invalid("attributes.\(key)", problem) }
        }
        return nil
    }

    /// Why a string cannot be an identifier or domain, or `nil`: identifiers travel over
    /// D-Bus to the desktop and back, and a D-Bus string cannot hold a NUL (it would
    /// arrive cut there, and open another item). (A Swift string is always well-formed
    /// Unicode; a lone surrogate from JS is refused before it gets here.)
    public static func identifierProblem(_ text: String) -> String? {
        text.utf8.contains(0) ? "must not contain NUL (U+0000): ids and domains travel over D-Bus, whose strings cannot hold it" : nil
    }

    /// Why a domain identifier is invalid, or `nil`.
    static func domainProblem(_ domain: String) -> String? {
        if domain.isEmpty { return "must be a non-empty string" }
        if let problem = identifierProblem(domain) { return problem }
        // An empty segment: a dot first, last, or next to another dot.
        var previous = UInt8(ascii: ".")
        for byte in domain.utf8 {
            if byte == UInt8(ascii: "."), previous == byte { return "must not have an empty dot-separated segment" }
            previous = byte
        }
        if previous == UInt8(ascii: ".") { return "must not have an empty dot-separated segment" }
        return nil
    }

    /// The most domains one call may name: each is a separate range scan, and a
    /// million of them kept a delete busy for over a minute.
    static let maximumDomainsPerCall = 10_000

    /// Throws `E_INVALID_ARGUMENT` for a domain list that is too long or holds an
    /// invalid domain, naming `domains[i]`.
    static func validate(domains: [String]) throws {
        if domains.count > maximumDomainsPerCall {
            throw IndexError.argument("domains must have at most \(maximumDomainsPerCall) entries (it has \(domains.count))")
        }
        for (index, domain) in domains.enumerated() {
            if let problem = identifierProblem(domain) { throw IndexError.item("domains[\(index)] \(problem)") }
            if let problem = domainProblem(domain) { throw IndexError.argument("domains[\(index)] \(problem)") }
        }
    }

    /// Throws `E_INVALID_ITEM` naming `ids[i]` for an identifier no item can have.
    static func validate(identifiers: [String]) throws {
        for (index, id) in identifiers.enumerated() {
            if let problem = identifierProblem(id) { throw IndexError.item("ids[\(index)] \(problem)") }
        }
    }

    /// The largest client state, in UTF-8 bytes.
    static let maximumClientStateBytes = 250
}
