import Foundation
@testable import SearchIndex

/// Seeded text for the property tests: Latin words (misspelt, hyphenated, with digits
/// and accents, short ones) and CJK runs whose two parts are joined by punctuation, a
/// space or nothing, as items, with the texts queries are taken from.
struct MixedText {
    static let latin = ["receive", "recieve", "separate", "station", "stations", "garden", "gardens", "e-mail", "mail",
                        "v2", "n1234", "crème", "brûlée", "cat", "cut", "the", "a", "stat", "gar"]
    static let cjk = ["新闻", "新", "闻", "腾讯", "オーディオ", "ブック", "東京", "大阪", "서울", "맛집"]
    static let stops = ["。", "、", "・", "-", " ", ""]

    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }

    mutating func pick<T>(_ list: [T]) -> T { list[number(0 ... list.count - 1)] }

    /// One to four words, each a Latin word or a CJK run.
    mutating func phrase() -> String {
        (0 ..< number(1 ... 4)).map { _ in
            number(0 ... 1) == 0 ? pick(Self.latin) : pick(Self.cjk) + pick(Self.stops) + pick(Self.cjk)
        }.joined(separator: " ")
    }

    /// Items `i0`… with a title and a description, and with `bodies` keywords on every
    /// fourth and a text content on every third; and their titles and descriptions.
    mutating func items(_ count: Int, bodies: Bool) -> (items: [SearchableItem], texts: [String]) {
        var items: [SearchableItem] = [], texts: [String] = []
        for n in 0 ..< count {
            let title = phrase(), description = phrase()
            texts += [title, description]
            let keywords = bodies && n % 4 == 0 ? [phrase()] : nil
            let text = bodies && n % 3 == 0 ? phrase() : nil
            items.append(SearchableItem(id: "i\(n)", attributes: SearchableItemAttributeSet(
                title: title, contentDescription: description, keywords: keywords, textContent: text)))
        }
        return (items, texts)
    }
}
