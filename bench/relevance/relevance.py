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
GROUPS = ["known", "prefix", "typo", "ja", "zh"]
GROUP_NAMES = {"known": "known item", "prefix": "name prefix", "typo": "typo", "ja": "Japanese", "zh": "Chinese"}
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
    by_id = {q["id"]: q for q in queries}
    groups = collections.defaultdict(list)
    for row in rows:
        query = by_id[row["id"]]
        judged = {"rank": metrics.rank(row["hits"], query["target"]), "ms": row["ms"]}
        groups[query["group"]].append(judged)
        groups["all"].append(judged)
    return {group: metrics.summarize(groups[group]) for group in GROUPS + ["all"]}


def table(runs, key, fmt):
    header = "| engine | " + " | ".join(GROUP_NAMES[g] for g in GROUPS) + " | all |"
    lines = [header, "|---|" + "---:|" * (len(GROUPS) + 1)]
    for run in runs:
        lines.append("| %s | " % run["name"] + " | ".join(fmt % run["scores"][g][key] for g in GROUPS + ["all"]) + " |")
    return "\n".join(lines)


def group_tables(runs, queries):
    counts = collections.Counter(q["group"] for q in queries)
    out = []
    for group in GROUPS + ["all"]:
        title = GROUP_NAMES.get(group, "all groups")
        out.append("#### %s (%d queries)\n" % (title, counts[group] if group != "all" else len(queries)))
        out.append("| engine | MRR@10 | success@1 | success@10 | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|---:|")
        for run in runs:
            s = run["scores"][group]
            out.append("| %s | %.3f | %.3f | %.3f | %.2f | %.2f |" % (run["name"], s["mrr"], s["s1"], s["s10"], s["p50"], s["p99"]))
        out.append("")
    return "\n".join(out)


def examples(queries):
    out = []
    for group in GROUPS:
        picked = [q for q in queries if q["group"] == group][:3]
        out.append("- %s: " % GROUP_NAMES[group] + "; ".join("`%s` → %s" % (q["text"], q["target"]) for q in picked))
    return "\n".join(out)


def generated_text(context, runs, queries):
    typos = [q for q in queries if q["group"] == "typo"]
    edits = collections.Counter(q["edits"] for q in typos)
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
        "- Engines: " + "; ".join("%s (%s, indexed in %.1f s)" % (e["version"], e["engine"], e["indexSeconds"]) for e in c["engines"]) + ".",
        "- The first queries of each group:",
        "",
        examples(queries),
        "",
        "### MRR@10",
        "",
        table(runs, "mrr", "%.3f"),
        "",
        "### success@10",
        "",
        table(runs, "s10", "%.3f"),
        "",
        "### Latency p99 (ms)",
        "",
        table(runs, "p99", "%.2f"),
        "",
        "### Each group",
        "",
        group_tables(runs, queries),
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
    out = {g: {"queries": 0, "none": 0, "below": 0, "ties": 0, "limit": 0} for g in GROUPS}
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
    for group in GROUPS:
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
    say("relevance: %s" % ", ".join("%s %d" % (g, counts[g]) for g in GROUPS))

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
    say(table(runs, "mrr", "%.3f"))
    say("")
    say("success@10")
    say(table(runs, "s10", "%.3f"))
    say("")
    say("p99 latency, ms")
    say(table(runs, "p99", "%.2f"))
    for run in runs:
        if "diagnostics" in run:
            say("")
            say(diagnostics_text(run))
    write_results(os.path.join(args.cache, "results.json"), runs, queries)
    if args.report:
        write_report(args.report, generated_text(context, runs, queries))
        say("\nwrote %s" % args.report)


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
