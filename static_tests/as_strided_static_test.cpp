// as_strided_t: PyTorch's as_strided(shape, strides, offset), any layout within the storage span
// [0, required_span) that the input reaches; the offset defaults to the input's, as in PyTorch.
// Expected offsets are worked by hand from offset + sum(index * stride).
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using M = contiguous<3, 4>;  // storage span 12

static_assert(is_layout<as_strided_t<M, shape<2, 2>, strides<1, 4>, 1>, shape<2, 2>, strides<1, 4>, 1>);
static_assert(as_strided_t<M, shape<2, 2>, strides<1, 4>, 1>{}(1, 1) == 6);
static_assert(std::is_same_v<as_strided_t<M, shape<12>, strides<1>, 0>, contiguous<12>>);
static_assert(std::is_same_v<as_strided_t<M, shape<3, 4>, strides<4, 1>>, M>);  // offset defaults to M's
// The default offset is the input's storage offset, not 0.
static_assert(is_layout<as_strided_t<slice_t<M, "1:">, shape<4>, strides<1>>, shape<4>, strides<1>, 4>);
// The span counts, not the input's own elements: a flipped or broadcast input reaches its span.
static_assert(std::is_same_v<as_strided_t<flip_t<M>, shape<3, 4>, strides<4, 1>, 0>, M>);
static_assert(std::is_same_v<as_strided_t<broadcast_to_t<contiguous<4>, 3, 4>, shape<2, 2>, strides<2, 1>, 0>,
                             contiguous<2, 2>>);

// Overlapping, zero and negative strides, rank 0, the last storage element, empty results.
using Overlap = as_strided_t<M, shape<3, 3>, strides<1, 1>, 0>;
static_assert(Overlap::size == 9 && !Overlap::is_unique && Overlap::max_offset == 4 && Overlap::required_span == 5);
static_assert(is_layout<as_strided_t<M, shape<5>, strides<0>, 11>, shape<5>, strides<0>, 11>);
static_assert(!as_strided_t<M, shape<5>, strides<0>, 11>::is_unique);
using Neg = as_strided_t<M, shape<3>, strides<-4>, 8>;
static_assert(Neg{}(0) == 8 && Neg{}(2) == 0 && Neg::min_offset == 0 && Neg::is_unique);
static_assert(is_layout<as_strided_t<M, shape<>, strides<>, 11>, shape<>, strides<>, 11>);
static_assert(is_layout<as_strided_t<M, shape<1>, strides<100>, 11>, shape<1>, strides<100>, 11>);
// An empty result addresses no storage, so it is not held to the span (PyTorch needs 0 bytes).
static_assert(is_layout<as_strided_t<M, shape<0, 5>, strides<1000000, 1>, 100>, shape<0, 5>, strides<1000000, 1>, 100>);
static_assert(as_strided_t<M, shape<0, 5>, strides<1000000, 1>, 100>::required_span == 0);
// Rank 6 from rank 2.
static_assert(is_layout<as_strided_t<M, shape<2, 1, 1, 1, 1, 2>, strides<6, 0, 0, 0, 0, 1>, 0>,
                        shape<2, 1, 1, 1, 1, 2>, strides<6, 0, 0, 0, 0, 1>, 0>);
// Interleaved strides: shape (3, 2), strides (2, 3) reach 0, 3, 2, 5, 4, 7: unique.
static_assert(as_strided_t<contiguous<8>, shape<3, 2>, strides<2, 3>, 0>::is_unique);
// Sliding windows written by hand equal unfold's.
static_assert(std::is_same_v<as_strided_t<contiguous<10>, shape<4, 3>, strides<2, 1>, 0>, unfold_t<contiguous<10>, 0, 3, 2>>);

// The function form returns the alias type.
static_assert(std::is_same_v<decltype(as_strided<shape<2, 2>, strides<1, 4>, 1>(M{})),
                             as_strided_t<M, shape<2, 2>, strides<1, 4>, 1>>);

}  // namespace
