/// The bounds a query must stay within, so that no input can exhaust the stack,
/// SQLite's expression depth or its number of bound variables.
enum QueryLimits {
    /// The longest accepted query, in UTF-16 code units.
    static let maxLength = 65_536
    /// The deepest accepted nesting of parentheses.
    static let maxDepth = 32
    /// The most comparisons (including `InRange`) in one query.
    static let maxComparisons = 1_000
}
