// swift-tools-version:6.0
//
// Searchlight: iOS-style on-device app search (CoreSpotlight, NSUserActivity,
// search continuation) for Linux apps with a JavaScript front end.
//
// Layers, bottom to top (no import points up):
//   C shims            CSQLite, CGLib, CJavaScriptCore, CCurlCalls, CWebKit
//   side by side       SearchIndex (knows nothing of JS)   JSHost (knows nothing of search)
//   glue               SearchOnDevice (the native module joining them)
//   on top             SystemSearch (D-Bus providers), WindowHost (GTK + WebKitGTK window),
//                      SearchlightCLI (`searchlight`), SearchlightWindow (`searchlight-window`,
//                      the window's process, exec'd by `searchlight run --window`)
import PackageDescription

let package = Package(
    name: "Searchlight",
    products: [
        .executable(name: "searchlight", targets: ["SearchlightCLI"]),
        // `run --window`'s process (`searchlight` execs it), the only one loading WebKitGTK.
        .executable(name: "searchlight-window", targets: ["SearchlightWindow"]),
        .library(name: "SearchIndex", targets: ["SearchIndex"]),
        .library(name: "JSHost", targets: ["JSHost"]),
    ],
    targets: [
        // MARK: C libraries from Debian
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // The window host: a GTK 3 window holding a WebKitGTK web view (SPEC §7).
        .systemLibrary(
            name: "CWebKit",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev"])]
        ),
        // libcurl is loaded with dlopen on the first web image; this only calls its
        // variadic functions, which Swift cannot.
        .target(name: "CCurlCalls"),

        // MARK: Side by side
        .target(name: "SearchIndex", dependencies: ["CSQLite"]),
        .target(name: "JSHost", dependencies: ["CJavaScriptCore", "CGLib"]),

        // MARK: Glue and top
        .target(name: "SearchOnDevice", dependencies: ["JSHost", "SearchIndex", "CCurlCalls"]),
        .target(name: "SystemSearch", dependencies: ["SearchIndex", "CGLib"]),
        // The window host knows native modules (JSHost's protocol), not search.
        // Swift 5 mode: GTK's callbacks and objects are main-thread-only C, which
        // Swift 6's checking cannot see (MainThread.swift keeps them there).
        .target(name: "WindowHost", dependencies: ["JSHost", "CWebKit"],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "SearchlightCLI",
            dependencies: ["JSHost", "SearchIndex", "SearchOnDevice", "SystemSearch"]
        ),
        .executableTarget(
            name: "SearchlightWindow",
            dependencies: ["JSHost", "SearchIndex", "SearchOnDevice", "SystemSearch", "WindowHost"]
        ),

        // MARK: Benchmarks (`make bench`, release build)
        .executableTarget(
            name: "SearchlightBench",
            dependencies: ["SearchIndex", "JSHost", "SearchOnDevice", "CSQLite"],
            path: "bench",
            exclude: ["js", "dbus", "relevance", "window", "compare"]
        ),

        // MARK: Tests
        // Finds the built `searchlight` for the tests that run it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SearchIndexTests", dependencies: ["SearchIndex"], exclude: ["Fixtures"]),
        .testTarget(name: "JSHostTests", dependencies: ["JSHost", "TestSupport"]),
        .testTarget(name: "SearchOnDeviceTests", dependencies: ["SearchOnDevice", "JSHost", "SearchIndex", "TestSupport"]),
        .testTarget(name: "SystemSearchTests", dependencies: ["SystemSearch", "SearchIndex", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["SearchlightCLI", "TestSupport"]),
    ]
)
