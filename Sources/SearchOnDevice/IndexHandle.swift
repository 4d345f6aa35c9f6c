import JSHost
import SearchIndex
import Synchronization

/// The module's index, opened on first use so that a script that never calls
/// `SearchOnDevice` creates no files.
///
/// Opening is retried on the next call after a failure (the data directory may become
/// writable). ``onOpen`` runs once, after the first successful open, on the opening
/// thread: the module sends `onReindexRequest` from it when the index was reset.
final class IndexHandle: Sendable {
    private let opener: @Sendable () throws -> SearchableIndex
    private let onOpen: @Sendable (SearchableIndex) -> Void
    private let opened = Mutex<SearchableIndex?>(nil)
    /// Where the index lives, for error messages.
    let directory: String

    init(directory: String, opener: @escaping @Sendable () throws -> SearchableIndex,
         onOpen: @escaping @Sendable (SearchableIndex) -> Void) {
        self.directory = directory
        self.opener = opener
        self.onOpen = onOpen
    }

    /// The index if it has been opened; never opens it.
    var openedIndex: SearchableIndex? {
        opened.withLock { $0 }
    }

    /// The open index, opening it now if needed.
    ///
    /// - Throws: `E_INDEX_UNAVAILABLE` naming the directory and the reason.
    func get() throws(NativeError) -> SearchableIndex {
        let result = opened.withLock { (current) -> Result<(SearchableIndex, Bool), NativeError> in
            if let current { return .success((current, false)) }
            do {
                let index = try opener()
                current = index
                return .success((index, true))
            } catch let error as IndexError {
                return .failure(NativeError(code: IndexError.indexUnavailable,
                                            message: "cannot open the index in \(directory): \(error.message)"))
            } catch {
                return .failure(NativeError(code: IndexError.indexUnavailable,
                                            message: "cannot open the index in \(directory): \(error)"))
            }
        }
        let (index, isNew) = try result.get()
        if isNew { onOpen(index) }
        return index
    }
}
