// matrix_transpose_t, reverse_axis_order_t, sliding_window_view_t and the several-result views
// (split, chunk, unbind). Expected values: NumPy's sliding_window_view, .T, moveaxis and swapaxes,
// PyTorch's mT, split, chunk and unbind, on arange(60).reshape(3, 4, 5).
#include <tuple>

#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using C = contiguous<3, 4, 5>;  // strides 20, 5, 1

// mT swaps the last two axes; .T reverses them all (NumPy's a[:, ::-1, 1:].T here).
static_assert(is_layout<matrix_transpose_t<C>, shape<3, 5, 4>, strides<20, 1, 5>, 0>);
static_assert(std::is_same_v<matrix_transpose_t<contiguous<>>, contiguous<>>);  // PyTorch: a scalar is its own mT
static_assert(is_layout<reverse_axis_order_t<slice_t<C, ":, ::-1, 1:">>, shape<4, 4, 3>, strides<1, -5, 20>, 16>);
static_assert(std::is_same_v<reverse_axis_order_t<contiguous<7>>, contiguous<7>>);
// NumPy's moveaxis and swapaxes are movedim and transpose.
static_assert(is_layout<movedim_t<C, axes<0>, axes<-1>>, shape<4, 5, 3>, strides<5, 1, 20>, 0>);
static_assert(is_layout<transpose_t<C, 0, 2>, shape<5, 4, 3>, strides<1, 5, 20>, 0>);

// sliding_window_view: the windowed axes shrink, the window axes are appended in order, and a
// repeated axis shrinks again.
static_assert(is_layout<sliding_window_view_t<C, shape<2, 3, 4>>, shape<2, 2, 2, 2, 3, 4>, strides<20, 5, 1, 20, 5, 1>, 0>);
static_assert(is_layout<sliding_window_view_t<C, shape<2, 3>, axes<-1, 0>>, shape<1, 4, 4, 2, 3>, strides<20, 5, 1, 1, 20>, 0>);
static_assert(is_layout<sliding_window_view_t<C, shape<2, 2>, axes<2, 2>>, shape<3, 4, 3, 2, 2>, strides<20, 5, 1, 1, 1>, 0>);
static_assert(is_layout<sliding_window_view_t<contiguous<4>, shape<0>>, shape<5, 0>, strides<1, 1>, 0>);  // empty windows
static_assert(std::is_same_v<sliding_window_view_t<contiguous<>, shape<>>, contiguous<>>);

// split by a size: parts of 2 along axis 1 (the last one smaller when 2 does not divide).
static_assert(is_layout<split_part_t<C, 2, 1, 0>, shape<3, 2, 5>, strides<20, 5, 1>, 0>);
static_assert(is_layout<split_part_t<C, 2, 1, 1>, shape<3, 2, 5>, strides<20, 5, 1>, 10>);
static_assert(std::is_same_v<split_part_t<C, 2, 1, -1>, split_part_t<C, 2, 1, 1>>);
static_assert(std::tuple_size_v<split_t<C, 2, 1>> == 2);
static_assert(is_layout<split_part_t<C, 2, 2, 2>, shape<3, 4, 1>, strides<20, 5, 1>, 4>);
static_assert(std::is_same_v<split_t<C, 3>, std::tuple<split_part_t<C, 3, 0, 0>>>);  // one part when the size covers the axis
static_assert(is_layout<split_part_t<contiguous<0, 2>, 0, 0, 0>, shape<0, 2>, strides<2, 1>, 0>);  // size 0 of an empty axis

// split by a list of sizes.
static_assert(is_layout<split_with_sizes_part_t<C, shape<1, 3, 1>, 2, 0>, shape<3, 4, 1>, strides<20, 5, 1>, 0>);
static_assert(is_layout<split_with_sizes_part_t<C, shape<1, 3, 1>, 2, 1>, shape<3, 4, 3>, strides<20, 5, 1>, 1>);
static_assert(is_layout<split_with_sizes_part_t<C, shape<1, 3, 1>, 2, 2>, shape<3, 4, 1>, strides<20, 5, 1>, 4>);
static_assert(std::tuple_size_v<split_with_sizes_t<C, shape<0, 3, 0>>> == 3);
static_assert(std::tuple_size_v<split_with_sizes_t<contiguous<0, 3>, shape<>>> == 0);

// chunk: ceil(extent / chunks) per part, fewer parts when the extent runs out first.
static_assert(is_layout<chunk_part_t<C, 2, -1, 0>, shape<3, 4, 3>, strides<20, 5, 1>, 0>);
static_assert(is_layout<chunk_part_t<C, 2, -1, 1>, shape<3, 4, 2>, strides<20, 5, 1>, 3>);
static_assert(std::tuple_size_v<chunk_t<contiguous<5>, 6>> == 5);
static_assert(std::tuple_size_v<chunk_t<contiguous<6>, 4>> == 3);  // parts of 2: 6 runs out after three
static_assert(std::tuple_size_v<chunk_t<contiguous<0, 4>, 3>> == 3);  // an empty axis: chunks empty parts

// unbind: select of every index.
static_assert(is_layout<unbind_part_t<C, 1, 3>, shape<3, 5>, strides<20, 1>, 15>);
static_assert(std::is_same_v<unbind_part_t<C, 1, -1>, select_t<C, 1, 3>>);
static_assert(std::tuple_size_v<unbind_t<C, 1>> == 4);
static_assert(std::tuple_size_v<unbind_t<contiguous<0, 2>>> == 0);

// The function forms give the same types, ready for structured bindings.
constexpr auto parts = chunk<2, -1>(C{});
static_assert(std::is_same_v<std::remove_const_t<decltype(parts)>, chunk_t<C, 2, -1>>);
static_assert(std::is_same_v<decltype(matrix_transpose(C{})), matrix_transpose_t<C>>);
static_assert(std::is_same_v<decltype(sliding_window_view<shape<2>, axes<0>>(C{})), sliding_window_view_t<C, shape<2>, axes<0>>>);
}  // namespace
