#!/usr/bin/env python3
"""On a GPU machine: ts.apply on CuPy and torch arrays, once per pattern, against the same kernels on
NumPy arrays, and the wall time of both paths on a large image: the device path moves nothing through
the host, so it saves the host round trip (python/tests/test_device_arrays.py has the full tests).

    PYTHONPATH=build/python python3 python/tests/device_check.py      # exit 0: every result equal
"""

import importlib
import sys
import time

import numpy as np

import tilescope as ts


def wall_ms(call, reps=5):
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[reps // 2]


def main():
    print("tilescope: CUDA compiled %s" % ts.has_cuda)
    rng = np.random.default_rng(0)
    cases = [("conv2d", (rng.random((1001, 1537), np.float32),), {"strategy": "fast", "radius": 3}),
             ("conv1d", (rng.random(100003, np.float32),), {"strategy": "tiled", "radius": 4}),
             ("stencil3d", (rng.random((64, 96, 130), np.float32),), {"strategy": "temporal", "steps": 4}),
             ("matmul", (rng.random((300, 200), np.float32), rng.random((200, 500), np.float32)), {})]
    failed = 0
    for name, to_device, to_host in [("cupy", lambda m, a: m.asarray(a), lambda m, d: m.asnumpy(d)),
                                     ("torch", lambda m, a: m.from_numpy(a).cuda(), lambda m, d: d.cpu().numpy())]:
        try:
            m = importlib.import_module(name)
        except ImportError:
            print("%s: not importable, not checked" % name)
            continue
        for pattern, arrays, kw in cases:
            host = ts.apply(*arrays, pattern=pattern, backend="cuda", **kw)
            out, run = ts.apply(*[to_device(m, a) for a in arrays], pattern=pattern, return_run=True, **kw)
            same = np.array_equal(to_host(m, out), host)
            failed += not same
            print("%-6s %-9s -> %s on %s: %s" % (name, pattern, type(out).__module__ + "." + type(out).__name__,
                                                 run["backend"], "equal to the NumPy path" if same else "DIFFERS"))
        x = rng.random((8192, 8192), np.float32)
        dx = to_device(m, x)
        sync = m.cuda.synchronize if name == "torch" else m.cuda.runtime.deviceSynchronize
        host_ms = wall_ms(lambda: ts.apply(x, strategy="tiled_in", radius=2, backend="cuda"))
        device_ms = wall_ms(lambda: (ts.apply(dx, strategy="tiled_in", radius=2), sync()))
        print("%-6s 8192^2 conv2d tiled_in r=2, wall: NumPy in and out %.1f ms, device in and out %.1f ms" %
              (name, host_ms, device_ms))
    print("FAILED: %d results differ" % failed if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
