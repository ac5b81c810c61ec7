#pragma once
// The tiles a transcription is instantiated at: the book has its tile width as a #define constant,
// so each kernel is compiled once per tile that bench runs.
#include <type_traits>

namespace tilescope::yardstick {

template <int... Tiles>
struct BookTiles {
  static bool has(int tile) { return ((tile == Tiles) || ...); }
  // Calls launch(std::integral_constant<int, T>{}) for the T of Tiles equal to tile (none if none is).
  template <class Launch>
  static void dispatch(int tile, Launch launch) {
    (void)((tile == Tiles && (launch(std::integral_constant<int, Tiles>{}), true)) || ...);
  }
};

}  // namespace tilescope::yardstick
