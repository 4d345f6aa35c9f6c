extension SearchableIndex {
    /// Builds what every search of the process needs once, before the first search asks.
    ///
    /// The first search otherwise builds the text-folding table (about 2 ms, through
    /// Foundation) before it can compare anything. An app that starts with an index
    /// calls this on a background thread while its JS starts; a search that comes
    /// first simply waits for the table instead of building it a second time.
    public static func prepareForSearch() {
        _ = FoldingTable.table(caseInsensitive: true, diacriticInsensitive: true)
    }
}
