"""tilescope from Python: the tiling chapters of PMPP (conv1d, conv2d, stencil3d, matmul).

The same C++ as the ``tilescope`` command line, through a thin pybind11 layer (``_tilescope``):
every function here fills the command's options and calls the command's own code, so
``ts.model(...)`` is ``tilescope model --json``, ``ts.apply(...)`` is ``tilescope apply`` on
arrays (NumPy's, or on the CUDA backend CuPy's and torch's where they are), ``ts.shot(...)`` returns
the pixels ``tilescope shot`` writes, and ``ts.exercise(id, seed)`` is ``tilescope exercise show``,
graded by its ``.check(answer)`` as ``exercise check`` grades. Bad input raises ``ValueError`` with
the command's one-line message; a failing device raises ``BackendError``. The GIL is released while
a kernel or a shot runs.

    import numpy as np, tilescope as ts
    y = ts.apply(np.random.rand(480, 640), strategy="tiled_in", radius=2, weights="gaussian")
    ts.model(strategy="tiled_in", radius=2, tile=32)["opb_counted"]
    ts.shot(hover=(70, 70), zoom=8)          # in Jupyter: the window, as a picture
    e = ts.exercise("conv2d-ghost-cells", seed=20231234); print(e.question); bool(e.check(32))
"""

import json
import os
import tempfile

import numpy as np

from . import _device, _tilescope
from ._exercises import Exercise, Verdict, exercise, exercises
from ._tilescope import BackendError

__all__ = ["apply", "model", "count", "measure", "bench", "check", "shot", "Shot", "BackendError",
           "exercise", "exercises", "Exercise", "Verdict", "patterns", "strategies", "has_cuda", "has_gui"]

has_cuda = _tilescope.has_cuda  # this build has the CUDA backend (a GPU may still be missing)
has_gui = _tilescope.has_gui    # this build has the app's renderer (shot)


def patterns():
    """The patterns, in the command line's order."""
    return [p.strip() for p in _tilescope.patterns().split(",")]


def strategies(pattern="conv2d"):
    """The pattern's strategies in its table's order (the names --strategy takes)."""
    return list(_tilescope.strategies(pattern))


def _array(a):
    # Array-likes that are not arrays (lists) become float32; arrays go as they are, so that a
    # float32 C-contiguous array is used without a copy and a bad dtype is named.
    return a if a is None or isinstance(a, np.ndarray) else np.asarray(a, dtype=np.float32)


def _size(size):
    # (W, H), (W, H, D), (M, K, N), N or the command line's "WxH".
    if size is None:
        return ""
    if isinstance(size, str):
        return size
    if isinstance(size, (int, np.integer)):
        return str(int(size))
    return "x".join(str(int(d)) for d in size)


def apply(x, y=None, *, pattern="conv2d", strategy=None, radius=None, tile=None, weights=None,
          backend="auto", steps=None, break_=None, return_run=False):
    """One strategy of `pattern` on arrays, as ``tilescope apply`` computes it; float32 out.

    conv2d: ``scipy.ndimage.correlate(x, w, mode='constant')`` of a 2-D array; conv1d:
    ``correlate1d(x, w, mode='constant')`` of a 1-D one; stencil3d: one step of a star stencil over
    a (D, H, W) volume, cells within the order of the edge kept (``steps``: the command's --steps, K
    steps in one run of the engine: temporal fuses them on chip); matmul: ``x @ y``. ``weights``: a
    filter name (``"gaussian"``, ``"random:3"``, ...), a ``.npy`` path, or an array ((2r+1)^2, 2r+1,
    (2k+1)^3 with zero off-axis entries). None of strategy, radius, tile, weights, steps: the
    command's defaults. ``break_``: one of the book's bugs (``tilescope apply --break``). With
    ``return_run``, also a dict: the kernel's ``ms``, the ``backend`` it ran on and ``note`` (why
    ``auto`` took the CPU).

    Device arrays (``__cuda_array_interface__``: CuPy, torch) run on the CUDA backend without a host
    copy: float32 in C order (anything else raises ValueError), the result a torch tensor for a torch
    input, else a CuPy array; ``weights`` stay host arrays.
    """
    if isinstance(weights, os.PathLike):
        weights = os.fspath(weights)
    device = _device.is_device(x) or _device.is_device(y)
    out, ms, ran_on, note = _tilescope.apply(
        x if device else _array(x), y if device else _array(y), pattern, strategy, radius, tile,
        weights if weights is None or isinstance(weights, str) else _array(weights),
        backend, steps, break_, _device.output_maker(x if _device.is_device(x) else y) if device else None)
    if return_run:
        return out, {"ms": ms, "backend": ran_on, "note": note.strip()}
    return out


