// expect: op::numpy_split[^a-z_].*sections do not divide axis
// NumPy's split into equal sections refuses 3 parts of 4 elements (tensor_split_t allows them).
#include <strider/static.hpp>

using P = strider::numpy_split_part_t<strider::contiguous<2, 3, 4>, 3, 2, 0>;
static_assert(P::rank == 3);
