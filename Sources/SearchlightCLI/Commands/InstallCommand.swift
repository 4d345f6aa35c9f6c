import Foundation
import SearchIndex
import SystemSearch

/// `searchlight install --script FILE [--prefix DIR] [--name NAME] [--icon FILE|ICON-NAME]`:
/// the desktop file, D-Bus service, GNOME Shell search provider and KRunner plugin for
/// the app, under one prefix.
///
/// Each option is read by a function of its own into ``Request``, so an option is
/// added by one line in ``options`` and one member there.
struct InstallCommand: Command {
    static let name = "install"
    static let summary = "register the app with GNOME Shell, KRunner and D-Bus activation"
    static let synopsis = "--script FILE [--prefix DIR] [--name NAME] [--icon FILE|ICON-NAME]"
    static let options: [OptionSpec] = [
        .value("script", "FILE", help: "the app's JS entry point, started as 'run --serve FILE' (required)"),
        .value("prefix", "DIR", help: "where the four files go (default: $XDG_DATA_HOME, ~/.local/share when unset)"),
        .flag("window", help: "the app is windowed (an AppRegistry entry module): D-Bus and the desktop start it as 'run --window --serve FILE'"),
        .value("name", "NAME", help: "the app's name on the desktop (default: package.json displayName or name beside the script, else the app id's last part)"),
        .value("icon", "FILE|ICON-NAME", help: "the app's icon, also shown for results without a thumbnail (default: package.json icon, else system-search)"),
    ]

    /// What the options ask for, checked.
    struct Request {
        var script: String
        var prefix: String
        var dataDirectory: String?
        var name: String?
        var icon: AppIcon
        var window: Bool
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        try run(arguments, context: context, environment: ProcessInfo.processInfo.environment)
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext, environment: [String: String]) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("install takes no arguments (use --script FILE), got '\(arguments.positionals[0])'")
        }
        let request = try read(arguments, context: context, environment: environment)
        do {
            var installation = try SearchProviderInstallation(
                appID: context.appID, executablePath: try executablePath(), scriptPath: request.script,
                prefix: request.prefix, dataDirectory: request.dataDirectory, name: request.name, icon: request.icon)
            installation.window = request.window
            for path in try installation.write() {
                print("wrote \(path)")
            }
            if let advice = installation.dataDirsAdvice(environment: environment) {
                print(advice)
            }
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
        return 0
    }

    static func read(_ arguments: ParsedArguments, context: CommandContext, environment: [String: String]) throws -> Request {
        let script = try script(arguments)
        let package = AppPackage(besideScript: script)
        return Request(
            script: script,
            prefix: try prefix(arguments, environment: environment),
            dataDirectory: arguments.value("data-dir") == nil ? nil : context.dataDirectory.standardizedFileURL.path,
            name: try name(arguments) ?? package?.name,
            icon: try icon(arguments) ?? package?.icon ?? .fallback,
            window: arguments.flag("window"))
    }

    static func script(_ arguments: ParsedArguments) throws -> String {
        guard let scriptArgument = arguments.value("script"), !scriptArgument.isEmpty else {
            throw UsageError("missing --script FILE (the app's JS entry point)")
        }
        let script = URL(fileURLWithPath: scriptArgument).standardizedFileURL.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: script, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure("--script \(scriptArgument): no such file")
        }
        return script
    }

    /// `--prefix`, else `$XDG_DATA_HOME`, else `~/.local/share` (also `uninstall`'s).
    static func prefix(_ arguments: ParsedArguments, environment: [String: String]) throws -> String {
        if let value = arguments.value("prefix") {
            guard !value.isEmpty else { throw UsageError("--prefix must not be empty") }
            return URL(fileURLWithPath: value).standardizedFileURL.path
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg
        } else {
            return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
    }

    static func name(_ arguments: ParsedArguments) throws -> String? {
        guard let value = arguments.value("name") else { return nil }
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--name must not be empty") }
        return value
    }

    /// `--icon`: an existing image file (made absolute) or a themed icon name.
    static func icon(_ arguments: ParsedArguments) throws -> AppIcon? {
        guard let value = arguments.value("icon") else { return nil }
        guard !value.isEmpty else { throw UsageError("--icon must not be empty") }
        if value.contains("/") {
            let path = URL(fileURLWithPath: value).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure("--icon \(value): no such file") }
            return .file(path)
        }
        return .named(value)
    }

    /// The absolute path of this `searchlight` binary, symlinks resolved.
    static func executablePath() throws -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        guard let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path else {
            throw CommandFailure("cannot tell where the searchlight binary is")
        }
        return path
    }
}

/// The app's `package.json` beside its script, for `install`'s defaults: `displayName`
/// (else `name`) and `icon` (a path relative to the file, or an icon name).
struct AppPackage {
    var name: String?
    var icon: AppIcon?

    init?(besideScript script: String) {
        let directory = URL(fileURLWithPath: script).deletingLastPathComponent()
        let file = directory.appendingPathComponent("package.json")
        guard let data = FileManager.default.contents(atPath: file.path),
              let object = try? JSONValue.parse(String(decoding: data, as: UTF8.self)),
              case .object = object else { return nil }
        func text(_ key: String) -> String? {
            guard case .string(let value)? = object[key] else { return nil }
            return value.trimmingCharacters(in: .whitespaces).isEmpty ? nil : value
        }
        name = text("displayName") ?? text("name")
        if let icon = text("icon") {
            let imageSuffixes = [".png", ".svg", ".svgz", ".jpg", ".jpeg", ".xpm", ".ico", ".webp"]
            if icon.contains("/") || imageSuffixes.contains(where: { icon.lowercased().hasSuffix($0) }) {
                let path = icon.hasPrefix("/") ? icon : directory.appendingPathComponent(icon).standardizedFileURL.path
                self.icon = FileManager.default.fileExists(atPath: path) ? .file(path) : nil
            } else {
                self.icon = .named(icon)
            }
        }
    }
}