def model(pattern="conv2d", strategy=None, radius=None, tile=None, size=None, slices=None, measure=False):
    """``tilescope model --json``: a dict with the same keys and values (book model, bound, exact
    count, launch). ``size``: (W, H), (W, H, D), N or (M, K, N) as the pattern has it."""
    return json.loads(_tilescope.model(pattern, strategy, radius, tile, _size(size), slices, measure))


def count(pattern="conv2d", strategy=None, radius=None, tile=None, size=None, slices=None):
    """The exact count of the launch's traffic. The command line keeps it in `model`'s record
    (``opb_counted``, ``flops``, ``global_load_bytes``, the taps by where they are read, ...), so
    this is ``model(...)``: the same dict as ``tilescope model --json``."""
    return model(pattern, strategy, radius, tile, size, slices)


def measure(pattern="conv2d", strategy=None, radius=None, tile=None, size=None, slices=None):
    """``tilescope model --json --measure``: the model's dict plus the GPU's counters of one launch
    (dram_read_bytes, l2_hit_pct, opb_dram, ...). CUDA only: where no counters can be read (no CUDA
    in this build, no GPU, counters locked by the driver) raises RuntimeError saying why."""
    record = model(pattern, strategy, radius, tile, size, slices, measure=True)
    if "measured_why_not" in record:
        raise RuntimeError("tilescope: no measured counters: " + record["measured_why_not"])
    return record


def bench(pattern="conv2d", strategy="all", size=None, radius=None, filter=None, backend="auto", reps=20,
          peers=True, counters=True):
    """``tilescope bench --json``: the rows (a list of dicts), the table printed on stdout as the
    command prints it. ``radius``: one radius (order) or a list; None: the pattern's list. A row whose
    output was wrong is in the list with its max_abs_err; a RuntimeWarning says so."""
    radii = "" if radius is None else (str(radius) if isinstance(radius, (int, np.integer))
                                       else ",".join(str(int(r)) for r in radius))
    with tempfile.TemporaryDirectory(prefix="tilescope-bench-") as folder:
        path = os.path.join(folder, "rows.json")
        correct = _tilescope.bench(pattern, strategy, _size(size), radii, filter or "", backend, reps, peers,
                                   counters, path)
        with open(path, encoding="utf-8") as f:
            rows = json.load(f)
    if not correct:
        import warnings
        warnings.warn("tilescope bench: a row's output differs from the CPU reference", RuntimeWarning, stacklevel=2)
    return rows


def check(pattern="all", backend="auto"):
    """``tilescope check``: every strategy against the CPU reference (the table on stdout); True
    when every row passed."""
    return _tilescope.check(pattern, backend) == 0


class Shot(np.ndarray):
    """The window's pixels, an RGBA uint8 array (height, width, 4); Jupyter shows it as a picture."""

    def _repr_png_(self):
        if self.ndim != 3 or self.shape[2] not in (3, 4) or self.dtype != np.uint8:
            return None
        return _tilescope.png(np.ascontiguousarray(self.view(np.ndarray)))


def _shot_args(scene, size, view):
    args = ["--size", "%dx%d" % tuple(int(d) for d in size)] if not isinstance(size, str) else ["--size", size]
    if scene is not None:
        args += ["--scene", os.fspath(scene)]
    file = None
    for key, value in view.items():
        if key == "file":
            file = os.fspath(value)
            continue
        flag = "--" + key.rstrip("_").replace("_", "-")  # break_ -> --break, demo_size -> --demo-size
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
            continue
        if isinstance(value, (tuple, list)):  # hover=(x, y), compare=[...], data=(M, K, N)
            value = ("x" if key == "data" else ",").join(str(v) for v in value)
        args += [flag, str(value)]
    if file is not None:
        args += ["--", file]
    return args


def shot(scene=None, size=(1600, 900), **view):
    """The app's window rendered headless (EGL; Mesa's surfaceless platform where there is no GPU),
    as ``tilescope shot`` renders it: a ``Shot``, RGBA (height, width, 4), the PNG's pixels.

    ``scene``: a scene file (assets/scenes/...). ``view``: shot's options by name, e.g.
    ``pattern="stencil3d", strategy="coarsened", radius=2, hover=(70, 70), zoom=8, view="split",
    presentation=True, backend="cpu", frames=6, break_="no_halo", compare=["basic", "tiled_in"],
    data=(64, 32, 48), file="photo.png"`` (``tilescope shot --help`` lists them all).
    """
    pixels = _tilescope.shot(_shot_args(scene, size, view))
    return pixels.view(Shot)
