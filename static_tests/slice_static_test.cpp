// slice_t: NumPy basic indexing. Every expected layout below is NumPy's, read from
// `a = np.arange(n).reshape(shape); v = a[index]` as v.shape, v.strides / itemsize and the data
// pointer difference / itemsize.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using C = contiguous<3, 4, 5>;  // strides 20, 5, 1

// Ranges, negative steps, integers, new axes and the ellipsis.
static_assert(is_layout<slice_t<C, "1:, ::-1">, shape<2, 4, 5>, strides<20, -5, 1>, 35>);
static_assert(is_layout<slice_t<C, "..., 0">, shape<3, 4>, strides<20, 5>, 0>);
static_assert(is_layout<slice_t<C, "None, 2:5:2, -1">, shape<1, 1, 5>, strides<0, 40, 1>, 55>);
// NumPy's a[()]: the whole array; a[(1, 2)] is a[1, 2].
static_assert(std::is_same_v<slice_t<C, "()">, C>);
static_assert(std::is_same_v<slice_t<C, "(1, 2)">, slice_t<C, "1, 2">>);
static_assert(is_layout<slice_t<C, "-1">, shape<4, 5>, strides<5, 1>, 40>);
static_assert(is_layout<slice_t<C, ":, 1:3, None, ::2">, shape<3, 2, 1, 3>, strides<20, 5, 0, 2>, 5>);
static_assert(is_layout<slice_t<C, "::-1, ::-2, ::-3">, shape<3, 2, 2>, strides<-20, -10, -3>, 59>);
static_assert(is_layout<slice_t<C, "2:0:-1, 3::-2">, shape<2, 2, 5>, strides<-20, -10, 1>, 55>);
static_assert(is_layout<slice_t<C, "-2::-1">, shape<2, 4, 5>, strides<-20, 5, 1>, 20>);
static_assert(is_layout<slice_t<C, "..., None">, shape<3, 4, 5, 1>, strides<20, 5, 1, 0>, 0>);
static_assert(is_layout<slice_t<C, ":, -1:-5:-1, 4">, shape<3, 4>, strides<20, -5>, 19>);
static_assert(is_layout<slice_t<C, "..., ::-1, :">, shape<3, 4, 5>, strides<20, -5, 1>, 15>);
static_assert(is_layout<slice_t<C, "::2, 1::2">, shape<2, 2, 5>, strides<40, 10, 1>, 5>);
static_assert(is_layout<slice_t<C, "..., -4:-1:2">, shape<3, 4, 2>, strides<20, 5, 2>, 1>);
static_assert(is_layout<slice_t<C, "2::-2, None, None">, shape<2, 1, 1, 4, 5>, strides<-40, 0, 0, 5, 1>, 40>);
static_assert(is_layout<slice_t<C, ":, 1:-1, -2">, shape<3, 2>, strides<20, 5>, 8>);
static_assert(is_layout<slice_t<C, "..., 1, :">, shape<3, 5>, strides<20, 1>, 5>);
static_assert(is_layout<slice_t<C, "1, 2, 3">, shape<>, strides<>, 33>);  // every axis indexed: rank 0

// NumPy's clamping of out-of-range bounds, and empty results (start 0, step 1, as NumPy sets them).
static_assert(is_layout<slice_t<C, "10:-10:-1, -10:10:3">, shape<3, 2, 5>, strides<-20, 15, 1>, 40>);
static_assert(is_layout<slice_t<C, "5:, -100:100, 10:">, shape<0, 4, 0>, strides<20, 5, 1>, 0>);
static_assert(is_layout<slice_t<C, "-10:10:-1">, shape<0, 4, 5>, strides<20, 5, 1>, 0>);
static_assert(is_layout<slice_t<C, "0:0">, shape<0, 4, 5>, strides<20, 5, 1>, 0>);
static_assert(is_layout<slice_t<C, "3:1">, shape<0, 4, 5>, strides<20, 5, 1>, 0>);

using X = contiguous<7>;
static_assert(is_layout<slice_t<X, "1::3">, shape<2>, strides<3>, 1>);
static_assert(is_layout<slice_t<X, "-1:0:-3">, shape<2>, strides<-3>, 6>);
static_assert(is_layout<slice_t<X, "::-7">, shape<1>, strides<-7>, 6>);
static_assert(is_layout<slice_t<X, "6:-8:-2">, shape<4>, strides<-2>, 6>);
static_assert(std::is_same_v<slice_t<X, "-8:">, X>);
static_assert(is_layout<slice_t<X, ":-8">, shape<0>, strides<1>, 0>);
static_assert(is_layout<slice_t<X, "3:3">, shape<0>, strides<1>, 0>);
// Steps at the int64 limits (NumPy on an int8 array, whose byte strides are element strides).
static_assert(is_layout<slice_t<X, "::9223372036854775807">, shape<1>, strides<9223372036854775807>, 0>);
static_assert(is_layout<slice_t<X, "::-9223372036854775807">, shape<1>, strides<-9223372036854775807>, 6>);

