"""Judged-query metrics: each query has one relevant item (its target)."""
import math


def rank(hits, target, depth=10):
    """1-based rank of `target` in the first `depth` hits, or None."""
    for k, hit in enumerate(hits[:depth]):
        if hit == target:
            return k + 1
    return None


def percentile(samples, p):
    """Nearest-rank percentile (p in 0…1); 0 for no samples."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    k = max(0, min(len(ordered) - 1, math.ceil(p * len(ordered)) - 1))
    return ordered[k]


def summarize(rows):
    """MRR@10, success@1, success@10, the share of queries without any hit (`none`),
    p50 and p99 latency of `rows` ([{rank: int|None, ms: float, empty: bool}]), and
    their count."""
    n = len(rows)
    if n == 0:
        return {"n": 0, "mrr": 0.0, "s1": 0.0, "s10": 0.0, "none": 0.0, "p50": 0.0, "p99": 0.0}
    ranks = [r["rank"] for r in rows]
    latencies = [r["ms"] for r in rows]
    return {
        "n": n,
        "mrr": sum(1.0 / k for k in ranks if k) / n,
        "s1": sum(1 for k in ranks if k == 1) / n,
        "s10": sum(1 for k in ranks if k) / n,
        "none": sum(1 for r in rows if r.get("empty")) / n,
        "p50": percentile(latencies, 0.5),
        "p99": percentile(latencies, 0.99),
    }


def over_seeds(summaries, key):
    """Mean, lowest and highest of `key` over one group's per-seed summaries."""
    values = [s[key] for s in summaries]
    if not values:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    return {"mean": sum(values) / len(values), "low": min(values), "high": max(values)}
