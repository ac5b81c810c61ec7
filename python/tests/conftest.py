"""Shared by the module's tests: the built `tilescope` binary (the oracle for model, count and shot),
run as a subprocess, and a small PNG reader (zlib and NumPy only) for the PNGs it writes."""

import json
import os
import struct
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _binary():
    exe = os.environ.get("TILESCOPE_EXE")
    if exe:
        return exe
    for build in ("build", "build-release", "build-dev", "build-cpu-only"):
        candidate = ROOT / build / "app" / "tilescope"
        if candidate.exists():
            return str(candidate)
    return None


@pytest.fixture(scope="session")
def tilescope_exe():
    exe = _binary()
    if exe is None:
        pytest.skip("no built tilescope binary (set TILESCOPE_EXE)")
    return exe


@pytest.fixture(scope="session")
def cli(tilescope_exe):
    """cli(*args) runs the binary; returns the completed process (stdout, stderr as text)."""

    def run(*args, check=True):
        env = dict(os.environ, OMP_NUM_THREADS=os.environ.get("OMP_NUM_THREADS", "2"))
        done = subprocess.run([tilescope_exe, *map(str, args)], capture_output=True, text=True, env=env, timeout=300)
        if check and done.returncode != 0:
            raise AssertionError("tilescope %s exited %d: %s" % (" ".join(map(str, args)), done.returncode, done.stderr))
        return done

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    return lambda *args: json.loads(cli(*args).stdout)


def read_png(path):
    """An 8-bit RGB or RGBA PNG (not interlaced) as an (h, w, channels) uint8 array."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "only 8-bit RGB(A), not interlaced"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 3 if colour == 2 else 4
    raw = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, 1 + w * bpp)
    out = np.zeros((h, w * bpp), np.int32)
    prior = np.zeros(w * bpp, np.int32)
    for y in range(h):
        kind, row = raw[y, 0], raw[y, 1:].astype(np.int32)
        if kind == 0:
            cur = row
        elif kind == 2:  # up
            cur = (row + prior) & 255
        elif kind == 1:  # sub: a running sum per channel
            cur = (np.cumsum(row.reshape(w, bpp), axis=0) & 255).reshape(-1)
        else:  # average, paeth: pixel after pixel
            cur = row.copy()
            for x in range(w * bpp):
                a = cur[x - bpp] if x >= bpp else 0
                b = prior[x]
                if kind == 3:
                    cur[x] = (row[x] + (a + b) // 2) & 255
                else:
                    c = prior[x - bpp] if x >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    cur[x] = (row[x] + pred) & 255
        out[y] = cur
        prior = cur
    return out.astype(np.uint8).reshape(h, w, bpp)
