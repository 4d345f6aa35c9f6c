import CWebKit
import Foundation
import JSHost

/// A GTK window holding a WebKitGTK web view that runs a React Native app's page
/// (SPEC §7): the app's bundle, with the app's native modules reached through
/// ``PageBridge``.
///
/// WebKitGTK runs the page's JS in a web process of its own; this process (the UI
/// process) owns the window on the GTK main thread — the thread that calls ``run()``,
/// which must be the process's main thread. Native modules do their work on their own
/// queues, as under the headless host; their results and events come back to the
/// main thread and go to the page as scripts.
public final class WindowHost {
    public struct Configuration: Sendable {
        /// The window's title (the app's name).
        public var title: String
        /// The page's base: relative URLs in the page resolve against this directory.
        public var baseDirectory: String
        /// Where the app's pictures named by asset name are (``AppAssets``): the app
        /// script's directory (the first test file's for `test --window`).
        public var assetDirectory: String
        /// The page's script file: the app bundled with `js/window/page.js`.
        public var scriptPath: String
        /// `process.argv`-like arguments the page sees as `__searchlightNative.argv`.
        public var argv: [String]
        public var width: Int32 = 480
        public var height: Int32 = 760
        /// A FIFO the tests and benchmarks drive the window through
        /// (`$SEARCHLIGHT_WINDOW_CONTROL`, see ``ControlChannel``), or nil.
        public var controlPath: String?

        public init(title: String, baseDirectory: String, scriptPath: String, argv: [String]) {
            self.title = title
            self.baseDirectory = baseDirectory
            self.assetDirectory = baseDirectory
            self.scriptPath = scriptPath
            self.argv = argv
        }
    }

    /// Why a window could not be opened.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public let configuration: Configuration
    let bridge: PageBridge
    var window: UnsafeMutablePointer<GtkWidget>?
    var webView: UnsafeMutablePointer<GtkWidget>?
    private var control: ControlChannel?
    /// Whether the page has finished loading (WebKit's `load-changed` FINISHED).
    private(set) var pageLoaded = false
    /// Runs once the page has loaded (the control channel waits for it).
    var onPageLoaded: [() -> Void] = []
    private var exitStatus: Int32 = 0
    /// Decides whether an event raises the window: returns the desktop's timestamp
    /// (0 when unknown) for a request from the desktop, nil for other events.
    public var raisesWindow: ((_ module: String, _ event: String, _ body: BridgeValue) -> UInt32?)?

    public init(configuration: Configuration, modules: [any NativeModule]) {
        self.configuration = configuration
        bridge = PageBridge(modules: modules)
    }

    /// Whether the environment names a display (`$WAYLAND_DISPLAY` or `$DISPLAY`).
    public static func hasDisplay(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || !(environment["DISPLAY"] ?? "").isEmpty
    }

    /// Opens GTK on the display; call on the main thread before ``run()`` (and before
    /// exporting D-Bus objects on the default main context).
    public static func initializeGTK() throws(Failure) {
        guard gtk_init_check(nil, nil) != 0 else {
            let display = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
            throw Failure(message: "cannot open the display '\(display)' for the window")
        }
    }

    /// Opens the window and runs the GTK main loop until the window is closed; returns
    /// the exit status (0, or 1 when the page's web process ended).
    public func run() -> Int32 {
        bridge.attachModules()
        makeWindow()
        if let path = configuration.controlPath {
            control = ControlChannel(path: path, host: self)
            control?.start()
        }
        if exitStatus == 0 { gtk_main() }
        try? FileManager.default.removeItem(atPath: pageDirectory)
        return exitStatus
    }

    /// Raises the window (`gtk_window_present_with_time`) with the desktop's timestamp.
    public func present(timestamp: UInt32) {
        guard let window else { return }
        window.withMemoryRebound(to: GtkWindow.self, capacity: 1) {
            gtk_window_present_with_time($0, timestamp)
        }
    }

    /// Closes the window and ends ``run()``.
    func quit(status: Int32) {
        exitStatus = status
        gtk_main_quit()
    }

    /// Where the page's files are written for this run (removed when it ends).
    private let pageDirectory = FileManager.default.temporaryDirectory.path + "/searchlight-window-\(getpid())"

    private var selfPointer: gpointer { Unmanaged.passUnretained(self).toOpaque() }

