"""Judged queries, made by a seeded procedure from the corpus (see docs/relevance.md).

Every query has one judged answer, the item it was made from (`target`). Five groups:

- `known`: words of an English item's descriptions that identify it: words of 3+
  letters that are not stop words, drawn with probability proportional to their IDF
  (rare words are what people remember), added until at most MAX_MATCHES items of the
  corpus contain all of them and there are at least 1–3 (drawn) words; in the order
  they appear in the item.
- `prefix`: search-as-you-type: the shortest prefix (3 characters or more) of a
  package name that no other package name starts with; the whole name when it is a
  prefix of another name.
- `typo`: a known-item query that contains a word with a listed misspelling in
  codespell's dictionary (misspelling->correction, one correction), with that word
  replaced by the misspelling (the first such word; a misspelling drawn when several).
- `typo_ok`: the `typo` queries correctly spelled (their control; made from them, so
  the first five groups' draws are unchanged).
- `ja`, `zh`: a substring of 2–6 characters of a Japanese / Chinese item's title or
  description, inside one run of CJK characters, that at most MAX_MATCHES items contain.

Three more groups, drawn another way and with several seeds (SEEDS of them, from the
given seed on; each seed its own stream), so that a figure tuned to one set of queries
shows as a spread:

- `desc`: what a user remembers of what a package does: 2–5 consecutive content words
  (3+ letters, not stop words) of one sentence of an English item's long description
  (`textContent`, never its title or short description), from a drawn start, lengthened
  word by word until at most MAX_MATCHES items contain all of them.
- `desc_typo`: a `desc` query of an item whose window holds a word that codespell's
  dictionary lists as a correction, with that word replaced by a listed misspelling.
- `desc_ok`: the same queries as `desc_typo`, correctly spelled: the control group
  (typo tolerance must not make correctly spelled queries worse).

Deterministic: the same corpus, dictionary and seed give the same queries.
"""
import bisect
import math
import random
import re

import text

SEED = 20260716
MAX_MATCHES = 5
GROUP_SIZES = {"known": 300, "prefix": 300, "typo": 200, "ja": 200, "zh": 200,
               "desc": 100, "desc_typo": 100}  # the last two per seed; desc_ok mirrors desc_typo
SEEDED_GROUPS = ("desc", "desc_typo")
CONTROLS = {"typo": "typo_ok", "desc_typo": "desc_ok"}  # a typo group: its control group
SEEDS = 3
DESC_WORDS = (2, 5)  # fewest and most words of a description query

STOP_WORDS = set("""
a about above after again all also an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from
further had has have having he her here hers him his how i if in into is it its itself
just more most my no nor not now of off on once only or other our out over own same she
should so some such than that the their them then there these they this those through
to too under until up very was we were what when where which while who whom why will
with you your yours which via etc e g ie eg use used uses using provides provide
package contains includes this these may can
""".split())


def load_misspellings(path):
    """{correct word: [misspellings]} from codespell's dictionary (lines
    `misspelling->correction`; entries with several corrections or a reason are skipped)."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if "->" not in line:
                continue
            wrong, right = line.split("->", 1)
            right = right.strip()
            if "," in right or " " in right or not wrong.isalpha() or not right.isalpha():
                continue
            wrong, right = wrong.lower(), right.lower()
            if wrong != right:
                table.setdefault(right, []).append(wrong)
    for value in table.values():
        value.sort()
    return table


class Corpus:
    """The corpus's items with an inverted index of their words (over every field)."""

    def __init__(self, items):
        self.items = items
        self.postings = {}
        self.words = []
        for n, item in enumerate(items):
            seen = []
            for field in ("title", "description", "textContent"):
                for w in text.words(item.get(field, "")):
                    seen.append(w)
            unique = dict.fromkeys(seen)
            self.words.append(unique)
            for w in unique:
                self.postings.setdefault(w, []).append(n)
        self.count = len(items)
        # The text of every item, for CJK substring counts.
        self.joined = ""
        self.starts = []
        parts = []
        position = 0
        for item in items:
            self.starts.append(position)
            t = text.fold(item.get("title", "") + "\n" + item.get("description", "") + "\n" + item.get("textContent", "")) + "\0"
            parts.append(t)
            position += len(t)
        self.joined = "".join(parts)

    def idf(self, word):
        return math.log(self.count / len(self.postings.get(word, ())) )

    def matches(self, words):
        """How many items contain every one of `words` (capped: stops counting at cap)."""
        lists = sorted((self.postings.get(w, []) for w in words), key=len)
        if not lists or not lists[0]:
            return 0
        result = set(lists[0])
        for other in lists[1:]:
            result.intersection_update(other)
            if not result:
                break
        return len(result)

    def substring_matches(self, needle, cap=MAX_MATCHES + 1):
        """How many items' text contains `needle` (counted up to `cap`)."""
        items = set()
        start = 0
        while True:
            at = self.joined.find(needle, start)
            if at < 0:
                return len(items)
            n = bisect.bisect_right(self.starts, at) - 1
            items.add(n)
            if len(items) >= cap:
                return len(items)
            start = self.starts[n + 1] if n + 1 < len(self.starts) else len(self.joined)


