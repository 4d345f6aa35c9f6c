/// The database schema: the `items` table (the seam the query language compiles
/// against), its contentless FTS5 index, engagements and settings.
///
/// `items` keeps the exact column names the query-language compiler uses
/// (`items.title`, `items.keywords` as a JSON array, dates as ms since the epoch…).
/// Columns after `attributes` are the index's own.
///
/// `items_fts` lives in a file of its own, `fulltext.sqlite3` (see ``FullTextWriter``),
/// written on its own thread while the writer connection stores the rows and
/// `items_head`; readers attach it as `fulltext`, so queries name it unqualified.
///
/// `items_fts` is contentless (`content=''`): text is stored once, in `items`. A
/// contentless table can only delete a row when given the values it was indexed with,
/// so ``FTSRow`` derives them from `items` the same way for inserts and deletes.
/// `items_head` indexes the short, heavy fields again (title, names, keywords) with a
/// prefix index for 1–3 characters. FTS5 answers a short prefix such as `a*` by merging
/// the lists of every term starting with `a`, too slow for typing at 100k items; a
/// prefix index answers it like one term but costs about a third of the index per
/// prefix length. Kept to the heavy fields, it costs a fraction of what it would on
/// all text (descriptions and text content are most of the words): the 3-character
/// prefixes add about 0.07× of the text to `items_head` (3.6 MB on 54 MB at 100k
/// items), where the same index on `items_fts` added 0.33× (docs/benchmarks.md). A
/// prefix is looked up there first, and in `items_fts` only when the heavy fields do
/// not fill the page (see ``CandidateSearch``); after complete terms, the 3-character
/// index lets `the tra` walk `the`'s matches beside `tra*`'s one list instead of FTS5
/// merging every `tra…` word's list across all text (4 ms at 100k).
///
/// Both tables are `detail=column`: FTS5 records in which columns a row has a token,
/// not where. That is what ranking reads (``MatchLocator``), and it drops the position
/// lists that were most of the index; the price is no phrase queries, so adjacency
/// (`e-mail`, CJK runs) is checked in Swift (``TermMatcher``, ``SearchText``). The FTS
/// writes cost about a fifth less than with `detail=full` and the index is about a
/// tenth smaller (docs/benchmarks.md, "Figures behind choices in the code").
///
/// The FTS rowid is not the item's rowid: it is the item's quality bucket above its
/// `items.rowid` (``FTSRowid``, ``StaticQuality/bucket(rankingHint:engagements:)``), so that
/// `ORDER BY rowid DESC` visits better items first and a search can stop after a few
/// hundred candidates, however many rows a short prefix matches.
///
/// Both FTS tables are built with `columnsize=0`: ranking never asks FTS5 for column
/// sizes (no bm25), and the per-row size records were 4 MB (3%) of a 100k-item index.
///
/// Size notes (100k generated items, 41.5 MB of text): FTS5 stores each doclist entry
/// as a varint delta from the previous rowid, so the rowid layout is paid in every
/// entry that crosses a quality bucket. With `quality << 40` those deltas took 6–7
/// bytes; with `quality << 32` a step of up to 7 buckets takes 5 bytes, of up to 1023
/// 6. The 3,131 buckets (``StaticQuality/bucket(rankingHint:engagements:)``) cost size
/// only where a doclist crosses them: items without hints or engagements all share one.
/// Rowids stay below 2³² (``FTSRowid/maximumItemRowid``); an index never gets
/// near 4 billion items.
enum Schema {
    /// The layout this code writes: `items_fts` in `fulltext.sqlite3`, both FTS tables
    /// `detail=column`, prefixes of 1–3 characters in `items_head`. An index written
    /// with an older layout (1: `detail=full` and 1–3 character prefixes; 2: `items_fts`
    /// inside `index.sqlite3`; 3: prefixes of 1–2 characters in `items_head`; 4: the
    /// FTS rowid's quality bucket the sum of the hint and engagement parts) is migrated
    /// on open by rebuilding its FTS tables from `items`, after refiling every row
    /// under its quality bucket (see ``IndexStore/init(configuration:opening:)``).
    static let version = 5
    /// The `settings` key holding the version an index was written with.
    static let versionKey = "schema_version"

    /// How many segments of one level pile up before they are merged: FTS5's automerge
    /// of `items_head`, and the rule by which the full-text writer merges `items_fts`
    /// between batches (``fullTextAutomerge``).
    ///
    /// 8 rather than FTS5's default, 4: with 4, merging is a large share of an insert's
    /// cost (docs/benchmarks.md, "Figures behind choices in the code"); 8 halves the merge work, for more segments to
    /// read per query (see ``CandidateSearch`` for the latency).
    static let automerge = 8

