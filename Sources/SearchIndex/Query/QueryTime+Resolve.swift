import Foundation

extension QueryTime {
    /// The instant this date names, in milliseconds since 1970, or `nil` when it is out of the calendar's range.
    ///
    /// `today`, `yesterday`, `this_week`, `this_month` and `this_year` start at the
    /// beginning of their day, week (the calendar's `firstWeekday`), month or year in
    /// the calendar's time zone; their offsets move by calendar units, so a day
    /// across a daylight-saving change is 23 or 25 hours long.
    func milliseconds(now: Date, calendar: Calendar) -> Double? {
        func start(of component: Calendar.Component, movedBy offset: Int) -> Date? {
            guard let interval = calendar.dateInterval(of: component, for: now) else { return nil }
            return calendar.date(byAdding: component, value: offset, to: interval.start)
        }
        let date: Date?
        switch self {
        case .now(let seconds): date = now.addingTimeInterval(seconds)
        case .today(let days): date = start(of: .day, movedBy: days)
        case .yesterday(let days): date = start(of: .day, movedBy: days - 1)
        case .thisWeek(let weeks): date = start(of: .weekOfYear, movedBy: weeks)
        case .thisMonth(let months): date = start(of: .month, movedBy: months)
        case .thisYear(let years): date = start(of: .year, movedBy: years)
        case .iso(let iso): date = iso.date(calendar: calendar)
        }
        guard let date else { return nil }
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return milliseconds.isFinite ? milliseconds : nil
    }
}

extension QueryISODate {
    /// Parses `YYYY-MM-DD[Thh:mm[:ss[.fff]]][Z|±hh:mm|±hhmm]`, or returns `nil`.
    init?(parsing text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index ..< index + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func take(_ scalar: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == scalar else { return false }
            index += 1
            return true
        }
        guard let year = number(4), take(0x2D), let month = number(2), take(0x2D), let day = number(2),
              (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var zone: Int?
        if take(0x54) || take(0x74) || take(0x20) {  // T, t or a space
            guard let h = number(2), take(0x3A), let m = number(2), h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if take(0x3A) {
                guard let s = number(2), s < 60 else { return nil }
                second = s
                if take(0x2E) || take(0x2C) {
                    var digits = "0."
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits.count < 12 {
                        digits.unicodeScalars.append(Unicode.Scalar(bytes[index]))
                        index += 1
                    }
                    guard digits.count > 2, let value = Double(digits) else { return nil }
                    fraction = value
                }
            }
            if take(0x5A) || take(0x7A) {  // Z
                zone = 0
            } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let zh = number(2) else { return nil }
                _ = take(0x3A)
                guard let zm = number(2), zh <= 18, zm < 60 else { return nil }
                zone = sign * (zh * 3600 + zm * 60)
            }
        }
        guard index == bytes.count else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  fraction: fraction, utcOffsetSeconds: zone, text: text)
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The instant, using the calendar's time zone when the text names none.
    func date(calendar: Calendar) -> Date? {
        var gregorian = Calendar(identifier: .gregorian)
        if let utcOffsetSeconds {
            guard let zone = TimeZone(secondsFromGMT: utcOffsetSeconds) else { return nil }
            gregorian.timeZone = zone
        } else {
            gregorian.timeZone = calendar.timeZone
        }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                        second: second)
        return gregorian.date(from: components)?.addingTimeInterval(fraction)
    }
}
