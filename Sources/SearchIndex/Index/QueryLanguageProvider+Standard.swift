/// The query-language compiler the index uses unless configured otherwise.
extension QueryLanguageProvider {
    /// `nil` until the query-language module (`Query/`) is part of this target.
    public static let standard: QueryLanguageProvider? = nil
}
