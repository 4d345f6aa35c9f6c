"""The evaluation's pure parts: `make relevance-test` (no download, no engine)."""
import os
import random
import tempfile
import unittest

import corpus
import metrics
import queries
import text

STANZAS = """Package: zstd
Description-md5: 1
Description-zh_CN: 快速无损压缩程序
 Zstandard 是一个快速的无损压缩算法，针对 zlib 级别的实时压缩场景和更好的
 压缩率。
 .
 第二段

Package: zstd
Description-md5: 2
Description-zh_CN: 另一个版本
 忽略
"""


def synthetic_items(n=400, seed=1):
    rng = random.Random(seed)
    vocabulary = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
                  "kilo", "lima", "database", "reference", "support", "scientific", "network", "library"]
    kana = "あいうえおかきくけこさしすせそたちつてとなにぬねの"
    items = []
    for k in range(n):
        words = " ".join(rng.choice(vocabulary) + str(rng.randint(0, 40)) if rng.random() < 0.3 else rng.choice(vocabulary)
                         for _ in range(12))
        items.append({"id": "en/pkg%d-%s" % (k, rng.choice(vocabulary)), "title": "pkg%d-%s" % (k, rng.choice(vocabulary)),
                      "description": words[:40], "textContent": words})
        if k % 4 == 0:
            items.append({"id": "ja/pkg%d" % k, "title": "".join(rng.choice(kana) for _ in range(8)),
                          "description": "".join(rng.choice(kana) for _ in range(30))})
        if k % 8 == 0:
            items.append({"id": "zh/pkg%d" % k, "title": "".join(rng.choice("压缩程序快速无损算法实时") for _ in range(8)),
                          "description": "".join(rng.choice("压缩程序快速无损算法实时场景更好") for _ in range(30))})
    return items


MISSPELLINGS = {"database": ["databse", "dabase"], "reference": ["refence"], "support": ["suport"], "scientific": ["scientfic"]}
SIZES = {"known": 30, "prefix": 30, "typo": 20, "ja": 20, "zh": 10}


