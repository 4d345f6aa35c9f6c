/// The parsed form of a query-language string (SPEC §4).
///
/// `&&` and `||` chains are kept flat (`.and([a, b, c])`), so a long chain of
/// alternatives never becomes a deep tree. ``QueryLanguage/parse(_:)`` only builds
/// expressions that ``QueryLanguage/compile(_:now:calendar:)`` accepts; an
/// expression built in code is checked again when it is compiled.
public indirect enum QueryExpression: Sendable, Equatable {
    /// `attribute op value`.
    case comparison(QueryAttribute, QueryOperator, QueryValue)
    /// `InRange(attribute, low, high)`: `low <= attribute <= high`.
    case inRange(QueryAttribute, low: QueryValue, high: QueryValue)
    /// Every operand must match (`&&`).
    case and([QueryExpression])
    /// At least one operand must match (`||`).
    case or([QueryExpression])
}

/// A comparison operator of the query language.
public enum QueryOperator: String, Sendable, Equatable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="

    /// Whether the operator orders values (`<`, `>`, `<=`, `>=`) rather than tests equality.
    public var isOrdering: Bool { self != .equal && self != .notEqual }
}

/// A value on the right of a comparison or inside `InRange`.
public enum QueryValue: Sendable, Equatable {
    /// A quoted string with its wildcards and modifiers.
    case text(QueryText)
    /// An integer literal.
    case integer(Int64)
    /// A literal with a fraction or an exponent.
    case real(Double)
    /// `true` or `false` (matches boolean custom attributes).
    case boolean(Bool)
    /// A `$time…` date, resolved against "now" when compiled.
    case time(QueryTime)
}

/// A quoted string value: literal text and `*` wildcards, plus its modifiers.
public struct QueryText: Sendable, Equatable {
    /// The value in order; adjacent wildcards are merged and literals are non-empty.
    public var pieces: [Piece]
    /// The letters after the closing quote.
    public var modifiers: QueryModifiers

    /// One part of a quoted value.
    public enum Piece: Sendable, Equatable {
        /// Text matched as written (after `\` escapes were removed).
        case literal(String)
        /// An unescaped `*`: any run of characters, including none.
        case wildcard
    }

    /// Creates a value, merging adjacent wildcards and literals and dropping empty literals.
    public init(pieces: [Piece], modifiers: QueryModifiers = []) {
        var normalized: [Piece] = []
        for piece in pieces {
            switch (piece, normalized.last) {
            case (.literal(let text), _) where text.isEmpty:
                continue
            case (.wildcard, .wildcard?):
                continue
            case (.literal(let text), .literal(let previous)?):
                normalized[normalized.count - 1] = .literal(previous + text)
            default:
                normalized.append(piece)
            }
        }
        self.pieces = normalized
        self.modifiers = modifiers
    }

    /// Creates a value without wildcards.
    public init(literal: String, modifiers: QueryModifiers = []) {
        self.init(pieces: [.literal(literal)], modifiers: modifiers)
    }

    /// Whether the value has at least one wildcard.
    public var hasWildcard: Bool { pieces.contains(.wildcard) }
}

/// The modifier letters after a quoted value (`"brent*"cd`).
public struct QueryModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `c`: case does not matter.
    public static let caseInsensitive = QueryModifiers(rawValue: 1)
    /// `d`: diacritics do not matter (`"cafe"d` matches `Café`).
    public static let diacriticInsensitive = QueryModifiers(rawValue: 2)
    /// `w`: the value matches from a word start to a word end; words also start at a
    /// lower→upper case change, so case does not matter (`"brent*"w` matches `theBrentShow`).
    public static let wordBased = QueryModifiers(rawValue: 4)
    /// `t`: the value is split into words and each must match a whole word of the field.
    public static let tokenized = QueryModifiers(rawValue: 8)

    /// The modifier letters in canonical order (`cdwt`).
    public var letters: String {
        var text = ""
        if contains(.caseInsensitive) { text += "c" }
        if contains(.diacriticInsensitive) { text += "d" }
        if contains(.wordBased) { text += "w" }
        if contains(.tokenized) { text += "t" }
        return text
    }

    /// The modifier named by `letter`, or `nil` for a letter that is not a modifier.
    public init?(letter: Character) {
        switch letter {
        case "c": self = .caseInsensitive
        case "d": self = .diacriticInsensitive
        case "w": self = .wordBased
        case "t": self = .tokenized
        default: return nil
        }
    }
}

/// A `$time…` date before it is resolved against a clock and a calendar.
///
/// Offsets count the unit of their base: seconds for `now`, days for `today` and
/// `yesterday`, weeks for `this_week`, months for `this_month`, years for `this_year`.
/// `$time.today(-10)` is the start of the day ten days ago in the calendar's time zone.
public enum QueryTime: Sendable, Equatable {
    /// `$time.now(seconds)`: the current instant moved by a (possibly fractional) number of seconds.
    case now(offsetSeconds: Double)
    /// `$time.today(days)`: the start of today moved by whole days.
    case today(offsetDays: Int)
    /// `$time.yesterday(days)`: the start of yesterday moved by whole days.
    case yesterday(offsetDays: Int)
    /// `$time.this_week(weeks)`: the start of the calendar's current week moved by whole weeks.
    case thisWeek(offsetWeeks: Int)
    /// `$time.this_month(months)`: the start of the current month moved by whole months.
    case thisMonth(offsetMonths: Int)
    /// `$time.this_year(years)`: the start of the current year moved by whole years.
    case thisYear(offsetYears: Int)
    /// `$time.iso("…")`: a fixed ISO-8601 date and time.
    case iso(QueryISODate)
}

/// A date and time written in ISO-8601 form inside `$time.iso("…")`.
///
/// Accepted: `YYYY-MM-DD`, optionally `Thh:mm`, `:ss`, a fraction `.fff`, and a zone
/// `Z`, `±hh:mm` or `±hhmm`. Without a zone the time is in the calendar's time zone;
/// without a time it is midnight.
public struct QueryISODate: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// The fraction of the second, 0 ..< 1.
    public var fraction: Double
    /// Seconds east of UTC, or `nil` when the text names no zone.
    public var utcOffsetSeconds: Int?
    /// The text as written inside the quotes.
    public var text: String

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                fraction: Double = 0, utcOffsetSeconds: Int? = nil, text: String) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.fraction = fraction
        self.utcOffsetSeconds = utcOffsetSeconds
        self.text = text
    }
}
