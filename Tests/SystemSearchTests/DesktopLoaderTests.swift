import Foundation
import SystemSearch
import XCTest

/// What `install` writes, read as the desktops this machine cannot run read it: KF6's
/// KRunner and GNOME Shell 45–48 (the loaders in Support/DesktopLoaders.swift follow their
/// code, rule by rule), and a Flatpak build, exported by the real `flatpak build-finish`.
/// docs/desktops.md is the table of these rules.
final class DesktopLoaderTests: XCTestCase {
    private var root: URL!
    private var prefix: String { root.appendingPathComponent("share").path }
    private let appID = "org.example.Foods"

    override func setUpWithError() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("searchlight-desktops-\(UUID().uuidString.prefix(8))")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    @discardableResult
    private func install(prefix: String? = nil, script: String = "/srv/foods/app.js") throws -> SearchProviderInstallation {
        let installation = try SearchProviderInstallation(
            appID: appID, executablePath: "/usr/bin/searchlight", scriptPath: script, prefix: prefix ?? self.prefix,
            name: "Food Buds", icon: .named("accessories-dictionary"))
        try installation.write()
        return installation
    }

    /// Rewrites one line of an installed file, as a hand-edited or older file would read.
    private func edit(_ relativePath: String, replacing old: String, with new: String) throws -> String {
        let path = prefix + "/" + relativePath
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(relativePath) holds '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: KF6

    func testKF6LoadsTheRunnerAndNeverWaitsOnConfig() throws {
        try install()
        let runner = try XCTUnwrap(try KF6DBusRunner.find("\(appID).desktop", dataDirectories: [root.appendingPathComponent("home").path, prefix]))
        XCTAssertEqual(runner, KF6DBusRunner(pluginID: appID, name: "Food Buds", service: appID, path: "/org/example/Foods/SearchProvider",
                                             callsConfig: false, minLetterCount: 1, requestsActionsOnce: true))
        let file = try KeyFile(path: prefix + "/krunner/dbusplugins/\(appID).desktop")
        XCTAssertEqual(file.string("Desktop Entry", "X-KDE-PluginInfo-Name"), runner.pluginID,
                       "KF5 takes the id from X-KDE-PluginInfo-Name, KF6 from the file name: the same id on both")
    }

    func testKF6SkipsWhatItCannotLoad() throws {
        try install()
        let plugin = "krunner/dbusplugins/\(appID).desktop"
        var path = try edit(plugin, replacing: "X-Plasma-API=DBus\n", with: "X-Plasma-API=DBus2\n")
        XCTAssertTrue(try KF6DBusRunner.load(path: path).callsConfig, "DBus2 loads, but suspended until Config answers")
        path = try edit(plugin, replacing: "X-Plasma-API=DBus2\n", with: "X-Plasma-API=Python\n")
        XCTAssertThrowsError(try KF6DBusRunner.load(path: path)) { XCTAssertEqual($0 as? KF6DBusRunner.Skipped, .unknownAPI("Python")) }
        path = try edit(plugin, replacing: "X-Plasma-API=Python\n", with: "X-Plasma-API=DBus\n")
        path = try edit(plugin, replacing: "X-Plasma-DBusRunner-Service=\(appID)\n", with: "X-Plasma-DBusRunner-Service=\(appID)*\n")
        XCTAssertThrowsError(try KF6DBusRunner.load(path: path)) { XCTAssertEqual($0 as? KF6DBusRunner.Skipped, .wildcardService) }
        path = try edit(plugin, replacing: "X-KDE-PluginInfo-EnabledByDefault=true\n", with: "")
        XCTAssertThrowsError(try KF6DBusRunner.load(path: path)) { XCTAssertEqual($0 as? KF6DBusRunner.Skipped, .disabledByDefault) }
    }

    // MARK: GNOME Shell 45–48

    func testGNOMEShell45To48LoadTheProviderFromTheSystemDataDirectories() throws {
        try install()
        let provider = try XCTUnwrap(try GNOMEShellSearchProvider.find(
            "\(appID).search-provider.ini", systemDataDirectories: [prefix, "/usr/share"], userDataDirectory: root.appendingPathComponent("home").path))
        XCTAssertEqual(provider, GNOMEShellSearchProvider(desktopID: "\(appID).desktop", busName: appID, objectPath: "/org/example/Foods/SearchProvider",
                                                          isVersion2: true, autoStart: true, defaultEnabled: true))
        XCTAssertNil(try GNOMEShellSearchProvider.find("\(appID).search-provider.ini", systemDataDirectories: ["/usr/share"], userDataDirectory: prefix),
                     "$XDG_DATA_HOME is not read for providers: why install advises adding its prefix to XDG_DATA_DIRS")
    }

    func testGNOMEShellSkipsAProviderWhoseAppIsNotShown() throws {
        try install()
        let ini = prefix + "/gnome-shell/search-providers/\(appID).search-provider.ini"
        let applications = [prefix + "/applications"]
        _ = try edit("applications/\(appID).desktop", replacing: "NoDisplay=false\n", with: "NoDisplay=true\n")
        XCTAssertThrowsError(try GNOMEShellSearchProvider.load(path: ini, applicationDirectories: applications)) {
            XCTAssertEqual($0 as? GNOMEShellSearchProvider.Skipped, .desktopFileNotShown("\(appID).desktop"))
        }
        try FileManager.default.removeItem(atPath: prefix + "/applications/\(appID).desktop")
        XCTAssertThrowsError(try GNOMEShellSearchProvider.load(path: ini, applicationDirectories: applications)) {
            XCTAssertEqual($0 as? GNOMEShellSearchProvider.Skipped, .desktopFileNotFound("\(appID).desktop"))
        }
    }

    // MARK: Flatpak

    /// A Flatpak build's `files/` is the sandbox's `/app`: install into `files/share`, then
    /// let the real `flatpak build-finish` export what it exports.
    func testFlatpakBuildFinishExportsTheDesktopFileServiceAndProvider() throws {
        let flatpak = "/usr/bin/flatpak"
        guard FileManager.default.isExecutableFile(atPath: flatpak) else {
            return XCTFail("flatpak is needed (make deps installs it)")
        }
        let build = root.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: build.appendingPathComponent("files/bin"), withIntermediateDirectories: true)
        try """
            [Application]
            name=\(appID)
            runtime=org.freedesktop.Platform/x86_64/23.08
            sdk=org.freedesktop.Sdk/x86_64/23.08

            """.write(to: build.appendingPathComponent("metadata"), atomically: true, encoding: .utf8)
        let share = build.appendingPathComponent("files/share").path
        let installation = try install(prefix: share)
        let finish = try runProcess(flatpak, ["build-finish", build.path, "--command=searchlight", "--socket=session-bus"])
        XCTAssertEqual(finish.status, 0, finish.error)
        for file in installation.files where !file.path.contains("/krunner/") {
            let relative = String(file.path.dropFirst(share.count))
            let exported = build.path + "/export/share" + relative
            XCTAssertEqual(try? String(contentsOfFile: exported, encoding: .utf8), file.contents, "exported unchanged: \(relative)")
        }
        // The plugin is named as the export rule wants (APPID.*, .desktop); flatpak 1.14
        // does not export krunner/dbusplugins at all.
        let plugin = URL(fileURLWithPath: try XCTUnwrap(installation.files.last?.path)).lastPathComponent
        XCTAssertTrue(plugin.hasPrefix(appID + ".") && plugin.hasSuffix(".desktop"), plugin)
    }