    /// The bytes of pending terms FTS5 keeps in memory before writing a segment.
    ///
    /// FTS5's default, 1 MB, is less than a 1000-item batch of the benchmark's items
    /// needs (about 0.5 MB of text), so such a batch would be written as several
    /// segments, each merged again later. With 16 MB a batch of that size is one segment,
    /// which makes an insert about a fifth cheaper (docs/benchmarks.md, "Figures behind choices in the code"). Only the
    /// writer holds this memory, only during a batch.
    static let hashSize = 16 * 1024 * 1024

    /// How many segments of one level an FTS `'merge'` command merges at least: 2, so
    /// that an idle index keeps about one segment per level. Only idle maintenance runs
    /// that command (see ``IndexStore/maintenanceStep(writer:fullText:lock:pagesPerStep:)``).
    static let userMerge = 2

    /// The FTS5 tokenizer of both tables and its arguments: `unicode61` splits text
    /// into runs of letters and digits by Unicode class and folds case,
    /// `remove_diacritics 2` folds diacritics too. The search's own checks tokenize
    /// candidates' text with the same one (``FTSTokenizer``).
    static let tokenizer = "unicode61 remove_diacritics 2"

    /// The head table, in `index.sqlite3`: run when it is created.
    static let headStatements = """
    CREATE VIRTUAL TABLE IF NOT EXISTS items_head USING fts5(
        title, names, keywords,
        content='', columnsize=0, detail=column, tokenize='\(tokenizer)', prefix='1 2 3'
    );
    """

    /// The full-text table, in `fulltext.sqlite3`: run when it is created.
    static let fullTextStatements = """
    CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5(
        title, names, keywords, description, text,
        content='', columnsize=0, detail=column, tokenize='\(tokenizer)'
    );
    """

    /// The `fulltext.sqlite3` table recording which write of `index.sqlite3` it matches
    /// (``generationKey``).
    static let fullTextStateStatements = """
    CREATE TABLE IF NOT EXISTS fulltext_state(
        key TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    ) WITHOUT ROWID;
    """

    /// The key, in `settings` (`index.sqlite3`) and in `fulltext_state`
    /// (`fulltext.sqlite3`), of the count of transactions that wrote `items_fts`. Each
    /// such transaction raises it in both files; a crash between the two commits leaves
    /// them different, and the next open rebuilds `items_fts` from `items`.
    static let generationKey = "fulltext_generation"

    /// The `automerge` of `items_fts`: none. Its writer merges between batches instead,
    /// with ``automerge``'s rule (see ``FullTextWriter``); FTS5's `crisismerge` (16
    /// segments of one level) still merges inside a write whose level is full, as when
    /// one call indexes a hundred thousand items.
    static let fullTextAutomerge = 0

    /// Sets an FTS table's persistent options (stored in its `%_config` table).
    static func ftsConfiguration(_ table: String, automerge: Int = automerge) -> String {
        """
        INSERT INTO \(table)(\(table), rank) VALUES ('automerge', \(automerge));
        INSERT INTO \(table)(\(table), rank) VALUES ('hashsize', \(hashSize));
        INSERT INTO \(table)(\(table), rank) VALUES ('usermerge', \(userMerge));
        """
    }

    static let statements = """
    CREATE TABLE IF NOT EXISTS items(
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        domain TEXT NOT NULL,
        title TEXT,
        content_description TEXT,
        keywords TEXT,
        content_type TEXT,
        display_name TEXT,
        alternate_names TEXT,
        text_content TEXT,
        url TEXT,
        ranking_hint REAL,
        content_creation_date REAL,
        content_modification_date REAL,
        expiration_date REAL NOT NULL,
        attributes TEXT,
        kind INTEGER NOT NULL DEFAULT 0,
        phone_numbers TEXT,
        email_addresses TEXT,
        supports_phone_call INTEGER,
        thumbnail TEXT,
        indexed_date REAL NOT NULL,
        fts_rowid INTEGER NOT NULL,
        activity TEXT
    );
    CREATE INDEX IF NOT EXISTS items_domain ON items(domain);
    CREATE INDEX IF NOT EXISTS items_expiration ON items(expiration_date);
    CREATE INDEX IF NOT EXISTS items_activities ON items(kind) WHERE kind = 1;
    \(headStatements)
    CREATE TABLE IF NOT EXISTS engagements(
        id TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        last_date REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS settings(
        key TEXT PRIMARY KEY,
        value TEXT
    ) WITHOUT ROWID;
    """

    /// The `kind` of an app's item.
    static let itemKind: Int64 = 0
    /// The `kind` of a stored, search-eligible user activity.
    static let activityKind: Int64 = 1
}
