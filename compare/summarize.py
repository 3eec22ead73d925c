#!/usr/bin/env python3
"""Writes summary.md from one run's results.csv (compare/results/<gpu>/): per algorithm at the
largest size, tide's throughput against CUB's and Thrust's and its fraction of the memcpy roofline;
the issues' speed targets; the seeds' tables beside today's numbers. Standard library only.

usage: summarize.py RESULTS_DIR   (prints the summary and writes RESULTS_DIR/summary.md)
"""

import csv
import os
import re
import sys
from collections import defaultdict

SEED000_REDUCE_MS = {"reduce1": 19.09, "reduce2": 11.91, "reduce3": 10.62, "reduce4": 9.10, "reduce5": 8.67}
SEED000_N = 1 << 22  # the lecture gives no size; 2^22 ints is the size of the talk it follows
SEED001_N = 16777217
SEED001 = [  # TITAN Xp, ms: (row, hist, scan, scatter, total)
    ("host std::sort", None, None, None, 2218.814),
    ("Level 1", 185.492, 60.003, 365.776, 705.817),
    ("Level 2", 249.707, 61.026, 250.583, 630.335),
    ("Thrust", None, None, None, 30.655),
]
LATENCY_N = {1000}

# (algorithm, case, type, distribution, n, against, goal, issue): tide's throughput over `against`'s
# must reach `goal` ("memcpy" compares GB/s with the memcpy row at the same n).
TARGETS = [
    ("reduce", "sum", "u32", "uniform", 1 << 28, "cub", 1.0, 3),
    ("reduce", "sum", "u32", "uniform", 1 << 24, "cub", 0.9, 3),
    ("reduce", "sum", "u32", "uniform", 1 << 20, "cub", 0.9, 3),
    ("inclusive_scan", "sum", "u32", "uniform", 1 << 28, "cub", 1.1, 3),
    ("exclusive_scan", "sum", "u32", "uniform", 1 << 28, "cub", 1.1, 3),
    ("inclusive_scan", "sum", "u32", "uniform", 1 << 24, "cub", 1.0, 3),
    ("exclusive_scan", "sum", "u32", "uniform", 1 << 24, "cub", 1.0, 3),
    ("inclusive_scan", "sum", "u32", "uniform", 1 << 20, "cub", 1.0, 3),
    ("exclusive_scan", "sum", "u32", "uniform", 1 << 20, "cub", 1.0, 3),
    ("transform", "saxpy", "f32", "uniform", 1 << 28, "memcpy", 0.95, 3),
    ("gather", "map_u32", "u32", "random_map", 1 << 28, "thrust", 1.0, 3),
    ("scatter", "map_u32", "u32", "random_map", 1 << 28, "thrust", 1.0, 3),
    ("sort_keys", "less", "u32", "uniform", 1 << 28, "cub", 0.8, 5),
    ("sort_keys", "less", "f32", "uniform", 1 << 28, "cub", 0.8, 5),
    ("sort_keys", "less", "u64", "uniform", 1 << 28, "cub", 0.8, 5),
    ("sort_pairs", "less", "u32", "uniform", 1 << 28, "cub", 0.8, 5),
    ("sort_custom", "custom_greater", "f32", "uniform", 1 << 28, "thrust", 1.0, 5),
    ("histogram_even", "bins_256", "u32", "uniform", 1 << 28, "cub", 2.0, 6),
    ("histogram_even", "bins_1024", "f32", "uniform", 1 << 28, "cub", 2.0, 6),
    ("histogram_even", "bins_256", "u32", "all_equal", 1 << 28, "cub", 1.0, 6),
    ("histogram_even", "bins_65536", "u32", "uniform", 1 << 28, "cub", 1.0, 6),
]  # issue 17: Thrust's part-2 algorithms at 2^28 u32 (set operations: two sorted halves of 2^27)
TARGETS += [(a, "odd_half", "u32", "uniform", 1 << 28, "cub", 1.0, 17)
            for a in ("partition", "stable_partition", "partition_copy")]
