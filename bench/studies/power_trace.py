#!/usr/bin/env python3
"""Board power and SM clock while a study ran its sustained load.

RUN_LOG: a study's output with `STAMP <what>-begin|end HH:MM:SS.mmm` lines (conv2d_sliding_sweep.cu
with SUSTAIN=S). SMI_LOG: what ran beside it:
  nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw.instant,clocks_event_reasons.active \\
             --format=csv,noheader -lms 50
For each stamped interval, less the first --skip seconds (the power controller settling), prints the
mean SM clock, the mean board power and the share of samples with the software power cap active
(clocks_event_reasons bit 0x4).
"""
import argparse


def seconds(hms):
    h, m, s = hms.split(':')
    return int(h) * 3600 + int(m) * 60 + float(s)


def samples(path):
    rows = []
    for line in open(path):
        f = [x.strip() for x in line.split(',')]
        if len(f) < 4 or not f[1].endswith('MHz'):
            continue
        rows.append((seconds(f[0].split()[-1]), float(f[1].split()[0]), float(f[2].split()[0]), int(f[3], 16)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('run_log')
    ap.add_argument('smi_log')
    ap.add_argument('--skip', type=float, default=1.5)
    args = ap.parse_args()
    smi = samples(args.smi_log)
    begin = {}
    for line in open(args.run_log):
        if line.startswith('sustained '):
            print(line.rstrip())
        if not line.startswith('STAMP '):
            continue
        _, what, hms = line.split()
        name, edge = what.rsplit('-', 1)
        if edge == 'begin':
            begin[name] = seconds(hms)
            continue
        lo, hi = begin.pop(name) + args.skip, seconds(hms)
        xs = [x for x in smi if lo <= x[0] <= hi]
        if not xs:
            print(f'  {name}: no samples in {hi - lo:.2f} s')
            continue
        n = len(xs)
        capped = 100 * sum(1 for x in xs if x[3] & 0x4) / n
        print(f'  {name:7s} {hi - lo:5.2f} s, {n:3d} samples: SM {sum(x[1] for x in xs) / n:5.0f} MHz, '
              f'{sum(x[2] for x in xs) / n:5.1f} W, power cap active in {capped:3.0f}% of samples')


if __name__ == '__main__':
    main()
