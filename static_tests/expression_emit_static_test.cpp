// The static types that strider::to_static_type prints (listed in expression_emit_cases.hpp)
// compile, and name the layouts NumPy gives for the same expressions (views of np.arange, with
// np.transpose, np.swapaxes, np.flip, np.broadcast_to, reshape, np.squeeze, np.expand_dims,
// np.diagonal, sliding_window_view for unfold, and as_strided).
#include "expression_emit_cases.hpp"

namespace {
using strider::index_t;
template <index_t... V>
constexpr std::array<index_t, sizeof...(V)> a{V...};

template <class L, std::size_t R>
constexpr bool is(const std::array<index_t, R>& shape, const std::array<index_t, R>& strides, index_t offset) {
  if constexpr (L::rank != R) return false;
  else return L::shape == shape && L::strides == strides && L::offset == offset;
}

#define STRIDER_COMPILES(text, ...) static_assert(__VA_ARGS__::rank <= strider::max_rank, text);
STRIDER_EMITTED_STATIC_TYPES(STRIDER_COMPILES)
#undef STRIDER_COMPILES

// Values from NumPy 1.24.
static_assert(is<strider::permute_t<strider::slice_t<strider::contiguous<3, 4, 5>, "1:, ::-1">, 2, 0, 1>>(a<5, 2, 4>, a<1, 20, -5>, 35));
static_assert(is<strider::transpose_t<strider::column_major<3, 4>, 0, 1>>(a<4, 3>, a<3, 1>, 0));
static_assert(is<strider::flip_t<strider::layout<strider::shape<3, 4>, strider::strides<4, 1>, 0>, 0>>(a<3, 4>, a<-4, 1>, 8));
static_assert(is<strider::flip_t<strider::broadcast_to_t<strider::contiguous<4>, 2, 3, 4>>>(a<2, 3, 4>, a<0, 0, -1>, 3));
static_assert(is<strider::reshape_t<strider::view_t<strider::contiguous<2, 6>, 3, -1>, 2, -1>>(a<2, 6>, a<6, 1>, 0));
static_assert(is<strider::squeeze_t<strider::unsqueeze_t<strider::squeeze_t<strider::contiguous<1, 3, 1>>, 0>, 0>>(a<3>, a<1>, 0));
static_assert(is<strider::unfold_t<strider::diagonal_t<strider::contiguous<3, 4>, 1>, 0, 2, 1>>(a<2, 2>, a<5, 5>, 1));
static_assert(is<strider::diagonal_t<strider::contiguous<2, 3, 4>, -1, 2, 0>>(a<3, 2>, a<4, 13>, 1));
static_assert(is<strider::as_strided_t<strider::contiguous<4>, strider::shape<2, 2>, strider::strides<1, 2>, 0>>(a<2, 2>, a<1, 2>, 0));
static_assert(is<strider::as_strided_t<strider::slice_t<strider::layout<strider::shape<3>, strider::strides<-2>, 4>, "None, ::-1">,
                                       strider::shape<2, 2>, strider::strides<1, 2>>>(a<2, 2>, a<1, 2>, 0));
static_assert(is<strider::slice_t<strider::contiguous<>, "None">>(a<1>, a<0>, 0));
// A static stride equal to strider::dyn is spelled through as_strided_t (layout<...> reads it as run-time).
static_assert(is<strider::as_strided_t<strider::layout<strider::shape<0>, strider::strides<0>>, strider::shape<0>,
                                       strider::strides<(-9223372036854775807 - 1)>>>(a<0>, a<-9223372036854775807 - 1>, 0));
}  // namespace