    private func makeWindow() {
        let manager = webkit_user_content_manager_new()!
        let nativeObject: BridgeValue = .object(BridgeObject([
            ("modules", .object(bridge.description())),
            ("argv", .array(configuration.argv.map { .string($0) })),
        ]))
        let prelude = "window.__searchlightNative = \(nativeObject.jsonText);"
        addScript(prelude, to: manager, at: WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START)
        for name in ["searchlight", "console"] {
            _ = webkit_user_content_manager_register_script_message_handler_with_reply(manager, name, nil)
        }
        let onCall: @convention(c) (OpaquePointer?, UnsafeMutablePointer<JSCValue>?, OpaquePointer?, gpointer?) -> gboolean = { _, value, reply, data in
            let host = Unmanaged<WindowHost>.fromOpaque(data!).takeUnretainedValue()
            host.receiveCall(value, reply)
            return 1
        }
        let onConsole: @convention(c) (OpaquePointer?, UnsafeMutablePointer<JSCValue>?, OpaquePointer?, gpointer?) -> gboolean = { _, value, reply, data in
            if let text = searchlight_jsc_string(value) {
                let message = String(cString: text)
                g_free(text)
                if message.hasPrefix("exit\n") {
                    // The page ends the run (`searchlight test --window`).
                    let host = Unmanaged<WindowHost>.fromOpaque(data!).takeUnretainedValue()
                    host.exitStatus = Int32(message.dropFirst(5)) ?? 1
                    if let window = host.window { MainThread.async { gtk_widget_destroy(window) } }
                } else {
                    WindowHost.writeConsole(message)
                }
            }
            searchlight_reply_string(reply, value, "")
            return 1
        }
        searchlight_signal_connect(UnsafeMutableRawPointer(manager), "script-message-with-reply-received::searchlight",
                                   unsafeBitCast(onCall, to: GCallback.self), selfPointer)
        searchlight_signal_connect(UnsafeMutableRawPointer(manager), "script-message-with-reply-received::console",
                                   unsafeBitCast(onConsole, to: GCallback.self), selfPointer)

        AssetScheme.register(directory: configuration.assetDirectory)
        let view = webkit_web_view_new_with_user_content_manager(manager)!
        webView = view
        view.withMemoryRebound(to: WebKitWebView.self, capacity: 1) { webView in
            searchlight_configure_settings(webkit_web_view_get_settings(webView),
                                           ProcessInfo.processInfo.environment["SEARCHLIGHT_WINDOW_INSPECTOR"] == "1" ? 1 : 0)
        }
        let onCrash: @convention(c) (OpaquePointer?, Int32, gpointer?) -> Void = { _, reason, data in
            let host = Unmanaged<WindowHost>.fromOpaque(data!).takeUnretainedValue()
            FileHandle.standardError.write(Data("searchlight run: the page's web process ended (\(reason == 0 ? "crashed" : "ran out of memory"))\n".utf8))
            host.quit(status: 1)
        }
        searchlight_signal_connect(UnsafeMutableRawPointer(view), "web-process-terminated",
                                   unsafeBitCast(onCrash, to: GCallback.self), selfPointer)
        let onLoad: @convention(c) (OpaquePointer?, WebKitLoadEvent, gpointer?) -> Void = { _, event, data in
            guard event == WEBKIT_LOAD_FINISHED else { return }
            let host = Unmanaged<WindowHost>.fromOpaque(data!).takeUnretainedValue()
            host.pageLoaded = true
            let waiting = host.onPageLoaded
            host.onPageLoaded = []
            for body in waiting { body() }
        }
        searchlight_signal_connect(UnsafeMutableRawPointer(view), "load-changed",
                                   unsafeBitCast(onLoad, to: GCallback.self), selfPointer)
        bridge.evaluate = { [weak self] script in self?.evaluate(script) }
        bridge.onEvent = { [weak self] module, name, body in
            guard let self, let timestamp = self.raisesWindow?(module, name, body) else { return }
            self.present(timestamp: timestamp)
        }

        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        self.window = window
        window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { gtkWindow in
            gtk_window_set_title(gtkWindow, configuration.title)
            gtk_window_set_default_size(gtkWindow, configuration.width, configuration.height)
        }
        window.withMemoryRebound(to: GtkContainer.self, capacity: 1) { gtk_container_add($0, view) }
        let onDestroy: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            let host = Unmanaged<WindowHost>.fromOpaque(data!).takeUnretainedValue()
            host.window = nil
            host.quit(status: host.exitStatus)
        }
        searchlight_signal_connect(UnsafeMutableRawPointer(window), "destroy", unsafeBitCast(onDestroy, to: GCallback.self), selfPointer)

