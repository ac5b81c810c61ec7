"""ts.shot returns the pixels `tilescope shot` writes: the same window, rendered headless (Mesa's
surfaceless EGL here: no GPU, no display), on the CPU backend, compared with the binary's PNG."""

import json

import numpy as np
import pytest

import tilescope as ts
from conftest import read_png

pytestmark = pytest.mark.skipif(not ts.has_gui, reason="this build has no GUI (TILESCOPE_GUI=OFF)")

# The kernel's time (the HUD, the Timing panel) changes from run to run; everything else is drawn
# from the state: with those two off, two shots of one scene are the same bytes.
SCENE = {"version": 1, "pattern": "conv2d",
         "conv2d": {"strategy": "tiled_in", "radius": 2, "tile": 16, "filter": "gaussian"},
         "view": "split", "demo": "mixed", "demo_size": 128, "paused": True,
         "overlays": {"hud": False}, "panels": {"Timing": False}, "pinned": [40, 40], "zoom": 4}


def test_shot_of_a_scene_is_the_png_tilescope_shot_writes(cli, tmp_path):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(SCENE))
    png = tmp_path / "shot.png"
    cli("shot", "--scene", scene, "--size", "480x320", "--backend", "cpu", "--out", png)
    ours = ts.shot(scene, size=(480, 320), backend="cpu")
    assert isinstance(ours, ts.Shot) and ours.shape == (320, 480, 4) and ours.dtype == np.uint8
    assert np.array_equal(ours[..., :3], read_png(png))
    assert (ours[..., 3] == 255).all()
    assert len(np.unique(ours.reshape(-1, 4), axis=0)) > 20  # a picture, not a blank window


def test_shot_options_are_the_commands(cli, tmp_path):
    png = tmp_path / "stencil.png"
    cli("shot", "--pattern", "stencil3d", "--strategy", "coarsened", "--radius", "2", "--grid", "32",
        "--hover", "12,12", "--zoom", "6", "--size", "400x300", "--backend", "cpu", "--out", png)
    ours = ts.shot(size=(400, 300), pattern="stencil3d", strategy="coarsened", radius=2, grid=32, hover=(12, 12),
                   zoom=6, backend="cpu")
    theirs = read_png(png)
    assert ours.shape == (300, 400, 4)
    same = (ours[..., :3] == theirs).all(axis=2)
    assert same.mean() > 0.99  # all but the kernel's time


def test_shot_shows_in_jupyter_as_a_png():
    picture = ts.shot(size=(320, 240), backend="cpu", frames=1)
    data = picture._repr_png_()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
