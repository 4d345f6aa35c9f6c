import Foundation

/// Parses the ISO-8601 dates apps send: `2026-01-31`, `2026-01-31T12:00`,
/// `2026-01-31T12:00:00.250Z`, `2026-01-31T12:00:00+09:00`.
///
/// As in JS `Date.parse`, a date alone is UTC midnight and a date-time without an
/// offset is local time.
enum ISO8601 {
    static func parse(_ text: String) -> Date? {
        var scanner = Digits(Array(text.utf8))
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2),
              scanner.take("-"), let day = scanner.number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone: TimeZone? = TimeZone(identifier: "UTC")
        var fraction = 0.0
        if scanner.take("T") || scanner.take(" ") {
            guard let hour = scanner.number(2), scanner.take(":"), let minute = scanner.number(2),
                  hour <= 24, minute <= 59 else { return nil }
            components.hour = hour
            components.minute = minute
            if scanner.take(":") {
                guard let second = scanner.number(2), second <= 60 else { return nil }
                components.second = second
                if scanner.take(".") || scanner.take(",") {
                    var digits = 0
                    var scale = 0.1
                    while let digit = scanner.digit() {
                        fraction += Double(digit) * scale
                        scale /= 10
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
            zone = TimeZone.current
            if scanner.take("Z") || scanner.take("z") {
                zone = TimeZone(identifier: "UTC")
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(2), hours <= 23 else { return nil }
                _ = scanner.take(":")
                guard let minutes = scanner.number(2), minutes <= 59 else { return nil }
                zone = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
            }
        }
        guard scanner.atEnd, let zone else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day || components.hour == 24 else { return nil }
        return date.addingTimeInterval(fraction)
    }

    /// A cursor over ASCII bytes.
    private struct Digits {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int? {
            guard position < bytes.count, (0x30...0x39).contains(bytes[position]) else { return nil }
            position += 1
            return Int(bytes[position - 1] - 0x30)
        }

        mutating func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