TARGETS += [("unique_by_key", "runs_of_4", "u32u32", "uniform", 1 << 28, "cub", 1.0, 17),
            ("unique_count", "runs_of_4", "u32", "uniform", 1 << 28, "cub", 1.0, 17),
            ("adjacent_difference", "minus", "u32", "uniform", 1 << 28, "cub", 1.0, 17),
            ("adjacent_difference", "minus", "u32", "uniform", 1 << 28, "memcpy", 0.95, 17),
            ("find_if", "hit_1pct", "u32", "uniform", 1 << 28, "thrust", 10.0, 17),
            ("find_if", "hit_50pct", "u32", "uniform", 1 << 28, "thrust", 1.0, 17),
            ("find_if", "absent", "u32", "uniform", 1 << 28, "thrust", 1.0, 17)]
TARGETS += [(a, "half_overlap", "u32", "sorted_half_overlap", 1 << 28, "thrust", 1.0, 17)
            for a in ("set_union", "set_intersection", "set_difference", "set_symmetric_difference")]
TARGETS += [("shuffle", "all_kept", "u32", "uniform", 1 << 28, "thrust", 1.0, 17)]
TARGETS += [(a, c, "u32", d, 1 << 28, "memcpy", 0.95, 17)
            for a, c, d in (("replace", "eq0_of16", "uniform"), ("reverse", "plain", "uniform"),
                            ("generate", "plain", "none"), ("swap_ranges", "plain", "uniform"),
                            ("mismatch", "equal", "uniform"), ("is_sorted", "sorted", "sorted"))]
TARGETS += [  # issue 18: where tide trailed CUB and Thrust (radix sorts at 2^24, 2^28 and 2^30; the rest
    # at the sizes of the issue's table, 2^28 and 2^30)
    (alg, "less", typ, "uniform", 1 << e, "cub", 1.05, 18)
    for alg, typ in (("sort_keys", "u32"), ("sort_keys", "f32"), ("sort_keys", "u64"), ("sort_pairs", "u32"))
    for e in (24, 28, 30)
]
TARGETS += [(a, c, t, d, 1 << e, against, goal, 18)
            for a, c, t, d, against, goal in (
                ("copy_if", "odd_half", "u32", "uniform", "cub", 1.1),
                ("copy_if", "stencil_half", "u32", "uniform", "cub", 1.1),
                ("reduce_by_key", "sum_runs_1_16", "u32", "random_runs", "cub", 1.1),
                ("inclusive_scan", "sum", "u64", "uniform", "cub", 1.05),
                ("exclusive_scan", "sum", "u64", "uniform", "cub", 1.05),
                ("histogram_range", "bins_65536", "u32", "uniform", "cub", 2.0),
                ("histogram_range", "bins_65536", "u32", "all_equal", "cub", 2.0),
                ("gather_if", "stencil_half", "u32", "random_map", "thrust", 1.05))
            for e in (28, 30)]
TARGETS += [("sort_custom", "custom_greater", "f32", "uniform", 1 << e, "thrust", 1.1, 18) for e in range(12, 25, 2)]
TARGETS += [  # batches of 2^16 f32 tridiagonal systems, tide's public call against cuSPARSE's
    (alg, f"n{n}_b65536", "f32", "diag_dominant", n << 16, "cusparse", 1.0, 8)
    for alg in ("tridiagonal_strided", "tridiagonal_interleaved") for n in (64, 256, 1024)
]
LATENCY_TARGETS = [("reduce", "to_host", 1000, 0.012, 3), ("sort_keys", "less", 1000, 0.015, 5)]


def load(path):
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            r["n"] = int(r["n"])
            for key in ("median_ms", "gelem_per_s", "gb_per_s"):
                r[key] = float(r[key])
            rows.append(r)
    return rows


def label(n):
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else f"{n:,}"


def fmt_ms(ms):
    return "—" if ms is None else (f"{ms * 1000:.1f} µs" if ms < 0.1 else f"{ms:.3f} ms")


def fmt_ratio(x):
    return "—" if x is None else f"{x:.2f}×"


# Host mode's scaling rows (issue 19): tide::par.with_threads(t) as "tide_t<t>", the parallel memcpy
# on t threads as "memcpy_t<t>".
SCALING_LIBRARY = re.compile(r"^(tide|memcpy)_t(\d+)$")


