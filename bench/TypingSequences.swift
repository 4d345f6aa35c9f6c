/// What a user types into a search field, keystroke by keystroke: every prefix of
/// one to three words taken from indexed items (`b`, `bo`, `boo`, `book`, `book s`…),
/// and for Chinese and Japanese items, one to four characters from inside a title.
///
/// Every query is a prefix of text some item holds, so each one finds at least that
/// item: a query with no hit is a search bug, and the harness counts them.
struct TypingSequences {
    /// One field's keystrokes; `cjk` marks Chinese or Japanese text (lunr.js cannot
    /// match inside such words, so the lunr comparison uses the other sequences).
    struct Sequence {
        var queries: [String]
        var cjk: Bool
    }

    private(set) var sequences: [Sequence] = []
    private var random = SplitMix64(seed: 7)

    var queries: [String] { sequences.flatMap { $0.queries } }

    /// Adds the keystrokes of a user looking for `item`.
    mutating func add(lookingFor item: Workload.Item) {
        if item.title.unicodeScalars.contains(where: { $0.value >= 0x3000 }) {
            let characters = Array(item.title)
            let start = random.next(in: 0...max(0, characters.count - 2))
            let length = min(random.next(in: 1...4), characters.count - start)
            let typed = (1...length).map { String(characters[start..<(start + $0)]) }
            sequences.append(Sequence(queries: typed, cjk: true))
            return
        }
        let words = item.title.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { return }
        let start = random.next(in: 0...(words.count - 1))
        let count = min(random.next(in: 1...3), words.count - start)
        var typed: [String] = []
        var done = ""
        for word in words[start..<(start + count)] {
            let characters = Array(word)
            for length in 1...characters.count {
                typed.append(done + String(characters[0..<length]))
            }
            done += word + " "
        }
        sequences.append(Sequence(queries: typed, cjk: false))
    }
}
