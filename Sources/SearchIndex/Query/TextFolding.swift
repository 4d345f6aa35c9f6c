import Foundation

/// Folds text for comparison under the `c` and `d` modifiers and finds its words.
///
/// Case folding and diacritic removal are Foundation's (`folding(options:locale: nil)`),
/// and text is compared in NFC. Foundation is slow per call, so the fast path
/// walks the UTF-8 bytes itself: ASCII is folded inline, and every other scalar below
/// U+0800 (Latin, Greek, Cyrillic, Hebrew, Arabic letters) and every CJK ideograph is
/// looked up in a table that Foundation filled once per scalar. Text holding a
/// combining mark, or a scalar outside those ranges, takes the slow path through
/// Foundation. Field and pattern fold the same way, so matching compares bytes.
struct TextFolding: Equatable {
    /// Fold case (`c`, and always for `w`).
    var caseInsensitive: Bool
    /// Remove diacritics (`d`).
    var diacriticInsensitive: Bool

    /// The folded UTF-8 bytes of `text`.
    func fold(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if let folded = foldFast(text, collectingWords: false) { return folded.bytes }
        return foldSlow(String(decoding: text, as: UTF8.self))
    }

    /// The folded UTF-8 bytes of `text`.
    func fold(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { fold($0) }
    }

    /// `text` folded, with the byte ranges of its words.
    ///
    /// A word is a run of letters, digits and combining marks; a new word also starts
    /// where a lower-case letter is followed by an upper-case one (`theBrentShow` has
    /// the words `the`, `Brent`, `Show`), and each Chinese character, hiragana or
    /// katakana is a word of its own (`新闻` is a word of `腾讯新闻`).
    func foldWords(_ text: UnsafeBufferPointer<UInt8>) -> FoldedWords {
        if let folded = foldFast(text, collectingWords: true) { return folded }
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

    /// Folds any text through Foundation (the slow path, and the source of ``FoldingTable``).
    func foldSlow(_ text: String) -> [UInt8] {
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        let composed = text.precomposedStringWithCanonicalMapping
        let folded = options.isEmpty ? composed
            : composed.folding(options: options, locale: nil).precomposedStringWithCanonicalMapping
        return Array(folded.utf8)
    }

    /// Folds (and segments) `text` from its bytes, or returns `nil` when it needs the slow path.
    private func foldFast(_ text: UnsafeBufferPointer<UInt8>, collectingWords: Bool) -> FoldedWords? {
        var result = FoldedWords()
        result.bytes.reserveCapacity(text.count)
        let table = FoldingTable.table(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
        var wordStart: Int?
        var previous = CharacterClass.separator
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            let scalar: Int
            let length: Int
            if lead < 0x80 {
                scalar = Int(lead)
                length = 1
            } else if lead >= 0xC2, lead <= 0xDF, index + 1 < count, text[index + 1] & 0xC0 == 0x80 {
                scalar = Int(lead & 0x1F) << 6 | Int(text[index + 1] & 0x3F)
                length = 2
            } else if lead >= 0xE4, lead <= 0xE9, index + 2 < count, text[index + 1] & 0xC0 == 0x80,
                      text[index + 2] & 0xC0 == 0x80 {
                scalar = Int(lead & 0x0F) << 12 | Int(text[index + 1] & 0x3F) << 6 | Int(text[index + 2] & 0x3F)
                guard scalar >= 0x4E00, scalar <= 0x9FFF else { return nil }
                length = 3
            } else {
                return nil
            }
            let characterClass: CharacterClass
            if length == 1 {
                characterClass = FoldingTable.asciiClasses[scalar]
            } else if length == 2 {
                characterClass = FoldingTable.classes[scalar]
                if characterClass == .mark { return nil }
            } else {
                characterClass = .ideograph
            }
            if collectingWords {
                let startsWord = characterClass.startsWord(after: previous, inWord: wordStart != nil)
                if !characterClass.isWord || startsWord, let start = wordStart {
                    if result.bytes.count > start { result.words.append(start ..< result.bytes.count) }
                    wordStart = nil
                }
                if startsWord { wordStart = result.bytes.count }
                previous = characterClass
            }
            if length == 1 {
                result.bytes.append(caseInsensitive && lead >= 0x41 && lead <= 0x5A ? lead | 0x20 : lead)
            } else if length == 2 {
                result.bytes.append(contentsOf: table[scalar])
            } else {
                result.bytes.append(contentsOf: text[index ..< index + length])
            }
            index += length
        }
        if let start = wordStart, result.bytes.count > start {
            result.words.append(start ..< result.bytes.count)
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
                breaks = current.isWord != previous.isWord || current.startsWord(after: previous, inWord: previous.isWord)
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

        /// Whether a character of this class starts a word after one of class `previous`
        /// (`inWord`: that one was in a word): a word character after a separator, each
        /// ideograph, the character after one, and an upper-case letter after a
        /// lower-case one (`theBrentShow`).
        func startsWord(after previous: CharacterClass, inWord: Bool) -> Bool {
            isWord && (!inWord || self == .ideograph || previous == .ideograph || previous == .lower && self == .upper)
        }
    }
}

/// Folded text and the byte ranges of its words.
struct FoldedWords {
    var bytes: [UInt8] = []
    var words: [Range<Int>] = []
}
