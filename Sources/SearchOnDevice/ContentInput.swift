import Foundation
import JSHost
import SearchIndex

/// The content fields items and user activities share (title, description, keywords,
/// image, …, custom `attributes`), read from an ``InputObject`` as updates.
///
/// Absent fields are ``FieldUpdate/keep``, `null` ones ``FieldUpdate/remove``; a whole
/// item uses only the set values (``attributeSet``), a merge applies all of them.
struct ContentInput {
    /// The fields and their aliases (the Japanese article's names first, the iOS
    /// packages' names as aliases).
    static let fields: [String: [String]] = [
        "title": [], "description": ["contentDescription"], "keywords": [],
        "imageUrl": ["thumbnailUri", "thumbnailURL"], "thumbnailData": [], "thumbnail": [],
        "contentType": [], "url": [], "displayName": [], "alternateNames": [], "textContent": [],
        "phoneNumbers": [], "emailAddresses": [], "supportsPhoneCall": [], "rankingHint": [],
        "contentCreationDate": [], "contentModificationDate": [], "attributes": [],
    ]

    var title: FieldUpdate<String>
    var contentDescription: FieldUpdate<String>
    var keywords: FieldUpdate<[String]>
    var contentType: FieldUpdate<String>
    var url: FieldUpdate<String>
    var displayName: FieldUpdate<String>
    var alternateNames: FieldUpdate<[String]>
    var textContent: FieldUpdate<String>
    var phoneNumbers: FieldUpdate<[String]>
    var emailAddresses: FieldUpdate<[String]>
    var supportsPhoneCall: FieldUpdate<Bool>
    var rankingHint: FieldUpdate<Double>
    var contentCreationDate: FieldUpdate<Date>
    var contentModificationDate: FieldUpdate<Date>
    var custom: [String: FieldUpdate<AttributeValue>] = [:]
    var removesAllCustom = false
    /// The thumbnail, once its bytes are known (directly, or after ``image`` is fetched).
    var thumbnail: FieldUpdate<Thumbnail> = .keep
    /// An image still to fetch, if the object names one by URL or path.
    var image: ImageRequest?

    init(_ input: InputObject) throws(NativeError) {
        let reader = input.reader
        title = try input.update(.title, reader.string)
        contentDescription = try input.update(.description, reader.string)
        keywords = try input.update(.keywords, reader.strings)
        contentType = try input.update(.contentType, reader.string)
        url = try input.update(.url, reader.string)
        displayName = try input.update(.displayName, reader.string)
        alternateNames = try input.update(.alternateNames, reader.strings)
        textContent = try input.update(.textContent, reader.string)
        phoneNumbers = try input.update(.phoneNumbers, reader.strings)
        emailAddresses = try input.update(.emailAddresses, reader.strings)
        supportsPhoneCall = try input.update(.supportsPhoneCall, reader.bool)
        rankingHint = try input.update(.rankingHint, reader.rankingHint)
        contentCreationDate = try input.update(.contentCreationDate, reader.date)
        contentModificationDate = try input.update(.contentModificationDate, reader.date)
        if let value = input.value(.attributes) {
            if value == .null {
                removesAllCustom = true
            } else {
                for (key, member) in try reader.attributes(value, input.path(of: .attributes), allowingNull: true) {
                    custom[key] = member.map { .set($0) } ?? .remove
                }
            }
        }
        try readImage(input)
    }

    /// `imageUrl` (or an alias), `thumbnailData` or `thumbnail`: at most one of them.
    private mutating func readImage(_ input: InputObject) throws(NativeError) {
        let imageURL = input.value(.imageUrl), data = input.value(.thumbnailData), file = input.value(.thumbnail)
        guard imageURL != nil || data != nil || file != nil else { return }
        let given = [(Field.imageUrl, imageURL), (.thumbnailData, data), (.thumbnail, file)].filter { $0.1 != nil }.map { $0.0 }
        let field = given[0]
        if given.count > 1 {
            throw input.reader.failure(input.path, "has both \(input.key(of: given[0])) and \(input.key(of: given[1])); give one image")
        }
        let value = input.value(field)!
        let path = input.path(of: field)
        if value == .null {
            thumbnail = .remove
            return
        }
        let source: ImageSource
        switch (field, value) {
        case (.thumbnailData, .bytes(let bytes)):
            source = .bytes(bytes, mimeType: nil)
        case (.thumbnailData, .string(let text)):
            source = try ImageSource.parse(thumbnailData: text, path: path, reader: input.reader)
        case (.thumbnailData, _):
            throw input.reader.failure(path, "must be a base64 string (optionally a data: URL) or bytes, got \(value.typeName)")
        case (.thumbnail, .string(let text)) where text.hasPrefix("/"):
            source = .file(path: text)
        case (.thumbnail, _):
            throw input.reader.failure(path, "must be an absolute file path, got \(input.reader.describe(value))")
        default:
            source = try ImageSource.parse(imageURL: try input.reader.string(value, path), path: path, reader: input.reader)
        }
        if case .bytes(let bytes, let mimeType) = source {
            thumbnail = .set(.data(bytes, mimeType: mimeType))
        } else {
            image = ImageRequest(source: source, field: path, text: value.stringValue ?? "")
        }
    }

    /// The attribute set of a whole item: the fields given a value.
    var attributeSet: SearchableItemAttributeSet {
        var set = SearchableItemAttributeSet(
            title: title.replacement, contentDescription: contentDescription.replacement,
            keywords: keywords.replacement, thumbnail: thumbnail.replacement,
            contentType: contentType.replacement, url: url.replacement,
            displayName: displayName.replacement, alternateNames: alternateNames.replacement,
            textContent: textContent.replacement, phoneNumbers: phoneNumbers.replacement,
            emailAddresses: emailAddresses.replacement, supportsPhoneCall: supportsPhoneCall.replacement,
            rankingHint: rankingHint.replacement, contentCreationDate: contentCreationDate.replacement,
            contentModificationDate: contentModificationDate.replacement)
        for (key, change) in custom {
            if case .set(let value) = change { set.custom[key] = value }
        }
        return set
    }

    /// Copies every field into a merge.
    func apply(to update: inout SearchableItemUpdate) {
        update.title = title
        update.contentDescription = contentDescription
        update.keywords = keywords
        update.thumbnail = thumbnail
        update.contentType = contentType
        update.url = url
        update.displayName = displayName
        update.alternateNames = alternateNames
        update.textContent = textContent
        update.phoneNumbers = phoneNumbers
        update.emailAddresses = emailAddresses
        update.supportsPhoneCall = supportsPhoneCall
        update.rankingHint = rankingHint
        update.contentCreationDate = contentCreationDate
        update.contentModificationDate = contentModificationDate
        update.custom = custom
        update.removesAllCustom = removesAllCustom
    }
}
