"""`pip install .`: the CMake build of the module (TILESCOPE_PYTHON, target tilescope_python) for
the interpreter that runs pip, its package copied from build/python into the wheel. With
TILESCOPE_CMAKE_BUILD_DIR set, the module target of that configured build is built instead of
configuring a new one (ctest's python_pip_install: nothing compiled twice)."""

import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        configured = os.environ.get("TILESCOPE_CMAKE_BUILD_DIR")
        if configured:  # a build already configured (ctest's python_pip_install): only the module's target
            build = Path(configured).resolve()
        else:
            build = Path(self.build_temp).resolve() / "cmake"
            self.configure(build)
        subprocess.run(["cmake", "--build", str(build), "--target", "tilescope_python", "-j", str(os.cpu_count() or 1)],
                       check=True)
        built = build / "python" / "tilescope" / Path(self.get_ext_filename(ext.name)).name
        if not built.exists():
            sys.exit("tilescope: CMake did not build the module (are pybind11 and NumPy found? see its output)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))

    @staticmethod
    def configure(build):
        args = ["-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DTILESCOPE_TESTS=OFF",
                "-DTILESCOPE_PYTHON=ON", "-DPython3_EXECUTABLE=" + sys.executable]
        try:
            import pybind11  # pip's pybind11 where it was installed for the build; else Debian's pybind11-dev
            args.append("-Dpybind11_DIR=" + pybind11.get_cmake_dir())
        except ImportError:
            pass
        if subprocess.run(["ninja", "--version"], capture_output=True).returncode == 0:
            args += ["-G", "Ninja"]
        subprocess.run(["cmake", *args], check=True)


setup(ext_modules=[Extension("tilescope._tilescope", sources=[])], cmdclass={"build_ext": CMakeBuild})
