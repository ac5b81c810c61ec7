# Sourced by scripts/run and scripts/test: install what is missing, then configure and build.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILESCOPE_BUILD_DIR:-$ROOT/build}

# Debian 12 packages the build and the tests need (see third_party/CMakeLists.txt).
PACKAGES=(cmake ninja-build g++ pkg-config
          libglfw3-dev libimgui-dev libstb-dev python3-glad libcli11-dev nlohmann-json3-dev
          libgtest-dev fonts-dejavu-core xvfb xauth
          libegl-dev libegl-mesa0 libgl1-mesa-dri)   # headless EGL (Mesa llvmpipe) for shots and tests

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "tilescope: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# CUDA is used when nvcc is found; Debian's CUDA lives outside PATH in /usr/local/cuda.
find_cuda() {
  if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH=/usr/local/cuda/bin:$PATH
  fi
  if command -v nvcc >/dev/null; then echo "tilescope: CUDA $(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p') found"
  else echo "tilescope: no CUDA compiler found: building the CPU backend only"; fi
}

configure_and_build() {
  local args=(-S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release)
  # Where CI or a user names the GPU architectures (e.g. "90" or "native"), use them.
  [ -n "${TILESCOPE_CUDA_ARCHITECTURES:-}" ] && args+=("-DCMAKE_CUDA_ARCHITECTURES=$TILESCOPE_CUDA_ARCHITECTURES")
  cmake "${args[@]}" "$@" >/dev/null
  cmake --build "$BUILD" -j "$(nproc)"
}