def scaling_threads(library):
    """t of a scaling row's library ("tide_t4" -> 4), else None."""
    m = SCALING_LIBRARY.match(library)
    return int(m.group(2)) if m else None


class Roofline:
    """The memcpy row's GB/s at each n. results.csv of several runs (--append, possibly on another
    machine) has a memcpy row per run: a row's roofline is its own run's, the memcpy row before it
    in the file at its n (each run measures memcpy first), else the last one at n."""

    def __init__(self, rows):
        self.last, self.own, seen = {}, {}, {}
        for r in rows:
            if r["algorithm"] == "memcpy" and r["library"] == "memcpy":
                seen[r["n"]] = self.last[r["n"]] = r["gb_per_s"]
            else:
                self.own[id(r)] = seen.get(r["n"])

    def of(self, r):
        own = self.own.get(id(r)) if r else None
        return own if own is not None else (self.last.get(r["n"]) if r else None)

    def items(self):
        return self.last.items()


def index(rows):
    by = {}
    for r in rows:
        by[(r["algorithm"], r["case"], r["library"], r["type"], r["n"], r["distribution"])] = r
    return by, Roofline(rows)


def main_table(rows, by, memcpy, device):
    groups = defaultdict(set)
    for r in rows:
        if r["algorithm"] == "memcpy" or r["library"] == "seed" or r["n"] in LATENCY_N or r["n"] == SEED001_N:
            continue
        if r["n"] & (r["n"] - 1):
            continue
        groups[(r["algorithm"], r["case"], r["type"], r["distribution"])].add(r["n"])
    others = ["cub", "thrust"] if device else ["thrust", "std"]
    head = f"| algorithm | case | type | distribution | n | tide | {' | '.join(others)} | "
    head += " | ".join(f"tide / {o}" for o in others) + " | tide % of memcpy |"
    out = [head, "|" + "---|" * (head.count("|") - 1)]
    for (alg, case, typ, dist), sizes in sorted(groups.items()):
        with_tide = [n for n in sizes if (alg, case, "tide", typ, n, dist) in by]
        n = max(with_tide or sizes)
        tide = by.get((alg, case, "tide", typ, n, dist))
        cells = [alg, case, typ, dist, label(n), fmt_ms(tide["median_ms"] if tide else None)]
        ratios = []
        for o in others:
            r = by.get((alg, case, o, typ, n, dist))
            cells.append(fmt_ms(r["median_ms"] if r else None))
            ratios.append(fmt_ratio(r["median_ms"] / tide["median_ms"] if r and tide and tide["median_ms"] > 0 else None))
        roof = memcpy.of(tide)
        cells += ratios + [f"{100 * tide['gb_per_s'] / roof:.0f}%" if tide and roof else "—"]
        out.append("| " + " | ".join(cells) + " |")
    return out


CPU_COMPETITORS = ["thrust", "thrust_tbb", "tbb", "pstl_par", "pstl_unseq", "gnu_parallel", "ips4o", "onedpl", "std"]


def best_competitor(by, alg, case, typ, n, dist):
    """The fastest of the CPU competitors' rows at this point, or None."""
    rows = [by[k] for k in ((alg, case, lib, typ, n, dist) for lib in CPU_COMPETITORS) if k in by]
    return min(rows, key=lambda r: r["median_ms"]) if rows else None


def host_groups(rows):
    groups = defaultdict(set)
    for r in rows:
        if r["algorithm"] == "memcpy" or r["n"] in LATENCY_N or r["n"] & (r["n"] - 1):
            continue
        if scaling_threads(r["library"]) is not None:
            continue
        groups[(r["algorithm"], r["case"], r["type"], r["distribution"])].add(r["n"])
    return groups


