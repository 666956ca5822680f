// expect: split_with_sizes: the sizes sum to .*, not the extent .* of dimension
// The listed part sizes must cover the axis exactly, as PyTorch's split requires.
#include <strider/static.hpp>

using P = strider::split_with_sizes_part_t<strider::contiguous<5, 2>, strider::shape<2, 2>, 0, 1>;
static_assert(P::rank == 2);
