import Foundation
import JSHost
import SearchIndex

/// The activity of `becomeCurrent` read from JS: NSUserActivity's fields plus the
/// item content fields (its `contentAttributeSet`).
///
/// Problems are `E_INVALID_ARGUMENT` naming `activity.field`. NSUserActivity
/// properties with no meaning here (`persistentIdentifier`, `needsSave`, …) are
/// accepted and ignored so that activities written for iOS pass unchanged.
struct ActivityInput {
    /// NSUserActivity properties that are accepted and ignored.
    static let ignoredFields = [
        "persistentIdentifier", "requiredUserInfoKeys", "needsSave", "eligibleForPrediction",
        "targetContentIdentifier", "webpageURL", "referrerURL",
    ]

    static let fields: [String: [String]] = ContentInput.fields.merging(
        [
            "activityType": [], "userInfo": [], "eligibleForSearch": [], "eligibleForPublicIndexing": [],
            "eligibleForHandoff": [], "expirationDate": [], "relatedUniqueIdentifier": [],
        ].merging(ignoredFields.map { ($0, []) }) { first, _ in first }
    ) { first, _ in first }

    /// ``fields`` with the aliases resolved, once.
    static let fieldTable = FieldTable(fields)

    /// The activity, its thumbnail still missing when ``image`` is set.
    var activity: UserActivity
    /// The image to fetch before recording the activity.
    var image: ImageRequest?

    init(_ value: BridgeValue, path: String = "activity") throws(NativeError) {
        let reader = FieldReader.argument
        guard case .object(let object) = value else {
            throw reader.failure(path, "must be an object with an activityType, got \(value.typeName)")
        }
        let input = try InputObject(object, path: path, fields: Self.fieldTable, kind: "an activity", reader: reader)
        guard let type = input.value(.activityType) else {
            throw reader.failure("\(path).activityType", "is required (a non-empty string such as org.example.app.view)")
        }
        var userInfo: [String: AttributeValue] = [:]
        if let info = input.value(.userInfo), info != .null {
            for (key, member) in try Self.userInfo(info, input.path(of: .userInfo), reader: reader) { userInfo[key] = member }
        }
        let content = try ContentInput(input)
        var attributes = content.attributeSet
        let title = attributes.title
        let keywords = attributes.keywords
        attributes.title = nil
        attributes.keywords = nil
        activity = UserActivity(
            activityType: try reader.nonEmptyString(type, input.path(of: .activityType)),
            title: title, userInfo: userInfo, keywords: keywords,
            eligibleForSearch: try input.optional(.eligibleForSearch, reader.bool) ?? false,
            eligibleForPublicIndexing: try input.optional(.eligibleForPublicIndexing, reader.bool) ?? false,
            eligibleForHandoff: try input.optional(.eligibleForHandoff, reader.bool) ?? false,
            expirationDate: try input.optional(.expirationDate, reader.date),
            relatedUniqueIdentifier: try input.optional(.relatedUniqueIdentifier, reader.string),
            contentAttributes: attributes)
        image = content.image
    }

    /// `userInfo`: an object whose values are strings, numbers, booleans or arrays of
    /// those (any key; `null` members are left out).
    static func userInfo(_ value: BridgeValue, _ path: String, reader: FieldReader) throws(NativeError) -> [(String, AttributeValue)] {
        guard case .object(let object) = value else {
            throw reader.failure(path, "must be an object, got \(value.typeName)")
        }
        var result: [(String, AttributeValue)] = []
        for (key, member) in object.entries where !member.isNullish {
            result.append((key, try reader.attributeValue(member, "\(path).\(key)")))
        }
        return result
    }

    /// Gives the activity its fetched image; a failed fetch leaves it without one.
    mutating func setImage(_ result: Result<Thumbnail, ThumbnailFetcher.Failure>) {
        if case .success(let thumbnail) = result { activity.contentAttributes.thumbnail = thumbnail }
    }
}