def host_table(rows, by, memcpy):
    """Host mode: per row at the largest size with tide, the best CPU competitor by name beside
    Thrust's OpenMP backend and one-thread std."""
    head = ("| algorithm | case | type | n | tide::par | best competitor | its time | tide / best | "
            "thrust (omp) | tide / thrust | std (1 thread) | tide GB/s | % of memcpy |")
    out = [head, "|" + "---|" * (head.count("|") - 1)]
    for (alg, case, typ, dist), sizes in sorted(host_groups(rows).items()):
        with_tide = [n for n in sizes if (alg, case, "tide", typ, n, dist) in by]
        n = max(with_tide or sizes)
        tide = by.get((alg, case, "tide", typ, n, dist))
        best = best_competitor(by, alg, case, typ, n, dist)
        thr = by.get((alg, case, "thrust", typ, n, dist))
        std = by.get((alg, case, "std", typ, n, dist))
        ratio = lambda r: fmt_ratio(r["median_ms"] / tide["median_ms"] if r and tide and tide["median_ms"] > 0 else None)
        roof = memcpy.of(tide)
        cells = [alg, f"{case} ({dist})", typ, label(n), fmt_ms(tide["median_ms"] if tide else None),
                 best["library"] if best else "—", fmt_ms(best["median_ms"] if best else None), ratio(best),
                 fmt_ms(thr["median_ms"] if thr else None), ratio(thr), fmt_ms(std["median_ms"] if std else None),
                 f"{tide['gb_per_s']:.1f}" if tide else "—",
                 f"{100 * tide['gb_per_s'] / roof:.0f}%" if tide and roof and tide["gb_per_s"] > 0 else "—"]
        out.append("| " + " | ".join(cells) + " |")
    return out


def host_by_size(rows, by):
    """tide::par over the best competitor at every size: `ratio (name)`."""
    groups = {g: v for g, v in host_groups(rows).items()  # only where some competitor ran
              if any(r["algorithm"] == g[0] and r["case"] == g[1] and r["type"] == g[2] and r["distribution"] == g[3]
                     and r["library"] in CPU_COMPETITORS for r in rows)}
    sizes = sorted({n for s in groups.values() for n in s})
    out = ["| algorithm | case | type | " + " | ".join(label(n) for n in sizes) + " |", "|" + "---|" * (3 + len(sizes))]
    for (alg, case, typ, dist), _ in sorted(groups.items()):
        cells = []
        for n in sizes:
            tide = by.get((alg, case, "tide", typ, n, dist))
            best = best_competitor(by, alg, case, typ, n, dist)
            cells.append(f"{best['median_ms'] / tide['median_ms']:.2f}× ({best['library']})"
                         if tide and best and tide["median_ms"] > 0 else "—")
        out.append(f"| {alg} | {case} ({dist}) | {typ} | " + " | ".join(cells) + " |")
    return out


def scaling_table(rows):
    """Host mode: per primitive and scaling size, tide::par.with_threads(t)'s time and its speedup
    over one thread (over the fewest threads measured where one thread was left out), and the
    parallel memcpy's, the ceiling of a memory-bound primitive's speedup."""
    series = defaultdict(dict)  # (n, kind, algorithm, case, type, distribution) -> {t: row}
    for r in rows:
        t = scaling_threads(r["library"])
        if t is None:
            continue
        kind = 0 if r["library"].startswith("memcpy") else 1  # memcpy first
        series[(r["n"], kind, r["algorithm"], r["case"], r["type"], r["distribution"])][t] = r
    if not series:
        return []
    out = []
    for n in sorted({k[0] for k in series}):
        keys = sorted(k for k in series if k[0] == n)
        threads = sorted({t for k in keys for t in series[k]})
        top = threads[-1]
        cols = " | ".join(f"{t} thread{'s' if t > 1 else ''}" for t in threads)
        head = f"| primitive (n = {label(n)}) | type | {cols} | speedup at {top} | efficiency at {top} |"
        out += [head, "|" + "---|" * (head.count("|") - 1)]
        for key in keys:
            _, kind, alg, case, typ, dist = key
            by_t = series[key]
            base_t = min(by_t)
            base = by_t[base_t]["median_ms"]
            cells = []
            for t in threads:
                r = by_t.get(t)
                if r is None or r["median_ms"] <= 0:
                    cells.append("—")
                    continue
                cells.append(f"{fmt_ms(r['median_ms'])} ({base / r['median_ms']:.2f}×)")
            last = by_t.get(top)
            speedup = base / last["median_ms"] if last and last["median_ms"] > 0 else None
            vs = "" if base_t == 1 else f" vs {base_t}"
            eff = f"{100 * speedup * base_t / top:.0f}%" if speedup else "—"
            name = "memcpy (parallel, the ceiling)" if kind == 0 else f"{alg} {case} ({dist})"
            if kind == 0 and last:
                name += f", {last['gb_per_s']:.0f} GB/s at {top}"
            out.append(f"| {name} | {typ} | " + " | ".join(cells) + f" | {fmt_ratio(speedup)}{vs} | {eff} |")
        out.append("")
    return out[:-1]


