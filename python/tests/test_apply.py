"""ts.apply computes what the book's operations are: every strategy of every pattern against
scipy.ndimage and NumPy (independent oracles), on odd sizes, on the CPU backend."""

import numpy as np
import pytest
import scipy.ndimage as ndimage

import tilescope as ts

RNG = np.random.default_rng(55)


def uniform(*shape):
    return RNG.uniform(-1, 1, shape).astype(np.float32)


def close(out, ref, taps):
    # float32 sums of `taps` products of values in [-1, 1] against scipy's float64 sums
    np.testing.assert_allclose(out, ref, rtol=0, atol=2e-6 * taps + 1e-6)


@pytest.mark.parametrize("strategy", ts.strategies("conv2d"))
@pytest.mark.parametrize("radius", [1, 2, 3])
def test_conv2d_equals_scipy_correlate_with_zero_ghosts(strategy, radius):
    x = uniform(37, 53)
    d = 2 * radius + 1
    # separable runs rank-1 filters only: a column times a row
    w = np.outer(uniform(d), uniform(d)) if strategy == "separable" else uniform(d, d)
    out = ts.apply(x, pattern="conv2d", strategy=strategy, radius=radius, weights=w, backend="cpu")
    assert out.dtype == np.float32 and out.shape == x.shape
    close(out, ndimage.correlate(x.astype(np.float64), w.astype(np.float64), mode="constant", cval=0), d * d)


def test_conv2d_named_filter_is_the_clis_filter():
    x = uniform(29, 31)
    box = ts.apply(x, radius=1, weights="box", backend="cpu")
    close(box, ndimage.correlate(x.astype(np.float64), np.full((3, 3), 1 / 9), mode="constant"), 9)
    assert np.array_equal(ts.apply(x, radius=1, backend="cpu"), box)  # box is the default


@pytest.mark.parametrize("strategy", ts.strategies("conv1d"))
@pytest.mark.parametrize("radius", [1, 4])
def test_conv1d_equals_scipy_correlate1d(strategy, radius):
    x = uniform(1001)
    w = uniform(2 * radius + 1)
    out = ts.apply(x, pattern="conv1d", strategy=strategy, radius=radius, tile=64, weights=w, backend="cpu")
    assert out.dtype == np.float32 and out.shape == x.shape
    close(out, ndimage.correlate1d(x.astype(np.float64), w.astype(np.float64), mode="constant"), w.size)


def star(order):
    """(2k+1)^3 random coefficients, zero off the three axes (a star stencil)."""
    n = 2 * order + 1
    w = np.zeros((n, n, n), np.float32)
    w[:, order, order] = uniform(n)
    w[order, :, order] = uniform(n)
    w[order, order, :] = uniform(n)
    return w


@pytest.mark.parametrize("strategy", ts.strategies("stencil3d"))
@pytest.mark.parametrize("order", [1, 2])
def test_stencil3d_interior_equals_scipy_correlate_and_boundary_keeps_its_value(strategy, order):
    x = uniform(13, 17, 19)  # (D, H, W)
    w = star(order)
    out = ts.apply(x, pattern="stencil3d", strategy=strategy, radius=order, weights=w, backend="cpu")
    assert out.dtype == np.float32 and out.shape == x.shape
    ref = ndimage.correlate(x.astype(np.float64), w.astype(np.float64), mode="constant")
    k = order
    inner = (slice(k, -k),) * 3
    close(out[inner], ref[inner], 6 * k + 1)
    edge = np.ones(x.shape, bool)
    edge[inner] = False
    assert np.array_equal(out[edge], x[edge])


def heat_step(x, w, order):
    """One step of the reference: scipy's correlation inside, the cells within `order` of the edge kept."""
    out = x.copy()
    inner = (slice(order, -order),) * 3
    out[inner] = ndimage.correlate(x, w, mode="constant")[inner]
    return out


@pytest.mark.parametrize("strategy", ["temporal", "tiled"])
@pytest.mark.parametrize("order,steps", [(1, 4), (1, 8), (2, 3)])
def test_stencil3d_steps_are_the_commands_steps_and_equal_that_many_single_steps(cli, tmp_path, strategy, order,
                                                                                  steps):
    x = uniform(13, 17, 19)
    w = star(order)
    w /= np.abs(w).sum()  # values stay within [-1, 1] step after step
    out = ts.apply(x, pattern="stencil3d", strategy=strategy, radius=order, weights=w, steps=steps, backend="cpu")
    ref = x.astype(np.float64)
    for _ in range(steps):
        ref = heat_step(ref, w.astype(np.float64), order)
    close(out, ref, steps * (6 * order + 1))
    # One run of `tilescope apply --steps K` (temporal: its fused launches), not K runs of one step.
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "w.npy", w)
    cli("apply", "--pattern", "stencil3d", "--strategy", strategy, "--radius", order, "--filter", tmp_path / "w.npy",
        "--steps", steps, "--backend", "cpu", "--in", tmp_path / "x.npy", "--out", tmp_path / "y.npy")
    assert np.array_equal(out, np.load(tmp_path / "y.npy"))


@pytest.mark.parametrize("strategy", ts.strategies("matmul"))
def test_matmul_equals_numpy(strategy):
    a, b = uniform(37, 29), uniform(29, 43)
    out = ts.apply(a, b, pattern="matmul", strategy=strategy, backend="cpu")
    assert out.dtype == np.float32 and out.shape == (37, 43)
    close(out, a.astype(np.float64) @ b.astype(np.float64), 29)


def test_float32_c_contiguous_is_used_as_is_and_others_are_converted():
    x = uniform(33, 35)
    w = uniform(5, 5)
    ref = ts.apply(x, radius=2, weights=w, backend="cpu")
    assert np.array_equal(ts.apply(x.astype(np.float64), radius=2, weights=w, backend="cpu"), ref)
    wide = np.zeros((33, 70), np.float32)
    wide[:, ::2] = x
    assert np.array_equal(ts.apply(wide[:, ::2], radius=2, weights=w, backend="cpu"), ref)  # strided
    assert np.array_equal(ts.apply(np.asfortranarray(x), radius=2, weights=w, backend="cpu"), ref)
    assert np.array_equal(ts.apply(x.tolist(), radius=2, weights=w.tolist(), backend="cpu"), ref)  # lists


def test_return_run_names_the_backend_and_the_kernel_time():
    out, run = ts.apply(uniform(17, 19), backend="cpu", return_run=True)
    assert run["backend"].startswith("CPU") and run["ms"] >= 0 and out.shape == (17, 19)


def test_break_writes_the_broken_kernels_output():
    x = uniform(64, 64)
    good = ts.apply(x, strategy="tiled_in", radius=2, tile=16, backend="cpu")
    bad = ts.apply(x, strategy="tiled_in", radius=2, tile=16, backend="cpu", break_="no_halo")
    assert bad.shape == good.shape and not np.array_equal(bad, good)