// Slicing a slice composes; reversing twice gives back the same type.
static_assert(is_layout<slice_t<slice_t<C, ":, ::-1">, ":, 1:">, shape<3, 3, 5>, strides<20, -5, 1>, 10>);
static_assert(std::is_same_v<slice_t<slice_t<C, "::-1">, "::-1">, C>);
static_assert(std::is_same_v<slice_t<C, ":">, C> && std::is_same_v<slice_t<C, "...">, C>);
static_assert(std::is_same_v<slice_t<C, ":, :, :, ...">, C>);

// Spelling: spaces, a trailing comma, '+', newaxis and np.newaxis are accepted as in Python.
static_assert(std::is_same_v<slice_t<C, " 1 : , : : -1 , ">, slice_t<C, "1:, ::-1">>);
static_assert(std::is_same_v<slice_t<C, "+1">, slice_t<C, "1">>);
static_assert(std::is_same_v<slice_t<C, "newaxis">, slice_t<C, "None">>);
static_assert(std::is_same_v<slice_t<C, "np.newaxis, ...">, slice_t<C, "None">>);
static_assert(std::is_same_v<slice_t<C, "-0">, slice_t<C, "0">>);
static_assert(std::is_same_v<slice_t<C, "1:2:">, slice_t<C, "1:2">> && std::is_same_v<slice_t<C, "::">, C>);

// Size-1 axes, zero strides (a broadcast layout) and empty layouts.
using O = contiguous<1, 4, 1>;  // strides 4, 1, 1
static_assert(is_layout<slice_t<O, "0, ::-1, 0">, shape<4>, strides<-1>, 3>);
static_assert(is_layout<slice_t<O, "::-1, :, ::-1">, shape<1, 4, 1>, strides<-4, 1, -1>, 0>);
using B = layout<shape<3, 4>, strides<0, 1>>;
static_assert(is_layout<slice_t<B, "::-1, 1:3">, shape<3, 2>, strides<0, 1>, 1>);
static_assert(is_layout<slice_t<B, "1:, ::-2">, shape<2, 2>, strides<0, -2>, 3>);
using E = contiguous<3, 0, 4>;  // PyTorch's empty strides 4, 4, 1 (NumPy's reshape gives the same)
static_assert(E::strides == values<4, 4, 1>);
static_assert(is_layout<slice_t<E, "1:, :, ::-1">, shape<2, 0, 4>, strides<4, 4, -1>, 7>);
static_assert(is_layout<slice_t<E, "::-1">, shape<3, 0, 4>, strides<-4, 4, 1>, 8>);
static_assert(is_layout<slice_t<E, ":, 5:, 2">, shape<3, 0>, strides<4, 4>, 2>);

// Rank 0: only '...' and new axes apply.
using Z = contiguous<>;
static_assert(std::is_same_v<slice_t<Z, "...">, Z>);
static_assert(is_layout<slice_t<Z, "None">, shape<1>, strides<0>, 0>);
static_assert(is_layout<slice_t<Z, "None, ..., None">, shape<1, 1>, strides<0, 0>, 0>);

// Rank 6 (strides 2520, 840, 210, 42, 7, 1), and a rank-7 result.
using R6 = contiguous<2, 3, 4, 5, 6, 7>;
static_assert(is_layout<slice_t<R6, "1, ..., ::-2, 3">, shape<3, 4, 5, 3>, strides<840, 210, 42, -14>, 2558>);
static_assert(is_layout<slice_t<R6, ":, ::-1, :, 1:4, None, ::3">, shape<2, 3, 4, 3, 1, 2, 7>,
                        strides<2520, -840, 210, 42, 0, 21, 1>, 1722>);

// The offsets of a slice are those of the elements it selects.
static_assert(slice_t<C, "1:, ::-1">{}(0, 0, 0) == C{}(1, 3, 0));
static_assert(slice_t<C, "1:, ::-1">{}(1, 3, 4) == C{}(2, 0, 4));

// The function form returns the alias type.
static_assert(std::is_same_v<decltype(slice<"1:, ::-1">(C{})), slice_t<C, "1:, ::-1">>);
static_assert(std::is_same_v<decltype(slice<"None">(Z{})), slice_t<Z, "None">>);

}  // namespace