def targets_table(by, memcpy):
    out = ["| issue | algorithm | case | type | distribution | n | tide vs | goal | measured | met |", "|---|---|---|---|---|---|---|---|---|---|"]
    for alg, case, typ, dist, n, against, goal, issue in TARGETS:
        tide = by.get((alg, case, "tide", typ, n, dist))
        if against == "memcpy":
            ref = memcpy.of(tide)
            value = tide["gb_per_s"] / ref if tide and ref else None
        else:
            r = by.get((alg, case, against, typ, n, dist))
            value = r["median_ms"] / tide["median_ms"] if tide and r and tide["median_ms"] > 0 else None
        met = "—" if value is None else ("yes" if value >= goal else "**no**")
        out.append(f"| #{issue} | {alg} | {case} | {typ} | {dist} | {label(n)} | {against} | ≥ {goal:.2f}× | {fmt_ratio(value)} | {met} |")
    for alg, case, n, bound_ms, issue in LATENCY_TARGETS:
        tide = by.get((alg, case, "tide", "u32", n, "uniform"))
        value = tide["median_ms"] if tide else None
        met = "—" if value is None else ("yes" if value <= bound_ms else "**no**")
        out.append(f"| #{issue} | {alg} | {case} | u32 | uniform | {n:,} | end to end | ≤ {bound_ms * 1000:.0f} µs | {fmt_ms(value)} | {met} |")
    return out


def latency_table(rows):
    small = [r for r in rows if r["n"] in LATENCY_N]
    if not small:
        return []
    libs = [l for l in ("tide", "cub", "thrust", "std", "seed", "cuda") if any(r["library"] == l for r in small)]
    keys = sorted({(r["algorithm"], r["case"] if r["library"] != "seed" else "less", r["type"], r["n"]) for r in small})
    out = ["| algorithm | case | type | n | " + " | ".join(libs) + " |", "|" + "---|" * (4 + len(libs))]
    for alg, case, typ, n in keys:
        cells = []
        for lib in libs:
            times = [r["median_ms"] for r in small if r["library"] == lib and r["algorithm"] == alg and r["type"] == typ
                     and r["n"] == n and (r["case"] == case or lib == "seed")]
            cells.append(fmt_ms(min(times)) if times else "—")
        out.append(f"| {alg} | {case} | {typ} | {n:,} | " + " | ".join(cells) + " |")
    return out


def seed000_table(rows, by):
    sizes = sorted({r["n"] for r in rows if r["algorithm"] == "reduce" and r["library"] == "seed"})
    if not sizes:
        return []
    n = min(sizes, key=lambda s: abs(s - SEED000_N))
    out = [f"### Seed 000: the reduction ladder (u32 sum, n = {label(n)}; the lecture's GPU and size not stated)", "",
           "| kernel | lecture | today | today GB/s |", "|---|---|---|---|"]
    for name, then in SEED000_REDUCE_MS.items():
        r = by.get(("reduce", name, "seed", "u32", n, "uniform"))
        out.append(f"| {name} | {then:.2f} ms | {fmt_ms(r['median_ms'] if r else None)} | {r['gb_per_s']:.0f} |" if r else f"| {name} | {then:.2f} ms | — | — |")
    for lib in ("cub", "thrust", "tide", "std"):
        r = by.get(("reduce", "sum", lib, "u32", n, "uniform"))
        if r:
            out.append(f"| {lib} | | {fmt_ms(r['median_ms'])} | {r['gb_per_s']:.0f} |")
    return out


