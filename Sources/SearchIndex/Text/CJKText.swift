import Foundation

/// Chinese, Japanese and Korean text as the index holds it: FTS5's `unicode61`
/// treats a run of CJK characters as one token, so `新闻` could not find `腾讯新闻`.
/// Before text reaches FTS5 (when indexing, and when deleting from the contentless
/// table) every CJK character becomes its own token by putting spaces around it, and
/// every pair of neighbouring CJK letters is added as one more token (`腾讯新闻` is
/// indexed as `腾 讯 新 闻 腾讯 讯新 新闻`). Bigrams add about 2× the CJK text's tokens,
/// on the 6 % of items that have CJK text in the benchmark; queries ask for them
/// (``SearchText/plan(for:)``).
enum CJKText {
    /// `text` with a space on each side of every CJK character, followed by the bigrams
    /// of its CJK runs: the text FTS5 indexes.
    ///
    /// Text without any three- or four-byte UTF-8 sequence (all Latin, Greek,
    /// Cyrillic…) has no CJK and is returned as is, without scanning scalars.
    static func segmented(_ text: String) -> String {
        let utf8 = text.utf8
        let hasWide = utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 >= 0xE0 } }
            ?? utf8.contains { $0 >= 0xE0 }
        guard hasWide else { return text }
        var scalars = String.UnicodeScalarView()
        var pairs = String.UnicodeScalarView()
        var previousWasCJK = false
        var previousLetter: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                if !previousWasCJK { scalars.append(" ") }
                scalars.append(scalar)
                scalars.append(" ")
                previousWasCJK = true
                let letter = isWordCharacter(scalar) ? scalar : nil
                if let previous = previousLetter, let letter {
                    pairs.append(previous)
                    pairs.append(letter)
                    pairs.append(" ")
                }
                previousLetter = letter
            } else {
                scalars.append(scalar)
                previousWasCJK = false
                previousLetter = nil
            }
        }
        if !pairs.isEmpty {
            scalars.append(" ")
            scalars.append(contentsOf: pairs)
        }
        return String(scalars)
    }

    /// ``spaced(utf8:)`` of a string.
    static func spaced(_ text: String) -> String {
        var text = text
        let result = text.withUTF8 { spaced(utf8: $0) }
        return result.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// UTF-8 text with a space on each side of every CJK character (one between two of
    /// them: ``SearchText/plan(for:)`` finds runs that way), so the tokenizer gives one token per
    /// character (what ``TermMatcher`` compares, in order); `nil`
    /// when the text has no CJK character (every CJK scalar takes three or four bytes).
    /// Works on bytes: it runs on candidates' fields, read in place from SQLite.
    static func spaced(utf8 text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = [], insertions: [Int] = []
        return spaced(utf8: text, into: &out, insertions: &insertions) ? out : nil
    }

    /// ``spaced(utf8:)`` written over `out`, whose capacity is kept (a caller spacing
    /// many texts reuses one buffer), with the position in `out` of every space added
    /// in `insertions`, in order: a byte at position `p` of `out` that is not an added
    /// space came from position `p - (spaces added before p)` of `text`. `false`, and
    /// both arrays left empty, when the text has no CJK character.
    static func spaced(utf8 text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], insertions: inout [Int]) -> Bool {
        out.removeAll(keepingCapacity: true)
        insertions.removeAll(keepingCapacity: true)
        guard let source = text.baseAddress, let firstWide = text.firstIndex(where: { $0 >= 0xE0 }) else { return false }
        // A CJK character takes three bytes or four and gains two spaces at most: twice
        // the text is room enough, written through a pointer (appending a byte at a
        // time cost more than the tokenizer).
        let room = text.count * 2
        out.append(contentsOf: repeatElement(0, count: room))
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int in
            let target = buffer.baseAddress!
            var written = 0, copied = 0
            func copy(_ range: Range<Int>) {
                (target + written).update(from: source + range.lowerBound, count: range.count)
                written += range.count
            }
            func space() {
                insertions.append(written)
                target[written] = 0x20
                written += 1
            }
            var index = firstWide
            while index < text.count {
                let lead = text[index]
                guard lead >= 0xE0 else {
                    index += 1
                    continue
                }
                let length = lead >= 0xF0 ? 4 : 3
                guard index + length <= text.count else { break }
                var value = UInt32(lead & (length == 4 ? 0x07 : 0x0F))
                for offset in 1 ..< length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
                if let scalar = Unicode.Scalar(value), isCJK(scalar) {
                    copy(copied ..< index)
                    if insertions.isEmpty || copied != index { space() }  // not after a CJK character
                    copy(index ..< index + length)
                    space()
                    copied = index + length
                }
                index += length
            }
            if !insertions.isEmpty { copy(copied ..< text.count) }
            return written
        }
        guard !insertions.isEmpty else {
            out.removeAll(keepingCapacity: true)
            return false
        }
        out.removeLast(room - written)
        return true
    }

    /// Whether the tokenizer keeps a scalar in tokens (letters and numbers), for pairing
    /// CJK characters into bigrams: punctuation such as `・` separates runs.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Whether tokens `index` and `index + 1` of spaced text (``spaced(utf8:)``) were
    /// side by side before spacing: one space apart, so nothing the tokenizer dropped
    /// (punctuation) stood between them. The index pairs CJK characters only so.
    static func areSideBySide(_ tokens: FTSTokenizer.Tokens, _ index: Int) -> Bool {
        tokens.offsets[index + 1].lowerBound == tokens.offsets[index].upperBound + 1
    }

    /// Whether a token of spaced text (UTF-8, as ``FTSTokenizer`` gives it) is a CJK
    /// character: spacing makes each one a token of its own, so its first scalar says.
    static func isCJKToken<Token: Sequence<UInt8>>(_ token: Token) -> Bool {
        var bytes = token.makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let first) = decoder.decode(&bytes) else { return false }
        return isCJK(first)
    }

    /// Whether a scalar belongs to a script written without spaces between words
    /// (Han, Hiragana, Katakana, Hangul, Bopomofo).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF,  // Hangul Jamo
             0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
             0x3040...0x30FF,  // Hiragana, Katakana (with ー)
             0x3100...0x312F,  // Bopomofo
             0x3130...0x318F,  // Hangul compatibility Jamo
             0x31F0...0x31FF,  // Katakana phonetic extensions
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xAC00...0xD7AF,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFF66...0xFF9F,  // half-width Katakana
             0x20000...0x3134F:  // CJK extensions B–G
            return true
        default:
            return false
        }
    }
}
