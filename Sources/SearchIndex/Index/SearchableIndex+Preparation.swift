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

    /// Reads the word list typo tolerance uses (see ``Vocabulary``), so that the first
    /// search does not wait for it. An app that opens an existing index at start calls
    /// this on a background thread; a search that comes first waits for the read in
    /// progress instead of making a second one.
    public func prepareWordList() {
        _ = try? store.read { try vocabulary.snapshot($0) }
    }
}