def seed001_table(by):
    def get(case, lib):
        r = by.get(("sort_keys", case, lib, "u32", SEED001_N, "uniform"))
        return r["median_ms"] if r else None

    if get("radix_level1", "seed") is None and get("less", "std") is None:
        return []
    today = {
        "host std::sort": (None, None, None, get("less", "std")),
        "Level 1": tuple(get(f"radix_level1.{p}", "seed") for p in ("hist", "scan", "scatter")) + (get("radix_level1", "seed"),),
        "Level 2": tuple(get(f"radix_level2.{p}", "seed") for p in ("hist", "scan", "scatter")) + (get("radix_level2", "seed"),),
        "Thrust": (None, None, None, get("less", "thrust")),
    }
    out = [f"### Seed 001: radix sort of {SEED001_N:,} u32 keys (report: TITAN Xp; today: this GPU)", "",
           "| version | hist (then / now) | scan | scatter | total (then / now) |", "|---|---|---|---|---|"]
    for name, h, sc, sct, total in SEED001:
        now = today[name]
        pair = lambda a, b: "" if a is None else f"{a:.1f} ms / {fmt_ms(b)}"
        out.append(f"| {name} | {pair(h, now[0])} | {pair(sc, now[1])} | {pair(sct, now[2])} | {pair(total, now[3])} |")
    for lib in ("cub", "tide"):
        ms = get("less", lib)
        if ms is not None:
            out.append(f"| {lib} | | | | — / {fmt_ms(ms)} |")
    return out


def other_seeds_table(rows, by):
    seed_rows = [r for r in rows if r["library"] == "seed" and r["algorithm"] != "reduce" and "." not in r["case"]
                 and r["n"] != SEED001_N]
    if not seed_rows:
        return []
    best = {}
    for r in seed_rows:
        key = (r["algorithm"], r["case"], r["type"], r["distribution"])
        if r["n"] >= best.get(key, {"n": -1})["n"]:
            best[key] = r
    out = ["| algorithm | seed kernel | type | distribution | n | seed | cub | tide | tide / seed |", "|---|---|---|---|---|---|---|---|---|"]
    for (alg, case, typ, dist), r in sorted(best.items()):
        base_case = "less" if alg.startswith("sort") else ("sum" if "scan" in alg else case.rsplit("_", 1)[0])
        cub = by.get((alg, base_case, "cub", typ, r["n"], dist))
        tide = by.get((alg, base_case, "tide", typ, r["n"], dist))
        ratio = r["median_ms"] / tide["median_ms"] if tide and tide["median_ms"] > 0 else None
        out.append(f"| {alg} | {case} | {typ} | {dist} | {label(r['n'])} | {fmt_ms(r['median_ms'])} | "
                   f"{fmt_ms(cub['median_ms'] if cub else None)} | {fmt_ms(tide['median_ms'] if tide else None)} | {fmt_ratio(ratio)} |")
    return out


