"""ctest's python_pip_install: `pip install --no-build-isolation --no-deps --no-index --target` of the
package, offline with Debian 12's pip and setuptools (pyproject.toml + setup.py), then the installed
module imported from the target (not the build) and run.

    python3 python/tests/pip_install.py SOURCE_DIR BUILD_DIR

The package's files are copied to a scratch folder first, so that pip's in-tree build writes its
build/ and egg-info there, and setup.py builds the module target of BUILD_DIR (TILESCOPE_CMAKE_BUILD_DIR:
ctest's own build, already configured) instead of configuring a second one: CI compiles nothing twice."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RUN = """
import numpy as np, tilescope as ts
assert ts.__file__.startswith({site!r}), ts.__file__
x = np.arange(35, dtype=np.float32).reshape(5, 7)
y = ts.apply(x, radius=1, weights=np.ones((3, 3)), backend="cpu")
p = np.pad(x, 1)
assert np.allclose(y, sum(p[i:i + 5, j:j + 7] for i in range(3) for j in range(3)))
assert ts.exercise("conv2d-halo-cells", 7).answer()["answer"]
print("installed and ran:", ts.__file__)
"""


def main(source, build):
    scratch = Path(tempfile.mkdtemp(prefix="tilescope-pip-"))
    try:
        package = scratch / "src"
        shutil.copytree(Path(source) / "python" / "tilescope", package / "python" / "tilescope",
                        ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copy(Path(source) / name, package / name)
        site = scratch / "site"
        env = dict(os.environ, TILESCOPE_CMAKE_BUILD_DIR=str(Path(build).resolve()))
        env.pop("PYTHONPATH", None)
        # --isolated: no pip.conf or PIP_* variables of this machine's
        subprocess.run([sys.executable, "-m", "pip", "install", "--isolated", "--disable-pip-version-check", "--no-input",
                        "--root-user-action=ignore", "--no-build-isolation", "--no-deps", "--no-index", "--target",
                        str(site), str(package)], env=env, check=True)
        subprocess.run([sys.executable, "-c", RUN.format(site=str(site))], env=dict(env, PYTHONPATH=str(site)),
                       cwd=scratch, check=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
