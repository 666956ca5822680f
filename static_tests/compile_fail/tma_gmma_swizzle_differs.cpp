// expect: tma_gmma_swizzle_differs<128, 64>
// The TMA writes B's (k, n) box with the 128-byte swizzle; the kernel's own N-major stage type for
// the wgmma descriptor says 64 bytes: the instruction would read the wrong elements, silently
// (MatmulTutorial #14). The pairing check names both swizzles.
#include <cstdint>
#include <strider/atom/tma.hpp>

using box = strider::tma_box<strider::swizzled_t<strider::contiguous<64, 64>, strider::swizzle<3, 3, 3>>, std::uint16_t>;
using stage = strider::gmma_operand<strider::swizzled_t<strider::layout<strider::shape<32, 64>, strider::strides<1, 32>>, strider::swizzle<2, 3, 3>>, strider::f16>;
bool same = strider::require_same_swizzle_v<box, stage>;