def read_lines(path):
    return [l.rstrip("\n") for l in open(path)] if os.path.exists(path) else []


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = sys.argv[1]
    rows = load(os.path.join(d, "results.csv"))
    by, memcpy = index(rows)
    info = read_lines(os.path.join(d, "run_info.txt"))
    device = any(r["library"] == "cub" for r in rows) or any(l.startswith("cuda:") for l in info)
    out = [f"# tide compare: {os.path.basename(os.path.normpath(d))}", ""]
    out += [f"- {l}" for l in info] + [""]
    parts = sum(1 for l in info if l.startswith("command"))
    if parts == 1:
        out += ["Every row, ratio and roofline below was measured in this one run: one invocation of the "
                "benchmark (`command` above), each row validated against the host reference before it was timed.", ""]
    elif parts > 1:
        out += [f"**These results combine {parts} runs** (the `command` lines above, each with `--append`): "
                "a ratio may compare rows from different runs; each row's memcpy roofline is its own run's (the memcpy "
                "row before it in results.csv at that size).", ""]
    out += ["Throughput ratios are the other library's median time over tide's (above 1: tide is faster), "
            "at the largest size measured with tide; memcpy % is tide's GB/s (bytes an ideal implementation moves) "
            "over the device-to-device copy's GB/s at the same n, in the same run.", ""]
    if device:
        out += ["## Per algorithm, largest size", ""] + main_table(rows, by, memcpy, device) + [""]
    else:
        out += ["## Per algorithm, largest size: tide::par against the best CPU competitor", "",
                "Competitors: " + ", ".join(l for l in CPU_COMPETITORS if any(r["library"] == l for r in rows))
                + " (thrust: Thrust's OpenMP backend; thrust_tbb: its TBB backend; pstl_par / pstl_unseq: "
                "GCC's std::execution::par / par_unseq on TBB; gnu_parallel: libstdc++'s parallel mode; onedpl: oneDPL's "
                "par_unseq on its OpenMP backend; std: one thread). "
                "Best: the fastest of them in this run at that size. The memcpy roofline is a parallel memcpy "
                "(all threads) of the same size in the same run.", ""]
        out += host_table(rows, by, memcpy) + [""]
        out += ["## tide::par / best competitor, every size (above 1: tide is faster)", ""] + host_by_size(rows, by) + [""]
        roof = sorted(memcpy.items())
        if roof:
            out += ["Parallel memcpy (read + write GB/s): " + ", ".join(f"{label(n)} {g:.1f}" for n, g in roof), ""]
        scaling = scaling_table(rows)
        if scaling:
            out += ["## Scaling: tide::par.with_threads(t) against one thread", "",
                    "Each cell: the median time on t threads (`tide::par.with_threads(t)`, results.csv's library "
                    "`tide_t<t>`) and, in brackets, the speedup over one thread, same input, same check; efficiency: "
                    "speedup / t. The memcpy row (`memcpy_t<t>`: the same 1 MiB chunks on t OpenMP threads) is what "
                    "the memory gives: a primitive that moves as many bytes as a copy cannot scale past it. "
                    "plots/scaling.png draws the speedups. A missing cell: the row was left out (skipped.txt) or "
                    "failed; a speedup \"vs k\" is over the fewest threads measured.", ""]
            out += scaling + [""]
    if device:
        out += ["## The issues' speed targets", ""] + targets_table(by, memcpy) + [""]
    latency = latency_table(rows)
    if latency:
        out += ["## Small inputs (1,000 elements; reduce returns its value to the host; seed: its fastest kernel)", ""]
        out += latency + [""]
    seeds = seed000_table(rows, by)
    if seeds:
        out += ["## The seeds' tables today", ""] + seeds + [""]
    s1 = seed001_table(by)
    if s1:
        out += s1 + [""]
    others = other_seeds_table(rows, by)
    if others:
        out += ["### The other seed kernels (largest size each ran at)", ""] + others + [""]
    dropin = read_lines(os.path.join(d, "dropin.txt"))
    if dropin:
        out += ["## Drop-in examples (Thrust build vs tide build, same output?)", ""] + [f"- {l}" for l in dropin] + [""]
    size = read_lines(os.path.join(d, "size", "size.md"))
    if size:
        # compare/size/run.sh's first table (compile time, object, sm_90 code); the per-kernel tables
        # stay in size/size.md.
        table = [l for l in size if l.startswith("|")]
        end = next((i for i in range(1, len(table)) if table[i].startswith("| kernel family")), len(table))
        notes = [l for l in size if l.startswith("- ")] + [l for l in size if l.startswith("tide / Thrust")]
        out += ["## Binary size and compile time (compare/size: reduce, inclusive_scan, sort, sort_by_key on "
                "u32, f32, u64)", ""] + notes + [""] + table[:end] + ["", "Per kernel family: size/size.md.", ""]
    skipped = read_lines(os.path.join(d, "skipped.txt"))
    if skipped:
        out += [f"## Rows left out by --max-call-s ({len(skipped)}: one call predicted too long for this host)", ""]
        out += [f"- {l}" for l in skipped] + [""]
    failures = read_lines(os.path.join(d, "failures.txt"))
    out += ["## Validation", "", f"{len(failures)} row(s) failed validation or threw" + (":" if failures else ".")]
    out += [f"- {l}" for l in failures]
    text = "\n".join(out) + "\n"
    with open(os.path.join(d, "summary.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
