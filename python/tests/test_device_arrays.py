"""On the CUDA backend, device arrays (CuPy, torch: __cuda_array_interface__) are read and written where
they are: the result is an array of the same library on the same GPU, equal to what the same kernels
write for NumPy arrays; what the engines cannot read raises ValueError with one line. Skipped
without a CUDA build, a usable GPU, or the library."""

import numpy as np
import pytest

import tilescope as ts

RNG = np.random.default_rng(5)


def uniform(*shape):
    return RNG.uniform(-1, 1, shape).astype(np.float32)


def gpu_usable():
    if not ts.has_cuda:
        return False
    try:
        ts.apply(uniform(8, 8), backend="cuda")
        return True
    except ts.BackendError:
        return False


class Torch:
    def __init__(self, torch):
        self.torch, self.array_type = torch, torch.Tensor

    def to_device(self, a):
        return self.torch.from_numpy(np.asarray(a)).cuda()

    def to_host(self, d):
        return d.cpu().numpy()

    def as_float64(self, d):
        return d.double()


class CuPy:
    def __init__(self, cupy):
        self.cupy, self.array_type = cupy, cupy.ndarray

    def to_device(self, a):
        return self.cupy.asarray(a)

    def to_host(self, d):
        return self.cupy.asnumpy(d)

    def as_float64(self, d):
        return d.astype(self.cupy.float64)


@pytest.fixture(scope="module", params=["cupy", "torch"])
def lib(request):
    if not ts.has_cuda:
        pytest.skip("this build has no CUDA")
    module = pytest.importorskip(request.param)
    if not gpu_usable():
        pytest.skip("no usable GPU")
    return CuPy(module) if request.param == "cupy" else Torch(module)


def same_as_host(lib, x, y=None, **kw):
    """apply on device arrays: its result's kind, place and values, against the same run on NumPy's."""
    host = ts.apply(x, y, backend="cuda", **kw)
    dx = lib.to_device(x)
    before = lib.to_host(dx).copy()
    out = ts.apply(dx, None if y is None else lib.to_device(y), backend="cuda", **kw)
    assert isinstance(out, lib.array_type) and out.dtype == dx.dtype and tuple(out.shape) == host.shape
    assert out.device == dx.device
    assert np.array_equal(lib.to_host(out), host)
    assert np.array_equal(lib.to_host(dx), before)  # the input is only read


@pytest.mark.parametrize("strategy", ts.strategies("conv2d"))
def test_conv2d_on_device_arrays(lib, strategy):
    w = np.outer(uniform(5), uniform(5))  # rank 1: separable runs it too
    same_as_host(lib, uniform(67, 93), pattern="conv2d", strategy=strategy, radius=2, weights=w)


@pytest.mark.parametrize("strategy", ts.strategies("conv1d"))
def test_conv1d_on_device_arrays(lib, strategy):
    same_as_host(lib, uniform(4099), pattern="conv1d", strategy=strategy, radius=3, weights=uniform(7))


@pytest.mark.parametrize("strategy", ts.strategies("stencil3d"))
def test_stencil3d_on_device_arrays(lib, strategy):
    same_as_host(lib, uniform(19, 23, 37), pattern="stencil3d", strategy=strategy)
    same_as_host(lib, uniform(19, 23, 37), pattern="stencil3d", strategy=strategy, steps=4)


@pytest.mark.parametrize("strategy", ts.strategies("matmul"))
def test_matmul_on_device_arrays(lib, strategy):
    same_as_host(lib, uniform(37, 29), uniform(29, 43), pattern="matmul", strategy=strategy)


def test_temporal_steps_on_the_device_equal_that_many_single_steps(lib):
    x = uniform(24, 40, 72)
    fused = lib.to_host(ts.apply(lib.to_device(x), pattern="stencil3d", strategy="temporal", steps=8))
    one = x
    for _ in range(8):
        one = ts.apply(one, pattern="stencil3d", strategy="basic", backend="cpu")
    np.testing.assert_allclose(fused, one, rtol=0, atol=1e-5)


def test_what_the_engines_cannot_read_raises_value_error(lib):
    x = lib.to_device(uniform(33, 65))
    cases = [
        (lambda: ts.apply(lib.as_float64(x)), "typestr '<f8' is not supported: use float32"),
        (lambda: ts.apply(x[:, ::2]), "must be C-contiguous"),
        (lambda: ts.apply(x, backend="cpu"), "the cpu backend cannot read device arrays"),
        (lambda: ts.apply(x, uniform(65, 3), pattern="matmul"), "'y' must be a device array"),
        (lambda: ts.apply(x[None]), "conv2d needs a 2-D array (height, width), this one has 3 dimensions"),
        (lambda: ts.apply(x[:0]), "'x' is empty"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError) as raised:
            call()
        assert message in str(raised.value) and "\n" not in str(raised.value)


def test_cupy_work_on_another_stream_is_waited_for(lib):
    if not isinstance(lib, CuPy):
        pytest.skip("CuPy's streams")
    cupy = lib.cupy
    with cupy.cuda.Stream(non_blocking=True):
        x = cupy.full((2048, 2048), 3, cupy.float32)
        for _ in range(20):  # long enough to be running when apply reads it
            x = cupy.sqrt(x * x)
        out = ts.apply(x, radius=1)  # box filter: 3 inside, less at the edges
    assert float(cupy.abs(out[1:-1, 1:-1] - 3).max()) < 1e-5


class Fake:
    """Says it is a device array (__cuda_array_interface__) over a NumPy array's host memory."""

    def __init__(self, a, strides=None):
        self.keep = a
        self.__cuda_array_interface__ = dict(typestr=a.dtype.str, shape=a.shape, strides=strides,
                                             data=(a.ctypes.data, False), version=3, stream=None)


def test_device_arrays_are_checked_before_anything_runs_in_every_build():
    x = uniform(33, 65)
    cases = [
        (Fake(x.astype(np.float64)), "typestr '<f8' is not supported: use float32"),
        (Fake(x, strides=(8 * 65, 8)), "must be C-contiguous"),
        (Fake(x[None]), "conv2d needs a 2-D array (height, width), this one has 3 dimensions"),
        (Fake(x[:0]), "'x' is empty"),
        (Fake(x), "'x' cannot be read on the device: "),  # host memory, or a build without CUDA
    ]
    for fake, message in cases:
        with pytest.raises(ValueError) as raised:
            ts.apply(fake)
        assert message in str(raised.value) and "\n" not in str(raised.value)
