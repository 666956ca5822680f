// expect: gmma_stage_not_canonical<'K', 128, 1, 0, 256, 128, 16, 2048>
// A K-major stage of 128 halves per row under the 128-byte swizzle: wgmma's canonical K-major
// SW128 layout has rows of 128 bytes, so row 1 lies at byte 256 of the stage where the
// descriptor (LBO 16, SBO 2048 read off the stage) reads byte 128. gmma_operand refuses it,
// naming the form, the element, both bytes, LBO and SBO.
#include <strider/atom/wgmma.hpp>

using stage = strider::swizzled_t<strider::contiguous<64, 128>, strider::swizzle<3, 3, 3>>;
strider::index_t sbo = strider::gmma_operand<stage, strider::f16>::stride_byte_offset;
