"""`make relevance`: a judged evaluation of Searchlight's `search` beside Xapian, tantivy
and SQLite FTS5 on Debian's package descriptions (English, Japanese, Chinese).

    /usr/bin/python3 bench/relevance/relevance.py --cache DIR --tantivy-python PY \
        --searchlight .build/release/searchlight [--searchlight OTHER=LABEL] [--report docs/relevance.md]

Builds (or reuses) the corpus in DIR, makes the queries (queries.py), runs each engine
in its own process on the same corpus and queries, prints the table and rewrites the
generated part of the report (between its two markers; the rest is hand-written).
"""
import argparse
import collections
import datetime
import hashlib
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus as corpus_module  # noqa: E402
import engines as engines_module  # noqa: E402
import metrics  # noqa: E402
import queries as queries_module  # noqa: E402

CODESPELL = "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt"
GROUPS = ["known", "prefix", "typo", "ja", "zh"]  # the first groups: "all" pools these, as in earlier rounds
LATER = ["typo_ok"]  # added later, outside "all": the typo group's control
SEEDED = ["desc", "desc_typo", "desc_ok"]  # drawn once per seed; reported as mean and spread
NEW = LATER + SEEDED
GROUP_NAMES = {"known": "known item", "prefix": "name prefix", "typo": "typo", "ja": "Japanese", "zh": "Chinese",
               "typo_ok": "typo control", "desc": "description words", "desc_typo": "description typo",
               "desc_ok": "description control", "all": "all"}
ROUNDS = os.path.join(HERE, "rounds.json")  # earlier rounds' figures, kept beside this run's
BEGIN = "<!-- make relevance: generated from here -->"
END = "<!-- make relevance: generated up to here -->"


def say(message):
    print(message, flush=True)


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                memory = int(line.split()[1]) * 1024
    return "%d × %s, %.1f GiB memory, %s" % (len(os.sched_getaffinity(0)), model, memory / 2 ** 30, platform.platform())


