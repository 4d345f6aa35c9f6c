import Foundation

/// How a desktop loads what `install` wrote, for the desktops that cannot run here: each
/// loader reads the files as that program's code does (cited per rule) and says what it
/// would load, or why it would skip the file. Rules only — no desktop code is copied.

/// A D-Bus runner as KF6's KRunner loads it (krunner 6, `src/runnermanager.cpp`
/// `runnerMetaDataList` / `loadInstalledRunner`, `src/kpluginmetadata_utils_p.h`
/// `parseMetaDataFromDesktopFile`, `src/dbusrunner.cpp` constructor and `reloadConfiguration`,
/// `src/abstractrunner.cpp` for the letter count).
struct KF6DBusRunner: Equatable {
    let pluginID: String
    let name: String
    let service: String
    let path: String
    /// `X-Plasma-API=DBus2`: KRunner asks `Config` and suspends the runner until it answers.
    let callsConfig: Bool
    let minLetterCount: Int
    let requestsActionsOnce: Bool

    enum Skipped: Error, Equatable {
        case notADesktopFile, noDesktopEntry, disabledByDefault, unknownAPI(String?), invalidEntry, wildcardService
    }

    /// Finds `krunner/dbusplugins/*.desktop` in the data directories (the first of each file
    /// name wins, `KFileUtils::findAllUniqueFiles`) and loads the one named `fileName`.
    static func find(_ fileName: String, dataDirectories: [String]) throws -> KF6DBusRunner? {
        for directory in dataDirectories {
            let path = directory + "/krunner/dbusplugins/" + fileName
            if FileManager.default.fileExists(atPath: path) { return try load(path: path) }
        }
        return nil
    }

    static func load(path: String) throws -> KF6DBusRunner {
        guard path.hasSuffix(".desktop") else { throw Skipped.notADesktopFile }
        let file = try KeyFile(path: path)
        let group = "Desktop Entry"
        guard file.groups.contains(group) else { throw Skipped.noDesktopEntry }
        // No KPlugin.Id is copied from the file, so the plugin id is the file's base name.
        let pluginID = String(URL(fileURLWithPath: path).lastPathComponent.dropLast(".desktop".count))
        // X-KDE-PluginInfo-EnabledByDefault becomes KPlugin.EnabledByDefault (default false):
        // a runner not enabled by default loads only once the user enables it.
        guard file.boolean(group, "X-KDE-PluginInfo-EnabledByDefault") == true else { throw Skipped.disabledByDefault }
        // loadInstalledRunner: an API starting with "DBus" is a DBusRunner, others are refused.
        let api = file.string(group, "X-Plasma-API")
        guard let api, api.hasPrefix("DBus") else { throw Skipped.unknownAPI(api) }
        // DBusRunner: an empty service or path is an "Invalid entry"; a service ending in
        // `*` matches only names already on the bus, so it never D-Bus-activates.
        guard let service = file.string(group, "X-Plasma-DBusRunner-Service"), !service.isEmpty,
              let objectPath = file.string(group, "X-Plasma-DBusRunner-Path"), !objectPath.isEmpty else {
            throw Skipped.invalidEntry
        }
        guard !service.hasSuffix("*") else { throw Skipped.wildcardService }
        return KF6DBusRunner(pluginID: pluginID, name: file.string(group, "Name") ?? pluginID, service: service, path: objectPath,
                             callsConfig: api == "DBus2",
                             minLetterCount: file.integer(group, "X-Plasma-Runner-Min-Letter-Count") ?? 0,
                             requestsActionsOnce: file.boolean(group, "X-Plasma-Request-Actions-Once") ?? false)
    }
}

/// A remote search provider as GNOME Shell 45–48 loads it (`js/ui/remoteSearch.js`
/// `loadRemoteSearchProviders`, `js/misc/fileUtils.js` `collectFromDatadirs`).
struct GNOMEShellSearchProvider: Equatable {
    let desktopID: String
    let busName: String
    let objectPath: String
    /// `Version` ≥ 2: `org.gnome.Shell.SearchProvider2`, with `LaunchSearch`.
    let isVersion2: Bool
    /// `AutoStart` (default true): false makes the shell's proxy `DO_NOT_AUTO_START`.
    let autoStart: Bool
    /// `DefaultDisabled` (default false): true shows the provider only once the user enables it.
    let defaultEnabled: Bool

    enum Skipped: Error, Equatable {
        case noProviderGroup, missingBusNameOrObjectPath, missingDesktopID, desktopFileNotFound(String), desktopFileNotShown(String)
    }

    /// Reads `gnome-shell/search-providers/*.ini` from the system data directories only
    /// (`collectFromDatadirs('search-providers', false)`: `$XDG_DATA_DIRS`, never `$XDG_DATA_HOME`);
    /// the desktop file is looked up as `Gio.DesktopAppInfo.new` does, data home first.
    static func find(_ fileName: String, systemDataDirectories: [String], userDataDirectory: String) throws -> GNOMEShellSearchProvider? {
        for directory in systemDataDirectories {
            let path = directory + "/gnome-shell/search-providers/" + fileName
            if FileManager.default.fileExists(atPath: path) {
                return try load(path: path, applicationDirectories: ([userDataDirectory] + systemDataDirectories).map { $0 + "/applications" })
            }
        }
        return nil
    }

    static func load(path: String, applicationDirectories: [String]) throws -> GNOMEShellSearchProvider {
        let file = try KeyFile(path: path)
        let group = "Shell Search Provider"
        guard file.groups.contains(group) else { throw Skipped.noProviderGroup }
        guard let busName = file.string(group, "BusName"), let objectPath = file.string(group, "ObjectPath") else {
            throw Skipped.missingBusNameOrObjectPath
        }
        guard let desktopID = file.string(group, "DesktopId") else { throw Skipped.missingDesktopID }
        guard let desktopPath = applicationDirectories.map({ $0 + "/" + desktopID })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw Skipped.desktopFileNotFound(desktopID)
        }
        guard try shouldShow(desktopPath) else { throw Skipped.desktopFileNotShown(desktopID) }
        // `version >= 2` compares the string with a number, as JS does.
        let version = Double(file.string(group, "Version") ?? "1") ?? 0
        return GNOMEShellSearchProvider(desktopID: desktopID, busName: busName, objectPath: objectPath, isVersion2: version >= 2,
                                        autoStart: file.boolean(group, "AutoStart") ?? true,
                                        defaultEnabled: !(file.boolean(group, "DefaultDisabled") ?? false))
    }

    /// `g_app_info_should_show` for a desktop entry in GNOME: an application, not
    /// `NoDisplay`, not `Hidden`, and `OnlyShowIn` / `NotShowIn` allow GNOME.
    static func shouldShow(_ path: String) throws -> Bool {
        let entry = try KeyFile(path: path)
        let group = "Desktop Entry"
        guard entry.string(group, "Type") == "Application", entry.string(group, "Exec") != nil else { return false }
        if entry.boolean(group, "NoDisplay") == true || entry.boolean(group, "Hidden") == true { return false }
        if let only = entry.list(group, "OnlyShowIn"), !only.contains("GNOME") { return false }
        if let not = entry.list(group, "NotShowIn"), not.contains("GNOME") { return false }
        return true
    }
}
