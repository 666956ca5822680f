// expect: make_tiled_copy: ldmatrix and stmatrix move 16-bit elements
// A tf32 MMA's A operand (32-bit elements) read by ldmatrix, which moves 16-bit elements: refused
// when the tiled copy is made.
#include <strider/atom.hpp>

using mma = strider::tiled_mma<strider::mma_m16n8k8<strider::tf32, strider::tf32, strider::f32>, strider::shape<1, 1>, strider::shape<16, 8, 8>>;
using copy_a = decltype(strider::make_tiled_copy_a<strider::ldmatrix_x4>(mma{}));
static_assert(copy_a::instructions > 0);
