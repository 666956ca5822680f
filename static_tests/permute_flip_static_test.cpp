// permute_t, transpose_t and flip_t. Expected layouts are NumPy's (a.transpose(axes),
// a.swapaxes(a, b), np.flip(a, axes)) on `np.arange(n).reshape(shape)` or the view named.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using C = contiguous<3, 4, 5>;  // strides 20, 5, 1
using S = slice_t<C, "1:, ::-1">;

// permute: result axis i is input axis P[i]; negative axes count from the end.
static_assert(is_layout<permute_t<S, 2, 0, 1>, shape<5, 2, 4>, strides<1, 20, -5>, 35>);
static_assert(is_layout<permute_t<C, -1, 0, -2>, shape<5, 3, 4>, strides<1, 20, 5>, 0>);
static_assert(std::is_same_v<permute_t<C, 0, 1, 2>, C>);
static_assert(std::is_same_v<permute_t<C, -3, -2, -1>, C>);
static_assert(std::is_same_v<permute_t<permute_t<C, 2, 0, 1>, 1, 2, 0>, C>);  // a permutation and its inverse
static_assert(std::is_same_v<permute_t<contiguous<>>, contiguous<>>);        // rank 0: the empty permutation
static_assert(is_layout<permute_t<contiguous<2, 3, 4, 5, 6, 7>, 5, 3, 1, 0, 2, 4>, shape<7, 5, 3, 2, 4, 6>,
                        strides<1, 42, 840, 2520, 210, 7>, 0>);
static_assert(is_layout<permute_t<contiguous<3, 0, 4>, 1, 2, 0>, shape<0, 4, 3>, strides<4, 1, 4>, 0>);
// The transpose of a column-major matrix is row-major.
static_assert(std::is_same_v<permute_t<column_major<3, 4>, 1, 0>, contiguous<4, 3>>);

// transpose: swaps two axes (NumPy swapaxes); the same axis twice changes nothing.
static_assert(is_layout<transpose_t<C, 0, 2>, shape<5, 4, 3>, strides<1, 5, 20>, 0>);
static_assert(is_layout<transpose_t<C, -1, -2>, shape<3, 5, 4>, strides<20, 1, 5>, 0>);
static_assert(std::is_same_v<transpose_t<C, 1, 1>, C>);
static_assert(std::is_same_v<transpose_t<C, 0, 2>, permute_t<C, 2, 1, 0>>);
static_assert(std::is_same_v<transpose_t<C, 2, -3>, transpose_t<C, 0, 2>>);
using B = broadcast_to_t<contiguous<4>, 3, 4>;  // strides 0, 1
static_assert(is_layout<transpose_t<B, 0, 1>, shape<4, 3>, strides<1, 0>, 0>);

// flip: the stride changes sign and the offset moves to the last element of the axis.
static_assert(is_layout<flip_t<C>, shape<3, 4, 5>, strides<-20, -5, -1>, 59>);
static_assert(is_layout<flip_t<C, 1>, shape<3, 4, 5>, strides<20, -5, 1>, 15>);
static_assert(is_layout<flip_t<C, 0, -1>, shape<3, 4, 5>, strides<-20, 5, -1>, 44>);
static_assert(std::is_same_v<flip_t<C, 1>, slice_t<C, ":, ::-1">>);
static_assert(std::is_same_v<flip_t<flip_t<C, 0, 2>, 2, 0>, C>);
static_assert(std::is_same_v<flip_t<C, 0, 1, 2>, flip_t<C>>);
static_assert(is_layout<flip_t<contiguous<2, 3, 4, 5, 6, 7>, 1, 4>, shape<2, 3, 4, 5, 6, 7>,
                        strides<2520, -840, 210, 42, -7, 1>, 1715>);
static_assert(is_layout<flip_t<contiguous<2, 3, 4, 5, 6, 7>>, shape<2, 3, 4, 5, 6, 7>,
                        strides<-2520, -840, -210, -42, -7, -1>, 5039>);
// An empty axis keeps its stride (NumPy's empty slice is start 0, step 1); the others still flip.
static_assert(is_layout<flip_t<contiguous<3, 0, 4>>, shape<3, 0, 4>, strides<-4, 4, -1>, 11>);
static_assert(is_layout<flip_t<contiguous<3, 0, 4>, 2>, shape<3, 0, 4>, strides<4, 4, -1>, 3>);
// Size-1 axes flip their stride without moving the offset; zero strides stay zero.
static_assert(is_layout<flip_t<contiguous<1, 4, 1>>, shape<1, 4, 1>, strides<-4, -1, -1>, 3>);
static_assert(is_layout<flip_t<B>, shape<3, 4>, strides<0, -1>, 3>);
static_assert(std::is_same_v<flip_t<contiguous<>>, contiguous<>>);

// A flipped layout reaches the same storage, element i of the axis at element n-1-i.
static_assert(flip_t<C, 0, -1>{}(0, 1, 0) == C{}(2, 1, 4));
static_assert(flip_t<C>::min_offset == 0 && flip_t<C>::max_offset == 59 && flip_t<C>::required_span == 60);
static_assert(!flip_t<C>::is_contiguous && flip_t<C>::is_unique);

// Function forms return the alias types.
static_assert(std::is_same_v<decltype(permute<2, 0, 1>(S{})), permute_t<S, 2, 0, 1>>);
static_assert(std::is_same_v<decltype(transpose<0, -1>(C{})), transpose_t<C, 0, 2>>);
static_assert(std::is_same_v<decltype(flip<1>(C{})), flip_t<C, 1>>);
static_assert(std::is_same_v<decltype(flip(C{})), flip_t<C>>);

// The aliases accept a cv- or reference-qualified layout type (e.g. from decltype).
static_assert(std::is_same_v<permute_t<const C, 2, 0, 1>, permute_t<C, 2, 0, 1>>);
static_assert(std::is_same_v<slice_t<const S&, "0">, slice_t<S, "0">>);
static_assert(std::is_same_v<reshape_t<C&&, -1>, contiguous<60>> && !reshape_copies<const C, -1>);

}  // namespace
