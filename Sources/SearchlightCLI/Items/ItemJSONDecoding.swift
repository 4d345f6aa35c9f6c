import Foundation
import SearchIndex

/// A JSON object in SPEC §3's item shape, turned into an index entry (`import`).
///
/// Accepts the input keys with their iOS-package aliases (`uniqueIdentifier`,
/// `contentDescription`, `domainIdentifier`, `thumbnailUri`…) and the output shape's
/// `thumbnail` (a file path), so an exported line imports back. An `http(s)` image is
/// not fetched here: it is reported in ``download`` for the caller to fetch. `isUpdate: true`
/// merges into the stored item, where `null` removes a field; otherwise the item
/// replaces any stored one and `null` means absent. Dates are ms since the epoch or
/// ISO-8601 text. Unknown keys are rejected. Range checks (`rankingHint` 0–100,
/// domains, attribute keys) are the index's, made when the batch is written.
struct ItemJSONDecoding {
    /// A problem with one item, naming the field: `keywords must be an array of strings`.
    struct Problem: Error {
        let message: String
    }

    /// An `http(s)` image an item names: the caller downloads it and sets the thumbnail.
    struct ImageDownload: Sendable {
        /// The key that named it (`imageUrl`, `thumbnailUri`…), for messages.
        let key: String
        let url: URL
    }

    /// The image to download for the entry last decoded, if any.
    private(set) var download: ImageDownload?

    private let isoFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
    private let isoFormatterWhole = ISO8601DateFormatter()

    /// Every key an input item may have, each with the field it sets.
    private static let fieldOfKey: [String: String] = [
        "id": "id", "uniqueIdentifier": "id",
        "title": "title",
        "description": "description", "contentDescription": "description",
        "keywords": "keywords",
        "imageUrl": "image", "thumbnailUri": "image", "thumbnailURL": "image", "thumbnail": "image",
        "thumbnailData": "thumbnailData",
        "domain": "domain", "domainIdentifier": "domain",
        "contentType": "contentType", "url": "url", "displayName": "displayName",
        "alternateNames": "alternateNames", "textContent": "textContent",
        "phoneNumbers": "phoneNumbers", "emailAddresses": "emailAddresses",
        "supportsPhoneCall": "supportsPhoneCall", "rankingHint": "rankingHint",
        "contentCreationDate": "contentCreationDate",
        "contentModificationDate": "contentModificationDate",
        "expirationDate": "expirationDate", "isUpdate": "isUpdate", "attributes": "attributes",
    ]

    /// The entry one JSON object describes.
    mutating func entry(_ node: JSONNode) throws -> IndexEntry {
        download = nil
        guard case .object(let members) = node else {
            throw Problem(message: "must be a JSON object (an item), not \(node.kindDescription)")
        }
        // One value per field, naming the key the file used.
        var fields: [String: (key: String, value: JSONNode)] = [:]
        for key in members.keys.sorted() {
            guard let field = Self.fieldOfKey[key] else {
                throw Problem(message: "unknown key '\(key)' (item keys: id, title, description, keywords, imageUrl, thumbnailData, domain, contentType, url, displayName, alternateNames, textContent, phoneNumbers, emailAddresses, supportsPhoneCall, rankingHint, contentCreationDate, contentModificationDate, expirationDate, isUpdate, attributes)")
            }
            if let earlier = fields[field] {
                throw Problem(message: "\(earlier.key) and \(key) set the same field; give one")
            }
            fields[field] = (key, members[key]!)
        }
        let isUpdate: Bool
        switch fields["isUpdate"]?.value {
        case nil, .null?: isUpdate = false
        case .bool(let flag)?: isUpdate = flag
        case let other?: throw Problem(message: "isUpdate must be a boolean, not \(other.kindDescription)")
        }
        guard case .string(let id)? = fields["id"]?.value, !id.isEmpty else {
            throw Problem(message: "\(fields["id"]?.key ?? "id") must be a non-empty string")
        }

        var update = SearchableItemUpdate(id: id)
        /// The update of one field: `.keep` when absent, `.remove` for `null`, else the converted value.
        func change<T>(_ field: String, _ convert: (String, JSONNode) throws -> T) throws -> FieldUpdate<T> {
            guard let (key, value) = fields[field].map({ ($0.key, $0.value) }) else { return .keep }
            if value == .null { return .remove }
            return .set(try convert(key, value))
        }
        update.title = try change("title", string)
        update.contentDescription = try change("description", string)
        update.keywords = try change("keywords", strings)
        update.domain = try change("domain", string)
        update.contentType = try change("contentType", string)
        update.url = try change("url", string)
        update.displayName = try change("displayName", string)
        update.alternateNames = try change("alternateNames", strings)
        update.textContent = try change("textContent", string)
        update.phoneNumbers = try change("phoneNumbers", strings)
        update.emailAddresses = try change("emailAddresses", strings)
        update.supportsPhoneCall = try change("supportsPhoneCall", bool)
        update.rankingHint = try change("rankingHint", number)
        update.contentCreationDate = try change("contentCreationDate", date)
        update.contentModificationDate = try change("contentModificationDate", date)
        update.expirationDate = try change("expirationDate", date)
        update.thumbnail = try thumbnailChange(fields)
        if let (key, value) = fields["attributes"].map({ ($0.key, $0.value) }) {
            switch value {
            case .null:
                update.removesAllCustom = true
            case .object(let attributes):
                for name in attributes.keys.sorted() {
                    let attribute = attributes[name]!
                    update.custom[name] = attribute == .null ? .remove : .set(try attributeValue(attribute, path: "\(key).\(name)"))
                }
            default:
                throw Problem(message: "\(key) must be an object, not \(value.kindDescription)")
            }
        }
        if isUpdate { return .merge(update) }
        // A whole item: what the update sets, on nothing.
        update.removesAllCustom = true
        return .replace(update.applied(to: nil))
    }

