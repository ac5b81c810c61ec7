#pragma once
// The instruction set the CPU engines run on: Highway picks the best one this CPU has, at run
// time, among those compiled in (e.g. AVX2, AVX3 = AVX-512, NEON, or the portable EMU128).
namespace tilescope {

// Highway's name of the target its dynamic dispatch chose on this machine, e.g. "AVX3".
const char* simd_target();
// Floats per vector on that target (8 for AVX2, 16 for AVX-512).
int simd_lanes();

}  // namespace tilescope
