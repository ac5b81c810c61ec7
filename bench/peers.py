#!/usr/bin/env python3
"""The Python peers of `tilescope bench`: cupyx.scipy.ndimage and torch (cuDNN) on the same
problems, timed the same way (CUDA events around each call, median and min of --reps after one
warm-up, a device-to-device copy of the same bytes timed in the same run), checked against a
float64 evaluation on the GPU, and written as the same JSON rows `tilescope bench --json` writes.

Same semantics as tilescope: correlation (no flip), zero ghost cells, output the input's size.
The stencil3d peers correlate with the star stencil as a dense (2k+1)^3 filter; tilescope copies
the cells within k of the edge where the peers zero-pad, so their error is over the interior.
With --steps K (stencil3d) the peer is cupyx correlate applied K times, ping-ponging two grids, beside
tilescope's `bench --steps K`: its row carries `steps`, its median is the K calls, its copy the
grid's once, and its error is over the cells K k inside the edge.

    python3 bench/peers.py --pattern all --json peers.json
    python3 bench/peers.py --pattern conv2d --filter gaussian   # also the separable peers

With --filter gaussian (tilescope's: sigma = r/2, normalised) conv2d adds the peers of the
separable strategy: cupyx correlate1d along x then y, and torch conv2d with a 1 x (2r+1) then a
(2r+1) x 1 kernel, each pass through global memory.
"""
import argparse
import json
import math
import statistics
import sys

import cupy
import cupyx.scipy.ndimage as ndimage
import numpy as np
import torch
import torch.nn.functional as F

EPS = float(np.finfo(np.float32).eps)
DEFAULTS = {  # the sizes and radii `tilescope bench` uses on a GPU
    "conv2d": ("8192x8192", "1,2,3,5,7"),
    "stencil3d": ("512x512x512", "1,2,3"),
    "conv1d": ("268435456", "1,2,4,8,16"),
    "matmul": ("4096x4096x4096", ""),
}


def fp32_peak_gflops():
    """SMs x 128 FP32 lanes x 2 (FMA) x SM clock: the formula tilescope uses."""
    attributes = cupy.cuda.Device().attributes
    return attributes["MultiProcessorCount"] * 128 * 2 * attributes["ClockRate"] * 1e-6


def time_ms(call, reps):
    """CUDA-event time of each of `reps` calls after one warm-up: (median, min)."""
    call()
    times = []
    for _ in range(reps):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        call()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop))
    return statistics.median(times), min(times)


def copy_ms(traffic, reps):
    """The ceiling of a kernel moving `traffic` bytes: a device-to-device cudaMemcpy of traffic / 2
    bytes (read once, written once), median ms."""
    n = traffic // 2
    src, dst = cupy.ones(n // 4, dtype=cupy.float32), cupy.empty(n // 4, dtype=cupy.float32)
    return time_ms(lambda: dst.data.copy_from_device_async(src.data, n), reps)[0]


def tolerance(terms, sum_abs_weights, max_abs_input=1.0):
    """tilescope's bound for two correct float32 sums in another order: 4 sqrt(n) eps sum|w| max|x|."""
    return 4.0 * math.sqrt(terms) * EPS * sum_abs_weights * max_abs_input


class Rows:
    def __init__(self, pattern, size, reps):
        self.pattern, self.size, self.reps, self.rows = pattern, size, reps, []
        self.device = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
        self.peak = fp32_peak_gflops()

    def add(self, peer, radius, timing, copy, nbytes, flops, err, tol, note="", steps=None):
        median, least = timing
        gflops = flops / median * 1e-6
        row = {"pattern": self.pattern, "peer": peer, "radius": radius, "size": self.size, "tile": None,
               "median_ms": median, "min_ms": least, "copy_ms": copy, "reps": self.reps, "bytes": nbytes,
               "flops": flops, "gb_s": nbytes / median * 1e-6, "gflop_s": gflops, "pct_copy": 100 * copy / median,
               "pct_fp32": 100 * gflops / self.peak, "fp32_peak_gflop_s": self.peak, "max_abs_err": err,
               "tolerance": tol, "correct": bool(err <= tol), "device": self.device, "note": note}
        if steps is not None:
            row["steps"] = steps
        self.rows.append(row)
        print(f"{self.pattern:9} {peer:28} r={radius!s:4} median {median:9.4f} ms  copy {copy:.4f} ms  "
              f"{row['pct_copy']:5.1f}% copy  {gflops:9.1f} GFLOP/s  err {err:.3g} {'ok' if row['correct'] else 'WRONG'}",
              flush=True)


def random_input(shape, seed=1):
    return cupy.asarray(np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32))


