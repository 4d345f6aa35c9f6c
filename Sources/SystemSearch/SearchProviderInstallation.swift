import Foundation

/// The four files that let the desktop find an app's search provider and D-Bus start
/// it, all under one prefix (SPEC §6): the app's desktop file, its D-Bus service file,
/// the GNOME Shell search-provider `.ini` and the KRunner D-Bus plugin.
///
/// Each starts the app as `SEARCHLIGHT run --app-id APPID [--data-dir DIR] [--window] --serve SCRIPT`.
public struct SearchProviderInstallation: Sendable {
    /// One file to write: absolute path and text.
    public struct File: Sendable, Equatable {
        public let path: String
        public let contents: String
    }

    public let address: SearchProviderAddress
    /// Absolute path of the `searchlight` binary.
    public let executablePath: String
    /// Absolute path of the app's JS entry point.
    public let scriptPath: String
    /// Absolute directory the files go under (`$XDG_DATA_HOME`, `/usr/local/share`, …).
    public let prefix: String
    /// An explicit `--data-dir` to pass on, or nil for the default.
    public let dataDirectory: String?
    /// Whether the app is a windowed one (SPEC §7): started as `run --window --serve`,
    /// so a request that starts it opens its window.
    public var window = false
    /// The app's name on the desktop (`install --name`), or nil for the app id's last element.
    public let name: String?
    /// The app's icon (`install --icon`): the desktop file's, the KRunner plugin's, and
    /// what results without a thumbnail show.
    public let icon: AppIcon

    /// The first line of every file `install` writes: how ``remove(prefix:appID:)`` knows
    /// a file is ours before it deletes it.
    public static func marker(appID: String) -> String {
        "# Written by searchlight install for \(appID); searchlight uninstall removes it."
    }

