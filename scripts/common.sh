# Sourced by scripts/run and scripts/test: install what is missing, then configure (a preset of
# CMakePresets.json) and build.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILESCOPE_BUILD_DIR:-$ROOT/build}
PRESET=${TILESCOPE_PRESET:-release}

# Debian 12 packages the build needs (see third_party/CMakeLists.txt), then those only the tests need.
PACKAGES=(cmake ninja-build g++ pkg-config
          libglfw3-dev libimgui-dev libstb-dev libjpeg62-turbo-dev python3-glad libcli11-dev nlohmann-json3-dev
          libhwy-dev   # Highway: the CPU engines' SIMD, picked at run time
          libeigen3-dev   # Eigen: the singular values that tell a separable (rank-1) filter
          fonts-dejavu-core
          libgif-dev   # `record` GIF (small)
          # `record` MP4: FFmpeg's libraries with libx264; together they pull about 50 packages
          libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
          libegl-dev libegl-mesa0 libgl1-mesa-dri)   # headless EGL (Mesa llvmpipe) for shots and tests
TEST_PACKAGES=(libgtest-dev xvfb xauth
               python3-dev pybind11-dev python3-numpy   # the Python module (python/), built where they are found
               python3-pytest python3-scipy             # its tests (scipy.ndimage is their oracle)
               python3-pip python3-setuptools python3-wheel)  # `pip install .` (ctest: python_pip_install)

# The browser build (scripts/web): emscripten (clang-14, binaryen, Debian's node-acorn), the header-only
# packages it compiles against, dpkg-dev to unpack Debian's imgui and highway sources (fetch_sources),
# then Debian's chromium for tests/web (and Debian's npm where no npm came with node: puppeteer-core
# drives chromium).
WEB_PACKAGES=(cmake ninja-build emscripten clang binaryen node-acorn dpkg-dev xz-utils
              libstb-dev libcli11-dev nlohmann-json3-dev libeigen3-dev libhwy-dev libgtest-dev fonts-dejavu-core)
WEB_TEST_PACKAGES=(chromium)

# install_missing [PACKAGE...]: installs those of the packages (default: PACKAGES) not installed yet.
install_missing() {
  local wanted=("$@") missing=() p
  [ $# -gt 0 ] || wanted=("${PACKAGES[@]}")
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      echo "tilescope: run as root or install sudo to install: ${missing[*]}" >&2
      exit 2
    fi
    sudo=(sudo)
  fi
  echo "tilescope: installing ${#missing[@]} Debian packages and what they need (about a minute on a fresh machine):"
  echo "  ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  # One dot per line apt prints (about six per package); its full output only when it fails.
  local log
  log=$(mktemp)
  if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" 2>&1 |
      tee "$log" | while IFS= read -r _; do printf .; done; then
    echo
    tail -n 25 "$log" >&2
    echo "tilescope: apt-get install failed (above)" >&2
    rm -f "$log"
    exit 1
  fi
  echo " done"
  rm -f "$log"
}

# CUDA is used when nvcc is found; Debian's CUDA lives outside PATH in /usr/local/cuda.
find_cuda() {
  if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH=/usr/local/cuda/bin:$PATH
  fi
  if command -v nvcc >/dev/null; then echo "tilescope: CUDA $(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p') found"
  else echo "tilescope: no CUDA compiler found: building the CPU backend only"; fi
}

# configure [CMAKE ARGS...]: the preset $PRESET (default release) into $BUILD.
configure() {
  local args=(--preset "$PRESET" -B "$BUILD")
  # Where CI or a user names the GPU architectures (e.g. "90" or "native"), use them.
  [ -n "${TILESCOPE_CUDA_ARCHITECTURES:-}" ] && args+=("-DCMAKE_CUDA_ARCHITECTURES=$TILESCOPE_CUDA_ARCHITECTURES")
  (cd "$ROOT" && cmake "${args[@]}" "$@" >/dev/null)
}

# build [CMAKE --build ARGS...]
build() {
  cmake --build "$BUILD" -j "$(nproc)" "$@"
}

# fetch_sources DIR PACKAGE...: Debian's source packages unpacked into DIR (apt-get source), as a
# package install fetches binaries: from the mirror apt already uses, through a deb-src line for it
# (added once, beside the deb lines, when there is none). A package already unpacked there is kept.
fetch_sources() {
  local dir=$1 p missing=()
  shift
  mkdir -p "$dir"
  for p in "$@"; do compgen -G "$dir/$p-[0-9]*/" >/dev/null || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  if ! grep -rqsE '^(deb-src |Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    local uri suite
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then  # Debian 12's deb822 file: its first entry
      uri=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources | head -n 1)
      suite=$(sed -n 's/^Suites: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources | head -n 1)
    else
      read -r uri suite < <(sed -n 's/^deb \(\[[^]]*\] \)\?\([^ ]*\) \([^ ]*\) .*/\2 \3/p' /etc/apt/sources.list | head -n 1)
    fi
    [ -n "$uri" ] && [ -n "$suite" ] || { echo "tilescope: no Debian mirror found in apt's sources" >&2; exit 1; }
    echo "tilescope: adding a deb-src line for $uri $suite (Debian's source packages: ${missing[*]})"
    printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$uri" "$suite" | "${sudo[@]}" tee /etc/apt/sources.list.d/tilescope-sources.sources >/dev/null
    "${sudo[@]}" apt-get update -qq
  fi
  echo "tilescope: fetching Debian's sources of ${missing[*]}"
  (cd "$dir" && apt-get source -qq "${missing[@]}" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  for p in "${missing[@]}"; do
    compgen -G "$dir/$p-[0-9]*/" >/dev/null || { echo "tilescope: apt-get source $p failed" >&2; exit 1; }
  done
}
