#!/usr/bin/env python3
"""Which dependency scoreboards the loads of a kernel's main loop share, from `cuobjdump -sass` text.

usage: sass_scoreboards.py FUNCTION.sass

FUNCTION.sass: one function of `cuobjdump -sass BINARY` (the text from its "Function :" line to the
next). Volta and later encode per instruction a 4-bit stall count, a write and a read scoreboard
(0-5, 7 = none) and a 6-bit mask of scoreboards to wait for, in bits 41-56 of the second 64-bit word
that cuobjdump prints. For the largest loop (the longest backward branch) this prints which opcodes set
each scoreboard, and for every instruction that waits on a scoreboard that a global load sets, how many
instructions back the newest such load was issued (counting around the loop).
"""
import collections
import re
import sys


def instructions(path):
    lines = open(path).read().splitlines()
    out = []
    for i, line in enumerate(lines):
        m = re.match(r'\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;\s*/\* (0x[0-9a-f]+) \*/', line)
        if m:
            hi = re.search(r'/\* (0x[0-9a-f]+) \*/', lines[i + 1])
            out.append((int(m.group(1), 16), m.group(2).strip(), int(hi.group(1), 16)))
    return out


def control(hi):
    c = hi >> 41
    return {'write': (c >> 5) & 7, 'read': (c >> 8) & 7, 'wait': (c >> 11) & 63}


def opcode(text):
    return (text.split()[1] if text.startswith('@') else text.split()[0]).split('.')[0]


def main():
    ins = instructions(sys.argv[1])
    addr = {a: k for k, (a, _, _) in enumerate(ins)}
    loops = []
    for k, (a, text, _) in enumerate(ins):
        m = re.search(r'BRA (0x[0-9a-f]+)', text)
        if m and int(m.group(1), 16) < a:
            loops.append((addr[int(m.group(1), 16)], k))
    lo, hi = max(loops, key=lambda x: x[1] - x[0])
    body = ins[lo:hi + 1]
    n = len(body)
    print(f'loop: instructions {lo}..{hi} ({n})')
    setters = collections.Counter()
    newest_load = {}
    for _ in range(2):  # the second pass sees the loads of the previous iteration
        waits = []
        for i, (_, text, h) in enumerate(body):
            c = control(h)
            for sb in range(6):
                if c['wait'] >> sb & 1 and sb in newest_load:
                    waits.append(((i - newest_load[sb]) % n, i, text, sb))
            if c['write'] < 7 and opcode(text) == 'LDG':
                newest_load[c['write']] = i
    for _, text, h in body:
        c = control(h)
        if c['write'] < 7:
            setters[(opcode(text), c['write'])] += 1
    print('scoreboards set:', ', '.join(f'{op} sb{sb} x{v}' for (op, sb), v in sorted(setters.items())))
    waits.sort()
    print(f'{len(waits)} waits on a scoreboard a load sets; the shortest distances to the newest such load:')
    for d, i, text, sb in waits[:12]:
        print(f'  {d:5d} instructions  sb{sb}  @{lo + i}: {text}')


if __name__ == '__main__':
    main()
