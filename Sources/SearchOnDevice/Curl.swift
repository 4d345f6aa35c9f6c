import CCurlCalls
import Glibc

/// The few functions of libcurl's easy interface that ``WebImageDownload`` uses,
/// loaded with `dlopen` on the first web image.
///
/// Linking FoundationNetworking (`URLSession`) instead pulled libcurl and some 35
/// more libraries (TLS, Kerberos, LDAP, …) into every start of `searchlight`, whose
/// symbol binding cost ~15 ms before `main`; most runs fetch no web image at all.
///
/// The option and info numbers are libcurl's stable ABI (`curl/curl.h`). Its two
/// variadic functions, `curl_easy_setopt` and `curl_easy_getinfo`, are called through
/// the C functions of the CCurlCalls target, which call them as variadic functions.
final class Curl: @unchecked Sendable {
    typealias Handle = UnsafeMutableRawPointer
    /// `size_t write(char *data, size_t size, size_t count, void *context)`.
    typealias WriteFunction = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    // Options: CURLOPTTYPE_LONG 0, _OBJECTPOINT 10000, _FUNCTIONPOINT 20000, _OFF_T 30000.
    static let optionWriteData: Int32 = 10001
    static let optionURL: Int32 = 10002
    static let optionUserAgent: Int32 = 10018
    static let optionFollowLocation: Int32 = 52
    static let optionMaximumRedirects: Int32 = 68
    static let optionNoSignal: Int32 = 99
    static let optionAcceptEncoding: Int32 = 10102
    static let optionTimeoutMilliseconds: Int32 = 155
    static let optionConnectTimeoutMilliseconds: Int32 = 156
    static let optionProtocols: Int32 = 181
    static let optionRedirectProtocols: Int32 = 182
    static let optionWriteFunction: Int32 = 20011
    /// `CURLPROTO_HTTP | CURLPROTO_HTTPS`.
    static let httpProtocols = 3

    // Infos: CURLINFO_STRING 0x100000, _LONG 0x200000, _OFF_T 0x600000.
    static let infoResponseCode: Int32 = 0x200002
    static let infoContentType: Int32 = 0x100012
    static let infoContentLength: Int32 = 0x60000F

    // Results.
    static let ok: Int32 = 0
    static let writeError: Int32 = 23
    static let timedOut: Int32 = 28

    /// libcurl, loaded and initialized once; or why it cannot be.
    static let shared: Result<Curl, ThumbnailFetcher.Failure> = load()

    private let easyInit: @convention(c) () -> Handle?
    /// `curl_easy_setopt` and `curl_easy_getinfo`, for the shims.
    private let setOption: UnsafeMutableRawPointer
    private let getInfo: UnsafeMutableRawPointer
    private let easyPerform: @convention(c) (Handle?) -> Int32
    private let easyCleanup: @convention(c) (Handle?) -> Void
    private let easyStrerror: @convention(c) (Int32) -> UnsafePointer<CChar>?

    private init(library: UnsafeMutableRawPointer) throws(ThumbnailFetcher.Failure) {
        func symbol<T>(_ name: String, as type: T.Type) throws(ThumbnailFetcher.Failure) -> T {
            guard let address = dlsym(library, name) else {
                throw ThumbnailFetcher.Failure(reason: "libcurl has no \(name)")
            }
            return unsafeBitCast(address, to: type)
        }
        easyInit = try symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self)
        setOption = try symbol("curl_easy_setopt", as: UnsafeMutableRawPointer.self)
        getInfo = try symbol("curl_easy_getinfo", as: UnsafeMutableRawPointer.self)
        easyPerform = try symbol("curl_easy_perform", as: (@convention(c) (Handle?) -> Int32).self)
        easyCleanup = try symbol("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self)
        easyStrerror = try symbol("curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self)
        let globalInit = try symbol("curl_global_init", as: (@convention(c) (Int) -> Int32).self)
        let code = globalInit(3)  // CURL_GLOBAL_ALL
        guard code == Self.ok else {
            throw ThumbnailFetcher.Failure(reason: "libcurl did not initialize (code \(code))")
        }
    }

    private static func load() -> Result<Curl, ThumbnailFetcher.Failure> {
        // libcurl4 (OpenSSL) or libcurl3-gnutls: the Debian packages of libcurl.
        for name in ["libcurl.so.4", "libcurl-gnutls.so.4"] {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            do throws(ThumbnailFetcher.Failure) {
                return .success(try Curl(library: library))
            } catch {
                return .failure(error)
            }
        }
        return .failure(ThumbnailFetcher.Failure(reason: "web images need libcurl (libcurl.so.4), which is not installed"))
    }

    /// A new easy handle, or nil when libcurl cannot make one.
    func makeHandle() -> Handle? { easyInit() }

    func cleanup(_ handle: Handle) { easyCleanup(handle) }

    /// Sets a string option; libcurl copies the string.
    @discardableResult
    func set(_ handle: Handle, _ option: Int32, _ value: String) -> Int32 {
        value.withCString { searchlight_curl_setopt_pointer(setOption, handle, option, $0) }
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Int32, _ value: Int) -> Int32 {
        searchlight_curl_setopt_long(setOption, handle, option, value)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Int32, pointer: UnsafeRawPointer?) -> Int32 {
        searchlight_curl_setopt_pointer(setOption, handle, option, pointer)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Int32, function: WriteFunction) -> Int32 {
        searchlight_curl_setopt_write_function(setOption, handle, option, function)
    }

    func perform(_ handle: Handle) -> Int32 { easyPerform(handle) }

    /// A `long` info (the response code), 0 when libcurl has none.
    func longInfo(_ handle: Handle, _ info: Int32) -> Int {
        var value = 0
        return searchlight_curl_getinfo(getInfo, handle, info, &value) == Self.ok ? value : 0
    }

    /// A `curl_off_t` info (the announced content length), -1 when unknown.
    func offsetInfo(_ handle: Handle, _ info: Int32) -> Int64 {
        var value: Int64 = -1
        return searchlight_curl_getinfo(getInfo, handle, info, &value) == Self.ok ? value : -1
    }

    /// A string info (the content type), nil when the response has none.
    func stringInfo(_ handle: Handle, _ info: Int32) -> String? {
        var value: UnsafePointer<CChar>?
        guard searchlight_curl_getinfo(getInfo, handle, info, &value) == Self.ok, let value else { return nil }
        return String(cString: value)
    }

    /// libcurl's description of a result code (`Couldn't connect to server`).
    func describe(_ code: Int32) -> String {
        easyStrerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"
    }
}
