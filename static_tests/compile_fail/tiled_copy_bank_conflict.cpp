// expect: shared_access_conflict<0, 0, 0, 4, 0, 0, 2, 64>
// A's stage without a swizzle: rows of 32 halves (64 bytes), so the eight 16-byte rows of one
// matrix span four 128-byte lines and each bank is read four times in the phase (lanes 0 and 2
// at offsets 0 and 64). copy refuses the ldmatrix reads at compile time, naming the
// instruction, phase, bank, ways and two lanes.
#include <cstdint>
#include <strider/atom.hpp>
#include <strider/storage/view.hpp>

using mma = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<2, 2>, strider::shape<64, 64, 32>>;
void load(const std::uint16_t* shared, strider::a_fragment_t<mma>* a) {
  strider::host_copy(strider::make_tiled_copy_a<strider::ldmatrix_x4>(mma{}), strider::tensor_view<const std::uint16_t, strider::contiguous<64, 32>>(shared), a);
}