def max_err(out, ref, interior=0):
    if interior:
        cut = tuple(slice(interior, -interior) for _ in range(out.ndim))
        out, ref = out[cut], ref[cut]
    return float(cupy.abs(out.astype(cupy.float64) - ref).max())


def correlation_peers(rows, x, weights, reps, interior=0):
    """cupyx correlate and torch conv (cuDNN) for one filter; x and weights are float32 cupy arrays."""
    r = weights.shape[0] // 2
    nbytes, flops = 8 * x.size, 2.0 * np.count_nonzero(cupy.asnumpy(weights)) * x.size
    copy = copy_ms(nbytes, reps)
    ref = ndimage.correlate(x.astype(cupy.float64), weights.astype(cupy.float64), mode="constant")
    tol = tolerance(weights.size, float(cupy.abs(weights).sum()))
    out = cupy.empty_like(x)
    timing = time_ms(lambda: ndimage.correlate(x, weights, output=out, mode="constant"), reps)
    rows.add("cupyx.scipy.ndimage", r, timing, copy, nbytes, flops, max_err(out, ref, interior), tol,
             "correlate, mode='constant'")
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[x.ndim]
    tx = torch.as_tensor(x, device="cuda")[None, None]
    tw = torch.as_tensor(weights, device="cuda")[None, None]
    result = {}

    def run():
        result["y"] = conv(tx, tw, padding=r)

    timing = time_ms(run, reps)
    rows.add(f"torch {torch.__version__.split('+')[0]} (cuDNN)", r, timing, copy, nbytes, flops,
             max_err(cupy.asarray(result["y"][0, 0]), ref, interior), tol, "conv, padding=r, TF32 off, cudnn.benchmark")


def gaussian_factor(r):
    """The 1-D factor of tilescope's gaussian filter: the 2-D one is its outer product with itself."""
    sigma = r / 2.0
    g = np.exp(-np.arange(-r, r + 1) ** 2 / (2 * sigma * sigma))
    return (g / g.sum()).astype(np.float32)


def separable_peers(rows, x, factor, reps):
    """Row then column passes (the intermediate in global memory): cupyx correlate1d twice, torch conv2d twice."""
    r = factor.size // 2
    weights = cupy.asarray(np.outer(factor, factor))
    nbytes, flops = 8 * x.size, 2.0 * 2 * factor.size * x.size
    copy = copy_ms(nbytes, reps)
    ref = ndimage.correlate(x.astype(cupy.float64), weights.astype(cupy.float64), mode="constant")
    tol = tolerance(weights.size, float(cupy.abs(weights).sum()))
    f = cupy.asarray(factor)
    tmp, out = cupy.empty_like(x), cupy.empty_like(x)

    def cupyx_run():
        ndimage.correlate1d(x, f, axis=1, output=tmp, mode="constant")
        ndimage.correlate1d(tmp, f, axis=0, output=out, mode="constant")

    timing = time_ms(cupyx_run, reps)
    rows.add("cupyx correlate1d x2", r, timing, copy, nbytes, flops, max_err(out, ref), tol,
             "correlate1d along x then y, mode='constant'")
    tx = torch.as_tensor(x, device="cuda")[None, None]
    tf = torch.as_tensor(f, device="cuda")
    row_w, column_w = tf[None, None, None, :], tf[None, None, :, None]
    result = {}

    def torch_run():
        result["y"] = F.conv2d(F.conv2d(tx, row_w, padding=(0, r)), column_w, padding=(r, 0))

    timing = time_ms(torch_run, reps)
    rows.add(f"torch {torch.__version__.split('+')[0]} (cuDNN) x2", r, timing, copy, nbytes, flops,
             max_err(cupy.asarray(result["y"][0, 0]), ref), tol, "conv 1 x (2r+1) then (2r+1) x 1, TF32 off")


def star_weights(order, seed):
    d = 2 * order + 1
    w = np.zeros((d, d, d), np.float32)
    rng = np.random.default_rng(seed)
    for axis in range(3):
        for offset in range(-order, order + 1):
            index = [order] * 3
            index[axis] += offset
            w[tuple(index)] = rng.uniform(-1, 1)
    return cupy.asarray(w)