    // MARK: Fields

    private func string(_ key: String, _ value: JSONNode) throws -> String {
        guard case .string(let text) = value else { throw Problem(message: "\(key) must be a string, not \(value.kindDescription)") }
        return text
    }

    private func strings(_ key: String, _ value: JSONNode) throws -> [String] {
        guard case .array(let elements) = value else {
            throw Problem(message: "\(key) must be an array of strings, not \(value.kindDescription)")
        }
        return try elements.enumerated().map { index, element in
            guard case .string(let text) = element else {
                throw Problem(message: "\(key) must be an array of strings (\(key)[\(index)] is \(element.kindDescription))")
            }
            return text
        }
    }

    private func bool(_ key: String, _ value: JSONNode) throws -> Bool {
        guard case .bool(let flag) = value else { throw Problem(message: "\(key) must be a boolean, not \(value.kindDescription)") }
        return flag
    }

    private func number(_ key: String, _ value: JSONNode) throws -> Double {
        guard case .number(let number) = value else { throw Problem(message: "\(key) must be a number, not \(value.kindDescription)") }
        return number
    }

    private func date(_ key: String, _ value: JSONNode) throws -> Date {
        switch value {
        case .number(let ms):
            return Date(timeIntervalSince1970: ms / 1000)
        case .string(let text):
            if let date = isoFormatter.date(from: text) ?? isoFormatterWhole.date(from: text) { return date }
            throw Problem(message: "\(key) must be ms since the epoch or an ISO-8601 date such as 2026-01-31T00:00:00Z, got '\(text)'")
        default:
            throw Problem(message: "\(key) must be ms since the epoch or an ISO-8601 date, not \(value.kindDescription)")
        }
    }

    private func attributeValue(_ value: JSONNode, path: String) throws -> AttributeValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .array(let elements):
            return .array(try elements.enumerated().map { index, element in
                switch element {
                case .string(let text): return .string(text)
                case .number(let number): return .number(number)
                case .bool(let flag): return .bool(flag)
                default:
                    throw Problem(message: "\(path)[\(index)] must be a string, number or boolean, not \(element.kindDescription)")
                }
            })
        default:
            throw Problem(message: "\(path) must be a string, number, boolean or an array of those, not \(value.kindDescription)")
        }
    }

    // MARK: Thumbnails

    /// `thumbnailData` (base64, with or without a `data:` prefix) or an image reference
    /// (`imageUrl` and its aliases: `file://`, `data:` or an absolute path).
    private mutating func thumbnailChange(_ fields: [String: (key: String, value: JSONNode)]) throws -> FieldUpdate<Thumbnail> {
        if let data = fields["thumbnailData"], let image = fields["image"], data.value != .null, image.value != .null {
            throw Problem(message: "\(data.key) and \(image.key) both set the thumbnail; give one")
        }
        if let (key, value) = fields["thumbnailData"].map({ ($0.key, $0.value) }), value != .null {
            return .set(try dataThumbnail(key, try string(key, value)))
        }
        guard let (key, value) = fields["image"].map({ ($0.key, $0.value) }) ?? fields["thumbnailData"].map({ ($0.key, $0.value) }) else {
            return .keep
        }
        if value == .null { return .remove }
        let reference = try string(key, value)
        if reference.hasPrefix("data:") { return .set(try dataThumbnail(key, reference)) }
        if reference.hasPrefix("file://") {
            guard let url = URL(string: reference), url.isFileURL else { throw Problem(message: "\(key) is not a valid file:// URL: \(reference)") }
            return .set(.file(path: url.path))
        }
        if reference.hasPrefix("/") { return .set(.file(path: reference)) }
        if reference.hasPrefix("http://") || reference.hasPrefix("https://") {
            guard let url = URL(string: reference), url.host != nil else {
                throw Problem(message: "\(key) is not a valid URL: \(reference)")
            }
            download = ImageDownload(key: key, url: url)
            return .keep
        }
        throw Problem(message: "\(key) must be an http(s)://, file:// or data: URL or an absolute path, got '\(reference)'")
    }

    private func dataThumbnail(_ key: String, _ text: String) throws -> Thumbnail {
        var base64 = Substring(text)
        var mimeType: String?
        if text.hasPrefix("data:") {
            guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else {
                throw Problem(message: "\(key) must be a base64 data: URL (data:image/png;base64,…)")
            }
            let type = text[text.index(text.startIndex, offsetBy: 5)..<comma].dropLast(";base64".count)
            mimeType = type.isEmpty ? nil : String(type)
            base64 = text[text.index(after: comma)...]
        }
        guard let bytes = Data(base64Encoded: String(base64)), !bytes.isEmpty else {
            throw Problem(message: "\(key) must be non-empty base64 image data")
        }
        return .data([UInt8](bytes), mimeType: mimeType)
    }
}
