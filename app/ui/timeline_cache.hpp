#pragma once
// The focused block's step-through timeline, rebuilt only when what it depends on (the
// parameters and the block) changes: a view asks for it several times a frame.
#include <optional>

#include "kernels/common/block_steps.hpp"

namespace tilescope {

template <typename Key>  // equality-comparable: e.g. std::tuple<Params, int, int>
class TimelineCache {
 public:
  template <typename Build>
  const BlockTimeline& get(const Key& key, Build build) {
    if (!key_ || !(*key_ == key)) timeline_ = build(), key_ = key;
    return timeline_;
  }

 private:
  std::optional<Key> key_;
  BlockTimeline timeline_;
};

}  // namespace tilescope
