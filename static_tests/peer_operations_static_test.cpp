// t, rot90, rollaxis, expand_dims, ravel, tensor_split and NumPy's splits as static and mixed
// types (issue 29 item 5); values checked against NumPy and PyTorch in
// runtime_tests/peer_operations_test.cpp.
#include <strider/static.hpp>
#include <tuple>
#include <type_traits>

using namespace strider;
using L = contiguous<2, 3, 4>;

// Shape, strides and offset (a part keeps its input's storage, which layout<...> does not say).
template <class P>
constexpr bool is(const dims& shape, const dims& strides, index_t offset) {
  return P::dynamic().shape() == shape && P::dynamic().strides() == strides && P::dynamic().offset() == offset;
}

static_assert(std::is_same_v<t_t<contiguous<3, 4>>, layout<shape<4, 3>, strides<1, 4>>>);
static_assert(std::is_same_v<t_t<contiguous<3>>, contiguous<3>>);
static_assert(std::is_same_v<rot90_t<L>, layout<shape<3, 2, 4>, strides<-4, 12, 1>, 8>>);
static_assert(std::is_same_v<rot90_t<L, 3, -1, 0>, layout<shape<4, 3, 2>, strides<-1, 4, 12>, 3>>);
static_assert(std::is_same_v<rollaxis_t<L, 2>, layout<shape<4, 2, 3>, strides<1, 12, 4>>>);
static_assert(std::is_same_v<expand_dims_t<L, 1, 3>, layout<shape<2, 1, 3, 1, 4>, strides<12, 12, 4, 4, 1>>>);
static_assert(ravel_t<L>::dynamic() == dynamic_layout::contiguous({24}));
static_assert(!ravel_copies<L> && ravel_copies<transpose_t<L, 0, 1>> && ravel_copies<slice_t<L, ":, :, ::2">>);
static_assert(std::tuple_size_v<tensor_split_t<L, 5, 1>> == 5);
static_assert(is<tensor_split_part_t<L, 3, 2, 1>>({2, 3, 1}, {12, 4, 1}, 2));
static_assert(is<tensor_split_indices_part_t<L, shape<2, 1>, 2, 2>>({2, 3, 3}, {12, 4, 1}, 1));
static_assert(is<std::tuple_element_t<1, numpy_split_t<L, 2, 2>>>({2, 3, 2}, {12, 4, 1}, 2));
static_assert(is<hsplit_part_t<L, 3, 2>>({2, 1, 4}, {12, 4, 1}, 8));
static_assert(is<vsplit_part_t<L, 2, 1>>({1, 3, 4}, {12, 4, 1}, 12));
static_assert(std::tuple_size_v<dsplit_indices_t<L, shape<1, 3>>> == 3);

// Mixed layouts: a run-time batch stays run-time; the split axis must be static.
using M = contiguous<dyn, 3, 4>;
static_assert(hsplit_part_t<M, 3, 1>::static_entries.shape[1] == 1 && hsplit_part_t<M, 3, 1>::static_entries.offset == 4);
static_assert(rot90_t<M, 1, 1, 2>::rank == 3);
// Whether a mixed layout is contiguous must be static: contiguous<dyn, 3, 4> is, its transpose is
// not for any non-empty batch but is for an empty one, so ravel_t of it does not compile.
// (ravel_copies<transpose_t<M, 1, 2>> is such a compile error: "ravel: whether the layout is
// contiguous ... depends on an entry known only at run time".)
static_assert(!ravel_copies<M> && ravel_t<M>::rank == 1);
static_assert(expand_dims_t<M, 0>::rank == 4 && expand_dims_t<M, 0>::static_entries.shape[0] == 1);
