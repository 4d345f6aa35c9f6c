import SearchIndex

extension FuzzSupport {
    /// The configuration of a target's index, in a new directory named after the target.
    ///
    /// Idle maintenance and the head's merging after writes are off: the target is the
    /// code the input reaches, and a maintenance timer still pending when libFuzzer
    /// exits reads as a leak to LeakSanitizer. (Compiled into the targets that link
    /// SearchIndex only.)
    static func indexConfiguration(_ name: String) -> SearchableIndex.Configuration {
        var configuration = SearchableIndex.Configuration(directory: temporaryDirectory(name), defaultDomain: "org.example.fuzz")
        configuration.idleMaintenanceDelay = nil
        configuration.headMergeDelay = nil
        return configuration
    }
}
