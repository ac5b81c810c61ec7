"""ts.exercise is `tilescope exercise show`, its .answer() `exercise answer` and its .check(answer)
`exercise check`: the same records (the --json objects), the truth worked out by the same C++, taken
from the built binary for exercises of every kind and pattern at several seeds."""

import json

import pytest

import tilescope as ts

IDS = ["conv2d-halo-cells", "conv2d-opb-model", "conv2d-highest-opb", "conv2d-first-damaged", "conv1d-loader-of-slot",
       "stencil3d-halo-fraction", "stencil3d-global-loads", "matmul-tile-of-block", "matmul-fewest-idle-tile"]
SEEDS = [7, 20231234]


def as_python(kind, text, options):
    """The truth as printed, in Python's types; and an answer that is wrong (far off, or another option)."""
    if kind == "count":
        return int(text), int(text) * 2 + 7
    if kind == "ratio":
        return float(text), float(text) * 2 + 1
    if kind == "locate":
        place = [int(v) for v in text.split(",")]
        return place, [v + 100000 for v in place]
    return text, next(o for o in options if o != text)


def test_exercises_is_the_clis_list(cli_json):
    assert ts.exercises() == cli_json("exercise", "list", "--json")
    assert ts.exercises("matmul") == cli_json("exercise", "list", "--json", "--pattern", "matmul")
    assert {e["kind"] for e in ts.exercises()} >= {"count", "ratio", "choice", "locate"}


@pytest.mark.parametrize("id", IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_exercise_shows_and_answers_as_the_cli(cli, cli_json, id, seed):
    e = ts.exercise(id, seed)
    record = cli_json("exercise", "show", id, "--seed", seed, "--json")
    assert e.record == record and e.question == record["question"] and e.seed == seed
    assert e.options == record.get("options") and e.unit == record.get("unit")
    answer = e.answer()
    assert answer == cli_json("exercise", "answer", id, "--seed", seed, "--json")
    assert answer["answer"] == cli("exercise", "answer", id, "--seed", seed).stdout.splitlines()[-1]


@pytest.mark.parametrize("id", IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_check_grades_as_the_cli(cli, id, seed):
    e = ts.exercise(id, seed)
    truth = e.answer()["answer"]
    right, wrong = as_python(e.kind, truth, e.options)
    for answer, code in ((right, 0), (wrong, 1)):
        verdict = e.check(answer)
        text = answer if isinstance(answer, str) else ",".join(map(str, answer)) if isinstance(answer, list) \
            else json.dumps(answer)
        done = cli("exercise", "check", id, "--seed", seed, "--answer", text, "--json", check=False)
        assert done.returncode == code, done.stderr
        assert verdict == json.loads(done.stdout)
        assert bool(verdict) == verdict["right"] == (code == 0)
        assert verdict["truth"] == truth and (code == 0 or verdict["why"] and "\n" not in verdict["why"])


def test_bad_ids_seeds_and_answers_raise_value_error_with_the_clis_line(cli):
    with pytest.raises(ValueError, match="no exercise 'no-such-exercise'"):
        ts.exercise("no-such-exercise", 1)
    for seed in ("7", 1.5, True, None, 1 << 64):
        with pytest.raises(ValueError, match="seed"):
            ts.exercise("conv2d-halo-cells", seed)
    with pytest.raises(ValueError, match="no exercise of pattern 'conv3d'"):
        ts.exercises("conv3d")
    e = ts.exercise("conv2d-halo-cells", 7)
    for bad in ("many", 2.5, [1, 2], {"a": 1}, float("nan")):
        with pytest.raises(ValueError) as raised:
            e.check(bad)
        assert "\n" not in str(raised.value)
    done = cli("exercise", "check", "conv2d-halo-cells", "--seed", 7, "--answer", "many", check=False)
    with pytest.raises(ValueError) as raised:
        e.check("many")
    assert done.returncode == 2 and done.stderr.strip() == "tilescope: " + str(raised.value)


def test_an_exercise_that_needs_a_gpu_says_why_without_one():
    if ts.has_cuda:
        pytest.skip("a CUDA build: whether it can be answered depends on the GPU")
    e = ts.exercise("conv2d-reconcile-dram", 1)
    with pytest.raises(RuntimeError, match="skipped here: .*no CUDA"):
        e.answer()
    with pytest.raises(RuntimeError, match="skipped here"):
        e.check(1000)
