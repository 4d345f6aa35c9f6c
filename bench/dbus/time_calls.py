"""Times the GNOME Shell and KRunner D-Bus calls of `searchlight serve` (see measure.sh)."""
import dbus, time, statistics, sys
bus = dbus.SessionBus()
name = 'org.example.Big'
obj = bus.get_object(name, '/org/example/Big/SearchProvider')
gnome = dbus.Interface(obj, 'org.gnome.Shell.SearchProvider2')
krunner = dbus.Interface(obj, 'org.kde.krunner1')
queries = [['a'], ['ab'], ['con'], ['conf'], ['house', 'a'], ['zebra'], ['mountain', 'tra'], ['the', 'quick'], ['sp'], ['wat']]
def timed(fn, n=5):
    out = []
    for _ in range(n):
        t = time.perf_counter(); r = fn(); out.append((time.perf_counter() - t) * 1000)
    return out, r
rows = []
for q in queries:
    ms, ids = timed(lambda: gnome.GetInitialResultSet(q))
    ms2, _ = timed(lambda: gnome.GetSubsearchResultSet(ids, q + ['e']))
    ms3, _ = timed(lambda: gnome.GetResultMetas(ids[:5]))
    ms4, _ = timed(lambda: krunner.Match(' '.join(q)))
    rows.append((' '.join(q), len(ids), statistics.median(ms), statistics.median(ms2), statistics.median(ms3), statistics.median(ms4)))
print('%-16s %5s %9s %9s %9s %9s' % ('terms', 'hits', 'initial', 'subsearch', 'metas(5)', 'krunner'))
for r in rows: print('%-16s %5d %8.2fms %8.2fms %8.2fms %8.2fms' % r)
