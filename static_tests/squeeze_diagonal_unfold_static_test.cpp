// squeeze_t, unsqueeze_t, diagonal_t and unfold_t. Expected values: NumPy's squeeze and diagonal;
// unfold as NumPy's sliding_window_view(a, size, axis)[..., ::step, ...] (the same windows); the
// strides PyTorch documents for unsqueeze and unfold where NumPy has no counterpart.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using C = contiguous<3, 4, 5>;  // strides 20, 5, 1

// squeeze: with no axes every extent-1 axis goes; named axes must have extent 1.
using O = contiguous<1, 4, 1>;  // strides 4, 1, 1
static_assert(is_layout<squeeze_t<O>, shape<4>, strides<1>, 0>);
static_assert(is_layout<squeeze_t<O, 0>, shape<4, 1>, strides<1, 1>, 0>);
static_assert(is_layout<squeeze_t<O, -1>, shape<1, 4>, strides<4, 1>, 0>);
static_assert(std::is_same_v<squeeze_t<O, 0, 2>, squeeze_t<O>>);
static_assert(std::is_same_v<squeeze_t<O, -1, 0>, squeeze_t<O>>);
static_assert(std::is_same_v<squeeze_t<C>, C>);  // nothing to remove
static_assert(std::is_same_v<squeeze_t<contiguous<>>, contiguous<>>);
static_assert(std::is_same_v<squeeze_t<contiguous<1, 1, 1>>, contiguous<>>);
static_assert(is_layout<squeeze_t<slice_t<contiguous<3, 4>, "1:2, ::-1">>, shape<4>, strides<-1>, 7>);
static_assert(is_layout<squeeze_t<layout<shape<1, 0, 1>, strides<9, 3, 0>, 2>>, shape<0>, strides<3>, 2>);
static_assert(is_layout<squeeze_t<contiguous<1, 2, 1, 3, 1, 4>, 0, 4>, shape<2, 1, 3, 4>, strides<12, 12, 4, 1>, 0>);

// unsqueeze: PyTorch's stride for the new axis is extent * stride of the axis it precedes, 1 at
// the end; the axis goes in [-rank-1, rank].
static_assert(is_layout<unsqueeze_t<C, 0>, shape<1, 3, 4, 5>, strides<60, 20, 5, 1>, 0>);
static_assert(is_layout<unsqueeze_t<C, 1>, shape<3, 1, 4, 5>, strides<20, 20, 5, 1>, 0>);
static_assert(is_layout<unsqueeze_t<C, 3>, shape<3, 4, 5, 1>, strides<20, 5, 1, 1>, 0>);
static_assert(std::is_same_v<unsqueeze_t<C, -1>, unsqueeze_t<C, 3>>);
static_assert(std::is_same_v<unsqueeze_t<C, -4>, unsqueeze_t<C, 0>>);
static_assert(std::is_same_v<unsqueeze_t<C, -3>, unsqueeze_t<C, 1>>);
static_assert(std::is_same_v<unsqueeze_t<C, 1>, view_t<C, 3, 1, 4, 5>>);  // same as the view
static_assert(is_layout<unsqueeze_t<flip_t<C, 1>, 1>, shape<3, 1, 4, 5>, strides<20, -20, -5, 1>, 15>);
static_assert(std::is_same_v<unsqueeze_t<contiguous<>, 0>, contiguous<1>>);
static_assert(std::is_same_v<unsqueeze_t<contiguous<>, -1>, contiguous<1>>);
static_assert(is_layout<unsqueeze_t<contiguous<3, 0>, 1>, shape<3, 1, 0>, strides<1, 0, 1>, 0>);
static_assert(std::is_same_v<squeeze_t<unsqueeze_t<C, 2>, 2>, C>);
static_assert(unsqueeze_t<contiguous<1, 2, 1, 2, 1, 2, 1>, 7>::rank == 8);  // up to max_rank
static_assert(unsqueeze_t<C, 1>::is_contiguous && unsqueeze_t<C, 1>::is_unique);

