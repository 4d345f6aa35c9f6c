/// What a user types into a search field, keystroke by keystroke: every prefix of
/// one to three words taken from indexed items (`b`, `bo`, `boo`, `book`, `book s`…),
/// and for Chinese and Japanese items, one to four characters from inside a title.
///
/// Every query is a prefix of text some item holds, so each one finds at least that
/// item: a query with no hit is a search bug, and the harness counts them.
///
/// Two more classes are timed apart (``Kind``): a frequent complete word followed by a
/// 3–4 letter prefix (`the mou`, thousands of matches for the first word), and a title
/// word of 5+ letters with one typo (found only with typo tolerance).
struct TypingSequences {
    /// The class of a sequence, reported separately.
    enum Kind: String {
        case typing, multi, typo
    }

    /// One field's keystrokes; `cjk` marks Chinese or Japanese text (lunr.js cannot
    /// match inside such words, so the lunr comparison uses the typing sequences
    /// without it).
    struct Sequence {
        var queries: [String]
        var cjk: Bool
        var kind: Kind = .typing
    }

    private(set) var sequences: [Sequence] = []
    private var random = SplitMix64(seed: 7)

    var queries: [String] { sequences.flatMap { $0.queries } }

    /// The class of each query of ``queries``.
    var kinds: [Kind] { sequences.flatMap { sequence in sequence.queries.map { _ in sequence.kind } } }

    /// Adds `common prefix` queries for an item whose description holds a frequent
    /// word: the word, then the first 3 and 4 letters of a title word.
    mutating func addMultiTerm(lookingFor item: Workload.Item) {
        let described = Set(item.description.split(separator: " ").map(String.init))
        let common = Workload.commonWords.filter { described.contains($0) }
        let titleWords = item.title.lowercased().split(separator: " ").filter { word in
            word.count >= 4 && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII }
        }
        guard !common.isEmpty, !titleWords.isEmpty else { return }
        let first = common[random.next(in: 0...(common.count - 1))]
        let word = Array(titleWords[random.next(in: 0...(titleWords.count - 1))])
        sequences.append(Sequence(queries: [3, 4].map { first + " " + String(word[0..<$0]) }, cjk: false, kind: .multi))
    }

    /// Adds a title word of 5–12 ASCII letters with one typo (a neighbour swap, a
    /// deletion, a substitution or an insertion, chosen at random; never leaving fewer
    /// than 5 letters, which SPEC §5 matches exactly): the complete
    /// misspelled word and, when the title has another word before it, that word and
    /// the misspelling.
    mutating func addTypo(lookingFor item: Workload.Item) {
        let words = item.title.lowercased().split(separator: " ").map(String.init)
        let candidates = words.indices.filter { index in
            (5...12).contains(words[index].count) && words[index].unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
        }
        guard !candidates.isEmpty else { return }
        let index = candidates[random.next(in: 0...(candidates.count - 1))]
        var letters = Array(words[index])
        let at = random.next(in: 1...(letters.count - 2))
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        switch random.next(in: 0...3) {
        case 0 where letters[at] != letters[at + 1]: letters.swapAt(at, at + 1)
        case 1 where letters.count > 5: letters.remove(at: at)  // a 4-letter word must be exact (SPEC §5)
        case 2:
            var letter = alphabet[random.next(in: 0...25)]
            if letter == letters[at] { letter = letter == "z" ? "a" : alphabet[alphabet.firstIndex(of: letter)! + 1] }
            letters[at] = letter
        default: letters.insert(alphabet[random.next(in: 0...25)], at: at)
        }
        let typo = String(letters)
        var queries = [typo]
        if index > 0 { queries.append(words[index - 1] + " " + typo) }
        sequences.append(Sequence(queries: queries, cjk: false, kind: .typo))
    }

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