    func testAFlatpakPrefixWantsTheAppInsideTheSandbox() throws {
        XCTAssertThrowsError(try SearchProviderInstallation(appID: appID, executablePath: "/app/bin/searchlight",
                                                            scriptPath: "/home/me/app.js", prefix: "/app/share")) { error in
            XCTAssertEqual((error as? SystemSearchError)?.code, SystemSearchError.invalidArgument)
            XCTAssertTrue("\(error)".contains("the script path must be under /app"), "\(error)")
        }
        let installation = try SearchProviderInstallation(appID: appID, executablePath: "/app/bin/searchlight",
                                                          scriptPath: "/app/share/foods/app.js", prefix: "/app/share/")
        XCTAssertEqual(installation.files.map(\.path), [
            "/app/share/applications/\(appID).desktop", "/app/share/dbus-1/services/\(appID).service",
            "/app/share/gnome-shell/search-providers/\(appID).search-provider.ini", "/app/share/krunner/dbusplugins/\(appID).desktop",
        ])
        let advice = try XCTUnwrap(installation.dataDirsAdvice(environment: ["XDG_DATA_DIRS": "/usr/share"]))
        XCTAssertTrue(advice.hasPrefix("A Flatpak build: flatpak build-finish exports"), advice)
        XCTAssertFalse(advice.contains("environment.d"), "no XDG_DATA_DIRS advice inside a Flatpak build")
    }
}
