"""The established engines, on the same items and queries as Searchlight.

Every engine gets the same three fields (title, description, long text) with the same
weights (3, 2, 1: title first), ANDs the query's terms, and treats the last term as a
prefix, as a search-as-you-type box does (the queries do not say which group they come
from). CJK text: Xapian segments it itself (FLAG_CJK_NGRAM); FTS5 and tantivy have no
CJK segmentation, so the harness indexes CJK runs as overlapping bigrams and turns a
CJK query into a phrase of its bigrams (exact substring matching, what Lucene's
CJKAnalyzer does).

`python3 engines.py ENGINE CORPUS QUERIES OUT WORKDIR` indexes the corpus, runs every
query (a warm-up pass over the first 50, then 3 passes over all, each call timed from
the call to the ids of the top 10; a query's time is its median of the 3) and writes `{engine: {configuration: [{id, hits, ms}]}}`.
"""
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import text  # noqa: E402

WEIGHTS = (3, 2, 1)
FIELDS = ("title", "description", "textContent")
LIMIT = 10
PASSES = 3  # each query's time is the median of this many passes over all queries


def typo_budget(word):
    """Edits forgiven in a word, by SPEC §5's rule (also the one tantivy is given)."""
    n = len(word)
    return 0 if n < 5 else 1 if n <= 8 else 2


class FTS5:
    """SQLite FTS5 (the system's libsqlite3 through Python's sqlite3), bm25 ranking."""
    configurations = ("bm25",)

    def __init__(self, workdir):
        import sqlite3
        self.version = "SQLite " + sqlite3.sqlite_version
        path = os.path.join(workdir, "fts5.sqlite3")
        if os.path.exists(path):
            os.remove(path)
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, description, body, "
                        "tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')")

    def index(self, items):
        rows = ((i["id"], text.spaced_bigrams(i.get("title", "")), text.spaced_bigrams(i.get("description", "")),
                 text.spaced_bigrams(i.get("textContent", ""))) for i in items)
        with self.db:
            self.db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?)", rows)
            self.db.execute("INSERT INTO docs(docs) VALUES ('optimize')")

    @staticmethod
    def match_expression(query):
        parts = []
        pieces = text.segments(query)
        for k, (kind, piece) in enumerate(pieces):
            if kind == "cjk":
                parts.append('"' + " ".join(text.bigrams(piece)) + '"')
            elif k == len(pieces) - 1:
                parts.append('"' + piece + '"*')
            else:
                parts.append('"' + piece + '"')
        return " AND ".join(parts)

    def search(self, query, configuration):
        expression = self.match_expression(query)
        if not expression:
            return []
        sql = "SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, %d, %d, %d) LIMIT %d" % (WEIGHTS + (LIMIT,))
        return [row[0] for row in self.db.execute(sql, (expression,))]


class Xapian:
    """Xapian (python3-xapian), BM25, English stemming, CJK n-grams; with and without
    its spelling correction (FLAG_SPELLING_CORRECTION: when the query finds nothing and
    the parser offers a corrected query, the corrected one is run, as a "did you mean"
    box does; run always, the correction also rewrites correct words, "apps" to "apis")."""
    configurations = ("plain", "spelling")

    def __init__(self, workdir):
        import xapian
        self.xapian = xapian
        self.version = "Xapian " + xapian.version_string()
        path = os.path.join(workdir, "xapian")
        shutil.rmtree(path, ignore_errors=True)
        self.db = xapian.WritableDatabase(path, xapian.DB_CREATE_OR_OVERWRITE)

    def index(self, items):
        xapian = self.xapian
        generator = xapian.TermGenerator()
        generator.set_stemmer(xapian.Stem("english"))
        generator.set_database(self.db)
        generator.set_flags(xapian.TermGenerator.FLAG_SPELLING | xapian.TermGenerator.FLAG_CJK_NGRAM)
        self.db.begin_transaction()
        for item in items:
            document = xapian.Document()
            generator.set_document(document)
            for field, weight in zip(FIELDS, WEIGHTS):
                generator.index_text(item.get(field, ""), weight)
                generator.increase_termpos()
            document.set_data(item["id"])
            self.db.add_document(document)
        self.db.commit_transaction()
        self.db.commit()
        self.parser = xapian.QueryParser()
        self.parser.set_stemmer(xapian.Stem("english"))
        self.parser.set_stemming_strategy(xapian.QueryParser.STEM_SOME)
        self.parser.set_database(self.db)
        self.parser.set_default_op(xapian.Query.OP_AND)
        self.enquire = xapian.Enquire(self.db)

    def search(self, query, configuration):
        xapian = self.xapian
        # The user's words separated by spaces: the parser's syntax (a hyphen makes a
        # phrase, FLAG_PARTIAL then does not apply) is not what a search box types.
        typed = " ".join(piece for _, piece in text.segments(query))
        flags = (xapian.QueryParser.FLAG_DEFAULT | xapian.QueryParser.FLAG_PARTIAL | xapian.QueryParser.FLAG_CJK_NGRAM)
        if configuration == "spelling":
            flags |= xapian.QueryParser.FLAG_SPELLING_CORRECTION
        self.enquire.set_query(self.parser.parse_query(typed, flags))
        hits = [match.document.get_data().decode("utf-8") for match in self.enquire.get_mset(0, LIMIT)]
        if not hits and configuration == "spelling":
            corrected = self.parser.get_corrected_query_string()
            if corrected:
                self.enquire.set_query(self.parser.parse_query(corrected.decode("utf-8"), flags & ~xapian.QueryParser.FLAG_SPELLING_CORRECTION))
                hits = [match.document.get_data().decode("utf-8") for match in self.enquire.get_mset(0, LIMIT)]
        return hits


