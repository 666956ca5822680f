// expect: gmma_swizzle_not_wgmma<3, 4, 3, 2>
// A stage of halves swizzled as bytes would be (Swizzle<3, 4, 3> counts bytes; on 2-byte
// elements wgmma's 128-byte swizzle is swizzle<3, 3, 3>): no descriptor mode reads it.
#include <strider/atom/wgmma.hpp>

using stage = strider::swizzled_t<strider::contiguous<64, 64>, strider::swizzle<3, 4, 3>>;
strider::index_t sbo = strider::gmma_operand<stage, strider::f16>::stride_byte_offset;
