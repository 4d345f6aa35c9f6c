import CWebKit
import Foundation
import JSHost

/// The page's `Linking.openURL` / `canOpenURL` (js/window/components/Linking.js): an
/// `http(s)`, `mailto` or `tel` URL opened by the desktop's handler for its scheme
/// (GIO's default application, as `xdg-open` picks it), never in the app's own page.
/// Reached as `NativeModules.SearchlightLinking`; its methods run on the GTK main
/// thread, and GIO launches the handler asynchronously.
public final class DesktopLinks: NativeModule, @unchecked Sendable {
    public static let moduleName = "SearchlightLinking"
    /// The schemes handed to the desktop.
    static let schemes: Set<String> = ["http", "https", "mailto", "tel"]
    static let maximumLength = 8192

    public init() {}

    public var name: String { Self.moduleName }

    public var methods: [NativeMethod] {
        [
            NativeMethod(name: "openURL", body: .promise { arguments, promise in
                let url = try Self.checkedURL(arguments)
                let box = CallbackBox<OpaquePointer?> { result in
                    var error: UnsafeMutablePointer<GError>?
                    if g_app_info_launch_default_for_uri_finish(result, &error) != 0 {
                        promise.resolve(.bool(true))
                    } else {
                        let reason = error.map { String(cString: $0.pointee.message) } ?? "no application opens it"
                        if let error { g_error_free(error) }
                        promise.reject(NativeError(code: "E_NO_HANDLER", message: "Unable to open URL: \(url) (\(reason))"))
                    }
                }
                let context = gdk_display_get_default().flatMap { gdk_display_get_app_launch_context($0) }
                g_app_info_launch_default_for_uri_async(url, context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) }, nil, { _, result, data in
                    CallbackBox<OpaquePointer?>.take(data).body(result)
                }, box.retainedPointer)
                if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
            }),
            NativeMethod(name: "canOpenURL", body: .promise { arguments, promise in
                let url = try Self.checkedURL(arguments)
                let scheme = String(url.prefix { $0 != ":" }).lowercased()
                // Reading the desktop's handler lists is file I/O: off the main thread.
                DispatchQueue.global(qos: .userInitiated).async {
                    let handler = g_app_info_get_default_for_uri_scheme(scheme)
                    if let handler { g_object_unref(UnsafeMutableRawPointer(handler)) }
                    promise.resolve(.bool(handler != nil))
                }
            }),
        ]
    }

    /// The URL argument: a string of at most 8 KB with one of ``schemes`` (and a host
    /// for http(s)), without control characters.
    static func checkedURL(_ arguments: [BridgeValue]) throws(NativeError) -> String {
        guard arguments.count == 1, let url = arguments[0].stringValue else {
            throw NativeError(code: "E_INVALID_URL", message: "openURL takes one URL string")
        }
        guard !url.isEmpty, url.utf8.count <= maximumLength,
              !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw NativeError(code: "E_INVALID_URL", message: "'\(url.prefix(100))' is not a URL")
        }
        guard let colon = url.firstIndex(of: ":"), schemes.contains(url[..<colon].lowercased()) else {
            throw NativeError(code: "E_INVALID_URL",
                              message: "'\(url.prefix(100))' is not an http(s), mailto or tel URL; only those open in the desktop's handler")
        }
        let scheme = url[..<colon].lowercased()
        if scheme == "http" || scheme == "https" {
            guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else {
                throw NativeError(code: "E_INVALID_URL", message: "'\(url.prefix(100))' is not a valid \(scheme) URL")
            }
        } else if url[url.index(after: colon)...].isEmpty {
            throw NativeError(code: "E_INVALID_URL", message: "'\(url.prefix(100))' names no address")
        }
        return url
    }
}
