// expect: copy: the view's and the fragment's element types differ
// An f32 accumulator fragment stored to a view of f16 bits without convert<f16>: refused (the
// bits would be the float's truncated value, not the half).
#include <cstdint>
#include <strider/atom.hpp>
#include <strider/storage/view.hpp>

using mma = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<1, 1>, strider::shape<16, 8, 16>>;
void store(std::uint16_t* c) {
  auto acc = strider::partition_fragment_c(mma{});
  strider::copy(acc, strider::partition(strider::tensor_view<std::uint16_t, strider::contiguous<16, 8>>(c), mma::c_layout{}, 0));
}
