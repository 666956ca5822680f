// broadcast_to_t and broadcast_shapes_t. Expected values are NumPy's (np.broadcast_to,
// np.broadcast_shapes), including NumPy's stride 0 on every axis of extent 1.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// New leading axes and stretched extent-1 axes get stride 0; matching axes keep theirs.
static_assert(is_layout<broadcast_to_t<contiguous<3, 1, 5>, 2, 3, 4, 5>, shape<2, 3, 4, 5>, strides<0, 5, 0, 1>, 0>);
static_assert(is_layout<broadcast_to_t<contiguous<4>, 3, 4>, shape<3, 4>, strides<0, 1>, 0>);
static_assert(is_layout<broadcast_to_t<flip_t<contiguous<4>>, 2, 3, 4>, shape<2, 3, 4>, strides<0, 0, -1>, 3>);
static_assert(is_layout<broadcast_to_t<slice_t<contiguous<3, 4>, "1:, 2:3">, 2, 2, 6>, shape<2, 2, 6>, strides<0, 4, 0>, 6>);
static_assert(std::is_same_v<broadcast_to_t<contiguous<3, 4>, 3, 4>, contiguous<3, 4>>);
static_assert(std::is_same_v<broadcast_to_t<contiguous<1, 1>, 1, 1, 1>, layout<shape<1, 1, 1>, strides<0, 0, 0>>>);

// Rank 0 broadcasts to anything, including rank 0 and empty shapes.
static_assert(is_layout<broadcast_to_t<contiguous<>, 2, 3>, shape<2, 3>, strides<0, 0>, 0>);
static_assert(std::is_same_v<broadcast_to_t<contiguous<>>, contiguous<>>);
static_assert(is_layout<broadcast_to_t<contiguous<>, 0>, shape<0>, strides<0>, 0>);
static_assert(is_layout<broadcast_to_t<layout<shape<>, strides<>, 9>, 4>, shape<4>, strides<0>, 9>);

// Extent 1 stretches to 0 as well; an extent-0 axis matches only 0.
static_assert(is_layout<broadcast_to_t<contiguous<3, 1, 5>, 3, 0, 5>, shape<3, 0, 5>, strides<5, 0, 1>, 0>);
static_assert(is_layout<broadcast_to_t<contiguous<1, 0>, 4, 0>, shape<4, 0>, strides<0, 1>, 0>);

// Rank 6.
static_assert(is_layout<broadcast_to_t<contiguous<1, 3, 1, 2>, 2, 4, 5, 3, 6, 2>, shape<2, 4, 5, 3, 6, 2>,
                        strides<0, 0, 0, 2, 0, 1>, 0>);

// Properties: repeated elements are not unique and not contiguous; the span does not grow.
using B = broadcast_to_t<contiguous<4>, 3, 4>;
static_assert(B::size == 12 && !B::is_unique && !B::is_contiguous && B::required_span == 4);
static_assert(B::min_offset == 0 && B::max_offset == 3);
static_assert(B{}(2, 3) == 3 && B{}(0, 3) == 3);
static_assert(broadcast_to_t<contiguous<1, 5>, 1, 5>::is_unique);  // nothing repeats
static_assert(broadcast_to_t<contiguous<>, 0, 7>::is_unique);       // empty: vacuously unique

// broadcast_shapes_t: right-aligned; 1 stretches to the other extent, including 0.
static_assert(std::is_same_v<broadcast_shapes_t<shape<3, 1>, shape<4>>, shape<3, 4>>);
static_assert(std::is_same_v<broadcast_shapes_t<shape<1>, shape<0>>, shape<0>>);
static_assert(std::is_same_v<broadcast_shapes_t<shape<0>, shape<1>>, shape<0>>);
static_assert(std::is_same_v<broadcast_shapes_t<>, shape<>>);
static_assert(std::is_same_v<broadcast_shapes_t<shape<>, shape<2>>, shape<2>>);
static_assert(std::is_same_v<broadcast_shapes_t<shape<2, 1, 3>, shape<5, 1>, shape<1>>, shape<2, 5, 3>>);
static_assert(std::is_same_v<broadcast_shapes_t<shape<1, 1, 1, 1, 1, 1>, shape<6, 5, 4, 3, 2, 1>>, shape<6, 5, 4, 3, 2, 1>>);
static_assert(std::is_same_v<broadcast_shapes_t<shape<7, 1, 0>>, shape<7, 1, 0>>);

// Function forms return the alias types.
static_assert(std::is_same_v<decltype(broadcast_to<2, 3, 4>(contiguous<4>{})), broadcast_to_t<contiguous<4>, 2, 3, 4>>);
static_assert(std::is_same_v<decltype(broadcast_shapes(shape<3, 1>{}, shape<4>{})), shape<3, 4>>);

}  // namespace