def stepped_peer(rows, x, weights, reps, steps):
    """cupyx correlate applied `steps` times (a and b ping-pong), against as many float64 sweeps."""
    r = weights.shape[0] // 2
    nbytes, flops = 8 * x.size, 2.0 * np.count_nonzero(cupy.asnumpy(weights)) * x.size * steps
    copy = copy_ms(nbytes, reps)
    ref, w64 = x.astype(cupy.float64), weights.astype(cupy.float64)
    for _ in range(steps):
        ref = ndimage.correlate(ref, w64, mode="constant")
    a, b = cupy.empty_like(x), cupy.empty_like(x)

    def run():
        src = x
        for i in range(steps):
            dst = a if i % 2 == 0 else b
            ndimage.correlate(src, weights, output=dst, mode="constant")
            src = dst
        return src

    timing = time_ms(run, reps)
    out = run()
    # tilescope's bound for K steps (stencil_steps_tolerance): each step's rounding, grown by sum|w| a step.
    sum_abs = float(cupy.abs(weights).sum())
    tol = steps * max(1.0, sum_abs) ** (steps - 1) * tolerance(weights.size, sum_abs)
    rows.add("cupyx.scipy.ndimage", r, timing, copy, nbytes, flops, max_err(out, ref, steps * r), tol,
             f"correlate applied {steps} times, mode='constant'", steps=steps)


def bench(pattern, size, radii, reps, gaussian=False, steps=1):
    rows = Rows(pattern, size, reps)
    dims = [int(v) for v in size.split("x")]
    if pattern == "matmul":
        m, k, n = dims
        a, b = random_input((m, k), 1), random_input((k, n), 2)
        ref = a.astype(cupy.float64) @ b.astype(cupy.float64)
        nbytes, flops, tol = 4 * (m * k + k * n + m * n), 2.0 * m * k * n, tolerance(k, k)
        copy = copy_ms(nbytes, reps)
        out = cupy.empty((m, n), cupy.float32)
        timing = time_ms(lambda: cupy.matmul(a, b, out=out), reps)
        rows.add("cupy.matmul (cuBLAS)", None, timing, copy, nbytes, flops, max_err(out, ref), tol, "FP32")
        ta, tb = torch.as_tensor(a, device="cuda"), torch.as_tensor(b, device="cuda")
        result = {}
        timing = time_ms(lambda: result.update(y=ta @ tb), reps)
        rows.add(f"torch {torch.__version__.split('+')[0]} matmul", None, timing, copy, nbytes, flops,
                 max_err(cupy.asarray(result["y"]), ref), tol, "TF32 off")
        return rows.rows
    shape = tuple(reversed(dims))  # WxH -> (H, W); WxHxD -> (D, H, W)
    x = random_input(shape)
    for r in radii:
        if pattern == "stencil3d" and steps > 1:
            stepped_peer(rows, x, star_weights(r, r), reps, steps)
        elif pattern == "stencil3d":
            correlation_peers(rows, x, star_weights(r, r), reps, interior=r)
        elif pattern == "conv2d" and gaussian:
            g = gaussian_factor(r)
            correlation_peers(rows, x, cupy.asarray(np.outer(g, g)), reps)
            separable_peers(rows, x, g, reps)
        else:
            w = random_input((2 * r + 1,) * len(shape), 100 + r)
            correlation_peers(rows, x, w, reps)
    return rows.rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pattern", default="all", choices=["all", *DEFAULTS])
    parser.add_argument("--size", help="WxH, WxHxD, N or MxKxN (default: tilescope bench's GPU size)")
    parser.add_argument("--radius", help="comma-separated radii / orders")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--json", help="write the rows here as a JSON list")
    parser.add_argument("--steps", type=int, default=1, help="stencil3d: time steps a run advances (K sweeps)")
    parser.add_argument("--filter", choices=["random", "gaussian"], default="random",
                        help="conv2d: random weights, or the gaussian and its separable peers")
    args = parser.parse_args()
    torch.backends.cudnn.allow_tf32 = False  # FP32 FMA math, like every other row
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.benchmark = True  # let cuDNN pick its fastest algorithm
    rows = []
    for pattern in DEFAULTS if args.pattern == "all" else [args.pattern]:
        size, radii = DEFAULTS[pattern]
        size = args.size or size
        radii = [int(r) for r in (args.radius or radii).split(",")] if radii else []
        rows += bench(pattern, size, radii, args.reps, args.filter == "gaussian", args.steps)
        cupy.get_default_memory_pool().free_all_blocks()
        torch.cuda.empty_cache()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0 if all(row["correct"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
