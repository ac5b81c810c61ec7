"""ts.model and ts.count are `tilescope model --json`: the same keys and the same values, taken from
the built binary for every strategy of every pattern."""

import pytest

import tilescope as ts

CASES = [("conv2d", s, {"radius": 2}) for s in ts.strategies("conv2d")] + \
        [("conv1d", s, {"radius": 3, "tile": 256}) for s in ts.strategies("conv1d")] + \
        [("stencil3d", s, {"radius": 1}) for s in ts.strategies("stencil3d")] + \
        [("matmul", s, {}) for s in ts.strategies("matmul")]


def flags(pattern, strategy, kw):
    args = ["model", "--json", "--pattern", pattern, "--strategy", strategy]
    for key, value in kw.items():
        args += ["--" + key, value if key != "size" else "x".join(map(str, value))]
    return args


@pytest.mark.parametrize("pattern,strategy,kw", CASES)
def test_model_is_the_clis_json(cli_json, pattern, strategy, kw):
    ours = ts.model(pattern=pattern, strategy=strategy, **kw)
    assert ours == cli_json(*flags(pattern, strategy, kw))
    assert ours["pattern"] == pattern and ours["strategy"] == strategy


@pytest.mark.parametrize("pattern,strategy,kw", [
    ("conv2d", "tiled_in", {"radius": 3, "tile": 16, "size": (333, 257)}),
    ("conv2d", "sliding", {"radius": 1, "size": (1001, 77)}),
    ("stencil3d", "coarsened", {"radius": 2, "tile": 16, "size": (65, 33, 17)}),
    ("conv1d", "fast", {"radius": 7, "tile": 512, "size": 100003}),
    ("matmul", "tiled", {"tile": 8, "size": (37, 29, 43)}),
])
def test_count_is_the_clis_json_at_odd_sizes(cli_json, pattern, strategy, kw):
    args = flags(pattern, strategy, {k: v for k, v in kw.items() if k != "size"})
    size = kw["size"]
    args += ["--size", str(size) if isinstance(size, int) else "x".join(map(str, size))]
    ours = ts.count(pattern=pattern, strategy=strategy, **kw)
    assert ours == cli_json(*args)
    assert ours["flops"] > 0 and ours["global_load_bytes"] > 0 and ours["opb_counted"] > 0


def test_model_defaults_are_the_clis(cli_json):
    assert ts.model() == cli_json("model", "--json")
    assert ts.model(pattern="matmul", strategy="all") == cli_json("model", "--json", "--pattern", "matmul",
                                                                  "--strategy", "all")


def test_measure_says_why_not_without_cuda():
    if ts.has_cuda:
        pytest.skip("a CUDA build: counters depend on the GPU")
    with pytest.raises(RuntimeError, match="no measured counters"):
        ts.measure(strategy="tiled_in")