    /// Checks the paths (absolute, no control characters), the name and the app id.
    public init(appID: String, executablePath: String, scriptPath: String, prefix: String, dataDirectory: String? = nil,
                name: String? = nil, icon: AppIcon = .fallback) throws {
        address = try SearchProviderAddress(appID: appID)
        if let name {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the app name must not be empty")
            }
            guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the app name must not contain control characters (newline, tab, …)")
            }
        }
        let iconText = icon.desktopValue
        guard !iconText.isEmpty, !iconText.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the icon must be a non-empty icon name or absolute file path without control characters")
        }
        self.name = name
        self.icon = icon
        for (label, path) in [("executable", executablePath), ("script", scriptPath), ("prefix", prefix), ("data directory", dataDirectory ?? "/")] {
            guard path.hasPrefix("/") else {
                throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the \(label) path must be absolute, got '\(path)'")
            }
            guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the \(label) path must not contain control characters (newline, tab, …)")
            }
        }
        let prefix = prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        if prefix == Self.flatpakPrefix {
            // Flatpak runs the exported Exec lines inside the sandbox, where only /app is the app's.
            for (label, path) in [("executable", executablePath), ("script", scriptPath)] where !path.hasPrefix("/app/") {
                throw SystemSearchError(code: SystemSearchError.invalidArgument,
                                        message: "a Flatpak build (--prefix /app/share) runs the app inside its sandbox: the \(label) path must be under /app, got '\(path)'")
            }
        }
        self.executablePath = executablePath
        self.scriptPath = scriptPath
        self.prefix = prefix
        self.dataDirectory = dataDirectory
    }

    /// Where a Flatpak build installs shared files; `flatpak build-finish` exports from there.
    public static let flatpakPrefix = "/app/share"

    /// The command line D-Bus and the desktop run: the app serving its index.
    public var command: [String] {
        var arguments = [executablePath, "run", "--app-id", address.appID]
        if let dataDirectory { arguments += ["--data-dir", dataDirectory] }
        if window { arguments.append("--window") }
        return arguments + ["--serve", scriptPath]
    }

    /// The name shown for the app: `--name`, else the app id's last element (`org.example.Foods` → `Foods`).
    public var displayName: String {
        name ?? String(address.appID.split(separator: ".").last ?? Substring(address.appID))
    }

    /// Where each file goes under `prefix`, in the order they are written.
    public static func paths(prefix: String, appID: String) -> [String] {
        ["\(prefix)/applications/\(appID).desktop",
         "\(prefix)/dbus-1/services/\(appID).service",
         "\(prefix)/gnome-shell/search-providers/\(appID).search-provider.ini",
         "\(prefix)/krunner/dbusplugins/\(appID).desktop"]
    }

    /// The files, in the order they are written.
    public var files: [File] {
        let id = address.appID
        let paths = Self.paths(prefix: prefix, appID: id)
        let marker = Self.marker(appID: id)
        let icon = Self.escapeValue(icon.desktopValue)
        return [
            File(path: paths[0], contents: """
                \(marker)
                [Desktop Entry]
                Type=Application
                Name=\(Self.escapeValue(displayName))
                Comment=\(Self.escapeValue(displayName)), with on-device search
                Exec=\(command.map(Self.quoteDesktopArgument).joined(separator: " "))
                Icon=\(icon)
                Terminal=false
                NoDisplay=false
                Categories=Utility;

                """),
            File(path: paths[1], contents: """
                \(marker)
                [D-BUS Service]
                Name=\(address.busName)
                Exec=\(command.map(Self.quoteShellArgument).joined(separator: " "))

                """),
            File(path: paths[2], contents: """
                \(marker)
                [Shell Search Provider]
                DesktopId=\(id).desktop
                BusName=\(address.busName)
                ObjectPath=\(address.objectPath)
                Version=2

                """),
            // API DBus, not DBus2: with DBus2 KRunner suspends the runner until `Config`
            // answers and skips it meanwhile, so the first query after login, which is
            // what starts a closed app, never finds its items (KF5 5.103 and KF6
            // dbusrunner.cpp, `reloadConfiguration`). The minimum letter count `Config`
            // gave is a metadata key instead; the actions (none) are asked once per run.
            File(path: paths[3], contents: """
                \(marker)
                [Desktop Entry]
                Type=Service
                Name=\(Self.escapeValue(displayName))
                Comment=Search \(Self.escapeValue(displayName))
                Icon=\(icon)
                X-KDE-ServiceTypes=Plasma/Runner
                X-KDE-PluginInfo-Name=\(id)
                X-KDE-PluginInfo-Version=1.0
                X-KDE-PluginInfo-EnabledByDefault=true
                X-Plasma-API=DBus
                X-Plasma-Runner-Min-Letter-Count=1
                X-Plasma-DBusRunner-Service=\(address.busName)
                X-Plasma-DBusRunner-Path=\(address.objectPath)
                X-Plasma-Request-Actions-Once=true

                """),
        ]
    }

    /// Writes every file (creating directories), replacing older versions; returns their paths.
    @discardableResult
    public func write() throws -> [String] {
        let manager = FileManager.default
        return try files.map { file in
            let url = URL(fileURLWithPath: file.path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
                try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            } catch {
                throw SystemSearchError(code: SystemSearchError.ioFailure,
                                        message: "cannot write \(file.path): \((error as NSError).localizedDescription)")
            }
            return file.path
        }
    }

    /// Removes the files `install` wrote for `appID` under `prefix` — each of the four
    /// paths that exists and starts with ``marker(appID:)`` — and nothing else (no
    /// directory, no file of the same name written by someone else). Returns the paths removed.
    @discardableResult
    public static func remove(prefix: String, appID: String) throws -> [String] {
        _ = try SearchProviderAddress(appID: appID)
        let prefix = prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        let marker = Data((Self.marker(appID: appID) + "\n").utf8)
        var removed: [String] = []
        for path in paths(prefix: prefix, appID: appID) {
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let head = handle.readData(ofLength: marker.count)
            try? handle.close()
            guard head == marker else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw SystemSearchError(code: SystemSearchError.ioFailure,
                                        message: "cannot remove \(path): \((error as NSError).localizedDescription)")
            }
            removed.append(path)
        }
        return removed
    }

    /// What to tell the user when GNOME Shell will not see the `.ini` (it reads
    /// `gnome-shell/search-providers` only from `$XDG_DATA_DIRS`), or nil when the prefix is there.
    public func dataDirsAdvice(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if prefix == Self.flatpakPrefix {
            return """
                A Flatpak build: flatpak build-finish exports the desktop file, the D-Bus service and the \
                GNOME Shell search provider from /app/share (all named \(address.appID).*), and the desktop \
                finds them once the app is installed; nothing to add to XDG_DATA_DIRS. The KRunner plugin \
                is exported only by a flatpak that exports krunner/dbusplugins (1.14 does not).
                """
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        let normalized = dataDirs.split(separator: ":").map { dir in
            dir.count > 1 && dir.hasSuffix("/") ? String(dir.dropLast()) : String(dir)
        }
        guard !normalized.contains(prefix) else { return nil }
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let others = prefix == home
            ? "(KRunner and D-Bus activation read it already: it is $XDG_DATA_HOME.)"
            : "(KRunner and D-Bus activation will not find the app there either until then.)"
        return """
            GNOME Shell reads search providers only from $XDG_DATA_DIRS, which does not include \(prefix) \
            (it is \(dataDirs)). To make GNOME Shell find \(address.appID), add the prefix for your session, \
            e.g. put the line
              XDG_DATA_DIRS=\(prefix):${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
            into ~/.config/environment.d/searchlight.conf and log in again, or install as root with --prefix /usr/local/share.
            \(others)
            """
    }

    // MARK: Quoting

    /// A desktop-entry string value: backslash escapes for `\`, and none of the control characters.
    static func escapeValue(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
    }

    /// One `Exec=` argument of a desktop entry: quoted when it holds a reserved
    /// character, `%` doubled (field codes), then escaped as a string value.
    static func quoteDesktopArgument(_ argument: String) -> String {
        let reserved: Set<Character> = [" ", "\t", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]
        var text = argument.replacingOccurrences(of: "%", with: "%%")
        if argument.isEmpty || argument.contains(where: { reserved.contains($0) }) {
            var quoted = "\""
            for character in text {
                if "\"`$\\".contains(character) { quoted.append("\\") }
                quoted.append(character)
            }
            text = quoted + "\""
        }
        return escapeValue(text)
    }

    /// One `Exec=` argument of a D-Bus service file (split by shell rules): single-quoted
    /// when it holds anything but plain path characters.
    static func quoteShellArgument(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "/._-+=:,@".unicodeScalars.contains(scalar)
        }
        if plain { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
