import JSHost

/// Figure 4, the bridge: a no-op native call against a raw C-API callback, and
/// events delivered into a JS listener, measured by JSHost's own ``BridgeBenchmark``.
enum BridgeFigures {
    static func measure(into report: inout Report) {
        let section = "4. The bridge"
        print("bridge: calls and events…")
        let bridge = BridgeBenchmark.run(calls: 1_000_000, events: 500_000)
        report.add(Figure(section: section, name: "no-op sync native call (BridgeTest.noop)",
                          measured: String(format: "%.0f ns", bridge.bridgeNoopNanoseconds),
                          baseline: String(format: "raw C-API callback %.0f ns", bridge.rawCallbackNanoseconds),
                          ratio: bridge.noopRatio, goal: "≤ 2×", met: bridge.noopRatio <= 2))
        // Events convert a small object into JS and call a function, as echoSync does
        // both ways: its rate is the same-run yardstick for event delivery.
        let echoPerSecond = 1e9 / bridge.bridgeEchoNanoseconds
        report.add(Figure(section: section, name: "events into a JS listener (BridgeTest.emit)",
                          measured: String(format: "%.0fk events/s (%.0fk per second of JS-thread CPU)",
                                           bridge.eventsPerSecond / 1000, bridge.eventsPerJSThreadSecond / 1000),
                          baseline: String(format: "echoSync({a,b}) %.0fk calls/s", echoPerSecond / 1000),
                          ratio: bridge.eventsPerSecond / echoPerSecond, goal: "≥ 200k/s", met: bridge.eventsPerSecond >= 200_000))
    }
}
