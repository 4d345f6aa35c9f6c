/// The host functions of one JS context, found by their JS function object.
///
/// An open-addressing table keyed by the object's address with a multiplicative hash:
/// the trampoline looks a function up on every native call, and this costs a few
/// nanoseconds where a `Dictionary` (SipHash, reference counting) cost tens. Used on
/// the JS thread only; holds each function's closure box retained until ``removeAll()``.
final class FunctionTable {
    private var keys: UnsafeMutablePointer<UInt>
    private var boxes: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private var capacity: Int
    private var shift: Int
    private(set) var count = 0

    init() {
        capacity = 64
        shift = 64 - 6
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        boxes = .allocate(capacity: capacity)
        boxes.initialize(repeating: nil, count: capacity)
    }

    deinit {
        removeAll()
        keys.deallocate()
        boxes.deallocate()
    }

    @inline(__always)
    private func slot(for key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    /// The box of the function at `address`, unretained.
    @inline(__always)
    func box(for address: UnsafeRawPointer) -> UnsafeMutableRawPointer? {
        let key = UInt(bitPattern: address)
        var index = slot(for: key)
        while true {
            let found = keys[index]
            if found == key { return boxes[index] }
            if found == 0 { return nil }
            index = (index + 1) & (capacity - 1)
        }
    }

    /// Adds a function; `box` is retained by the table.
    func insert(_ address: UnsafeRawPointer, _ box: HostFunction) {
        if (count + 1) * 2 > capacity { grow() }
        place(UInt(bitPattern: address), Unmanaged.passRetained(box).toOpaque())
        count += 1
    }

    /// The addresses of every function in the table.
    var addresses: [UnsafeRawPointer] {
        (0..<capacity).compactMap { keys[$0] == 0 ? nil : UnsafeRawPointer(bitPattern: keys[$0]) }
    }

    /// Releases every box and empties the table.
    func removeAll() {
        for index in 0..<capacity where keys[index] != 0 {
            Unmanaged<HostFunction>.fromOpaque(boxes[index]!).release()
            keys[index] = 0
            boxes[index] = nil
        }
        count = 0
    }

    private func place(_ key: UInt, _ box: UnsafeMutableRawPointer) {
        var index = slot(for: key)
        while keys[index] != 0 { index = (index + 1) & (capacity - 1) }
        keys[index] = key
        boxes[index] = box
    }

    private func grow() {
        let oldKeys = keys, oldBoxes = boxes, oldCapacity = capacity
        capacity *= 2
        shift -= 1
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        boxes = .allocate(capacity: capacity)
        boxes.initialize(repeating: nil, count: capacity)
        for index in 0..<oldCapacity where oldKeys[index] != 0 {
            place(oldKeys[index], oldBoxes[index]!)
        }
        oldKeys.deallocate()
        oldBoxes.deallocate()
    }
}
