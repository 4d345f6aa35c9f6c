/// A quoted query value ready to match field text under its modifiers.
///
/// Without `w` or `t` the value must match the whole field (`"brent*"` is a prefix
/// match, `"*paris*"` a substring match). With `w` it must match from a word start
/// to a word end, case-insensitively. With `t` it is split into words, and each must
/// match a whole word of the field. Built once per statement and cached by SQLite.
final class TextPattern {
    /// The modifiers, as bound next to the pattern.
    let modifiers: QueryModifiers
    private let folding: TextFolding
    private let mode: Mode

    private enum Mode {
        case whole(Glob)
        case words(Glob)
        case tokens([Glob])
    }

    /// Compiles a value from its pieces.
    init(pieces: [QueryText.Piece], modifiers: QueryModifiers) {
        self.modifiers = modifiers
        let folding = TextFolding(
            caseInsensitive: !modifiers.isDisjoint(with: [.caseInsensitive, .wordBased]),
            diacriticInsensitive: modifiers.contains(.diacriticInsensitive))
        self.folding = folding
        if modifiers.contains(.tokenized) {
            mode = .tokens(Self.tokens(of: pieces).map { Glob(pieces: $0, folding: folding) })
        } else if modifiers.contains(.wordBased) {
            mode = .words(Glob(pieces: pieces, folding: folding))
        } else {
            mode = .whole(Glob(pieces: pieces, folding: folding))
        }
    }

    /// Whether the UTF-8 `field` matches.
    func matches(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        switch mode {
        case .whole(let glob):
            let folded = folding.fold(field)
            return folded.withUnsafeBufferPointer { glob.matches($0, range: 0 ..< $0.count) }
        case .words(let glob):
            let folded = folding.foldWords(field)
            guard !folded.words.isEmpty else { return false }
            var isEnd = [Bool](repeating: false, count: folded.bytes.count + 1)
            for word in folded.words { isEnd[word.upperBound] = true }
            return folded.bytes.withUnsafeBufferPointer { bytes in
                glob.matches(bytes, starts: folded.words.map { $0.lowerBound }, isEnd: { isEnd[$0] })
            }
        case .tokens(let globs):
            let folded = folding.foldWords(field)
            return folded.bytes.withUnsafeBufferPointer { bytes in
                globs.allSatisfy { glob in
                    folded.words.contains { glob.matches(bytes, range: $0) }
                }
            }
        }
    }

    /// Splits a value into the words `t` matches separately; a wildcard joins the word it touches.
    static func tokens(of pieces: [QueryText.Piece]) -> [[QueryText.Piece]] {
        var tokens: [[QueryText.Piece]] = []
        var current: [QueryText.Piece] = []
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = []
        }
        for piece in pieces {
            switch piece {
            case .wildcard:
                current.append(.wildcard)
            case .literal(let text):
                for (index, segment) in TextFolding.segments(text).enumerated() {
                    if segment.isWord {
                        if index > 0 { flush() }
                        current.append(.literal(String(segment.text)))
                    } else {
                        flush()
                    }
                }
            }
        }
        flush()
        return tokens
    }
}

/// A folded value split at its wildcards: `parts[0] * parts[1] * … * parts[k]`.
struct Glob {
    /// Literal byte strings between wildcards; one more than the number of wildcards.
    let parts: [[UInt8]]

    init(pieces: [QueryText.Piece], folding: TextFolding) {
        var parts: [[UInt8]] = [[]]
        for piece in pieces {
            switch piece {
            case .wildcard: parts.append([])
            case .literal(let text): parts[parts.count - 1].append(contentsOf: folding.fold(text))
            }
        }
        self.parts = parts
    }

    /// Whether the glob matches exactly `text[range]`.
    func matches(_ text: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Bool {
        matches(text, starts: CollectionOfOne(range.lowerBound), limit: range.upperBound,
                isEnd: { $0 == range.upperBound })
    }

    /// Whether the glob matches `text[i ..< j]` for some `i` in `starts` and some `j` with `isEnd(j)`.
    func matches(_ text: UnsafeBufferPointer<UInt8>, starts: [Int], isEnd: (Int) -> Bool) -> Bool {
        matches(text, starts: starts, limit: text.count, isEnd: isEnd)
    }

    /// The search behind both entry points.
    ///
    /// With a wildcard, the earliest start and the leftmost place of each middle part
    /// leave the most room for the rest, so one greedy pass decides; only the last
    /// part has to try each of its occurrences against `isEnd`.
    private func matches(_ text: UnsafeBufferPointer<UInt8>, starts: some Sequence<Int>, limit: Int,
                         isEnd: (Int) -> Bool) -> Bool {
        let first = parts[0]
        if parts.count == 1 {
            for start in starts where occurs(first, in: text, at: start, limit: limit)
                && isEnd(start + first.count) {
                return true
            }
            return false
        }
        guard let start = starts.first(where: { occurs(first, in: text, at: $0, limit: limit) }) else {
            return false
        }
        var position = start + first.count
        for part in parts[1 ..< parts.count - 1] {
            guard let found = find(part, in: text, from: position, limit: limit) else { return false }
            position = found + part.count
        }
        let last = parts[parts.count - 1]
        var from = position
        while let found = find(last, in: text, from: from, limit: limit) {
            if isEnd(found + last.count) { return true }
            from = found + 1
        }
        return false
    }

    private func occurs(_ part: [UInt8], in text: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> Bool {
        guard start >= 0, start + part.count <= limit else { return false }
        for (offset, byte) in part.enumerated() where text[start + offset] != byte {
            return false
        }
        return true
    }

    private func find(_ part: [UInt8], in text: UnsafeBufferPointer<UInt8>, from: Int, limit: Int) -> Int? {
        guard from + part.count <= limit else { return nil }
        guard let head = part.first else { return from }
        var index = from
        while index + part.count <= limit {
            if text[index] == head, occurs(part, in: text, at: index, limit: limit) { return index }
            index += 1
        }
        return nil
    }
}
