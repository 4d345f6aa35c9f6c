// The bridge benchmark: a no-op native call against a raw JavaScriptCore C-API
// callback in the same process, and events per second into a JS listener.
//
// To wire it in, add to Package.swift:
//   .executableTarget(name: "BridgeBenchmark", dependencies: ["JSHost"], path: "bench/bridge")
// and run `swift run -c release BridgeBenchmark [CALLS] [EVENTS]`.
// Until then, see README.md beside this file for a manual build.
import JSHost

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let report = BridgeBenchmark.run(calls: arguments.first ?? 1_000_000, events: arguments.dropFirst().first ?? 500_000)
print(report)
