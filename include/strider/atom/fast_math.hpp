// strider/atom/fast_math.hpp: the hardware's approximate transcendentals that attention kernels
// use (docs/atoms.md, "Row reductions"): PTX's ex2.approx.ftz.f32 on the device, the exact
// function on the host (the twin's results differ from the device's within the instruction's
// error, a few units in the last place).
#pragma once

#include "../util/config.hpp"

namespace strider {

/// 2^x by PTX's `ex2.approx.ftz.f32` (one instruction, subnormal results flushed to zero), or
/// exp2f on the host; exp2_approx(-infinity) is 0, as a masked score's weight must be.
/// @pre none (any float; NaN gives NaN).
/// @example `exp2_approx(3.0f) == 8.0f` on the host; FlashAttention's weights are
///   `exp2_approx(s * scale_log2 - row_max)`.
STRIDER_HOST_DEVICE inline float exp2_approx(float x) {
#ifdef __CUDA_ARCH__
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
#else
  return __builtin_exp2f(x);  // std::exp2's float overload, without <cmath>'s cost to every includer
#endif
}

}  // namespace strider
