import Foundation

// `searchlight-window`: the window of `searchlight run APP --window` and
// `searchlight test --window` (see WindowRequest.swift for why it is its own binary).

func runWindow() -> Int32 {
    var command = "run"
    do {
        let request = try WindowRequest(arguments: Array(CommandLine.arguments.dropFirst()))
        command = request.command
        defer {
            if request.removeDataDirectory { try? FileManager.default.removeItem(atPath: request.dataDirectory) }
        }
        if let app = request.app {
            return try WindowLaunch.run(request, app: app)
        }
        return try WindowLaunch.runTests(request)
    } catch let failure as WindowFailure {
        FileHandle.standardError.write(Data("searchlight \(command): \(failure.message)\n".utf8))
        return 1
    } catch {
        FileHandle.standardError.write(Data("searchlight \(command): \(error)\n".utf8))
        return 1
    }
}

exit(runWindow())
