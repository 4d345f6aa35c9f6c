import CWebKit
import Foundation
import JSHost

/// The window's control channel for tests and benchmarks: when
/// `$SEARCHLIGHT_WINDOW_CONTROL` names a FIFO, each line written to it is a command,
/// and each answer is one line on stdout, `searchlight-control: ID RESULT`:
///
/// - `ID js BODY`: runs BODY as the body of an async function in the page (so it may
///   `await`, and `return`s its result); RESULT is the JSON of the value, or
///   `error MESSAGE`.
/// - `ID snapshot PATH`: writes what the web view shows as a PNG (WebKit's own
///   snapshot of the painted page); RESULT is `ok`.
/// - `ID present TIMESTAMP`: raises the window as a desktop request would.
/// - `ID quit`: closes the window.
///
/// Lines are read on a thread of their own and run on the GTK main thread, once the
/// page has loaded.
final class ControlChannel: @unchecked Sendable {
    let path: String
    weak var host: WindowHost?

    init(path: String, host: WindowHost) {
        self.path = path
        self.host = host
    }

    func start() {
        let thread = Thread { [self] in readLines() }
        thread.name = "searchlight.window.control"
        thread.start()
    }

    private func readLines() {
        guard let file = fopen(path, "r") else {
            FileHandle.standardError.write(Data("searchlight: cannot open the window control FIFO \(path)\n".utf8))
            return
        }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0 {
            let text = String(cString: line!).trimmingCharacters(in: .newlines)
            MainThread.async { [weak self] in
                guard let self, let host = self.host else { return }
                if host.pageLoaded { self.perform(text) } else { host.onPageLoaded.append { self.perform(text) } }
            }
        }
        free(line)
        fclose(file)
    }

    static func answer(_ id: Substring, _ result: String) {
        FileHandle.standardOutput.write(Data("searchlight-control: \(id) \(result)\n".utf8))
    }

    private func perform(_ command: String) {
        let parts = command.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let host, let view = host.webView else { return }
        let id = parts[0]
        let argument = parts.count > 2 ? String(parts[2]) : ""
        let webView = UnsafeMutableRawPointer(view).assumingMemoryBound(to: WebKitWebView.self)
        switch parts[1] {
        case "js":
            let box = CallbackBox<OpaquePointer?> { result in
                var error: UnsafeMutablePointer<GError>?
                let value = webkit_web_view_call_async_javascript_function_finish(webView, result, &error)
                if let error {
                    Self.answer(id, "error " + String(cString: error.pointee.message).replacingOccurrences(of: "\n", with: " "))
                    g_error_free(error)
                } else if let value {
                    let json = jsc_value_to_json(value, 0)
                    Self.answer(id, json.map { String(cString: $0) } ?? "undefined")
                    g_free(json)
                    g_object_unref(UnsafeMutableRawPointer(value))
                } else {
                    Self.answer(id, "undefined")
                }
            }
            webkit_web_view_call_async_javascript_function(webView, argument, -1, nil, nil, nil, nil, { _, result, data in
                CallbackBox<OpaquePointer?>.take(data).body(result)
            }, box.retainedPointer)
        case "snapshot":
            let box = CallbackBox<OpaquePointer?> { result in
                var error: UnsafeMutablePointer<GError>?
                if let surface = webkit_web_view_get_snapshot_finish(webView, result, &error) {
                    let status = cairo_surface_write_to_png(surface, argument)
                    cairo_surface_destroy(surface)
                    Self.answer(id, status == CAIRO_STATUS_SUCCESS ? "ok" : "error cannot write \(argument)")
                } else {
                    Self.answer(id, "error " + (error.map { String(cString: $0.pointee.message) } ?? "no snapshot"))
                    if let error { g_error_free(error) }
                }
            }
            webkit_web_view_get_snapshot(webView, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, { _, result, data in
                CallbackBox<OpaquePointer?>.take(data).body(result)
            }, box.retainedPointer)
        case "present":
            host.present(timestamp: UInt32(argument) ?? 0)
            Self.answer(id, "ok")
        case "quit":
            Self.answer(id, "ok")
            if let window = host.window { gtk_widget_destroy(window) }
        default:
            Self.answer(id, "error unknown command \(parts[1])")
        }
    }
}
