/// The bytes of `words.cache`: a word list as one process leaves it for the next.
///
/// Sorted words share long beginnings with the word before them (`abandon`,
/// `abandoned`, `abandoning`), so each word is written as how many scalars it shares
/// with the previous word, then the rest in UTF-8, then its item count; every number
/// is a variable-length integer (7 bits a byte, low bits first), one byte for nearly
/// all of them. For the bench's 73,575 words this is 391 KB, where a length byte, the
/// whole word and a 4-byte count took 963 KB: at 10k items the file was 0.18× the
/// indexed text, and the largest fixed cost of a small index.
///
/// Layout: the magic line, the generation (8 bytes, little-endian), the word count
/// (varint), then per word `shared` (varint), `restLength` (varint, UTF-8 bytes),
/// the rest's bytes, `count` (varint).
enum WordListFile {
    static let magic = Array("searchlight words 2\n".utf8)

    /// The file's bytes for `snapshot`, which holds the words of `generation`.
    static func bytes(of snapshot: Vocabulary.Snapshot, generation: Int64) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(magic.count + 16 + snapshot.wordCount * 6)
        withUnsafeBytes(of: generation.littleEndian) { bytes.append(contentsOf: $0) }
        appendVarint(UInt64(snapshot.wordCount), to: &bytes)
        var previous: ArraySlice<UInt32> = []
        for index in 0 ..< snapshot.wordCount {
            let word = snapshot.word(index)
            var shared = 0
            while shared < previous.count, shared < word.count,
                  previous[previous.startIndex + shared] == word[word.startIndex + shared] {
                shared += 1
            }
            let rest = word.dropFirst(shared)
            appendVarint(UInt64(shared), to: &bytes)
            if rest.allSatisfy({ $0 < 0x80 }) {
                appendVarint(UInt64(rest.count), to: &bytes)
                for scalar in rest { bytes.append(UInt8(scalar)) }
            } else {
                var utf8: [UInt8] = []
                for value in rest {
                    // A word's scalars come from decoded text: every value is a scalar.
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    utf8.append(contentsOf: String(scalar).utf8)
                }
                appendVarint(UInt64(utf8.count), to: &bytes)
                bytes.append(contentsOf: utf8)
            }
            appendVarint(UInt64(UInt32(bitPattern: snapshot.counts[index])), to: &bytes)
            previous = word
        }
        return bytes
    }

    /// The list in `raw` if it is a whole file of this layout recording `generation`
    /// with its words in order; nil otherwise (another layout, another generation, a
    /// damaged or cut file), and the caller reads the index instead.
    static func snapshot(from raw: UnsafeRawBufferPointer, generation: Int64) -> Vocabulary.Snapshot? {
        guard raw.count >= magic.count + 9, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
        var offset = magic.count
        var stored: Int64 = 0
        withUnsafeMutableBytes(of: &stored) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset ..< offset + 8])) }
        offset += 8
        guard Int64(littleEndian: stored) == generation,
              let count = readVarint(raw, &offset), count <= UInt64(raw.count) else { return nil }
        var snapshot = Vocabulary.Snapshot()
        snapshot.reserveCapacity(words: Int(count), scalars: 8 * Int(count))
        var word: [UInt32] = []
        word.reserveCapacity(Vocabulary.longestWord + 1)
        for _ in 0 ..< count {
            guard let shared = readVarint(raw, &offset), shared <= UInt64(word.count),
                  let length = readVarint(raw, &offset), length <= UInt64(raw.count - offset) else { return nil }
            word.removeLast(word.count - Int(shared))
            let rest = UnsafeRawBufferPointer(rebasing: raw[offset ..< offset + Int(length)])
            offset += Int(length)
            if rest.allSatisfy({ $0 < 0x80 }) {
                for byte in rest { word.append(UInt32(byte)) }
            } else {
                word.append(contentsOf: String(decoding: rest, as: UTF8.self).unicodeScalars.map(\.value))
            }
            guard let items = readVarint(raw, &offset), items <= UInt64(Int32.max) else { return nil }
            // Each word must sort after the one before (else the file is damaged or was
            // written by another rule); their shared beginning is equal by construction.
            if snapshot.wordCount > 0,
               !snapshot.word(snapshot.wordCount - 1).dropFirst(Int(shared)).lexicographicallyPrecedes(word[Int(shared)...]) {
                return nil
            }
            snapshot.append(word, count: Int32(items))
        }
        return offset == raw.count ? snapshot : nil
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func readVarint(_ raw: UnsafeRawBufferPointer, _ offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < raw.count, shift < 64 {
            let byte = raw[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
