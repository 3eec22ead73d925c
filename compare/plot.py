#!/usr/bin/env python3
"""Plots one run's results.csv: for each algorithm a PNG of throughput (GB/s, the bytes an ideal
implementation moves) against n, one panel per case/type/distribution, a line per library (tide,
Thrust, CUB, std, the seeds' kernels; on the host the CPU libraries) and the memcpy roofline of the same run.

usage: plot.py RESULTS_DIR   (writes RESULTS_DIR/plots/<algorithm>.png; needs matplotlib)
"""

import csv
import math
import os
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
         "ips4o": ("tab:pink", "-", 1.6)}
SEED_COLORS = ["tab:red", "tab:brown", "tab:pink", "tab:gray", "tab:olive", "tab:cyan"]


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
            r["n"], r["gb_per_s"] = n, float(r["gb_per_s"])
            rows.append(r)
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
    print(f"plots: {out_dir}/ ({len(panels)} algorithms)")


if __name__ == "__main__":
    main()