        // The page is a file loading the bundle from its file (so errors and the
        // inspector name it, with its source map beside it); the page's <base> is the
        // app's directory, so its relative URLs resolve there.
        if !loadPage(scriptPath: configuration.scriptPath) { exitStatus = 1 }
        gtk_widget_show_all(window)
    }

    /// Writes the page for `scriptPath` and loads it; false when it cannot be written.
    private func loadPage(scriptPath: String) -> Bool {
        let page = pageDirectory + "/index.html"
        let base = URL(fileURLWithPath: configuration.baseDirectory, isDirectory: true).absoluteString
        let scriptURL = URL(fileURLWithPath: scriptPath).absoluteString
        do {
            try FileManager.default.createDirectory(atPath: pageDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try Data(Self.html(title: configuration.title, base: base, script: scriptURL).utf8).write(to: URL(fileURLWithPath: page))
        } catch {
            FileHandle.standardError.write(Data("searchlight run: cannot write the page to \(pageDirectory): \(error.localizedDescription)\n".utf8))
            return false
        }
        webView?.withMemoryRebound(to: WebKitWebView.self, capacity: 1) { webView in
            webkit_web_view_load_uri(webView, URL(fileURLWithPath: page).absoluteString)
        }
        return true
    }

    /// What another thread may ask of the page (`--watch`): each call is queued to the
    /// main thread, which alone touches the window.
    public struct PageReloader: @unchecked Sendable {
        fileprivate let host: WindowHost

        /// Loads the page again with a new bundle, in the same window; the native
        /// modules and their index stay as they are.
        public func reload(scriptPath: String) {
            MainThread.async { [host] in
                host.pageLoaded = false
                _ = host.loadPage(scriptPath: scriptPath)
            }
        }

        /// Shows a bundling error on the page's error screen.
        public func showBuildError(_ message: String) {
            let script = "window.__searchlightBuildError && window.__searchlightBuildError(\(BridgeValue.string(message).jsonText))"
            MainThread.async { [host] in host.evaluate(script) }
        }
    }

    public var pageReloader: PageReloader { PageReloader(host: self) }

    private func addScript(_ source: String, to manager: UnsafeMutablePointer<WebKitUserContentManager>, at time: WebKitUserScriptInjectionTime) {
        let script = webkit_user_script_new(source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, time, nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
    }

    /// One call from the page: parsed and handed to the bridge; the reply goes back
    /// on the main thread.
    private func receiveCall(_ value: UnsafeMutablePointer<JSCValue>?, _ reply: OpaquePointer?) {
        guard let text = searchlight_jsc_string(value) else {
            searchlight_reply_string(reply, value, PageBridge.errorText(NativeError(code: "E_NATIVE", message: "a bridge message must be a string")))
            return
        }
        let message = String(cString: text)
        g_free(text)
        webkit_script_message_reply_ref(reply)
        g_object_ref(UnsafeMutableRawPointer(value))
        let pending = PendingReply(reply: reply, value: value)
        bridge.call(message) { text in pending.send(text) }
    }

    /// A reply the page waits for, with the message value whose context it is made in.
    private final class PendingReply {
        let reply: OpaquePointer?
        let value: UnsafeMutablePointer<JSCValue>?
        init(reply: OpaquePointer?, value: UnsafeMutablePointer<JSCValue>?) {
            self.reply = reply
            self.value = value
        }
        func send(_ text: String) {
            searchlight_reply_string(reply, value, text)
            webkit_script_message_reply_unref(reply)
            g_object_unref(UnsafeMutableRawPointer(value))
        }
    }

    /// Runs `script` in the page, ignoring its value.
    func evaluate(_ script: String) {
        guard let webView else { return }
        webView.withMemoryRebound(to: WebKitWebView.self, capacity: 1) { view in
            webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, nil, nil)
        }
    }

    /// A console line from the page: `LEVEL\nTEXT`; log, info and debug go to stdout,
    /// warn and error to stderr.
    static func writeConsole(_ message: String) {
        guard let newline = message.firstIndex(of: "\n") else { return }
        let level = message[..<newline]
        let text = String(message[message.index(after: newline)...]) + "\n"
        if level == "warn" || level == "error" {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    static func html(title: String, base: String, script: String) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(escaped(title))</title>
            <base href="\(escaped(base))">
            <style>
            html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
            body { font-family: Cantarell, "Noto Sans", "DejaVu Sans", sans-serif; font-size: 14px; }
            #root { display: flex; flex-direction: column; height: 100%; }
            </style></head>
            <body><div id="root"></div><script src="\(escaped(script))"></script></body></html>
            """
    }
}
