"""Bad input raises ValueError with the command line's one-line message; nothing crashes."""

import numpy as np
import pytest

import tilescope as ts

X = np.zeros((17, 19), np.float32)


@pytest.mark.parametrize("kw,message", [
    ({"x": np.zeros((3, 4, 5), np.float32)}, "conv2d needs a 2-D array (height, width), this one has 3 dimensions"),
    ({"x": np.zeros((5,), np.float32), "pattern": "stencil3d"}, "stencil3d needs a 3-D volume"),
    ({"x": np.zeros((0, 5), np.float32)}, "'x' is empty"),
    ({"x": np.zeros(17, np.int64), "pattern": "conv1d"}, "dtype 'int64' is not supported: use float32 or float64"),
    ({"x": np.zeros((17, 19), np.complex64)}, "dtype 'complex64' is not supported"),
    ({"x": X, "radius": 1, "weights": np.full((3, 3), np.nan)}, "'weights': the weights hold NaN or infinity"),
    ({"x": X, "radius": 1, "weights": np.array([[0, 0, 0], [0, np.inf, 0], [0, 0, 0]])}, "NaN or infinity"),
    ({"x": X, "radius": 1, "weights": np.full((3, 3), 3e38, np.float32)}, "the sum of |w| must be at most 1e19"),
    ({"x": X, "radius": 2, "weights": np.ones((3, 3))}, "'weights' is 3x3 but --radius 2 needs 5x5"),
    ({"x": X, "weights": "no_such_filter"}, "no_such_filter"),
    ({"x": X, "strategy": "nope"}, "unknown conv2d strategy 'nope'"),
    ({"x": X, "radius": 99}, "radius"),
    ({"x": X, "pattern": "conv3d"}, "unknown pattern 'conv3d'"),
    ({"x": X, "break_": "no_halo", "strategy": "basic"}, "--break no_halo"),
    ({"x": X, "backend": "tpu"}, "tpu"),
    ({"x": X, "steps": 3}, "--steps runs several time steps per run; conv2d has none"),
    ({"x": np.zeros((5, 6, 7), np.float32), "pattern": "stencil3d", "steps": 9}, "steps 9 is out of range"),
    ({"x": X, "y": X}, "conv2d takes one input"),
    ({"x": X, "pattern": "matmul"}, "give the second as y"),
    ({"x": np.zeros((3, 4), np.float32), "y": np.zeros((5, 6), np.float32), "pattern": "matmul"},
     "cannot multiply a 3x4 matrix by a 5x6 one"),
    ({"x": X, "y": X, "pattern": "matmul", "radius": 2}, "matmul has no radius"),
])
def test_bad_input_raises_value_error_with_one_line(kw, message):
    with pytest.raises(ValueError) as e:
        ts.apply(**kw)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_absurd_sizes_are_refused_before_anything_is_allocated():
    huge = np.broadcast_to(np.float32(0), (100000, 100000))  # 40 GB if it were converted
    with pytest.raises(ValueError, match="more than tilescope accepts"):
        ts.apply(huge)
    with pytest.raises(ValueError, match="more than"):
        ts.model(size=(100000, 100000))


def test_bad_model_options_raise_value_error():
    with pytest.raises(ValueError, match="unknown stencil3d strategy"):
        ts.model(pattern="stencil3d", strategy="tiled_in")
    with pytest.raises(ValueError):
        ts.model(strategy="tiled_in", radius=2, tile=4)  # tile <= 2r


def test_shot_options_are_the_clis():
    if not ts.has_gui:
        with pytest.raises(RuntimeError, match="TILESCOPE_GUI=OFF"):
            ts.shot()
        return
    with pytest.raises(ValueError, match="--zoom"):
        ts.shot(zoom=-1)
    with pytest.raises(ValueError, match="outside 320x240"):
        ts.shot(size=(10, 10))
    with pytest.raises(ValueError):
        ts.shot(no_such_option=1)
