/// One way of finding a plan's matches, as the executor runs it, with the step it
/// takes when this one gives up. The first step follows from the planner's choices in
/// ``MatchPlan`` (made once, before a row is read); a step that gives up never changes
/// the plan, the executor takes its ``fallback``.
enum AccessStep: Equatable {
    /// A typo plan's complete terms drive and their rows' text is searched for the
    /// prefix in Swift (``MatchPlan/checksTypoPrefix``); gives up past
    /// ``CostModel/verifiedScanBudget`` rows.
    case typoPrefixCheck
    /// The complete terms drive and ``PrefixVerifier`` checks the prefix in Swift;
    /// gives up past ``CostModel/verifiedScanBudget`` rows (the estimate was wrong).
    case swiftCheck
    /// The complete terms' matches and the prefix's in `items_head` walked side by side;
    /// with `expectedRows` (the cost rule's bound), gives up when its heavy matches will
    /// not fill the page.
    case headWalk(expectedRows: Int?)
    /// FTS5 answers as the plan's shape asks (its merge in one walk, `items_head` first,
    /// or two passes); never gives up.
    case fts

    /// The first step of a plan.
    init(plan: MatchPlan) {
        if plan.checksTypoPrefix != nil {
            self = .typoPrefixCheck
            return
        }
        switch plan.prefixPath {
        case .swiftCheck: self = .swiftCheck
        case .headWalk: self = .headWalk(expectedRows: plan.walkExpectsRows)
        case .merge: self = .fts
        }
    }

    /// The step taken when this one gives up; `nil` for a step that cannot.
    var fallback: AccessStep? {
        switch self {
        case .typoPrefixCheck: return .fts
        case .swiftCheck: return .headWalk(expectedRows: nil)
        case .headWalk(let expectedRows): return expectedRows == nil ? nil : .fts
        case .fts: return nil
        }
    }

    /// How this step finds a prefix after complete terms, for the sources it asks.
    var prefixPath: MatchPlan.PrefixPath {
        switch self {
        case .swiftCheck: return .swiftCheck
        case .headWalk: return .headWalk
        case .typoPrefixCheck, .fts: return .merge
        }
    }
}