// diagonal: both axes go, the diagonal is appended; offset > 0 is above the main diagonal.
using M = contiguous<3, 4>;
static_assert(is_layout<diagonal_t<M>, shape<3>, strides<5>, 0>);
static_assert(is_layout<diagonal_t<M, 1>, shape<3>, strides<5>, 1>);
static_assert(is_layout<diagonal_t<M, 2>, shape<2>, strides<5>, 2>);
static_assert(is_layout<diagonal_t<M, 3>, shape<1>, strides<5>, 3>);
static_assert(is_layout<diagonal_t<M, -1>, shape<2>, strides<5>, 4>);
static_assert(is_layout<diagonal_t<M, -2>, shape<1>, strides<5>, 8>);
// Off the matrix the diagonal is empty. As in NumPy, the offset still moves to the diagonal's
// start when that is at the matrix's edge (offsets 4 and -3), and stays put beyond it.
static_assert(is_layout<diagonal_t<M, 4>, shape<0>, strides<5>, 4>);
static_assert(is_layout<diagonal_t<M, 5>, shape<0>, strides<5>, 0>);
static_assert(is_layout<diagonal_t<M, -3>, shape<0>, strides<5>, 12>);
static_assert(is_layout<diagonal_t<M, -4>, shape<0>, strides<5>, 0>);
static_assert(is_layout<diagonal_t<M, -9223372036854775807 - 1>, shape<0>, strides<5>, 0>);
static_assert(is_layout<diagonal_t<M, 9223372036854775807>, shape<0>, strides<5>, 0>);
static_assert(is_layout<diagonal_t<contiguous<0, 4>, 1>, shape<0>, strides<5>, 1>);
static_assert(std::is_same_v<diagonal_t<M, 0, 1, 0>, diagonal_t<M>>);  // the diagonal is symmetric
// Rank 3 and more: the other axes keep their order.
static_assert(is_layout<diagonal_t<C>, shape<5, 3>, strides<1, 25>, 0>);
static_assert(is_layout<diagonal_t<C, 0, 0, 2>, shape<4, 3>, strides<5, 21>, 0>);
static_assert(is_layout<diagonal_t<C, 1, 1, 2>, shape<3, 4>, strides<20, 6>, 1>);
static_assert(is_layout<diagonal_t<C, -1, 2, 0>, shape<4, 3>, strides<5, 21>, 1>);
static_assert(is_layout<diagonal_t<C, 2, -1, -2>, shape<3, 2>, strides<20, 6>, 10>);
static_assert(is_layout<diagonal_t<flip_t<C, 1>, 1, 1, 2>, shape<3, 4>, strides<20, -4>, 16>);
static_assert(is_layout<diagonal_t<contiguous<2, 3, 4, 5, 6, 7>, 1, 2, 5>, shape<2, 3, 5, 6, 4>,
                        strides<2520, 840, 42, 7, 211>, 1>);
static_assert(diagonal_t<C>::is_unique && !diagonal_t<C>::is_contiguous);

// unfold: axis Dim becomes the window count (extent - size) / step + 1 with stride step * stride;
// a new last axis of extent size walks a window.
using X = contiguous<10>;
static_assert(is_layout<unfold_t<X, 0, 3, 2>, shape<4, 3>, strides<2, 1>, 0>);
static_assert(is_layout<unfold_t<X, 0, 3, 3>, shape<3, 3>, strides<3, 1>, 0>);
static_assert(is_layout<unfold_t<X, 0, 2, 3>, shape<3, 2>, strides<3, 1>, 0>);
static_assert(is_layout<unfold_t<X, -1, 10, 1>, shape<1, 10>, strides<1, 1>, 0>);
static_assert(is_layout<unfold_t<X, 0, 2, 10>, shape<1, 2>, strides<10, 1>, 0>);
static_assert(is_layout<unfold_t<X, 0, 0, 4>, shape<3, 0>, strides<4, 1>, 0>);  // size 0: empty windows
static_assert(is_layout<unfold_t<flip_t<X>, 0, 3, 2>, shape<4, 3>, strides<-2, -1>, 9>);
static_assert(is_layout<unfold_t<contiguous<3, 7>, 1, 3, 2>, shape<3, 3, 3>, strides<7, 2, 1>, 0>);
static_assert(is_layout<unfold_t<contiguous<3, 7>, 0, 2, 1>, shape<2, 7, 2>, strides<7, 1, 7>, 0>);
static_assert(is_layout<unfold_t<contiguous<3, 7>, -1, 7, 1>, shape<3, 1, 7>, strides<7, 1, 1>, 0>);
static_assert(is_layout<unfold_t<contiguous<0>, 0, 0, 1>, shape<1, 0>, strides<1, 1>, 0>);
// A rank-0 layout unfolds into one window of size 0 or 1 (PyTorch: shape [size], stride [1]).
static_assert(is_layout<unfold_t<contiguous<>, 0, 1, 1>, shape<1>, strides<1>, 0>);
static_assert(is_layout<unfold_t<layout<shape<>, strides<>, 6>, -1, 0, 3>, shape<0>, strides<1>, 6>);
// Overlapping windows repeat elements; windows with step >= size do not.
static_assert(!unfold_t<X, 0, 3, 2>::is_unique && unfold_t<X, 0, 3, 2>::size == 12);
static_assert(unfold_t<X, 0, 2, 3>::is_unique && !unfold_t<X, 0, 2, 3>::is_contiguous);
static_assert(std::is_same_v<unfold_t<contiguous<9>, 0, 3, 3>, contiguous<3, 3>>);
static_assert(unfold_t<X, 0, 3, 2>{}(3, 2) == 8 && unfold_t<X, 0, 3, 2>::required_span == 9);

