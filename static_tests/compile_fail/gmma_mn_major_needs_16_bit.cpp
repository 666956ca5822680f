// expect: gmma_mn_major_needs_16_bit<4>
// An M-major tf32 stage: PTX's imm-trans exists only for 16-bit types, so tf32 and 8-bit
// operands are K-major.
#include <strider/atom/wgmma.hpp>

using stage = strider::swizzled_t<strider::layout<strider::shape<32, 8>, strider::strides<1, 32>>, strider::swizzle<3, 2, 3>>;
strider::index_t sbo = strider::gmma_operand<stage, strider::tf32>::stride_byte_offset;
