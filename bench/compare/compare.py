#!/usr/bin/env python3
"""Two builds of searchlight on the same workload, interleaved: bulk indexing from JS
and exact search-as-you-type (typos off where the build has them), as ratios.

    bench/compare/compare.py OLD=LABEL NEW=LABEL [--rounds N] [--size 100k]

OLD and NEW are `searchlight` binaries (release builds). After the label, flags
joined by `+` ask that build for search options: `typos-off` passes
`typoTolerance: false`, `matching-all` passes `matchingStrategy: 'all'` (no queries
with terms dropped), so a newer build answers the same search as an older one
(`NEW=LABEL:typos-off+matching-all`). The workload is the one
`make bench` wrote to .build/bench/SIZE/ (items-*.json, queries.json). Rounds
alternate which build goes first, so a slow minute on this shared machine hits both;
the figures are medians over rounds (indexing) and over all rounds' queries (search).
"""
import argparse, glob, json, os, shutil, statistics, sys, tempfile

from rounds import HERE, REPO, percentile, run_figures


FLAGS = {'typos-off': {'typoTolerance': False}, 'matching-all': {'matchingStrategy': 'all'}}


def one_round(binary, options, workload, batch):
    data = tempfile.mkdtemp(prefix='searchlight-compare-')
    try:
        items = sorted(glob.glob(os.path.join(workload, 'items-*.json')))
        command = [binary, 'run', '--data-dir', data, '--app-id', 'com.example.compare',
                   os.path.join(HERE, 'run.js'), str(batch), os.path.join(workload, 'queries.json'),
                   json.dumps(options)] + items
        return run_figures(binary, command)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('builds', nargs=2, metavar='BINARY=LABEL[:FLAG+FLAG]')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--size', default='100k')
    parser.add_argument('--batch', type=int, default=1000)
    args = parser.parse_args()
    workload = os.path.join(REPO, '.build', 'bench', args.size)
    if not glob.glob(os.path.join(workload, 'items-*.json')):
        sys.exit(f'no workload in {workload}: run make bench (or SearchlightBench --sizes …) first')
    builds = []
    for spec in args.builds:
        binary, _, label = spec.partition('=')
        label, _, flags = label.partition(':')
        options = {}
        for flag in filter(None, flags.split('+')):
            if flag not in FLAGS:
                sys.exit(f'unknown flag {flag!r} in {spec!r}: known are {", ".join(FLAGS)}')
            options.update(FLAGS[flag])
        builds.append({'binary': os.path.abspath(binary), 'label': label or binary,
                       'options': options, 'rates': [], 'latencies': []})
    for round_number in range(args.rounds):
        order = builds if round_number % 2 == 0 else builds[::-1]
        for build in order:
            figures = one_round(build['binary'], build['options'], workload, args.batch)
            rate = figures['written'] / (figures['indexMs'] / 1000)
            build['rates'].append(rate)
            build['latencies'].extend(figures['latencies'])
            print(f'round {round_number + 1}: {build["label"]}: {rate:.0f} items/s, '
                  f'search p50 {percentile(figures["latencies"], 50):.2f} ms, '
                  f'p99 {percentile(figures["latencies"], 99):.2f} ms', flush=True)
    old, new = builds
    rows = [('JS indexItems, items/s (median of rounds)', statistics.median(old['rates']), statistics.median(new['rates']), True)]
    for p in (50, 99):
        rows.append((f'search p{p}, ms (all rounds\' queries)', percentile(old['latencies'], p), percentile(new['latencies'], p), False))
    print()
    print(f'| figure ({args.size}, {args.rounds} interleaved rounds) | {old["label"]} | {new["label"]} | ratio | slower? |')
    print('|---|---|---|---|---|')
    for name, before, after, higher_is_better in rows:
        ratio = after / before
        slower = ratio < 0.95 if higher_is_better else ratio > 1.05
        print(f'| {name} | {before:.2f} | {after:.2f} | {ratio:.2f}× | {"yes" if slower else "no"} |')


if __name__ == '__main__':
    main()
