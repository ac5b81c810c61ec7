#pragma once
// The entry points the libFuzzer harnesses drive, shared with the replay test (test_hostile.cpp)
// so that CI runs every corpus file through exactly the code the fuzzers exercised. Each returns
// normally for input it accepts or refuses with InvalidInput; anything else (a crash, a sanitizer
// report, another exception, a hang) is a finding.
#include <cstddef>
#include <cstdint>

namespace tilescope::fuzz {

void npy(const std::uint8_t* data, std::size_t size);       // io::parse_npy
void image(const std::uint8_t* data, std::size_t size);     // io::decode_image (npy + stb_image)
void filter(const std::uint8_t* data, std::size_t size);    // conv2d/conv1d/stencil3d filter loaders
void settings(const std::uint8_t* data, std::size_t size);  // settings.json and the imgui.ini check
void scene(const std::uint8_t* data, std::size_t size);     // a scene file, and the scene it saves

}  // namespace tilescope::fuzz
