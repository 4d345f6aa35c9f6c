import Foundation
import SystemSearch
import XCTest

/// `searchlight install`: the four files, read back with the parsers the desktop uses.
final class InstallationTests: XCTestCase {
    private var prefix: URL!

    override func setUpWithError() throws {
        prefix = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("searchlight-install-\(UUID().uuidString.prefix(8))/share")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: prefix.deletingLastPathComponent())
    }

    private func install(script: String = "/home/me/My Apps/foods \"v2\".js", dataDirectory: String? = nil) throws -> SearchProviderInstallation {
        let installation = try SearchProviderInstallation(
            appID: "org.example.Foods", executablePath: "/opt/search light/bin/searchlight",
            scriptPath: script, prefix: prefix.path, dataDirectory: dataDirectory)
        try installation.write()
        return installation
    }

    func testWritesTheFourFilesUnderThePrefix() throws {
        let installation = try install()
        let paths = installation.files.map { $0.path }
        XCTAssertEqual(paths, [
            prefix.path + "/applications/org.example.Foods.desktop",
            prefix.path + "/dbus-1/services/org.example.Foods.service",
            prefix.path + "/gnome-shell/search-providers/org.example.Foods.search-provider.ini",
            prefix.path + "/krunner/dbusplugins/org.example.Foods.desktop",
        ])
        for path in paths {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o644, path)
        }
    }

    func testGNOMEShellProviderNamesTheShownDesktopFileBusNameAndPath() throws {
        _ = try install()
        let ini = try KeyFile(path: prefix.path + "/gnome-shell/search-providers/org.example.Foods.search-provider.ini")
        XCTAssertEqual(ini.groups, ["Shell Search Provider"])
        XCTAssertEqual(ini.string("Shell Search Provider", "DesktopId"), "org.example.Foods.desktop")
        XCTAssertEqual(ini.string("Shell Search Provider", "BusName"), "org.example.Foods")
        XCTAssertEqual(ini.string("Shell Search Provider", "ObjectPath"), "/org/example/Foods/SearchProvider")
        XCTAssertEqual(ini.string("Shell Search Provider", "Version"), "2")

        let desktop = try KeyFile(path: prefix.path + "/applications/org.example.Foods.desktop")
        XCTAssertEqual(desktop.string("Desktop Entry", "Type"), "Application")
        XCTAssertEqual(desktop.string("Desktop Entry", "Name"), "Foods")
        XCTAssertEqual(desktop.string("Desktop Entry", "NoDisplay"), "false", "GNOME Shell ignores a provider whose app is hidden")
        XCTAssertNil(desktop.string("Desktop Entry", "Hidden"))
    }

    func testBothExecLinesRunTheAppServingItsIndexWithPathsIntact() throws {
        let installation = try install(dataDirectory: "/var/lib/foods data")
        let expected = ["/opt/search light/bin/searchlight", "run", "--app-id", "org.example.Foods",
                        "--data-dir", "/var/lib/foods data", "--serve", "/home/me/My Apps/foods \"v2\".js"]
        XCTAssertEqual(installation.command, expected)

        let desktop = try KeyFile(path: prefix.path + "/applications/org.example.Foods.desktop")
        XCTAssertEqual(try shellSplit(try XCTUnwrap(desktop.string("Desktop Entry", "Exec"))), expected)

        let service = try KeyFile(path: prefix.path + "/dbus-1/services/org.example.Foods.service")
        XCTAssertEqual(service.string("D-BUS Service", "Name"), "org.example.Foods")
        XCTAssertEqual(try shellSplit(try XCTUnwrap(service.raw("D-BUS Service", "Exec"))), expected)
    }

    func testAPercentSignInAPathIsNoFieldCode() throws {
        _ = try install(script: "/srv/100%/app.js")
        let desktop = try KeyFile(path: prefix.path + "/applications/org.example.Foods.desktop")
        let exec = try XCTUnwrap(desktop.string("Desktop Entry", "Exec"))
        XCTAssertTrue(exec.hasSuffix("/srv/100%%/app.js"), exec)
    }

    func testKRunnerPluginPointsAtTheBusNameAndPath() throws {
        _ = try install()
        let plugin = try KeyFile(path: prefix.path + "/krunner/dbusplugins/org.example.Foods.desktop")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-Plasma-API"), "DBus",
                       "not DBus2: KRunner skips a DBus2 runner until Config answers, so a closed app's first query finds nothing")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-Plasma-Runner-Min-Letter-Count"), "1", "what Config answered, as metadata")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-Plasma-Request-Actions-Once"), "true")
        XCTAssertEqual(plugin.string("Desktop Entry", "Icon"), "system-search")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-Plasma-DBusRunner-Service"), "org.example.Foods")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-Plasma-DBusRunner-Path"), "/org/example/Foods/SearchProvider")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-KDE-PluginInfo-Name"), "org.example.Foods")
        XCTAssertEqual(plugin.string("Desktop Entry", "X-KDE-PluginInfo-EnabledByDefault"), "true")
    }

    func testDBusDaemonAcceptsTheServiceFile() throws {
        _ = try install()
        let bus = try PrivateBus(servicesDirectory: prefix.appendingPathComponent("dbus-1/services"))
        let names = try GDBusClient(busAddress: bus.address, busName: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus")
            .call("org.freedesktop.DBus", "ListActivatableNames")
        XCTAssertTrue(names[0].strings.contains("org.example.Foods"), "\(names[0].strings)")
    }

    func testAdviceWhenThePrefixIsNotInXDGDataDirs() throws {
        let installation = try install()
        let advice = try XCTUnwrap(installation.dataDirsAdvice(environment: ["XDG_DATA_DIRS": "/usr/local/share/:/usr/share/"]))
        XCTAssertTrue(advice.contains("XDG_DATA_DIRS=\(prefix.path):"), advice)
        XCTAssertTrue(advice.contains("--prefix /usr/local/share"), advice)
        XCTAssertTrue(advice.contains("will not find the app there either"), "the prefix is not $XDG_DATA_HOME: \(advice)")
        let home = try XCTUnwrap(installation.dataDirsAdvice(environment: ["XDG_DATA_HOME": prefix.path]))
        XCTAssertTrue(home.contains("read it already: it is $XDG_DATA_HOME"), home)
        XCTAssertNotNil(installation.dataDirsAdvice(environment: [:]), "unset means /usr/local/share:/usr/share")
        XCTAssertNil(installation.dataDirsAdvice(environment: ["XDG_DATA_DIRS": "/usr/share:\(prefix.path)/"]))

        let system = try SearchProviderInstallation(appID: "org.example.Foods", executablePath: "/usr/bin/searchlight",
                                                    scriptPath: "/srv/app.js", prefix: "/usr/local/share/")
        XCTAssertNil(system.dataDirsAdvice(environment: [:]))
    }

    func testRelativeOrControlCharacterPathsAreRejected() {
        XCTAssertThrowsError(try SearchProviderInstallation(appID: "org.example.Foods", executablePath: "/usr/bin/searchlight",
                                                            scriptPath: "app.js", prefix: "/tmp/x")) { error in
            XCTAssertEqual((error as? SystemSearchError)?.code, SystemSearchError.invalidArgument)
            XCTAssertTrue("\(error)".contains("script path must be absolute, got 'app.js'"), "\(error)")
        }
        XCTAssertThrowsError(try SearchProviderInstallation(appID: "org.example.Foods", executablePath: "/usr/bin/searchlight",
                                                            scriptPath: "/srv/a\nb.js", prefix: "/tmp/x"))
        XCTAssertThrowsError(try SearchProviderInstallation(appID: "not an id", executablePath: "/usr/bin/searchlight",
                                                            scriptPath: "/srv/app.js", prefix: "/tmp/x"))
    }

    func testNameAndIconGoIntoTheDesktopFileAndThePlugin() throws {
        let installation = try SearchProviderInstallation(
            appID: "org.example.Foods", executablePath: "/usr/bin/searchlight", scriptPath: "/srv/app.js",
            prefix: prefix.path, name: "Food Buds \\ Friends", icon: .file("/srv/icons/food buds.png"))
        try installation.write()
        for path in [prefix.path + "/applications/org.example.Foods.desktop", prefix.path + "/krunner/dbusplugins/org.example.Foods.desktop"] {
            let file = try KeyFile(path: path)
            XCTAssertEqual(file.string("Desktop Entry", "Name"), "Food Buds \\ Friends", path)
            XCTAssertEqual(file.string("Desktop Entry", "Icon"), "/srv/icons/food buds.png", path)
        }
        XCTAssertThrowsError(try SearchProviderInstallation(appID: "org.example.Foods", executablePath: "/usr/bin/searchlight",
                                                            scriptPath: "/srv/app.js", prefix: prefix.path, name: "two\nlines"))
        XCTAssertThrowsError(try SearchProviderInstallation(appID: "org.example.Foods", executablePath: "/usr/bin/searchlight",
                                                            scriptPath: "/srv/app.js", prefix: prefix.path, name: "  "))
    }

    func testRemoveTakesExactlyTheFilesInstallWrote() throws {
        let installation = try install()
        // Someone else's file under one of our names, and files beside ours, stay.
        let foreign = prefix.path + "/krunner/dbusplugins/org.example.Foods.desktop"
        try "[Desktop Entry]\nName=Not ours\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        let neighbour = prefix.path + "/applications/org.example.Other.desktop"
        try "[Desktop Entry]\n".write(toFile: neighbour, atomically: true, encoding: .utf8)
        let removed = try SearchProviderInstallation.remove(prefix: prefix.path + "/", appID: "org.example.Foods")
        XCTAssertEqual(removed, Array(installation.files.map { $0.path }.prefix(3)))
        for path in removed { XCTAssertFalse(FileManager.default.fileExists(atPath: path), path) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: foreign), "a file install did not write stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: neighbour))
        XCTAssertEqual(try SearchProviderInstallation.remove(prefix: prefix.path, appID: "org.example.Foods"), [], "a second run removes nothing")
    }

    // MARK: The command

    func testInstallReadsNameAndIconFromPackageJSONAndOptionsWin() throws {
        let root = prefix.deletingLastPathComponent()
        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try "console.log('hi')".write(to: app.appendingPathComponent("index.js"), atomically: true, encoding: .utf8)
        try Data(ProviderTestCase.tinyPNG).write(to: app.appendingPathComponent("assets/icon.png"))
        try #"{ "name": "food-buds", "displayName": "Food Buds", "icon": "assets/icon.png" }"#
            .write(to: app.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": prefix.path, "XDG_DATA_DIRS": prefix.path]
        let installed = try SearchlightBinary.run(["install", "--script", app.appendingPathComponent("index.js").path, "--app-id", "org.example.Foods"],
                                                  busAddress: nil, environment: environment)
        XCTAssertEqual(installed.status, 0, installed.error)
        let desktop = try KeyFile(path: prefix.path + "/applications/org.example.Foods.desktop")
        XCTAssertEqual(desktop.string("Desktop Entry", "Name"), "Food Buds")
        XCTAssertEqual(desktop.string("Desktop Entry", "Icon"), app.appendingPathComponent("assets/icon.png").path)

        let overridden = try SearchlightBinary.run(["install", "--script", app.appendingPathComponent("index.js").path, "--app-id", "org.example.Foods",
                                                    "--name", "Buds", "--icon", "accessories-dictionary"],
                                                   busAddress: nil, environment: environment)
        XCTAssertEqual(overridden.status, 0, overridden.error)
        let plugin = try KeyFile(path: prefix.path + "/krunner/dbusplugins/org.example.Foods.desktop")
        XCTAssertEqual(plugin.string("Desktop Entry", "Name"), "Buds")
        XCTAssertEqual(plugin.string("Desktop Entry", "Icon"), "accessories-dictionary")

        let missingIcon = try SearchlightBinary.run(["install", "--script", app.appendingPathComponent("index.js").path, "--icon", "./nope.png"],
                                                    busAddress: nil, environment: environment)
        XCTAssertEqual(missingIcon.status, 1)
        XCTAssertEqual(missingIcon.error, "searchlight install: --icon ./nope.png: no such file")
    }

    func testUninstallCommandRemovesWhatInstallWroteAndNothingElse() throws {
        let root = prefix.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "console.log('hi')".write(to: root.appendingPathComponent("app.js"), atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": prefix.path]
        let before = Set(FileManager.default.subpaths(atPath: root.path) ?? [])
        let other = try SearchlightBinary.run(["install", "--script", root.appendingPathComponent("app.js").path, "--app-id", "org.example.Other"],
                                              busAddress: nil, environment: environment)
        XCTAssertEqual(other.status, 0, other.error)
        let withOther = Set(FileManager.default.subpaths(atPath: root.path) ?? [])
        let installed = try SearchlightBinary.run(["install", "--script", root.appendingPathComponent("app.js").path, "--app-id", "org.example.Foods"],
                                                  busAddress: nil, environment: environment)
        XCTAssertEqual(installed.status, 0, installed.error)

        let uninstalled = try SearchlightBinary.run(["uninstall", "--app-id", "org.example.Foods"], busAddress: nil, environment: environment)
        XCTAssertEqual(uninstalled.status, 0, uninstalled.error)
        XCTAssertEqual(uninstalled.output.split(separator: "\n").count, 4, uninstalled.output)
        XCTAssertEqual(Set(FileManager.default.subpaths(atPath: root.path) ?? []), withOther,
                       "exactly the four files are gone; the other app's and the directories stay")
        XCTAssertNotEqual(before, withOther)

        let again = try SearchlightBinary.run(["uninstall", "--app-id", "org.example.Foods", "--prefix", prefix.path], busAddress: nil, environment: [:])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.output.hasPrefix("nothing to remove"), again.output)
        let extra = try SearchlightBinary.run(["uninstall", "app.js"], busAddress: nil, environment: environment)
        XCTAssertEqual(extra.status, 2)
    }

    func testInstallCommandResolvesTheScriptAndUsesThisBinary() throws {
        let root = prefix.deletingLastPathComponent()
        let appDirectory = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: appDirectory, withIntermediateDirectories: true)
        try "console.log('hi')".write(to: appDirectory.appendingPathComponent("main.js"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.js").path,
                                                   withDestinationPath: appDirectory.appendingPathComponent("main.js").path)
        let result = try SearchlightBinary.run(
            ["install", "--script", root.appendingPathComponent("app/../link.js").path, "--app-id", "org.example.Foods"],
            busAddress: nil, environment: ["XDG_DATA_HOME": prefix.path, "XDG_DATA_DIRS": "/usr/share"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count, 4, result.output)
        XCTAssertTrue(result.output.contains("XDG_DATA_DIRS=\(prefix.path):"), "the advice is printed: \(result.output)")

        let service = try KeyFile(path: prefix.path + "/dbus-1/services/org.example.Foods.service")
        let command = try shellSplit(try XCTUnwrap(service.raw("D-BUS Service", "Exec")))
        let binary = URL(fileURLWithPath: try SearchlightBinary.path).resolvingSymlinksInPath().path
        let script = appDirectory.appendingPathComponent("main.js").resolvingSymlinksInPath().path
        XCTAssertEqual(command, [binary, "run", "--app-id", "org.example.Foods", "--serve", script])
    }

    func testInstallCommandRejectsAMissingOrAbsentScript() throws {
        let missing = try SearchlightBinary.run(["install"], busAddress: nil, environment: ["XDG_DATA_HOME": prefix.path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.error.contains("missing --script FILE"), missing.error)

        let absent = try SearchlightBinary.run(["install", "--script", "/nonexistent/app.js"], busAddress: nil,
                                               environment: ["XDG_DATA_HOME": prefix.path])
        XCTAssertEqual(absent.status, 1)
        XCTAssertEqual(absent.error, "searchlight install: --script /nonexistent/app.js: no such file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path), "nothing is written")
    }
}
