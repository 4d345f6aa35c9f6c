import Foundation

/// Folds text for comparison under the `c` and `d` modifiers and finds its words.
///
/// ASCII text (the common case) is folded byte by byte without Foundation; other
/// text is brought to NFC, lower-cased with the standard library for `c`, and
/// passed to Foundation's `folding` only when diacritics must be removed. Both the
/// field and the pattern are folded the same way, so matching compares bytes.
struct TextFolding: Equatable {
    /// Fold case (`c`, and always for `w`).
    var caseInsensitive: Bool
    /// Remove diacritics (`d`).
    var diacriticInsensitive: Bool

    /// The folded UTF-8 bytes of `text`.
    func fold(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if text.allSatisfy({ $0 < 0x80 }) {
            return caseInsensitive ? text.map(Self.asciiLower) : Array(text)
        }
        return foldNonASCII(String(decoding: text, as: UTF8.self))
    }

    /// The folded UTF-8 bytes of `text`.
    func fold(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { fold($0) }
    }

    private func foldNonASCII(_ text: String) -> [UInt8] {
        let folded: String
        if diacriticInsensitive {
            let options: String.CompareOptions =
                caseInsensitive ? [.caseInsensitive, .diacriticInsensitive] : [.diacriticInsensitive]
            folded = text.folding(options: options, locale: nil).precomposedStringWithCanonicalMapping
        } else {
            let composed = text.precomposedStringWithCanonicalMapping
            folded = caseInsensitive ? composed.lowercased() : composed
        }
        return Array(folded.utf8)
    }

    @inline(__always)
    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// `text` folded, with the byte offsets where its words start and end.
    ///
    /// A word is a run of letters, digits and combining marks; a new word also starts
    /// where a lower-case letter is followed by an upper-case one (`theBrentShow` has
    /// the words `the`, `Brent`, `Show`), and each Chinese character, hiragana or
    /// katakana is a word of its own (`新闻` is a word of `腾讯新闻`).
    func foldWords(_ text: UnsafeBufferPointer<UInt8>) -> FoldedWords {
        var result = FoldedWords()
        for segment in Self.segments(String(decoding: text, as: UTF8.self)) {
            let folded = fold(String(segment.text))
            if segment.isWord, !folded.isEmpty {
                result.words.append(result.bytes.count ..< result.bytes.count + folded.count)
            }
            result.bytes.append(contentsOf: folded)
        }
        return result
    }

    /// A run of word or non-word characters.
    struct Segment {
        var text: Substring.UnicodeScalarView
        var isWord: Bool
    }

    /// Splits `text` into alternating words and separators (see ``foldWords(_:)``).
    static func segments(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var startIsWord = false
        var previous: CharacterClass?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            var current = CharacterClass(scalars[index])
            if current == .mark {
                if previous?.isWord == true {
                    index = scalars.index(after: index)
                    continue  // a combining mark belongs to the letter before it
                }
                current = .separator
            }
            let breaks: Bool
            if let previous {
                breaks = current.isWord != previous.isWord
                    || current.isWord && (current == .ideograph || previous == .ideograph
                        || previous == .lower && current == .upper)
            } else {
                breaks = true
            }
            if breaks {
                if index > start {
                    segments.append(Segment(text: scalars[start ..< index], isWord: startIsWord))
                }
                start = index
                startIsWord = current.isWord
            }
            previous = current
            index = scalars.index(after: index)
        }
        if index > start {
            segments.append(Segment(text: scalars[start ..< index], isWord: startIsWord))
        }
        return segments
    }

    /// How a character takes part in word segmentation.
    enum CharacterClass: Equatable {
        case upper, lower, otherWord, mark, ideograph, separator

        init(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                switch scalar.value {
                case 0x41...0x5A: self = .upper
                case 0x61...0x7A: self = .lower
                case 0x30...0x39: self = .otherWord
                default: self = .separator
                }
                return
            }
            let properties = scalar.properties
            if properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
                || (0x31F0...0x31FF).contains(scalar.value) || (0xFF66...0xFF9F).contains(scalar.value) {
                self = .ideograph
                return
            }
            switch properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter: self = .upper
            case .lowercaseLetter: self = .lower
            case .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber: self = .otherWord
            case .nonspacingMark, .spacingMark, .enclosingMark: self = .mark
            default: self = .separator
            }
        }

        /// Whether the character belongs to a word (marks count: they belong to the letter before).
        var isWord: Bool { self != .separator }
    }
}

/// Folded text and the byte ranges of its words.
struct FoldedWords {
    var bytes: [UInt8] = []
    var words: [Range<Int>] = []
}
