/// Latency samples in milliseconds and the percentiles the report shows.
struct Latencies {
    private(set) var sorted: [Double]

    init(_ samples: [Double]) { sorted = samples.sorted() }

    var count: Int { sorted.count }

    /// The nearest-rank percentile (`p` in 0…1); 0 for no samples.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
    var max: Double { sorted.last ?? 0 }
}
