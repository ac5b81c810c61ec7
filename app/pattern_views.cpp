#include "app/pattern_views.hpp"

#include "app/conv1d/view.hpp"
#include "app/conv2d/view.hpp"
#include "app/matmul/view.hpp"
#include "app/stencil3d/view.hpp"

namespace tilescope {

std::unique_ptr<PatternView> make_view(Pattern pattern, UiState& state) {
  switch (pattern) {
    case Pattern::stencil3d: return std::make_unique<Stencil3dView>(state);
    case Pattern::conv1d: return std::make_unique<Conv1dView>(state);
    case Pattern::matmul: return std::make_unique<MatmulView>(state);
    case Pattern::conv2d: break;
  }
  return std::make_unique<Conv2dView>(state);
}

}  // namespace tilescope
