#pragma once
// Coefficients of a 3D star stencil of order k: a centre weight and 2k weights along each axis
// (a dense (2k+1)^3 array whose off-axis entries are zero). Applied as correlation.
#include <string>
#include <vector>

#include "kernels/common/hd.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

struct StencilCoeffs {
  int order = 1;
  float centre = 0;
  // axis[a][k + o]: weight of the neighbour at offset o (-k..k, o != 0) along axis a (0 x, 1 y, 2 z).
  float axis[3][2 * kMaxStencil3dRadius + 1] = {};

  TS_HD float weight(int a, int o) const { return o == 0 ? centre : axis[a][order + o]; }
};

// heat: one explicit step of the heat equation, u + alpha * (2k-th order Laplacian), alpha at 90%
// of the stability limit; laplacian: the 2k-th order finite-difference Laplacian; random:SEED.
// Throws InvalidInput for an unknown name.
StencilCoeffs make_named_stencil(const std::string& name, int order);
const char* named_stencil_help();
// From a dense (2k+1)^3 array (z, y, x order). Throws InvalidInput naming an off-axis non-zero.
StencilCoeffs stencil_from_dense(const std::vector<float>& dense, int order);
std::vector<float> stencil_to_dense(const StencilCoeffs& c);
// Largest float32 rounding difference between two correct implementations on inputs of at most
// max_abs_input in magnitude.
double stencil_tolerance(const StencilCoeffs& c, float max_abs_input);
// The same after `steps` steps (--steps K): each step's rounding, grown by the later steps' sum of
// |weights| L, on values that grow by L a step: K L^(K-1) times one step's.
double stencil_steps_tolerance(const StencilCoeffs& c, float max_abs_input, int steps);

}  // namespace tilescope
