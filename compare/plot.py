#!/usr/bin/env python3
"""Plots one run's results.csv: for each algorithm a PNG of throughput (GB/s, the bytes an ideal
implementation moves) against n, one panel per case/type/distribution, a line per library (tide,
Thrust, CUB, std, the seeds' kernels; on the host the CPU libraries) and the memcpy roofline of the same run.
In host mode also scaling.png: tide::par.with_threads(t)'s speedup over one thread against t, a line
per primitive, beside the parallel memcpy's and the ideal (rows tide_t<t>, memcpy_t<t>).

usage: plot.py RESULTS_DIR   (writes RESULTS_DIR/plots/<algorithm>.png; needs matplotlib)
"""

import csv
import math
import os
import re
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STYLE = {"tide": ("tab:blue", "-", 2.4), "cub": ("tab:green", "-", 1.6), "thrust": ("tab:orange", "-", 1.6),
         "std": ("tab:purple", "-", 1.4),
         # host mode's CPU competitors (issue 19)
         "thrust_tbb": ("tab:brown", "-", 1.4), "tbb": ("tab:red", "-", 1.6), "pstl_par": ("tab:olive", "-", 1.4),
         "pstl_unseq": ("tab:olive", "--", 1.2), "gnu_parallel": ("tab:cyan", "-", 1.4),
         "ips4o": ("tab:pink", "-", 1.6), "onedpl": ("tab:gray", "-", 1.4)}
SEED_COLORS = ["tab:red", "tab:brown", "tab:pink", "tab:gray", "tab:olive", "tab:cyan"]
SCALING_LIBRARY = re.compile(r"^(tide|memcpy)_t(\d+)$")


def plot_scaling(rows, out_dir, title):
    """plots/scaling.png: speedup over one thread (over the fewest threads measured) against threads,
    one panel per size. Returns whether there was anything to draw."""
    series = defaultdict(dict)  # (n, name) -> {t: ms}
    for r in rows:
        m = SCALING_LIBRARY.match(r["library"])
        if not m or r["median_ms"] <= 0:
            continue
        name = "memcpy" if m.group(1) == "memcpy" else f"{r['algorithm']} {r['case']} {r['type']}"
        series[(r["n"], name)][int(m.group(2))] = r["median_ms"]
    sizes = sorted({n for n, _ in series})
    if not sizes:
        return False
    fig, axes = plt.subplots(1, len(sizes), figsize=(7.5 * len(sizes), 5.5), squeeze=False)
    for ax, n in zip(axes.flat, sizes):
        names = sorted(name for m, name in series if m == n)
        top = max(t for (m, _), by_t in series.items() if m == n for t in by_t)
        ideal = [t for t in (1, 2, 4, 8, 16, 32, 64, 128, 256) if t < top] + [top]
        ax.plot(ideal, ideal, color="gray", ls=":", lw=1.0, label="ideal (t×)")
        cmap = plt.get_cmap("tab20")
        others = [x for x in names if x != "memcpy"]
        for name in names:
            by_t = series[(n, name)]
            base_t = min(by_t)
            pts = sorted((t, by_t[base_t] / ms) for t, ms in by_t.items())
            label = name if base_t == 1 else f"{name} (vs {base_t})"
            if name == "memcpy":
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color="black", ls="--", lw=2.4, marker="s", ms=4,
                        label="memcpy (the memory's ceiling)")
            else:
                i = others.index(name)
                ax.plot([p[0] for p in pts], [p[1] for p in pts], color=cmap(i % 20), ls="-" if i < 10 else "-.",
                        lw=1.4, marker="o", ms=3, label=label)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log", base=2)
        ax.set_xticks(ideal)
        ax.set_xticklabels([str(t) for t in ideal])
        ax.set_title(f"tide::par.with_threads(t), n = 2^{n.bit_length() - 1}" if n & (n - 1) == 0 else f"n = {n}",
                     fontsize=10)
        ax.set_xlabel("threads t")
        ax.set_ylabel("speedup over 1 thread")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
    fig.suptitle(f"scaling ({title})")
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "scaling.png"), dpi=90)
    plt.close(fig)
    return True


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = sys.argv[1]
    rows = []
    with open(os.path.join(d, "results.csv"), newline="") as f:
        for r in csv.DictReader(f):
            n = int(r["n"])
            if n & (n - 1) or "." in r["case"]:  # the sweep's sizes only; no phase rows
                continue
            r["n"], r["gb_per_s"], r["median_ms"] = n, float(r["gb_per_s"]), float(r["median_ms"])
            rows.append(r)
    scaling = [r for r in rows if SCALING_LIBRARY.match(r["library"])]
    rows = [r for r in rows if not SCALING_LIBRARY.match(r["library"])]  # scaling.png's, not the sweep's
    roof = sorted((r["n"], r["gb_per_s"]) for r in rows if r["algorithm"] == "memcpy")
    panels = defaultdict(lambda: defaultdict(list))  # algorithm -> panel -> [(series, n, gb/s)]
    for r in rows:
        if r["algorithm"] == "memcpy":
            continue
        if r["library"] == "seed":  # in the panel of the case it computes: reduce1 beside reduce "sum"
            if r["algorithm"].startswith("histogram"):
                base, variant = r["case"].rsplit("_", 1)
            else:
                base, variant = ("less" if r["algorithm"].startswith("sort") else "sum"), r["case"]
            series, panel = "seed " + variant, (base, r["type"], r["distribution"])
        else:
            series, panel = r["library"], (r["case"], r["type"], r["distribution"])
        panels[r["algorithm"]][panel].append((series, r["n"], r["gb_per_s"]))

    out_dir = os.path.join(d, "plots")
    os.makedirs(out_dir, exist_ok=True)
    for algorithm, by_panel in sorted(panels.items()):
        keys = sorted(by_panel)
        cols = min(3, len(keys))
        nrows = math.ceil(len(keys) / cols)
        fig, axes = plt.subplots(nrows, cols, figsize=(5.2 * cols, 3.8 * nrows), squeeze=False)
        for ax, key in zip(axes.flat, keys):
            series = defaultdict(list)
            for name, n, gbs in by_panel[key]:
                series[name].append((n, gbs))
            order = list(STYLE)
            names = sorted(series, key=lambda s: (order.index(s) if s in order else len(order), s))
            seeds = [s for s in names if s not in STYLE]
            for name in names:
                pts = sorted(series[name])
                seed_color = SEED_COLORS[seeds.index(name) % len(SEED_COLORS)] if name in seeds else None
                color, ls, lw = STYLE.get(name, (seed_color, "--", 1.0))
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=name, color=color, ls=ls, lw=lw)
            if roof:
                ax.plot([p[0] for p in roof], [p[1] for p in roof], color="black", ls=":", lw=1.2, label="memcpy")
            ax.set_xscale("log", base=2)
            ax.set_title(" / ".join(key), fontsize=9)
            ax.set_xlabel("n")
            ax.set_ylabel("GB/s")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=7)
        for ax in list(axes.flat)[len(keys):]:
            ax.axis("off")
        fig.suptitle(f"{algorithm} ({os.path.basename(os.path.normpath(d))})")
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, f"{algorithm}.png"), dpi=90)
        plt.close(fig)
    drew_scaling = plot_scaling(scaling, out_dir, os.path.basename(os.path.normpath(d)))
    print(f"plots: {out_dir}/ ({len(panels)} algorithms{', scaling.png' if drew_scaling else ''})")


if __name__ == "__main__":
    main()
