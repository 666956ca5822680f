// expect: retile: the destination's value
// Warps along N for the accumulator (2 x 2) but along M for the next A operand (4 x 1): a thread's
// A elements are not among its own C values, so no register permutation retiles them.
#include <strider/atom.hpp>

using qk = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<2, 2>, strider::shape<64, 64, 16>>;
using pv = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<4, 1>, strider::shape<64, 64, 64>>;
auto refused = strider::retile_as_a<pv, qk>(strider::partition_fragment_c(qk{}));
