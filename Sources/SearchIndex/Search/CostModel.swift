/// What each way of finding a query's matches is expected to cost, in µs, from the
/// word list's counts alone, before a row is read. The planner compares these to
/// choose an access path; the constants were measured on `make bench`'s 100k index
/// (release, one core) and their figures are in docs/benchmarks.md, "Figures behind
/// choices in the code".
enum CostModel {
    /// FTS5's merge of a prefix's word lists, per posting: it is linear in them.
    static let mergePerPosting = 0.13
    /// The Swift prefix check of one row's heavy fields, candidate lookup included.
    static let heavyCheckPerRow = 5.0
    /// The Swift prefix check of one row's description and text content.
    static let bodyCheckPerRow = 8.0
    /// One step of either list in a walk of the complete terms beside `items_head`.
    static let walkPerStep = 0.15
    /// The Swift check of a typo plan's prefix, per match of its complete terms: one
    /// read of the row's text fields and a scan of their word starts. Set a little
    /// above where callgrind shows it even with the merge, since a check reads rows
    /// scattered over the table where the merge reads lists in order.
    static let typoCheckPerRow = 3.0
    /// The share of a prefix's postings found in the heavy fields (title, names,
    /// keywords): about a fifth.
    static let heavyShare = 0.2
    /// Rows the Swift check reads before it gives up for a walk of both lists: an
    /// estimate that wrong (a prefix rare among the matches) is not worth following.
    static let verifiedScanBudget = 2000
    /// The fewest rows of the complete terms a walk of both lists reads before it checks
    /// whether its heavy matches will fill the page.
    static let walkProbeRows = 200

    /// The expected cost of each way to find a short prefix after complete terms.
    struct PrefixPathCosts {
        var check: Double
        var walk: Double
        var merge: Double

        var cheapest: MatchPlan.PrefixPath {
            if walk < check && walk < merge { return .headWalk }
            return check < merge ? .swiftCheck : .merge
        }
    }

    /// What each way to find a short prefix after complete terms is expected to cost (the
    /// planner takes ``PrefixPathCosts/cheapest``), from the prefix's postings (the summed
    /// item counts of its words), an upper bound on the complete terms' matches (`nil`
    /// when unknown) and the item count.
    ///
    /// The Swift check wins for a frequent prefix after few matches (`house a`) or after
    /// a rare word (`wrecking sta`), the walk for a frequent word and a prefix frequent
    /// in titles (`the tra`), FTS5's merge for a prefix rare in titles (`the x`).
    ///
    /// A row holds the prefix in a heavy field with a chance of ``heavyShare`` of its
    /// postings over the items, and in the body with postings over items. The check
    /// reads `want / heavy chance` rows (or all the complete terms' matches when fewer),
    /// then the body of those rows until `want` are found. The walk is possible only
    /// when the heavy fields are expected to hold `want` matches (else FTS5 is asked for
    /// the whole expression after all), and it steps on to the count cap. A prefix past
    /// `items_head`'s prefix index (`prefixIsIndexed` false) first has its words' lists
    /// merged in `items_head`: a fifth of its postings.
    static func prefixPathCosts(prefixPostings: Int, completeRows: Int?, items: Int, want: Int,
                                prefixIsIndexed: Bool = true) -> PrefixPathCosts {
        let items = Double(max(1, items)), postings = Double(prefixPostings), want = Double(want)
        let merge = mergePerPosting * postings
        let headMerge = prefixIsIndexed ? 0 : mergePerPosting * heavyShare * postings
        let heavyChance = min(1, heavyShare * postings / items), bodyChance = min(1, postings / items)
        let rows = Double(completeRows ?? Int(items))

        var check: Double
        let heavyRows = heavyChance > 0 ? min(rows, want / heavyChance) : rows
        let budget = Double(verifiedScanBudget)
        if heavyRows > budget {
            // It gives up, then both lists are walked side by side.
            check = heavyCheckPerRow * budget + headMerge + walkPerStep * heavyRows
        } else {
            check = heavyCheckPerRow * heavyRows
            let heavyFound = heavyRows * heavyChance
            if heavyFound < want {
                let bodyRows = bodyChance > 0 ? min(rows - heavyFound, (want - heavyFound) / bodyChance) : rows - heavyFound
                check += bodyCheckPerRow * bodyRows
            }
        }

        // A count's steps compute no locator and cost less, but are priced as walk
        // steps: the walk keeps only the first `want` heavy matches where FTS5's merge
        // keeps every heavy row however deep, so the walk must not win close calls.
        var walk = Double.infinity
        let heavyMatches = rows * heavyChance
        if heavyMatches >= want {
            let headRows = min(items, heavyShare * postings)
            let counted = min(heavyMatches, Double(SearchableIndex.totalCountCap))
            walk = headMerge + walkPerStep * counted / heavyMatches * (rows + headRows)
        }
        return PrefixPathCosts(check: check, walk: walk, merge: merge)
    }

    /// Whether checking a typo plan's prefix in Swift on its complete terms' matches (at
    /// most `rows`) is expected to cost less than FTS5's merge of the prefix's
    /// `prefixPostings`; never past ``verifiedScanBudget`` rows.
    static func checksTypoPrefix(rows: Int, prefixPostings: Int) -> Bool {
        rows <= verifiedScanBudget && typoCheckPerRow * Double(rows) < mergePerPosting * Double(prefixPostings)
    }

    /// Whether the typo pass of a prefix typed alone (ORed with its alternatives) walks
    /// `items_fts` once instead of asking `items_head` first: when its heavy matches are
    /// not expected to fill the page, the head-first order would merge every
    /// alternative's lists three times (head scan, full scan, count).
    static func mergesPrefixAlone(postings: Int, want: Int) -> Bool {
        heavyShare * Double(postings) < Double(want)
    }
}
