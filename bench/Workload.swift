import Foundation

/// A seeded generator of realistic items for the benchmarks: titles of 2–12 words,
/// descriptions of 20–80 words, 0–8 keywords, 10 domains, words from the Debian
/// word list (wamerican), and some Japanese and Chinese items. Descriptions also hold
/// a few of ``commonWords`` (about 30 % of items have the first, 1.5 % the twentieth),
/// as real text does: a uniform draw from the word list alone leaves no word in more
/// than a few dozen items, so the queries that start with a frequent word (the
/// multi-term class of ``TypingSequences``) would not be represented.
///
/// The same seed gives the same items on every machine with the same word list,
/// so two runs (and the native baseline and the JS path of one run) index the
/// same text.
struct Workload: Sequence {
    struct Item {
        var id: String
        var title: String
        var description: String
        var keywords: [String]
        var domain: String

        /// Bytes of searchable text, the denominator of the index-size ratio.
        var textBytes: Int {
            title.utf8.count + description.utf8.count + keywords.reduce(0) { $0 + $1.utf8.count }
        }
    }

    static let domains = (0..<10).map { "com.example.bench.d\($0)" }

    let count: Int
    let seed: UInt64
    let words: [String]

    /// Loads the word list once; throws when wamerican is not installed.
    init(count: Int, seed: UInt64 = 42, wordList: String = "/usr/share/dict/words") throws {
        self.count = count
        self.seed = seed
        let text = try String(contentsOfFile: wordList, encoding: .utf8)
        words = text.split(separator: "\n").compactMap { line in
            line.contains("'") ? nil : String(line)
        }
    }

    func makeIterator() -> AnyIterator<Item> {
        var random = SplitMix64(seed: seed)
        var index = 0
        let words = self.words
        let count = self.count
        return AnyIterator {
            guard index < count else { return nil }
            defer { index += 1 }
            return Workload.item(index, words: words, random: &random)
        }
    }

    private static let japanese = ["オーディオブック", "物語", "朗読", "小説", "歴史", "東京", "旅", "猫", "夏目漱石", "こころ", "銀河鉄道の夜", "ミステリー", "ビジネス", "入門", "料理"]
    private static let chinese = ["腾讯新闻", "朋友", "船长", "北京", "上海", "美食", "音乐", "电影", "旅行", "故事", "简书", "微博", "天气", "学习", "历史"]

    /// Frequent English words; word `r` (from 1) is added to a description with
    /// probability 0.3 / r, drawn from a generator of its own so that the other text
    /// stays what the main generator makes.
    static let commonWords = ["the", "and", "for", "with", "new", "guide", "home", "music", "world", "life",
                              "time", "people", "water", "house", "story", "family", "garden", "night", "light", "travel"]

    private static func item(_ index: Int, words: [String], random: inout SplitMix64) -> Item {
        func phrase(_ range: ClosedRange<Int>) -> String {
            let n = random.next(in: range)
            return (0..<n).map { _ in words[random.next(in: 0...(words.count - 1))] }.joined(separator: " ")
        }
        let roll = random.next(in: 0...99)
        let cjk: [String]? = roll < 3 ? japanese : (roll < 6 ? chinese : nil)
        let title: String
        var description: String
        if let cjk {
            func cjkPhrase(_ range: ClosedRange<Int>) -> String {
                (0..<random.next(in: range)).map { _ in cjk[random.next(in: 0...(cjk.count - 1))] }.joined()
            }
            title = cjkPhrase(2...5)
            description = cjkPhrase(10...30) + " " + phrase(3...10)
        } else {
            title = phrase(2...12)
            description = phrase(20...80)
        }
        let keywords = (0..<random.next(in: 0...8)).map { _ in words[random.next(in: 0...(words.count - 1))] }
        var common = SplitMix64(seed: 0xC0_3307 &+ UInt64(index))
        let frequent = commonWords.enumerated().filter { rank, _ in
            common.next(in: 0...9_999) < 3_000 / (rank + 1)
        }.map { $0.element }
        if !frequent.isEmpty { description += " " + frequent.joined(separator: " ") }
        return Item(id: "item-\(index)", title: title, description: description, keywords: keywords,
                    domain: domains[random.next(in: 0...9)])
    }
}

/// SplitMix64: small, fast and fully determined by its seed.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
