import Foundation
import SearchIndex

/// How the index commands (`search`, `query`, `stats`, `export`, `import`) open the
/// app's index and report its errors.
enum IndexAccess {
    /// Opens the index in the context's data directory.
    ///
    /// Only `import` creates an index; the reading commands fail when there is none,
    /// so a mistyped `--data-dir` or `--app-id` is reported instead of looking empty.
    static func open(_ context: CommandContext, creating: Bool = false) throws -> SearchableIndex {
        let directory = context.dataDirectory.path
        if !creating, !FileManager.default.fileExists(atPath: directory + "/index.sqlite3") {
            throw CommandFailure("no index in \(directory) (index items with the app, or 'searchlight import FILE')")
        }
        let index: SearchableIndex
        do {
            index = try SearchableIndex(directory: directory, defaultDomain: context.appID)
        } catch let error as IndexError {
            throw CommandFailure("cannot open the index in \(directory): \(error.message)")
        } catch {
            throw CommandFailure("cannot open the index in \(directory): \(error)")
        }
        if index.wasReset {
            standardError("searchlight: warning: the index in \(directory) was corrupt; it was moved aside and started empty")
        }
        return index
    }

    /// Runs an index call, turning its error into a usage error (a bad query,
    /// limit or domain given on the command line: exit 2) or a failure (exit 1).
    @discardableResult
    static func call<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as IndexError {
            switch error.code {
            case IndexError.invalidQuery:
                throw UsageError("invalid query: \(error.message)")
            case IndexError.invalidArgument:
                throw UsageError(error.message)
            default:
                throw CommandFailure("\(error.message) (\(error.code))")
            }
        }
    }

    /// One result as a line, `id<TAB>title<TAB>description`; tabs and line breaks
    /// inside the fields become spaces so that every result stays one line.
    static func line(id: String, title: String?, description: String?) -> String {
        func field(_ text: String?) -> String {
            String((text ?? "").map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }
        return field(id) + "\t" + field(title) + "\t" + field(description)
    }
}
