// expect: ldmatrix_row_not_contiguous<0, 32>
// A stored M x K (K contiguous) read by ldmatrix.x4.trans: the transposed matrices' rows run down
// M, so each lane's 16-byte row is not 8 contiguous halves of the stage. copy refuses it at
// compile time (the row read's certificate), rather than loading a transposed fragment.
#include <cstdint>
#include <strider/atom.hpp>
#include <strider/storage/view.hpp>

using mma = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<2, 2>, strider::shape<64, 64, 32>>;
using stage = strider::swizzled_t<strider::contiguous<64, 32>, strider::swizzle<2, 3, 3>>;
void load(const std::uint16_t* shared, strider::a_fragment_t<mma>* a) {
  strider::host_copy(strider::make_tiled_copy_a<strider::ldmatrix_x4_trans>(mma{}), strider::tensor_view<const std::uint16_t, stage>(shared), a);
}
