"""What the interleaved-build scripts of bench/compare share."""
import json, math, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def percentile(values, p):
    """The nearest-rank percentile (`p` in 0…100), as bench/Statistics.swift computes it."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[rank]


def run_figures(binary, command, env=None):
    """Runs `command` (a `searchlight run` of a bench script) and returns the JSON of its
    `BENCH ` line; exits naming `binary` when there is none or it reports an error."""
    out = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env)
    line = next((l for l in out.stdout.splitlines() if l.startswith('BENCH ')), None)
    if line is None:
        sys.exit(f'{binary}: no figures (exit {out.returncode})\n{out.stderr[-2000:]}')
    figures = json.loads(line[6:])
    if 'error' in figures:
        sys.exit(f'{binary}: {figures["error"]}')
    return figures