def content_words(corpus, n):
    """The item's description words that can make a query: 3+ letters, not a stop word."""
    item = corpus.items[n]
    out = []
    for field in ("description", "textContent"):
        for w in text.words(item.get(field, "")):
            if len(w) >= 3 and w.isascii() and w.isalpha() and w not in STOP_WORDS and w not in out:
                out.append(w)
    return out


def known_item_words(corpus, n, rng, required=None):
    """Words identifying item n (see the module's doc), or None when none do."""
    candidates = content_words(corpus, n)
    if required is not None and required not in candidates:
        return None
    least = rng.choice((1, 2, 2, 3))
    chosen = [required] if required else []
    pool = [w for w in candidates if w not in chosen]
    while True:
        if len(chosen) >= least and corpus.matches(chosen) <= MAX_MATCHES:
            order = {w: i for i, w in enumerate(candidates)}
            return sorted(chosen, key=order.__getitem__)
        if len(chosen) >= 4 or not pool:
            return None
        weights = [corpus.idf(w) for w in pool]
        pick = rng.choices(range(len(pool)), weights=weights)[0]
        chosen.append(pool.pop(pick))


def english_items(corpus):
    return [n for n, item in enumerate(corpus.items) if item["id"].startswith("en/") and item.get("description")]


def distinct_draws(pool, rng, out, size):
    """Items of `pool` drawn at random, each at most once, until `out` holds `size`
    queries or the pool is spent (the caller appends to `out`, and may skip an item)."""
    used = set()
    while len(out) < size and len(used) < len(pool):
        n = rng.choice(pool)
        if n in used:
            continue
        used.add(n)
        yield n


def known_queries(corpus, rng, size):
    out = []
    pool = english_items(corpus)
    for n in distinct_draws(pool, rng, out, size):
        chosen = known_item_words(corpus, n, rng)
        if chosen:
            out.append({"text": " ".join(chosen), "target": corpus.items[n]["id"]})
    return out


def typo_queries(corpus, rng, size, misspellings):
    out = []
    pool = english_items(corpus)
    for n in distinct_draws(pool, rng, out, size):
        listed = [w for w in content_words(corpus, n) if w in misspellings]
        if not listed:
            continue
        word = rng.choice(listed)
        chosen = known_item_words(corpus, n, rng, required=word)
        if not chosen:
            continue
        wrong = rng.choice(misspellings[word])
        typed = [wrong if w == word else w for w in chosen]
        out.append({"text": " ".join(typed), "target": corpus.items[n]["id"], "correct": " ".join(chosen),
                    "misspelled": [word, wrong], "edits": edit_distance(word, wrong),
                    "wrongInCorpus": len(corpus.postings.get(wrong, ()))})
    return out


SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n")


def sentences_of(item):
    """The content-word runs of the sentences of an item's long description."""
    out = []
    for sentence in SENTENCE_END.split(item.get("textContent", "")):
        run = [w for w in text.words(sentence) if len(w) >= 3 and w.isascii() and w.isalpha() and w not in STOP_WORDS]
        if len(run) >= DESC_WORDS[0]:
            out.append(run)
    return out


def description_window(corpus, sentence, start):
    """The shortest run of consecutive words of `sentence` from `start` (DESC_WORDS[0]
    to DESC_WORDS[1] of them) that at most MAX_MATCHES items contain, or None."""
    for length in range(DESC_WORDS[0], DESC_WORDS[1] + 1):
        window = sentence[start:start + length]
        if len(window) < length:
            return None
        if len(set(window)) == len(window) and corpus.matches(window) <= MAX_MATCHES:
            return window
    return None