def run_searchlight(binary, label, corpus_path, queries_path, work):
    """Runs searchlight.js under `binary` with typos on and off (once when the build's
    `search` has no typoTolerance option); returns [(configuration label, result)]."""
    out = []
    for mode in ("on", "off"):
        data = os.path.join(work, "searchlight-%s-%s" % (hashlib.sha1(binary.encode()).hexdigest()[:8], mode))
        subprocess.run(["rm", "-rf", data], check=True)
        started = time.time()
        process = subprocess.run([binary, "run", "--data-dir", data, "--app-id", "org.example.relevance",
                                  os.path.join(HERE, "searchlight.js"), corpus_path, queries_path, mode],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        subprocess.run(["rm", "-rf", data], check=True)
        line = next((l for l in process.stdout.splitlines() if l.startswith("RELEVANCE ")), None)
        if line is None:
            raise SystemExit("relevance: %s reported nothing (exit %d): %s" % (binary, process.returncode, process.stderr[-2000:]))
        result = json.loads(line[len("RELEVANCE "):])
        if "error" in result:
            raise SystemExit("relevance: %s: %s" % (binary, result["error"]))
        say("  %s, typoTolerance %s: indexed in %.1f s, %d queries in %.0f s" % (label, result["typoTolerance"], result["indexSeconds"], len(result["rows"]), time.time() - started))
        if result["typoTolerance"] not in (True, False):
            out.append((label, "its default; no typoTolerance option", result))
            break
        out.append((label, "typos " + mode, result))
    return out


def run_engine(name, python, corpus_path, queries_path, work):
    path = os.path.join(work, name + ".json")
    started = time.time()
    subprocess.run([python, os.path.join(HERE, "engines.py"), name, corpus_path, queries_path, path, work], check=True)
    with open(path) as f:
        result = json.load(f)
    say("  %s: indexed in %.1f s, all configurations in %.0f s" % (result["version"], result["indexSeconds"], time.time() - started))
    return result


def score(queries, rows):
    """Each group's summary, "all" over GROUPS, and each seeded group's per seed
    (keyed `group@seed`)."""
    by_id = {q["id"]: q for q in queries}
    groups = collections.defaultdict(list)
    for row in rows:
        query = by_id[row["id"]]
        judged = {"rank": metrics.rank(row["hits"], query["target"]), "ms": row["ms"], "empty": not row["hits"]}
        groups[query["group"]].append(judged)
        if query["group"] in GROUPS:
            groups["all"].append(judged)
        if "seed" in query:
            groups["%s@%d" % (query["group"], query["seed"])].append(judged)
    keys = set(GROUPS + NEW + ["all"]) | set(groups)
    return {key: metrics.summarize(groups[key]) for key in keys}


def seeds_of(queries):
    return sorted({q["seed"] for q in queries if "seed" in q})


def spread(run, group, seeds, key):
    summaries = (run["scores"].get("%s@%d" % (group, s)) for s in seeds)
    return metrics.over_seeds([s for s in summaries if s], key)  # a seed without such queries does not count


def percent(value):
    return "%.1f %%" % (100 * value)


def table(runs, key, fmt, groups=GROUPS + ["all"] + LATER):
    header = "| engine | " + " | ".join(GROUP_NAMES[g] for g in groups) + " |"
    lines = [header, "|---|" + "---:|" * len(groups)]
    for run in runs:
        lines.append("| %s | " % run["name"] + " | ".join(fmt(run["scores"][g][key]) for g in groups) + " |")
    return "\n".join(lines)


def seeded_table(runs, seeds):
    """Every engine's MRR@10 and share without hits on the seeded groups: the mean over
    the seeds, and the lowest and highest seed's figure."""
    lines = ["| engine | " + " | ".join("%s MRR@10 | %s no hits" % (GROUP_NAMES[g], GROUP_NAMES[g]) for g in SEEDED) + " |",
             "|---|" + "---:|---:|" * len(SEEDED)]
    for run in runs:
        cells = []
        for group in SEEDED:
            m, n = spread(run, group, seeds, "mrr"), spread(run, group, seeds, "none")
            cells.append("%.3f (%.3f–%.3f)" % (m["mean"], m["low"], m["high"]))
            cells.append("%s (%s–%s)" % (percent(n["mean"]), percent(n["low"]), percent(n["high"])))
        lines.append("| %s | " % run["name"] + " | ".join(cells) + " |")
    return "\n".join(lines)


def seed_by_seed(runs, seeds):
    out = []
    for group in SEEDED:
        out.append("#### %s, seed by seed (MRR@10 / no hits)\n" % GROUP_NAMES[group])
        out.append("| engine | " + " | ".join("seed %d" % s for s in seeds) + " |\n|---|" + "---:|" * len(seeds))
        for run in runs:
            per_seed = [run["scores"].get("%s@%d" % (group, s)) for s in seeds]
            cells = ["%.3f / %s" % (s["mrr"], percent(s["none"])) if s else "—" for s in per_seed]
            out.append("| %s | " % run["name"] + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def load_rounds(path=ROUNDS):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return []


def rounds_table(rounds, run, label):
    """Searchlight's figures of earlier rounds (rounds.json) beside this run's `run`:
    MRR@10 per group and the share of typo queries without hits; — where a round did
    not have the group."""
    columns = [("%s (%s)" % (r["round"], r["date"]), r["mrr"], r.get("noHits", {})) for r in rounds]
    this = {g: run["scores"][g]["mrr"] for g in GROUPS + ["all"] + NEW}
    columns.append((label, this, {g: run["scores"][g]["none"] for g in GROUPS + NEW}))
    lines = ["| MRR@10 | " + " | ".join(c[0] for c in columns) + " |", "|---|" + "---:|" * len(columns)]
    for group in GROUPS + ["all"] + NEW:
        lines.append("| %s | " % GROUP_NAMES[group] + " | ".join("%.3f" % c[1][group] if group in c[1] else "—" for c in columns) + " |")
    for group in ("typo", "typo_ok", "desc_typo", "desc_ok"):
        lines.append("| %s: no hits | " % GROUP_NAMES[group] + " | ".join(percent(c[2][group]) if group in c[2] else "—" for c in columns) + " |")
    return "\n".join(lines)


def kept_round(run, label, date):
    """This run's figures as a rounds.json entry (--keep-round)."""
    return {"round": label, "date": date, "mrr": {g: round(run["scores"][g]["mrr"], 3) for g in GROUPS + ["all"] + NEW},
            "noHits": {g: round(run["scores"][g]["none"], 3) for g in GROUPS + NEW}}


def group_tables(runs, queries):
    counts = collections.Counter(q["group"] for q in queries)
    out = []
    for group in GROUPS + ["all"] + NEW:
        title = GROUP_NAMES[group] if group != "all" else "all of the first five groups"
        size = counts[group] if group != "all" else sum(counts[g] for g in GROUPS)
        out.append("#### %s (%d queries%s)\n" % (title, size, ", every seed" if group in SEEDED else ""))
        out.append("| engine | MRR@10 | success@1 | success@10 | no hits | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|---:|---:|")
        for run in runs:
            s = run["scores"][group]
            out.append("| %s | %.3f | %.3f | %.3f | %s | %.2f | %.2f |" % (run["name"], s["mrr"], s["s1"], s["s10"], percent(s["none"]), s["p50"], s["p99"]))
        out.append("")
    return "\n".join(out)


def examples(queries):
    out = []
    for group in GROUPS + NEW:
        picked = [q for q in queries if q["group"] == group][:3]
        out.append("- %s: " % GROUP_NAMES[group] + "; ".join("`%s` → %s" % (q["text"], q["target"]) for q in picked))
    return "\n".join(out)


def generated_text(context, runs, queries):
    typos = [q for q in queries if q["group"] == "typo"]
    edits = collections.Counter(q["edits"] for q in typos)
    seeds = seeds_of(queries)
    desc_typos = [q for q in queries if q["group"] == "desc_typo"]
    desc_edits = collections.Counter(q["edits"] for q in desc_typos)
    searchlight = next((run for run in runs if "diagnostics" in run), None)
    # The budget goes by the typed word's length: that is all an engine sees.
    within = sum(1 for q in typos if q["edits"] <= engines_module.typo_budget(q["misspelled"][1]))
    c = context
    lines = [
        BEGIN,
        "",
        "Measured by `make relevance` on %s, %s." % (c["machine"], c["date"]),
        "",
        "- Corpus: Debian %s (%s) main, `Translation-en`, `Translation-ja`, `Translation-zh_CN` of %s: "
        "%d items (%s)." % (c["release"].get("version", "?"), c["release"].get("codename", "?"), c["release"].get("date", "?"),
                            c["items"], ", ".join("%s %d" % kv for kv in c["languages"].items())),
        "- Files (SHA-256): " + "; ".join("`%s` %s" % (name.rsplit("_", 1)[-1], digest[:16]) for name, digest in c["sources"].items()) + ".",
        "- Queries: seed %d, %s; typo words from codespell %s's dictionary (%d usable entries); "
        "misspellings %s edits away (by optimal string alignment), %d of %d within SPEC §5's budget for the typed word's length; "
        "%d of them are themselves words of some item (Debian's text has typos too)."
        % (c["seed"], ", ".join("%s %d" % (GROUP_NAMES[g], sum(1 for q in queries if q["group"] == g)) for g in GROUPS),
           c["codespell"], c["misspellings"], ", ".join("%d× %d" % (n, e) for e, n in sorted(edits.items())), within, len(typos),
           sum(1 for q in typos if q["wrongInCorpus"])),
        "- Queries drawn another way, for each of the seeds %s: %s per seed; misspellings of description typo %s edits away, "
        "%d of %d within SPEC §5's budget; description control is description typo spelled right, as typo control is typo."
        % (", ".join(str(s) for s in seeds),
           ", ".join("%s %d" % (GROUP_NAMES[g], sum(1 for q in queries if q["group"] == g) // max(1, len(seeds))) for g in SEEDED),
           ", ".join("%d× %d" % (n, e) for e, n in sorted(desc_edits.items())),
           sum(1 for q in desc_typos if q["edits"] <= engines_module.typo_budget(q["misspelled"][1])), len(desc_typos)),
        "- Engines: " + "; ".join("%s (%s, indexed in %.1f s)" % (e["version"], e["engine"], e["indexSeconds"]) for e in c["engines"]) + ".",
        "- The first queries of each group:",
        "",
        examples(queries),
        "",
        "### Searchlight, this run beside earlier rounds",
        "",
        "Earlier rounds' figures are kept in `bench/relevance/rounds.json` (a run adds its own with "
        "`RELEVANCE_FLAGS='--keep-round LABEL'`); the last column is %s, this run." % (searchlight["name"] if searchlight else "—"),
        "",
        rounds_table(load_rounds(), searchlight, "this run") if searchlight else "(no Searchlight run)",
        "",
        "### MRR@10",
        "",
        table(runs, "mrr", "%.3f".__mod__),
        "",
        "### Queries without any hit (share)",
        "",
        table(runs, "none", percent, GROUPS + ["all"] + NEW),
        "",
        "### Description queries over %d seeds: mean (lowest–highest seed)" % len(seeds),
        "",
        seeded_table(runs, seeds),
        "",
        "### success@10",
        "",
        table(runs, "s10", "%.3f".__mod__),
        "",
        "### Latency p99 (ms)",
        "",
        table(runs, "p99", "%.2f".__mod__),
        "",
        "### Each group",
        "",
        group_tables(runs, queries),
        seed_by_seed(runs, seeds),
        "### Searchlight's misses, looked into",
        "",
        "\n\n".join(diagnostics_text(run) for run in runs if "diagnostics" in run),
        "",
        "Every engine's top 10 for every query: `.build-relevance/results.json` after a run.",
        "",
        END,
    ]
    return "\n".join(lines)


def diagnose(queries, result):
    """Searchlight only (its hits carry scores): per group, the queries without hits,
    the targets found below rank 1 and how many of those tie the first hit's score,
    and the queries whose top 10 is not the first 10 of a page of 50."""
    by_id = {q["id"]: q for q in queries}
    out = {g: {"queries": 0, "none": 0, "below": 0, "ties": 0, "limit": 0} for g in GROUPS + NEW}
    for row in result["rows"]:
        query = by_id[row["id"]]
        d = out[query["group"]]
        d["queries"] += 1
        if not row["hits"]:
            d["none"] += 1
        k = metrics.rank(row["hits"], query["target"])
        if k and k > 1:
            d["below"] += 1
            if row.get("scores") and row["scores"][k - 1] == row["scores"][0]:
                d["ties"] += 1
        if "limit50" in row:
            d["limit"] += 1
    return out


def diagnostics_text(run):
    lines = ["%s, per group: queries without any hit; targets in the top 10 below rank 1, and how many of them "
             "have the same score as the first hit; queries whose top 10 (limit 10) is not the first 10 of limit 50" % run["name"],
             "", "| group | queries | no hit | target at rank 2–10 | of which tied with rank 1 | top 10 depends on limit |",
             "|---|---:|---:|---:|---:|---:|"]
    for group in GROUPS + NEW:
        d = run["diagnostics"][group]
        lines.append("| %s | %d | %d | %d | %d | %d |" % (GROUP_NAMES[group], d["queries"], d["none"], d["below"], d["ties"], d["limit"]))
    return "\n".join(lines)


def write_results(path, runs, queries):
    """Every engine's top 10 and the target's rank for every query, to look into (cache)."""
    out = []
    for q in queries:
        entry = dict(q)
        entry["engines"] = {}
        out.append(entry)
    index = {q["id"]: k for k, q in enumerate(queries)}
    for run in runs:
        for row in run["rows"]:
            q = queries[index[row["id"]]]
            out[index[row["id"]]]["engines"][run["name"]] = {"rank": metrics.rank(row["hits"], q["target"]),
                                                              "hits": row["hits"], "ms": round(row["ms"], 3)}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)


def write_report(path, generated):
    try:
        with open(path, encoding="utf-8") as f:
            existing = f.read()
    except FileNotFoundError:
        existing = "# Relevance\n\n" + BEGIN + "\n" + END + "\n"
    if BEGIN in existing and END in existing:
        head = existing[:existing.index(BEGIN)]
        tail = existing[existing.index(END) + len(END):]
    else:
        head, tail = existing.rstrip() + "\n\n", "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + generated + tail)


def main():
    parser = argparse.ArgumentParser(description="judged evaluation of Searchlight's search against Xapian, tantivy and FTS5")
    parser.add_argument("--cache", required=True, help="folder for the corpus, queries and indexes (gitignored)")
    parser.add_argument("--searchlight", action="append", default=[], help="searchlight binary, optionally PATH=LABEL; repeatable")
    parser.add_argument("--tantivy-python", help="a python with the tantivy package (a venv); tantivy is skipped without it")
    parser.add_argument("--skip", action="append", default=[], help="engine to leave out: fts5, xapian, tantivy")
    parser.add_argument("--seed", type=int, default=queries_module.SEED)
    parser.add_argument("--report", help="write the report here (the generated part between its markers)")
    parser.add_argument("--keep-round", metavar="LABEL", help="add the first Searchlight run's figures to rounds.json as LABEL")
    args = parser.parse_args()

    args.cache = os.path.abspath(args.cache)
    os.makedirs(args.cache, exist_ok=True)
    work = os.path.join(args.cache, "work")
    os.makedirs(work, exist_ok=True)
    say("relevance: corpus (Debian package descriptions) in %s" % args.cache)
    corpus = corpus_module.load_or_build(args.cache)
    corpus_path = os.path.join(args.cache, "corpus.json")
    items = corpus["items"]
    say("relevance: %d items; making the queries (seed %d)" % (len(items), args.seed))
    misspellings = queries_module.load_misspellings(CODESPELL)
    queries = queries_module.generate(items, misspellings, seed=args.seed)
    queries_path = os.path.join(args.cache, "queries.json")
    with open(queries_path, "w", encoding="utf-8") as f:
        json.dump(queries, f, ensure_ascii=False)
    counts = collections.Counter(q["group"] for q in queries)
    say("relevance: %s" % ", ".join("%s %d" % (g, counts[g]) for g in GROUPS + NEW))

    runs = []
    engines = []
    for spec in args.searchlight:
        binary, _, label = spec.partition("=")
        label = label or "Searchlight"
        for name, configuration, result in run_searchlight(os.path.abspath(binary), label, corpus_path, queries_path, work):
            runs.append({"name": "%s (%s)" % (name, configuration), "scores": score(queries, result["rows"]),
                         "rows": result["rows"], "diagnostics": diagnose(queries, result)})
        engines.append({"engine": "JS search, " + build_of(binary), "version": label, "indexSeconds": result["indexSeconds"]})
    others = [("fts5", "/usr/bin/python3"), ("xapian", "/usr/bin/python3"), ("tantivy", args.tantivy_python)]
    names = {"fts5": "SQLite FTS5", "xapian": "Xapian", "tantivy": "tantivy"}
    for name, python in others:
        if name in args.skip or not python:
            say("  %s: skipped" % name)
            continue
        result = run_engine(name, python, corpus_path, queries_path, work)
        engines.append({"engine": name, "version": result["version"], "indexSeconds": result["indexSeconds"]})
        for configuration, rows in result["results"].items():
            runs.append({"name": "%s (%s)" % (names[name], configuration), "scores": score(queries, rows), "rows": rows})

    context = {
        "machine": machine(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "release": corpus["release"], "sources": corpus["sources"], "items": len(items),
        "languages": collections.Counter(i["id"].split("/")[0] for i in items),
        "seed": args.seed, "misspellings": sum(len(v) for v in misspellings.values()),
        "codespell": codespell_version(), "engines": engines,
    }
    say("")
    say("MRR@10")
    say(table(runs, "mrr", "%.3f".__mod__))
    say("")
    say("success@10")
    say(table(runs, "s10", "%.3f".__mod__))
    say("")
    say("p99 latency, ms")
    say(table(runs, "p99", "%.2f".__mod__))
    say("")
    say("no hits")
    say(table(runs, "none", percent, GROUPS + ["all"] + NEW))
    say("")
    say("description queries over seeds %s" % seeds_of(queries))
    say(seeded_table(runs, seeds_of(queries)))
    for run in runs:
        if "diagnostics" in run:
            say("")
            say(diagnostics_text(run))
    write_results(os.path.join(args.cache, "results.json"), runs, queries)
    if args.report:
        write_report(args.report, generated_text(context, runs, queries))
        say("\nwrote %s" % args.report)
    if args.keep_round:
        searchlight = next((run for run in runs if "diagnostics" in run), None)
        if searchlight is None:
            raise SystemExit("relevance: --keep-round needs a Searchlight run")
        rounds = [r for r in load_rounds() if r["round"] != args.keep_round]
        rounds.append(kept_round(searchlight, args.keep_round, context["date"][:10]))
        with open(ROUNDS, "w", encoding="utf-8") as f:
            json.dump(rounds, f, ensure_ascii=False, indent=1)
            f.write("\n")
        say("kept this run's figures in %s as %s" % (ROUNDS, args.keep_round))


def build_of(binary):
    """`commit abc1234` of the checkout whose .build/ holds `binary` (`+ changes` when dirty)."""
    folder = os.path.dirname(os.path.abspath(binary))
    while folder != "/" and os.path.basename(folder) != ".build":
        folder = os.path.dirname(folder)
    checkout = os.path.dirname(folder)
    try:
        commit = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", checkout, "status", "--porcelain", "--untracked-files=no"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        return "build of unknown commit"
    return "commit %s%s" % (commit or "?", " + changes" if dirty else "") if commit else "build of unknown commit"


def codespell_version():
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", "codespell"], stdout=subprocess.PIPE, text=True).stdout or "?"
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
