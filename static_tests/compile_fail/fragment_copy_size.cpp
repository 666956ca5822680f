// expect: copy: the view and the fragment hold different numbers of elements
// A thread's partition of A copied into its C fragment: the counts differ (8 values against 4),
// refused rather than copying a prefix.
#include <cstdint>
#include <strider/atom.hpp>
#include <strider/storage/view.hpp>

using mma = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<1, 1>, strider::shape<16, 8, 16>>;
void load(const float* a) {
  auto acc = strider::partition_fragment_c(mma{});
  strider::copy(strider::partition(strider::tensor_view<const float, strider::contiguous<16, 16>>(a), mma::a_layout{}, 0), acc);
}
