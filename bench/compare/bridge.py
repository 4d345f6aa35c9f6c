#!/usr/bin/env python3
"""Two builds of searchlight timing the same searches from JS, interleaved: what a
search costs from JS (wall clock, `limit: 20`, typos on) per query class, as ratios.

    bench/compare/bridge.py OLD=LABEL NEW=LABEL [--rounds N] [--size 100k] [--phases]

OLD and NEW are `searchlight` binaries (release builds). Each round runs
bench/js/open-and-search.js once per build, in alternating order, on the index that
`SearchlightBench --sizes 100000 --search-only --js` used (.build/bench/SIZE/native,
its queries in search-only-queries.json and their classes in search-only-kinds.json).
Percentiles are over all rounds' queries. With --phases each run also traces the
bridge (SEARCHLIGHT_TRACE_BRIDGE) and the medians of the JS-thread and delivery
phases are printed per build.
"""
import argparse, json, os, sys, tempfile

from rounds import HERE, REPO, percentile, run_figures


def one_run(binary, workload, trace):
    env = dict(os.environ)
    if trace:
        env['SEARCHLIGHT_TRACE_BRIDGE'] = trace
    command = [binary, 'run', '--data-dir', os.path.join(workload, 'native'), '--app-id', 'com.example.bench',
               os.path.join(REPO, 'bench', 'js', 'open-and-search.js'), 'a', os.path.join(workload, 'search-only-queries.json')]
    return run_figures(binary, command, env)


PHASES = [
    ('hit values', 'searched', 'answered'),
    ('encode (worker)', 'answered', 'encoded'),
    ('post → JS turn', 'encoded', 'turnStarted'),
    ('JSON written (JS)', 'turnStarted', 'jsonWritten'),
    ('JSC parse', 'jsonWritten', 'parsed'),
    ('after the search', 'searched', None),
    ('JS thread after post', 'turnStarted', None),
]


def phase_samples(trace, figures):
    with open(trace) as f:
        lines = f.read().splitlines()
    header = lines[0].split('\t')
    rows = [dict(zip(header, l.split('\t'))) for l in lines[1:] if l.startswith('SearchOnDevice.search\t')]
    starts, latencies = figures['starts'], figures['latencies']
    rows = rows[-len(starts):]
    result = {name: [] for name, _, _ in PHASES}
    for row, start, latency in zip(rows, starts, latencies):
        end = start + latency
        for name, a, b in PHASES:
            try:
                result[name].append((float(row[b]) if b else end) - float(row[a]))
            except (ValueError, KeyError):
                pass
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('builds', nargs=2, metavar='BINARY=LABEL')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--size', default='100k')
    parser.add_argument('--phases', action='store_true')
    args = parser.parse_args()
    workload = os.path.join(REPO, '.build', 'bench', args.size)
    kinds_file = os.path.join(workload, 'search-only-kinds.json')
    if not os.path.exists(kinds_file):
        sys.exit(f'no {kinds_file}: run SearchlightBench --sizes 100000 --search-only --js first')
    with open(kinds_file) as f:
        kinds = json.load(f)
    builds = []
    for spec in args.builds:
        binary, _, label = spec.partition('=')
        builds.append({'binary': os.path.abspath(binary), 'label': label or binary, 'latencies': [], 'phases': {}})
    trace = os.path.join(tempfile.mkdtemp(prefix='searchlight-bridge-'), 'trace.tsv') if args.phases else None
    for round_number in range(args.rounds):
        order = builds if round_number % 2 == 0 else builds[::-1]
        for build in order:
            figures = one_run(build['binary'], workload, trace)
            if len(figures['latencies']) != len(kinds):
                sys.exit(f'{build["label"]}: {len(figures["latencies"])} latencies for {len(kinds)} queries')
            build['latencies'].append(figures['latencies'])
            if trace:
                for name, samples in phase_samples(trace, figures).items():
                    build['phases'].setdefault(name, []).extend(samples)
        print(f'round {round_number + 1} of {args.rounds} done', file=sys.stderr)
    old, new = builds
    print(f'JS search, wall clock ms over {args.rounds} rounds (p50 / p99), {old["label"]} → {new["label"]}:')
    for kind in ['typing', 'multi', 'typo']:
        def samples(build):
            return [run[i] for run in build['latencies'] for i in range(len(kinds)) if kinds[i] == kind]
        a, b = samples(old), samples(new)
        a50, a99, b50, b99 = percentile(a, 50), percentile(a, 99), percentile(b, 50), percentile(b, 99)
        print(f'  {kind:7s} ({len(a)}): p50 {a50:.2f} → {b50:.2f} ({b50 / a50:.2f}×), p99 {a99:.2f} → {b99:.2f} ({b99 / a99:.2f}×)')
    if trace:
        print('phases, all classes (ms, p50 / p99):')
        for name, _, _ in PHASES:
            a, b = old['phases'].get(name, []), new['phases'].get(name, [])
            if a and b:
                print(f'  {name:22s} {percentile(a, 50):.3f} / {percentile(a, 99):.3f} → {percentile(b, 50):.3f} / {percentile(b, 99):.3f}')


if __name__ == '__main__':
    main()
