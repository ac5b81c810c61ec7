#!/usr/bin/env python3
"""Merges the JSON rows of one CPU run (`tilescope bench --backend cpu --json`) into
bench/results/DATE-cpu.json and writes the markdown beside it: date, CPU, threads, load, commands,
each target of issue 15 with the rows that meet or miss it, then every row.

    python3 bench/cpu_report.py --out bench/results/2026-11-24-cpu --cpu "AMD EPYC" --threads 2 \
        --load "1.2 then 1.4" --commands commands.txt rows/*.json
"""
import datetime

from report import name, parse_run, table

# Issue 15's targets: (pattern, size, radii, what is compared, threshold).
TARGETS = [
    ("conv2d", "2048x2048", [1, 2, 3, 5, 7], "ours / OpenCV filter2D (ms)", "<= 1.0"),
    ("conv1d", "16777216", [1, 2, 4, 8], "ours / copy of the same bytes (ms)", "<= 1.2"),
    ("stencil3d", "256x256x256", [1], "ours / copy of the same bytes (ms)", "<= 1.5"),
    ("matmul", "1024x1024x1024", [None], "ours / OpenBLAS sgemm (GFLOP/s)", ">= 0.5"),
]


def target_rows(rows):
    lines = ["| target | radius | ours ms | reference | reference ms | ratio | met |", "|" + "---|" * 7]
    for pattern, size, radii, what, threshold in TARGETS:
        for radius in radii:
            group = [r for r in rows if r["pattern"] == pattern and r["size"] == size and r["radius"] == radius]
            ours = [r for r in group if "strategy" in r and r["correct"]]
            if not ours:
                continue
            mine = min(ours, key=lambda r: r["median_ms"])
            if "copy" in what:
                ref_name, ref_ms, ratio = "memcpy", mine["copy_ms"], mine["median_ms"] / mine["copy_ms"]
            else:
                peers = [r for r in group if "peer" in r]
                if not peers:
                    continue
                peer = peers[0]
                ref_name, ref_ms = name(peer), peer["median_ms"]
                ratio = mine["median_ms"] / ref_ms if "ms" in what else ref_ms / mine["median_ms"]
            met = ratio <= float(threshold[3:]) if threshold.startswith("<=") else ratio >= float(threshold[3:])
            lines.append(f"| {pattern} {size}: {what} {threshold} | {radius if radius is not None else '-'} "
                         f"| {mine['median_ms']:.3f} | {ref_name} | {ref_ms:.3f} | {ratio:.2f} "
                         f"| {'yes' if met else '**no**'} |")
    return lines


def main():
    args, rows, commands = parse_run(__doc__, "path prefix: writes PREFIX.json and PREFIX.md",
                                     ["--cpu", "--threads", "--load"])
    md = [f"# CPU benchmark: {args.cpu}, {args.threads} threads, {datetime.date.today().isoformat()}", "",
          f"Backend: {rows[0]['device']}. Load average (1 min) before and after the run: {args.load}.",
          "Medians and minima of wall-clock repetitions after a warm-up; copy ms = a memcpy of as many bytes as the",
          "kernel must move (inputs once, output once), timed in the same process; % copy = copy ms / median ms.",
          "Every strategy runs the same engine on the CPU, so one strategy per pattern is timed. Peers in italics.", "",
          "Commands (a Release build without CUDA):", "", "```sh", commands, "```", "",
          "## Issue 15's targets", ""] + target_rows(rows) + ["", "## Every row", ""] + table(rows)
    with open(args.out + ".md", "w") as f:
        f.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()