class Tantivy:
    """tantivy (PyPI `tantivy`), BM25 per field with boosts; the configuration `fuzzy`
    adds, for each term, fuzzy term queries with SPEC §5's edit budget (transpositions
    one edit; prefix Levenshtein for the last term) below the exact match."""
    configurations = ("exact", "fuzzy")

    def __init__(self, workdir):
        import tantivy
        self.tantivy = tantivy
        self.version = "tantivy-py " + getattr(tantivy, "__version__", "?")
        path = os.path.join(workdir, "tantivy")
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path)
        builder = tantivy.SchemaBuilder()
        builder.add_text_field("id", stored=True, tokenizer_name="raw")
        for field in ("title", "description", "body"):
            builder.add_text_field(field, tokenizer_name="folded")
        self.schema = builder.build()
        self.index_ = tantivy.Index(self.schema, path=path)
        analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple()).filter(tantivy.Filter.remove_long(40))
                    .filter(tantivy.Filter.lowercase()).filter(tantivy.Filter.ascii_fold()).build())
        self.index_.register_tokenizer("folded", analyzer)

    def index(self, items):
        tantivy = self.tantivy
        # One indexing thread: with two, documents land in segments in a varying order, and
        # so do ties of equal score (tantivy breaks them by document address).
        writer = self.index_.writer(heap_size=256_000_000, num_threads=1)
        for item in items:
            writer.add_document(tantivy.Document(id=item["id"], title=text.spaced_bigrams(item.get("title", "")),
                                                 description=text.spaced_bigrams(item.get("description", "")),
                                                 body=text.spaced_bigrams(item.get("textContent", ""))))
        writer.commit()
        writer.wait_merging_threads()
        self.index_.reload()
        self.searcher = self.index_.searcher()

    def term(self, field, word, last, fuzzy):
        Q, Occur = self.tantivy.Query, self.tantivy.Occur
        options = [(Occur.Should, Q.term_query(self.schema, field, word))]
        if last:
            options.append((Occur.Should, Q.boost_query(Q.fuzzy_term_query(self.schema, field, word, distance=0, prefix=True), 0.5)))
        budget = typo_budget(word) if fuzzy else 0
        if budget:
            options.append((Occur.Should, Q.boost_query(
                Q.fuzzy_term_query(self.schema, field, word, distance=budget, transposition_cost_one=True, prefix=last), 0.3)))
        return Q.boolean_query(options)

    def search(self, query, configuration):
        Q, Occur = self.tantivy.Query, self.tantivy.Occur
        pieces = text.segments(query)
        clauses = []
        for k, (kind, piece) in enumerate(pieces):
            per_field = []
            for field, weight in zip(("title", "description", "body"), WEIGHTS):
                if kind == "cjk":
                    grams = text.bigrams(piece)
                    q = Q.term_query(self.schema, field, grams[0]) if len(grams) == 1 else Q.phrase_query(self.schema, field, grams)
                else:
                    q = self.term(field, piece, k == len(pieces) - 1, configuration == "fuzzy")
                per_field.append((Occur.Should, Q.boost_query(q, float(weight))))
            clauses.append((Occur.Must, Q.boolean_query(per_field)))
        if not clauses:
            return []
        result = self.searcher.search(Q.boolean_query(clauses), LIMIT)
        return [self.searcher.doc(address)["id"][0] for _, address in result.hits]


ENGINES = {"fts5": FTS5, "xapian": Xapian, "tantivy": Tantivy}


def run(name, corpus_path, queries_path, out_path, workdir):
    with open(corpus_path, encoding="utf-8") as f:
        items = json.load(f)["items"]
    with open(queries_path, encoding="utf-8") as f:
        queries = json.load(f)
    engine = ENGINES[name](workdir)
    start = time.perf_counter()
    engine.index(items)
    index_seconds = time.perf_counter() - start
    del items
    results = {}
    for configuration in engine.configurations:
        for query in queries[:50]:
            engine.search(query["text"], configuration)
        rows = [{"id": query["id"], "times": []} for query in queries]
        for _ in range(PASSES):
            for query, row in zip(queries, rows):
                start = time.perf_counter()
                row["hits"] = engine.search(query["text"], configuration)
                row["times"].append((time.perf_counter() - start) * 1e3)
        for row in rows:
            row["ms"] = sorted(row.pop("times"))[PASSES // 2]
        results[configuration] = rows
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump({"engine": name, "version": engine.version, "indexSeconds": index_seconds, "results": results}, f)


if __name__ == "__main__":
    run(*sys.argv[1:6])
