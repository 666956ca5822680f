// view_t, reshape_t and reshape_copies. Whether a view exists, and its strides, are NumPy's
// no-copy reshape (`b = v.view(); b.shape = new_shape`, which raises when a copy is needed);
// the strides of extent-1 axes follow PyTorch's computeStride, worked by hand where they matter.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using C = contiguous<3, 4, 5>;  // strides 20, 5, 1

// A contiguous layout views as any shape with the same element count, -1 inferred.
static_assert(std::is_same_v<view_t<contiguous<3, 4>, -1>, contiguous<12>>);
static_assert(std::is_same_v<view_t<C, 12, 5>, contiguous<12, 5>>);
static_assert(std::is_same_v<view_t<C, -1, 5>, contiguous<12, 5>>);
static_assert(std::is_same_v<view_t<C, 2, -1>, contiguous<2, 30>>);
static_assert(std::is_same_v<view_t<C, 3, 2, 2, 5>, contiguous<3, 2, 2, 5>>);
static_assert(std::is_same_v<view_t<C, 2, 3, 2, 5, 1, 1>, contiguous<2, 3, 2, 5, 1, 1>>);
// Extent-1 axes: PyTorch gives a new one the stride of everything to its right within its chunk.
static_assert(is_layout<view_t<C, 3, 1, 4, 5>, shape<3, 1, 4, 5>, strides<20, 20, 5, 1>, 0>);
static_assert(is_layout<view_t<C, 1, 60>, shape<1, 60>, strides<60, 1>, 0>);
static_assert(is_layout<view_t<C, 60, 1>, shape<60, 1>, strides<1, 1>, 0>);

// A permuted layout: only axes that stay within one contiguous chunk can merge or split.
using T = permute_t<C, 1, 0, 2>;  // shape 4, 3, 5; strides 5, 20, 1
static_assert(is_layout<view_t<T, 2, 2, 3, 5>, shape<2, 2, 3, 5>, strides<10, 5, 20, 1>, 0>);
static_assert(is_layout<view_t<T, 4, 3, 5, 1>, shape<4, 3, 5, 1>, strides<5, 20, 1, 1>, 0>);
static_assert(is_layout<view_t<T, 4, 1, 3, 5>, shape<4, 1, 3, 5>, strides<5, 60, 20, 1>, 0>);
static_assert(is_layout<view_t<T, 1, 4, 3, 5>, shape<1, 4, 3, 5>, strides<20, 5, 20, 1>, 0>);
static_assert(reshape_copies<T, 12, 5> && reshape_copies<T, 4, 15> && reshape_copies<T, -1>);
static_assert(!reshape_copies<T, 2, 2, 3, 5>);

// Negative strides split but do not merge across an axis boundary.
using F = flip_t<C, 1>;  // strides 20, -5, 1, offset 15
static_assert(std::is_same_v<view_t<F, 3, 4, 5>, F>);
static_assert(is_layout<view_t<F, 3, 2, 2, 5>, shape<3, 2, 2, 5>, strides<20, -10, -5, 1>, 15>);
static_assert(reshape_copies<F, 3, 20> && reshape_copies<F, 12, 5>);

// Steps and sub-blocks: the offset stays, the chunks keep their strides.
using S = slice_t<C, ":, :, ::2">;  // shape 3, 4, 3; strides 20, 5, 2
static_assert(is_layout<view_t<S, 12, 3>, shape<12, 3>, strides<5, 2>, 0>);
static_assert(reshape_copies<S, 36>);
using B = slice_t<C, "1:, 1:3">;  // shape 2, 2, 5; strides 20, 5, 1; offset 25
static_assert(is_layout<view_t<B, 2, 10>, shape<2, 10>, strides<20, 1>, 25>);
static_assert(reshape_copies<B, 4, 5>);

// Column-major and broadcast layouts.
static_assert(is_layout<view_t<column_major<3, 4>, 3, 2, 2>, shape<3, 2, 2>, strides<1, 6, 3>, 0>);
static_assert(reshape_copies<column_major<3, 4>, 12>);
using Bc = broadcast_to_t<contiguous<4>, 3, 4>;  // strides 0, 1
static_assert(is_layout<view_t<Bc, 3, 2, 2>, shape<3, 2, 2>, strides<0, 2, 1>, 0>);
static_assert(reshape_copies<Bc, 12>);

// Rank 0 and one-element layouts.
static_assert(std::is_same_v<view_t<contiguous<>, 1, 1>, contiguous<1, 1>>);
static_assert(std::is_same_v<view_t<contiguous<>, -1>, contiguous<1>>);
static_assert(std::is_same_v<view_t<contiguous<1, 1>>, contiguous<>>);
static_assert(std::is_same_v<view_t<layout<shape<1, 1>, strides<7, 9>, 4>>, layout<shape<>, strides<>, 4>>);

// Empty layouts: the same shape keeps its strides, another gets PyTorch's contiguous strides.
using E = layout<shape<3, 0>, strides<-1, 2>, 5>;
static_assert(std::is_same_v<view_t<E, 3, 0>, E>);
static_assert(is_layout<view_t<E, 0, 3>, shape<0, 3>, strides<3, 1>, 5>);
static_assert(is_layout<view_t<E, 2, 0, 5>, shape<2, 0, 5>, strides<5, 5, 1>, 5>);
static_assert(is_layout<view_t<contiguous<0>, -1, 7>, shape<0, 7>, strides<7, 1>, 0>);

// reshape_t: the view when one exists, otherwise the contiguous layout of the copy (offset 0).
static_assert(std::is_same_v<reshape_t<C, -1>, contiguous<60>>);
static_assert(std::is_same_v<reshape_t<T, 12, 5>, contiguous<12, 5>>);
static_assert(std::is_same_v<reshape_t<T, 2, 2, 3, 5>, view_t<T, 2, 2, 3, 5>>);
static_assert(std::is_same_v<reshape_t<B, 4, 5>, contiguous<4, 5>>);
static_assert(std::is_same_v<reshape_t<B, 2, 10>, view_t<B, 2, 10>>);
static_assert(!reshape_copies<C, 60> && !reshape_copies<contiguous<>, 1>);

// Rank 6 (strides 2520, 840, 210, 42, 7, 1) split into rank 8 and merged to rank 2.
using R6 = contiguous<2, 3, 4, 5, 6, 7>;
static_assert(std::is_same_v<view_t<R6, 2, 3, 2, 2, 5, 2, 3, 7>, contiguous<2, 3, 2, 2, 5, 2, 3, 7>>);
static_assert(std::is_same_v<view_t<permute_t<R6, 1, 0, 2, 3, 4, 5>, 3, 2, -1>,
                             layout<shape<3, 2, 840>, strides<840, 2520, 1>>>);

// Function forms return the alias types.
static_assert(std::is_same_v<decltype(view<-1>(C{})), contiguous<60>>);
static_assert(std::is_same_v<decltype(reshape<12, 5>(T{})), contiguous<12, 5>>);

}  // namespace
