#include "kernels/common/simd_target.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/common/simd_target.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {

const char* TargetName() { return hwy::TargetName(HWY_TARGET); }
int FloatLanes() { return int(hwy::HWY_NAMESPACE::Lanes(hwy::HWY_NAMESPACE::ScalableTag<float>())); }

}  // namespace HWY_NAMESPACE
}  // namespace tilescope
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tilescope {

HWY_EXPORT(TargetName);
HWY_EXPORT(FloatLanes);

const char* simd_target() { return HWY_DYNAMIC_DISPATCH(TargetName)(); }
int simd_lanes() { return HWY_DYNAMIC_DISPATCH(FloatLanes)(); }

}  // namespace tilescope
#endif
