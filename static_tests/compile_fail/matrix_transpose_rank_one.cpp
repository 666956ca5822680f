// expect: matrix_transpose: needs a matrix or a batch of them \(at least 2 axes\), got rank
// PyTorch's mT transposes the last two axes; a vector has one.
#include <strider/static.hpp>

using T = strider::matrix_transpose_t<strider::contiguous<4>>;
static_assert(T::rank == 1);