def description_queries(corpus, rng, size, misspellings=None):
    """`desc` queries, or with `misspellings` the `desc_typo` ones (see the module's doc)."""
    out = []
    pool = [n for n in english_items(corpus) if corpus.items[n].get("textContent")]
    for n in distinct_draws(pool, rng, out, size):
        sentences = sentences_of(corpus.items[n])
        if not sentences:
            continue
        sentence = rng.choice(sentences)
        window = description_window(corpus, sentence, rng.randrange(len(sentence) - DESC_WORDS[0] + 1))
        if window is None:
            continue
        query = {"text": " ".join(window), "target": corpus.items[n]["id"]}
        if misspellings is not None:
            listed = [w for w in window if w in misspellings]
            if not listed:
                continue
            word = rng.choice(listed)
            wrong = rng.choice(misspellings[word])
            query.update(text=" ".join(wrong if w == word else w for w in window), correct=query["text"],
                         misspelled=[word, wrong], edits=edit_distance(word, wrong),
                         wrongInCorpus=len(corpus.postings.get(wrong, ())))
        out.append(query)
    return out


def unique_prefix(name, names_sorted):
    """The shortest prefix of `name` (3+ characters) that no other name starts with,
    or the whole name when it is a prefix of another."""
    i = bisect.bisect_left(names_sorted, name)
    longest = 0
    for j in (i - 1, i + 1):
        if 0 <= j < len(names_sorted):
            other = names_sorted[j]
            k = 0
            while k < min(len(name), len(other)) and name[k] == other[k]:
                k += 1
            longest = max(longest, k)
    return name[:min(len(name), max(3, longest + 1))]


def prefix_queries(corpus, rng, size):
    names = sorted(item["title"] for item in corpus.items if item["id"].startswith("en/"))
    pool = [n for n, item in enumerate(corpus.items) if item["id"].startswith("en/")]
    picks = rng.sample(pool, size)
    return [{"text": unique_prefix(corpus.items[n]["title"], names), "target": corpus.items[n]["id"]} for n in picks]


def cjk_queries(corpus, rng, size, language):
    pool = [n for n, item in enumerate(corpus.items) if item["id"].startswith(language + "/")]
    out = []
    for n in distinct_draws(pool, rng, out, size):
        item = corpus.items[n]
        for _ in range(10):
            field = "title" if rng.random() < 0.5 else "description"
            runs = [r for r in text.CJK_RUN.findall(text.fold(item.get(field, ""))) if len(r) >= 2]
            if not runs:
                continue
            run = rng.choice(runs)
            length = rng.randint(2, min(6, len(run)))
            start = rng.randint(0, len(run) - length)
            needle = run[start:start + length]
            if corpus.substring_matches(needle) <= MAX_MATCHES:
                out.append({"text": needle, "target": item["id"]})
                break
    return out


def edit_distance(a, b):
    """Optimal-string-alignment distance (a swap of neighbours is one edit)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def generate(items, misspellings, seed=SEED, sizes=GROUP_SIZES, seeds=SEEDS):
    """Every group's queries, each `{group, id, text, target, …}`; the seeded groups'
    (SEEDED_GROUPS and desc_ok) once for each of `seeds` seeds from `seed` on, each
    query with its `seed`."""
    corpus = Corpus(items)
    makers = {
        "known": lambda rng, size: known_queries(corpus, rng, size),
        "prefix": lambda rng, size: prefix_queries(corpus, rng, size),
        "typo": lambda rng, size: typo_queries(corpus, rng, size, misspellings),
        "ja": lambda rng, size: cjk_queries(corpus, rng, size, "ja"),
        "zh": lambda rng, size: cjk_queries(corpus, rng, size, "zh"),
        "desc": lambda rng, size: description_queries(corpus, rng, size),
        "desc_typo": lambda rng, size: description_queries(corpus, rng, size, misspellings),
    }
    out = []
    for group, size in sizes.items():
        for s in range(seed, seed + seeds) if group in SEEDED_GROUPS else (seed,):
            rng = random.Random("%d/%s" % (s, group))  # each group and seed its own stream
            made = makers[group](rng, size)
            for k, query in enumerate(made):
                label = "%s-%03d" % (group, k) if group not in SEEDED_GROUPS else "%s-%d-%03d" % (group, s, k)
                query.update(group=group, id=label)
                if group in SEEDED_GROUPS:
                    query["seed"] = s
                out.append(query)
            if group in CONTROLS:  # the same queries, correctly spelled
                control = CONTROLS[group]
                for k, query in enumerate(made):
                    twin = {"text": query["correct"], "target": query["target"], "group": control}
                    if group in SEEDED_GROUPS:
                        twin.update(id="%s-%d-%03d" % (control, s, k), seed=s)
                    else:
                        twin["id"] = "%s-%03d" % (control, k)
                    out.append(twin)
    return out
