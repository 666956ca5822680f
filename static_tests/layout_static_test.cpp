// Static layouts: properties and operations, checked by the compiler.
#include <strider/static.hpp>

namespace {
using namespace strider;
template <index_t... V>
constexpr std::array<index_t, sizeof...(V)> a{V...};

using C = contiguous<3, 4, 5>;
static_assert(C::rank == 3 && C::shape == a<3, 4, 5> && C::strides == a<20, 5, 1> && C::offset == 0);
static_assert(C::size == 60 && C::is_contiguous && C::is_unique && C::required_span == 60);
static_assert(C{}(1, 2, 3) == 33);

using S = slice_t<C, "1:, ::-1">;
static_assert(S::shape == a<2, 4, 5> && S::strides == a<20, -5, 1> && S::offset == 35);
static_assert(S::min_offset == 20 && S::max_offset == 59);

using P = permute_t<S, 2, 0, 1>;
static_assert(P::shape == a<5, 2, 4> && P::strides == a<1, 20, -5>);
static_assert(std::is_same_v<decltype(permute<2, 0, 1>(S{})), P>);

// L::shape is an index_array: a function template over std::array takes its array().
template <std::size_t N>
constexpr index_t last_of(const std::array<index_t, N>& extents) { return extents[N - 1]; }
static_assert(last_of(P::shape.array()) == 4 && last_of(C::strides.array()) == 1);
}  // namespace