class QueryGeneration(unittest.TestCase):
    def test_the_same_seed_makes_the_same_queries_and_another_seed_others(self):
        items = synthetic_items()
        first = queries.generate(items, MISSPELLINGS, seed=7, sizes=SIZES)
        self.assertEqual(first, queries.generate(items, MISSPELLINGS, seed=7, sizes=SIZES))
        self.assertNotEqual(first, queries.generate(items, MISSPELLINGS, seed=8, sizes=SIZES))
        for group, size in dict(SIZES, typo_ok=SIZES["typo"]).items():
            self.assertEqual(sum(1 for q in first if q["group"] == group), size, group)

    def test_known_item_and_typo_queries_identify_their_target(self):
        items = synthetic_items()
        index = queries.Corpus(items)
        ids = [i["id"] for i in items]
        for q in queries.generate(items, MISSPELLINGS, seed=3, sizes=SIZES):
            self.assertIn(q["target"], ids)
            target = items[ids.index(q["target"])]
            if q["group"] == "known":
                self.assertLessEqual(index.matches(q["text"].split()), queries.MAX_MATCHES)
                self.assertTrue(set(q["text"].split()) <= set(text.words(target["description"] + " " + target["textContent"])))
            elif q["group"] == "typo":
                right, wrong = q["misspelled"]
                self.assertIn(wrong, MISSPELLINGS[right])
                self.assertIn(wrong, q["text"].split())
                self.assertEqual(q["correct"].split(), [right if w == wrong else w for w in q["text"].split()])
            elif q["group"] in ("ja", "zh"):
                self.assertTrue(q["target"].startswith(q["group"] + "/"))
                self.assertIn(q["text"], target["title"] + "\n" + target["description"])
                self.assertLessEqual(index.substring_matches(q["text"]), queries.MAX_MATCHES)
            elif q["group"] == "typo_ok":
                continue  # checked below, against its typo query
            else:
                self.assertTrue(target["title"].startswith(q["text"]))
        made = queries.generate(items, MISSPELLINGS, seed=3, sizes=SIZES)
        self.assertEqual([(q["correct"], q["target"]) for q in made if q["group"] == "typo"],
                         [(q["text"], q["target"]) for q in made if q["group"] == "typo_ok"])

    def test_seeded_groups_come_once_per_seed_and_each_seed_is_its_own_draw(self):
        items = synthetic_items()
        sizes = {"desc": 12, "desc_typo": 6}
        made = queries.generate(items, MISSPELLINGS, seed=7, sizes=sizes, seeds=3)
        self.assertEqual(made, queries.generate(items, MISSPELLINGS, seed=7, sizes=sizes, seeds=3))
        for group, size in (("desc", 12), ("desc_typo", 6), ("desc_ok", 6)):
            for s in (7, 8, 9):
                self.assertEqual(sum(1 for q in made if q["group"] == group and q["seed"] == s), size, (group, s))
        texts = {s: [q["text"] for q in made if q["group"] == "desc" and q["seed"] == s] for s in (7, 8, 9)}
        self.assertNotEqual(texts[7], texts[8])
        self.assertNotEqual(texts[8], texts[9])
        # Seeds 8 and 9 of a run from 7 are the draws a run from 8 makes: a seed means one draw.
        later = queries.generate(items, MISSPELLINGS, seed=8, sizes=sizes, seeds=2)
        self.assertEqual([q for q in made if q["seed"] != 7], later)
        # Adding the seeded groups leaves the first five groups' queries as they were.
        both = queries.generate(items, MISSPELLINGS, seed=7, sizes=dict(SIZES, **sizes))
        self.assertEqual([q for q in both if "seed" not in q], queries.generate(items, MISSPELLINGS, seed=7, sizes=SIZES))

    def test_description_queries_are_consecutive_words_of_the_long_description_only(self):
        # Every item's title and short description use words no long text has.
        rng = random.Random(5)

        def word():
            return "".join(rng.choice("bcdfghklmnprstvz") + rng.choice("aeiou") for _ in range(3))
        body = [word() for _ in range(150)]
        listed = list(MISSPELLINGS)
        items = []
        for k in range(300):
            sentences = [" ".join(rng.choice(listed) if rng.random() < 0.15 else rng.choice(body) for _ in range(6)) + "."
                         for _ in range(3)]
            items.append({"id": "en/pkg%d" % k, "title": "pkg%d-tool" % k, "description": "%s %s" % ("x" + word(), "x" + word()),
                          "textContent": " ".join(sentences)})
        made = queries.generate(items, MISSPELLINGS, seed=11, sizes={"desc": 20, "desc_typo": 10}, seeds=2)
        self.assertEqual([sum(1 for q in made if q["group"] == g) for g in ("desc", "desc_typo", "desc_ok")], [40, 20, 20])
        index = queries.Corpus(items)
        by_id = {i["id"]: i for i in items}
        for q in made:
            words = q.get("correct", q["text"]).split()
            self.assertTrue(queries.DESC_WORDS[0] <= len(words) <= queries.DESC_WORDS[1], q)
            self.assertLessEqual(index.matches(words), queries.MAX_MATCHES, q)
            sentences = [s.rstrip(".").split() for s in by_id[q["target"]]["textContent"].split(". ")]
            self.assertTrue(any(s[i:i + len(words)] == words for s in sentences for i in range(len(s))), q)
            if q["group"] == "desc_typo":
                right, wrong = q["misspelled"]
                self.assertIn(wrong, MISSPELLINGS[right])  # a listed misspelling of a word of the query
                self.assertIn(right, words)
                self.assertEqual(q["text"].split(), [wrong if w == right else w for w in words])
                self.assertNotEqual(q["text"], q["correct"])
        typos = [q for q in made if q["group"] == "desc_typo"]
        controls = [q for q in made if q["group"] == "desc_ok"]
        self.assertEqual([(q["correct"], q["target"], q["seed"]) for q in typos],
                         [(q["text"], q["target"], q["seed"]) for q in controls])

    def test_a_unique_prefix_is_the_shortest_no_other_name_shares(self):
        names = sorted(["python3-requests", "python3-requests-oauthlib", "python3-reportlab", "vim", "vim-gtk3", "zstd"])
        self.assertEqual(queries.unique_prefix("python3-reportlab", names), "python3-rep")
        self.assertEqual(queries.unique_prefix("python3-requests-oauthlib", names), "python3-requests-")
        self.assertEqual(queries.unique_prefix("vim", names), "vim")  # a prefix of another name: the whole name
        self.assertEqual(queries.unique_prefix("zstd", names), "zst")  # never shorter than 3

    def test_codespell_lines_with_one_correction_are_read(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("abandonned->abandoned\naberation->aberration, abrasion,\nDatabse->database\nteh->the\nab-out->about\n")
        try:
            table = queries.load_misspellings(f.name)
        finally:
            os.remove(f.name)
        self.assertEqual(table, {"abandoned": ["abandonned"], "database": ["databse"], "the": ["teh"]})

    def test_a_swap_of_neighbours_is_one_edit(self):
        self.assertEqual(queries.edit_distance("database", "databaes"), 1)
        self.assertEqual(queries.edit_distance("reference", "refence"), 2)
        self.assertEqual(queries.edit_distance("abc", "abc"), 0)


class Metrics(unittest.TestCase):
    def test_rank_counts_from_one_within_the_first_ten(self):
        hits = ["a", "b", "c"] + ["x%d" % k for k in range(10)] + ["t"]
        self.assertEqual(metrics.rank(hits, "a"), 1)
        self.assertEqual(metrics.rank(hits, "c"), 3)
        self.assertIsNone(metrics.rank(hits, "t"))  # 14th
        self.assertIsNone(metrics.rank([], "a"))

    def test_summary_of_four_queries(self):
        rows = [{"rank": 1, "ms": 1.0}, {"rank": 2, "ms": 2.0}, {"rank": None, "ms": 3.0, "empty": True}, {"rank": 4, "ms": 10.0}]
        s = metrics.summarize(rows)
        self.assertAlmostEqual(s["mrr"], (1 + 0.5 + 0 + 0.25) / 4)
        self.assertEqual((s["s1"], s["s10"], s["n"], s["none"]), (0.25, 0.75, 4, 0.25))
        self.assertEqual((s["p50"], s["p99"]), (2.0, 10.0))


    def test_seeds_give_a_mean_and_a_spread(self):
        spread = metrics.over_seeds([{"mrr": 0.5}, {"mrr": 0.7}, {"mrr": 0.6}], "mrr")
        self.assertAlmostEqual(spread["mean"], 0.6)
        self.assertEqual((spread["low"], spread["high"]), (0.5, 0.7))


class Report(unittest.TestCase):
    """The report's arithmetic: "all" keeps the first five groups (as earlier rounds had
    it), seeded groups count per seed, earlier rounds stand beside this run."""

    def setUp(self):
        import relevance
        self.relevance = relevance
        self.queries = [{"id": "k", "group": "known", "target": "a"}, {"id": "t", "group": "typo", "target": "b"},
                        {"id": "d1", "group": "desc", "target": "c", "seed": 1}, {"id": "d2", "group": "desc", "target": "d", "seed": 2}]
        rows = [{"id": "k", "hits": ["a"], "ms": 1.0}, {"id": "t", "hits": [], "ms": 1.0},
                {"id": "d1", "hits": ["x", "c"], "ms": 1.0}, {"id": "d2", "hits": [], "ms": 1.0}]
        self.run = {"name": "S (typos on)", "scores": relevance.score(self.queries, rows), "rows": rows}

    def test_all_pools_only_the_first_groups_and_seeds_are_apart(self):
        scores = self.run["scores"]
        self.assertEqual((scores["all"]["n"], scores["all"]["mrr"], scores["all"]["none"]), (2, 0.5, 0.5))
        self.assertEqual((scores["desc@1"]["mrr"], scores["desc@2"]["mrr"], scores["desc"]["none"]), (0.5, 0.0, 0.5))
        spread = self.relevance.spread(self.run, "desc", [1, 2], "mrr")
        self.assertEqual((spread["mean"], spread["low"], spread["high"]), (0.25, 0.0, 0.5))
        self.assertIn("0.250 (0.000–0.500)", self.relevance.seeded_table([self.run], [1, 2]))

    def test_earlier_rounds_stand_beside_this_run_with_a_dash_for_groups_they_lacked(self):
        rounds = [{"round": "main 9d1085d", "date": "2026-12-07", "mrr": {"known": 0.82, "typo": 0.65, "all": 0.843},
                   "noHits": {"typo": 0.195}}]
        lines = self.relevance.rounds_table(rounds, self.run, "this run").splitlines()
        self.assertEqual(lines[0], "| MRR@10 | main 9d1085d (2026-12-07) | this run |")
        self.assertIn("| known item | 0.820 | 1.000 |", lines)
        self.assertIn("| description words | — | 0.250 |", lines)
        self.assertIn("| typo: no hits | 19.5 % | 100.0 % |", lines)
        kept = self.relevance.kept_round(self.run, "branch x", "2026-12-07")
        self.assertEqual((kept["mrr"]["desc"], kept["noHits"]["typo"]), (0.25, 1.0))


class Text(unittest.TestCase):
    def test_translations_are_parsed_with_cjk_lines_joined_without_spaces(self):
        entries = corpus.parse_translations(STANZAS)
        self.assertEqual(entries[0][0:2], ("zstd", "快速无损压缩程序"))
        self.assertEqual(entries[0][2], "Zstandard 是一个快速的无损压缩算法，针对 zlib 级别的实时压缩场景和更好的压缩率。\n第二段")
        self.assertEqual(len(entries), 2)  # the second version is dropped by build()

    def test_cjk_runs_become_bigrams_and_kana_keep_their_marks(self):
        self.assertEqual(text.spaced_bigrams("腾讯新闻 app").split(), ["腾讯", "讯新", "新闻", "app"])
        self.assertEqual(text.segments("ブック Café"), [("cjk", "ブック"), ("word", "cafe")])
        self.assertEqual(text.words("python3-requests_x work™"), ["python3", "requests", "x", "work"])
        self.assertEqual(text.segments("計算・統計"), [("cjk", "計算"), ("cjk", "統計")])


if __name__ == "__main__":
    unittest.main()
