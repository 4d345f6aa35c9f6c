import CWebKit
import Foundation
import JSHost

/// `NativeModules.SearchlightDesktop`: what the page's `Clipboard`, `Linking` and
/// `Share` need from the desktop — the GTK clipboard and the desktop's handler for a
/// URL (GIO's default application for its scheme).
///
/// The window host calls module methods on the GTK main thread, the only thread that
/// may touch GTK; nothing here blocks it (the clipboard and launching answer through
/// GTK/GIO callbacks on the same thread).
public final class DesktopModule: NativeModule, @unchecked Sendable {
    public let name = "SearchlightDesktop"

    /// The schemes `openURL` hands to the desktop, as React Native's Linking documents
    /// them (web pages, mail, phone and text messages).
    static let schemes: Set<String> = ["http", "https", "mailto", "tel", "sms"]

    public init() {}

    public var methods: [NativeMethod] {
        [
            .sync("setClipboardString") { args in
                guard let text = args.first?.stringValue else {
                    throw NativeError.invalidArgument("content", "must be a string, got \(Self.describe(args.first))")
                }
                gtk_clipboard_set_text(Self.clipboard, text, -1)
                return .undefined
            },
            .promise("getClipboardString") { _, promise in
                let box = CallbackBox<String?> { text in promise.resolve(.string(text ?? "")) }
                gtk_clipboard_request_text(Self.clipboard, { _, text, data in
                    CallbackBox<String?>.take(data).body(text.map { String(cString: $0) })
                }, box.retainedPointer)
            },
            .sync("canOpenURL") { args in
                let url = try Self.url(args.first)
                guard let scheme = Self.scheme(of: url), Self.schemes.contains(scheme), Self.isComplete(url, scheme: scheme) else { return .bool(false) }
                guard let info = g_app_info_get_default_for_uri_scheme(scheme) else { return .bool(false) }
                g_object_unref(UnsafeMutableRawPointer(info))
                return .bool(true)
            },
            .promise("openURL") { args, promise in
                let url = try Self.url(args.first)
                guard let scheme = Self.scheme(of: url), Self.schemes.contains(scheme), Self.isComplete(url, scheme: scheme) else {
                    throw NativeError(code: "E_INVALID_URL",
                                      message: "Linking.openURL opens complete http(s), mailto, tel and sms URLs on the desktop, got '\(url)'")
                }
                let box = CallbackBox<OpaquePointer?> { result in
                    var error: UnsafeMutablePointer<GError>?
                    if g_app_info_launch_default_for_uri_finish(result, &error) != 0 {
                        promise.resolve(.bool(true))
                    } else {
                        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                        g_clear_error(&error)
                        promise.reject(NativeError(code: "E_NO_HANDLER", message: "no application opened '\(url)': \(message)"))
                    }
                }
                g_app_info_launch_default_for_uri_async(url, nil, nil, { _, result, data in
                    CallbackBox<OpaquePointer?>.take(data).body(result)
                }, box.retainedPointer)
            },
        ]
    }

    private static var clipboard: OpaquePointer? {
        gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))
    }

    private static func url(_ value: BridgeValue?) throws -> String {
        guard let url = value?.stringValue, !url.isEmpty else {
            throw NativeError(code: "E_INVALID_URL", message: "url: must be a non-empty string, got \(describe(value))")
        }
        return url
    }

    /// Whether `url` has what its scheme needs: a host for http(s), something after the colon otherwise.
    static func isComplete(_ url: String, scheme: String) -> Bool {
        if scheme == "http" || scheme == "https" {
            guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else { return false }
            return true
        }
        return url.count > scheme.count + 1
    }

    /// The URL's scheme, lowercased, or nil when it has none.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), colon > url.startIndex else { return nil }
        let scheme = url[..<colon]
        guard scheme.first!.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        return scheme.lowercased()
    }

    private static func describe(_ value: BridgeValue?) -> String {
        guard let value else { return "nothing" }
        return value.jsonText
    }
}
