/// The byte ranges an analysis found, as the UTF-16 ranges a UI bolds (SPEC's
/// `highlights`).
extension HitAnalyzer {
    /// Sorted, with overlapping or touching ranges joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// UTF-8 byte ranges of `text` as UTF-16 offsets.
    static func utf16Ranges(_ ranges: [Range<Int>], in text: String) -> [Range<Int>] {
        guard !ranges.isEmpty else { return [] }
        let utf8 = Array(text.utf8)
        var utf16At = [Int](repeating: 0, count: utf8.count + 1)
        var units = 0
        for (offset, byte) in utf8.enumerated() {
            utf16At[offset] = units
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        }
        // Offsets inside a character map to its start; the end is after the last unit.
        for offset in 0 ..< utf8.count where utf8[offset] & 0xC0 == 0x80 { utf16At[offset] = utf16At[offset - 1] }
        utf16At[utf8.count] = units
        return ranges.map { range in
            let start = utf16At[min(range.lowerBound, utf8.count)]
            let end = range.upperBound >= utf8.count ? units : utf16At[range.upperBound]
            return start ..< max(start, end)
        }
    }
}