// Function forms return the alias types.
static_assert(std::is_same_v<decltype(squeeze(O{})), squeeze_t<O>>);
static_assert(std::is_same_v<decltype(squeeze<0>(O{})), squeeze_t<O, 0>>);
static_assert(std::is_same_v<decltype(unsqueeze<-1>(C{})), unsqueeze_t<C, 3>>);
static_assert(std::is_same_v<decltype(diagonal(M{})), diagonal_t<M>>);
static_assert(std::is_same_v<decltype(diagonal<1, 1, 2>(C{})), diagonal_t<C, 1, 1, 2>>);
static_assert(std::is_same_v<decltype(unfold<0, 3, 2>(X{})), unfold_t<X, 0, 3, 2>>);

}  // namespace

// narrow_t and select_t: PyTorch's narrow(dim, start, length) and select(dim, index), worked by
// hand on contiguous<3, 4> (strides 4, 1); negative dims, starts and indices count from the end.
namespace narrow_select {
using namespace strider_static_test;
using C = contiguous<3, 4>;
static_assert(is_layout<narrow_t<C, 1, 1, 2>, shape<3, 2>, strides<4, 1>, 1>);
static_assert(is_layout<narrow_t<C, -1, -3, 2>, shape<3, 2>, strides<4, 1>, 1>);
static_assert(is_layout<narrow_t<C, 0, 3, 0>, shape<0, 4>, strides<4, 1>, 12>);  // start at the end: empty
static_assert(narrow_t<C, 0, 1, 2>::storage_size == 12 && narrow_t<C, 0, 1, 2>{}(1, 3) == 11);
static_assert(is_layout<select_t<C, 0, 2>, shape<4>, strides<1>, 8>);
static_assert(is_layout<select_t<C, -1, -1>, shape<3>, strides<4>, 3>);
static_assert(std::is_same_v<select_t<C, 0, 1>, slice_t<C, "1">>);
static_assert(std::is_same_v<decltype(narrow<0, 1, 1>(C{})), narrow_t<C, 0, 1, 1>> && std::is_same_v<decltype(select<1, 0>(C{})), select_t<C, 1, 0>>);
}  // namespace narrow_select

// expand_t (PyTorch expand) and flatten_t (PyTorch flatten, as a view), worked by hand.
namespace expand_flatten {
using namespace strider_static_test;
using C = contiguous<3, 1, 2>;  // strides (2, 2, 1)
static_assert(is_layout<expand_t<C, 4, 3, 5, 2>, shape<4, 3, 5, 2>, strides<0, 2, 0, 1>>);
static_assert(is_layout<expand_t<C, -1, -1, -1>, shape<3, 1, 2>, strides<2, 2, 1>>);  // -1 keeps, strides too
static_assert(is_layout<expand_t<contiguous<3>, 1, 3>, shape<1, 3>, strides<3, 1>>);  // PyTorch's stride for a new extent-1 axis
static_assert(!expand_t<C, 3, 4, 2>::is_unique && expand_t<C, 3, 0, 2>::size == 0);
using T = contiguous<2, 3, 4>;
static_assert(is_layout<flatten_t<T>, shape<24>, strides<1>>);
static_assert(is_layout<flatten_t<T, 1>, shape<2, 12>, strides<12, 1>>);
static_assert(is_layout<flatten_t<slice_t<T, ":, :, ::2">, 1>, shape<2, 6>, strides<12, 2>>);
static_assert(std::is_same_v<flatten_t<permute_t<T, 0, 2, 1>, 1, 1>, permute_t<T, 0, 2, 1>>);  // one axis: as it is
static_assert(is_layout<flatten_t<contiguous<>>, shape<1>, strides<1>>);                     // rank 0 gives (1,)
static_assert(flatten_copies<permute_t<T, 0, 2, 1>, 1> && !flatten_copies<T, 0, 1>);
static_assert(std::is_same_v<decltype(expand<2, -1>(contiguous<1>{})), expand_t<contiguous<1>, 2, -1>> &&
              std::is_same_v<decltype(flatten<1>(T{})), flatten_t<T, 1>>);
// movedim_t: PyTorch movedim / NumPy moveaxis; the other axes keep their order.
using M = movedim_t<T, axes<0>, axes<2>>;  // (2, 3, 4) -> (3, 4, 2)
static_assert(is_layout<M, shape<3, 4, 2>, strides<4, 1, 12>>);
static_assert(std::is_same_v<movedim_t<T, axes<0, -1>, axes<2, 0>>, permute_t<T, 2, 1, 0>>);
static_assert(std::is_same_v<movedim_t<T, axes<>, axes<>>, T> && std::is_same_v<decltype(movedim<axes<0>, axes<2>>(T{})), M>);
// unflatten_t: PyTorch unflatten, one -1 inferred; flatten's inverse.
static_assert(is_layout<unflatten_t<contiguous<2, 12>, 1, 3, -1>, shape<2, 3, 4>, strides<12, 4, 1>>);
static_assert(std::is_same_v<unflatten_t<flatten_t<T, 1>, 1, 3, 4>, T> && std::is_same_v<decltype(unflatten<1, 3, 4>(flatten_t<T, 1>{})), T>);
static_assert(is_layout<unflatten_t<slice_t<contiguous<2, 12>, ":, ::2">, -1, 2, 3>, shape<2, 2, 3>, strides<12, 6, 2>>);
}  // namespace expand_flatten
