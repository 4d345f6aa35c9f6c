import CWebKit
import Foundation

/// Serves ``AppAssets`` to the page as `searchlight-asset:///NAME` (WebKit's custom
/// URI scheme on the default web context, which the window's view uses). The file is
/// read off the GTK main thread; the request is finished back on it.
enum AssetScheme {
    private final class Registration {
        let assets: AppAssets
        init(_ assets: AppAssets) { self.assets = assets }
    }

    /// A request kept alive while its file is read.
    private final class PendingRequest: @unchecked Sendable {
        let request: UnsafeMutablePointer<WebKitURISchemeRequest>
        init(_ request: UnsafeMutablePointer<WebKitURISchemeRequest>) {
            self.request = request
            g_object_ref(UnsafeMutableRawPointer(request))
        }
        deinit { g_object_unref(UnsafeMutableRawPointer(request)) }
    }

    private static var registered = false

    /// Registers the scheme for the app's directory; once per process (WebKit keeps a
    /// scheme for the context's lifetime). Call on the main thread.
    static func register(directory: String) {
        guard !registered else { return }
        registered = true
        let registration = Unmanaged.passRetained(Registration(AppAssets(directory: directory))).toOpaque()
        let handler: @convention(c) (UnsafeMutablePointer<WebKitURISchemeRequest>?, gpointer?) -> Void = { request, data in
            guard let request else { return }
            let assets = Unmanaged<Registration>.fromOpaque(data!).takeUnretainedValue().assets
            let path = webkit_uri_scheme_request_get_path(request).map { String(cString: $0) } ?? ""
            let pending = PendingRequest(request)
            DispatchQueue.global(qos: .userInitiated).async {
                let result: Result<(bytes: Data, mimeType: String), AppAssets.Failure>
                if let name = AppAssets.name(fromPath: path) {
                    result = Result { () throws(AppAssets.Failure) in try assets.read(name) }
                } else {
                    result = .failure(.invalidName(path))
                }
                MainThread.async { AssetScheme.finish(pending, with: result) }
            }
        }
        webkit_web_context_register_uri_scheme(webkit_web_context_get_default(), AppAssets.scheme, handler, registration, nil)
    }

    private static func finish(_ pending: PendingRequest, with result: Result<(bytes: Data, mimeType: String), AppAssets.Failure>) {
        switch result {
        case .success(let picture):
            let bytes = picture.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            let stream = g_memory_input_stream_new_from_bytes(bytes)
            webkit_uri_scheme_request_finish(pending.request, stream, gint64(picture.bytes.count), picture.mimeType)
            g_object_unref(UnsafeMutableRawPointer(stream))
            g_bytes_unref(bytes)
        case .failure(let failure):
            let error = g_error_new_literal(g_quark_from_static_string("searchlight-asset"), failure.code, failure.message)
            webkit_uri_scheme_request_finish_error(pending.request, error)
            g_error_free(error)
        }
    }
}
