import Foundation
import SearchIndex
import SystemSearch
import TestSupport
import XCTest

/// KRunner's own client library against Searchlight: KF5's `Plasma::RunnerManager`
/// (Debian `libkf5runner-dev`) loads the plugin file `searchlight install` wrote from
/// `krunner/dbusplugins` in `$XDG_DATA_DIRS`, launches the query at once as a user
/// typing does (D-Bus-activating a closed app through the service file install wrote),
/// asks `Actions`, matches and runs, exactly as KRunner does. The client is `Tests/KRunnerClient/runner-client.cpp`, built here
/// with g++ (`QT_QPA_PLATFORM=offscreen`); `dbus-monitor` shows what it called.
final class KRunnerClientTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try ScratchDirectory.make("krunner")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// Builds runner-client once per test process.
    private static let client: Result<String, GDBusClient.Failure> = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KRunnerClient/runner-client.cpp").path
        let output = NSTemporaryDirectory() + "searchlight-runner-client-\(getpid())"
        do {
            let packages = try runProcess("/usr/bin/pkg-config", ["--cflags", "--libs", "Qt5Gui", "Qt5Core", "Qt5DBus"])
            guard packages.status == 0 else {
                return .failure(GDBusClient.Failure(description: "pkg-config finds no Qt5 (apt-get install qtbase5-dev): \(packages.error)"))
            }
            let kf5 = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/include/KF5")) ?? []).sorted().map { "-I/usr/include/KF5/\($0)" }
            let flags = packages.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            let build = try runProcess("/usr/bin/g++", ["-std=c++17", "-fPIC", "-o", output, source] + flags + kf5
                                       + ["-I/usr/include/KF5", "-lKF5Runner", "-lKF5CoreAddons"])
            guard build.status == 0 else {
                return .failure(GDBusClient.Failure(description: "g++ could not build runner-client (make deps installs g++, qtbase5-dev, libkf5runner-dev): \(build.error)"))
            }
            return .success(output)
        } catch {
            return .failure(GDBusClient.Failure(description: "cannot run the compiler: \(error)"))
        }
    }()

    /// The first query after login, the app closed: the query itself must start the app
    /// and find its items (with `X-Plasma-API=DBus2` KRunner skipped the suspended runner
    /// until `Config` answered, and the query ended with no match).
    func testAQueryWhileTheAppIsClosedStartsItAndFindsItsItems() throws {
        try matchAndRun(appRunning: false)
    }

    /// The same query with the app already running (started before KRunner opens).
    func testAQueryWhileTheAppRunsFindsItsItems() throws {
        try matchAndRun(appRunning: true)
    }

    private func matchAndRun(appRunning: Bool) throws {
        let client = try Self.client.get()
        let appID = "org.example.Foods"
        let data = root.appendingPathComponent("data").path
        do {
            let index = try SearchableIndex(directory: data, defaultDomain: appID)
            _ = try index.indexItems([
                SearchableItem(id: "food-1", attributes: SearchableItemAttributeSet(
                    title: "Pad Thai", contentDescription: "Rice noodles with peanuts",
                    thumbnail: .data(ProviderTestCase.tinyPNG, mimeType: "image/png"), url: "https://foods.example/1")),
                SearchableItem(id: "food-3", attributes: SearchableItemAttributeSet(title: "Pad See Ew", contentDescription: "Wide rice noodles")),
                SearchableItem(id: "food-5", attributes: SearchableItemAttributeSet(title: "Pad", contentDescription: "Just pad")),
            ])
            index.close()
        }
        let script = root.appendingPathComponent("app.js")
        try """
            require('searchlight').onRequest((request) => console.log('request: ' + JSON.stringify(request)));

            """.write(to: script, atomically: true, encoding: .utf8)
        let prefix = root.appendingPathComponent("share")
        let install = try SearchlightBinary.run(
            ["install", "--app-id", appID, "--data-dir", data, "--prefix", prefix.path, "--script", script.path,
             "--name", "Food Buds", "--icon", "accessories-dictionary"], busAddress: nil)
        XCTAssertEqual(install.status, 0, install.error)

        // A session whose data directories hold what install wrote (as install advises),
        // so the started app finds its own desktop file and icon there too.
        let bus = try PrivateBus(servicesDirectory: prefix.appendingPathComponent("dbus-1/services"),
                                 environment: ["XDG_DATA_DIRS": prefix.path + ":/usr/share"])
        if appRunning {
            // Any call D-Bus-activates the app; it then stays running as a serving app does.
            let address = try SearchProviderAddress(appID: appID)
            _ = try GDBusClient(busAddress: bus.address, busName: appID, objectPath: address.objectPath)
                .call(SearchProviderAddress.krunnerInterface, "Actions")
        }
        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
        monitor.arguments = ["--address", bus.address, "interface='org.kde.krunner1'"]
        let monitorPipe = Pipe()
        monitor.standardOutput = monitorPipe
        monitor.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try monitor.run()
        defer { monitor.terminate(); monitor.waitUntilExit() }
        let monitored = OutputCollector()
        monitored.collect(from: monitorPipe.fileHandleForReading)
        XCTAssertTrue(monitored.waitForLine(containing: "NameAcquired", seconds: 10), "dbus-monitor is listening")

        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["XDG_DATA_DIRS"] = prefix.path + ":/usr/share"
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("home-data").path
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        let runtime = root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["QT_QPA_PLATFORM"] = "offscreen"
        let result = try runProcess(client, [appID, "pad", "Pad See Ew"], environment: environment)
        print("runner-client output:\n" + result.output)
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(lines.first, ["runner", appID, "Food Buds"], "the plugin file install wrote was loaded, with the app's name")
        let matches = Dictionary(lines.filter { $0.first == "match" }.map { ($0[2], $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(Set(matches.keys), ["Pad", "Pad Thai", "Pad See Ew"], "the first query finds the items")
        // match  id  text  type  relevance  iconName  subtext  urls  icon  enabled
        XCTAssertEqual(matches["Pad"]?[3], "100", "the whole title: ExactMatch")
        XCTAssertEqual(matches["Pad Thai"]?[3], "30", "otherwise PossibleMatch, never HelperMatch (70)")
        XCTAssertEqual(matches["Pad See Ew"]?[3], "30")
        XCTAssertEqual(matches["Pad Thai"]?[6], "Rice noodles with peanuts")
        XCTAssertEqual(matches["Pad Thai"]?[7], "https://foods.example/1", "the item's url as the match's urls")
        XCTAssertEqual(matches["Pad Thai"]?[8], "3x2", "the thumbnail arrived as icon-data and became the match's icon")
        XCTAssertEqual(matches["Pad See Ew"]?[5], "accessories-dictionary", "without a thumbnail: the app's icon")
        XCTAssertEqual(matches["Pad See Ew"]?[7], "")
        XCTAssertEqual(lines.suffix(2), [["ran", "Pad See Ew"], ["done"]])

        XCTAssertTrue(bus.waitForOutputLine(containing: #"request: {"id":"food-3","query":null,"timestamp":0}"#, seconds: 20),
                      "running the match reached the app as {id}")
        Thread.sleep(forTimeInterval: 0.3)
        let calls = monitored.lines.compactMap { line -> String? in
            guard line.hasPrefix("method call"), let member = line.range(of: "member=") else { return nil }
            return String(line[member.upperBound...].prefix { $0 != " " })
        }
        XCTAssertEqual(calls.filter { $0 == "Config" }.count, 0, "X-Plasma-API=DBus: the query never waits on Config: \(calls)")
        XCTAssertEqual(calls.filter { $0 == "Actions" }.count, 1, "X-Plasma-Request-Actions-Once: \(calls)")
        XCTAssertEqual(calls.filter { $0 == "Run" }.count, 1, "\(calls)")
        XCTAssertEqual(calls.filter { $0 == "Match" }.count, 1, "\(calls)")
    }
}
