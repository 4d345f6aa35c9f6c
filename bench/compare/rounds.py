"""What the interleaved-build scripts of bench/compare share."""
import math, os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def percentile(values, p):
    """The nearest-rank percentile (`p` in 0…100), as bench/Statistics.swift computes it."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[rank]
