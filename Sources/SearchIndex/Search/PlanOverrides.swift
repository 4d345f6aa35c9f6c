/// Choices a search normally makes by itself, forced one way.
///
/// The access paths are meant to be interchangeable: each finds the same page. Tests
/// prove that by running a query with a path forced and with it ruled out and
/// comparing the pages (`SearchPathTests`). Production code never sets these; the
/// default value leaves every choice to the planner and its cost model.
struct PlanOverrides {
    /// `false` runs the heavy-fields and all-fields passes over `items_fts` as two
    /// queries, counted with a third, instead of one walk of both.
    var walksPassesTogether = true
    /// `false` always runs the exact pass first, even when the word list says the typo
    /// pass's walk would stand in for it.
    var runsTypoPassFirst = true
    /// `false` ranks every candidate instead of leaving unread those whose score bound
    /// cannot reach the page (``ScoreBound``).
    var prunesRanking = true
    /// Whether the typo pass checks a prefix without alternatives in Swift: `nil` when
    /// the cost model expects it to cost less, `true` whenever it can, `false` never.
    var checksTypoPrefix: Bool? = nil
    /// `false` always asks `items_head` first for a prefix typed alone in the typo pass.
    var mergesTypoPrefixAlone = true
    /// `false` leaves every typo row to ranking's own read instead of analyzing it in
    /// the typo walk (``CandidateSearch/WalkAnalysis``).
    var analyzesTypoRowsInTheWalk = true
    /// The way to find a short prefix after complete terms; `nil` chooses by cost.
    var prefixPath: MatchPlan.PrefixPath? = nil
}
