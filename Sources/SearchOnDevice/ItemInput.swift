import Foundation
import JSHost
import SearchIndex

/// One item of `indexItems` read from JS: the entry to write and, if it names one by
/// URL or path, the image to fetch first.
///
/// Keys are SPEC §3's (the Japanese article's names, with the iOS packages' names as
/// aliases); every problem is an `E_INVALID_ITEM` naming `items[i].field`.
struct ItemInput {
    /// Every key an item may have: the content fields plus identity, expiry and `isUpdate`.
    static let fields: [String: [String]] = ContentInput.fields.merging([
        "id": ["uniqueIdentifier"], "domain": ["domainIdentifier"], "expirationDate": [], "isUpdate": [],
    ]) { first, _ in first }

    /// ``fields`` with the aliases resolved, once.
    static let fieldTable = FieldTable(fields)

    /// The entry to write, its thumbnail still missing when ``image`` is set.
    var entry: IndexEntry
    /// The image to fetch before the write.
    var image: ImageRequest?

    /// Reads the item at `path` (`items[3]`).
    init(_ value: BridgeValue, path: String) throws(NativeError) {
        let reader = FieldReader.item
        guard case .object(let object) = value else {
            throw reader.failure(path, "must be an object with at least an id, got \(value.typeName)")
        }
        let input = try InputObject(object, path: path, fields: Self.fieldTable, kind: "an item", reader: reader)
        guard let idValue = input.value(.id) else { throw reader.failure(InputObject.join(path, "id"), "is required (a non-empty string)") }
        let id = try reader.nonEmptyString(idValue, input.path(of: .id))
        let isUpdate = try input.optional(.isUpdate, reader.bool) ?? false
        let domain = try input.update(.domain, reader.string)
        let expiration = try input.update(.expirationDate, reader.date)
        let content = try ContentInput(input)
        image = content.image
        if isUpdate {
            var update = SearchableItemUpdate(id: id)
            update.domain = domain
            update.expirationDate = expiration
            content.apply(to: &update)
            entry = .merge(update)
        } else {
            entry = .replace(SearchableItem(id: id, domain: domain.replacement, expirationDate: expiration.replacement,
                                            attributes: content.attributeSet))
        }
    }

    /// Gives the entry its fetched image; a failed fetch leaves a whole item without a
    /// thumbnail and a merge with the stored one.
    mutating func setImage(_ result: Result<Thumbnail, ThumbnailFetcher.Failure>) {
        guard case .success(let thumbnail) = result else { return }
        switch entry {
        case .replace(var item):
            item.attributes.thumbnail = thumbnail
            entry = .replace(item)
        case .merge(var update):
            update.thumbnail = .set(thumbnail)
            entry = .merge(update)
        }
    }

    /// Fetches the images `items` name (several at a time) and gives each item its
    /// thumbnail; returns the items whose image could not be fetched, each with a
    /// warning naming it (`items[2].imageUrl: could not fetch … (HTTP 404); indexed
    /// without a thumbnail`). Blocking: never call it on the JS thread.
    static func fetchImages(_ items: inout [ItemInput], with fetcher: ThumbnailFetcher) -> [(position: Int, warning: String)] {
        let waiting = items.indices.filter { items[$0].image != nil }
        let results = fetcher.fetchAll(waiting.map { items[$0].image! })
        var warnings: [(position: Int, warning: String)] = []
        for (position, result) in zip(waiting, results) {
            items[position].setImage(result)
            if case .failure(let failure) = result { warnings.append((position, items[position].warning(for: failure))) }
        }
        return warnings
    }

    /// The warning for an image that could not be fetched, without the program's name.
    private func warning(for failure: ThumbnailFetcher.Failure) -> String {
        guard let image else { return "" }
        let shown = image.text.count > 120 ? String(image.text.prefix(117)) + "…" : image.text
        let outcome: String
        if case .merge = entry { outcome = "the stored thumbnail is kept" } else { outcome = "indexed without a thumbnail" }
        return "\(image.field): could not fetch \(shown) (\(failure.reason)); \(outcome)"
    }
}
