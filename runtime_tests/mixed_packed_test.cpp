// Issue 29, item 1: `contiguous<...>` and `column_major<...>` with run-time extents compute every
// stride from the extents and take the run-time extents only; `layout<shape<...>, strides<...>>`
// with the same entries run-time holds whatever strides it is given (checked only for the layout
// invariants). Every placement of `dyn` in rank 1 to 4, against dynamic_layout's contiguous and
// column_major (their offsets compared by enumeration).
#include <strider/core.hpp>
#include <strider/static.hpp>

#include <array>
#include <bit>
#include <utility>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dyn;
using strider::dynamic_layout;
using strider::index_t;

namespace {

constexpr std::array<index_t, 4> extents{2, 3, 4, 5};

// The layout value of a static or mixed layout type (a mixed one's has `dyn` entries).
template <class L>
constexpr strider::layout_value value_of() {
  if constexpr (strider::mixed_layout_type<L>) return L::static_entries;
  else return L::value;
}

template <std::size_t Rank, unsigned Mask, std::size_t D>
constexpr index_t entry() {
  return (Mask >> D) & 1u ? dyn : extents[D];
}

// The run-time extents of the mask, in order, as the constructor takes them.
template <std::size_t Rank, unsigned Mask, class L, std::size_t... D>
L make(std::index_sequence<D...>) {
  constexpr std::size_t count = std::popcount(Mask);
  std::array<index_t, count> given{};
  std::size_t k = 0;
  ((((Mask >> D) & 1u) ? (given[k++] = extents[D], 0) : 0), ...);
  return std::apply([](auto... e) { return L(e...); }, given);
}

template <std::size_t Rank, unsigned Mask, std::size_t... D>
void check_placement(std::index_sequence<D...> axes) {
  INFO("rank " << Rank << ", dyn mask " << Mask);
  const dims shape{extents[D]...};
  using C = strider::contiguous<entry<Rank, Mask, D>()...>;
  using F = strider::column_major<entry<Rank, Mask, D>()...>;
  // Only the extents are run-time entries: the strides are computed.
  if constexpr (Mask != 0) static_assert(C::dynamic_count == std::popcount(Mask) && F::dynamic_count == std::popcount(Mask));
  const auto c = make<Rank, Mask, C>(axes);
  const auto f = make<Rank, Mask, F>(axes);
  CHECK(c.dynamic() == dynamic_layout::contiguous(shape));
  CHECK(f.dynamic() == dynamic_layout::column_major(shape));
  CHECK(strider_test::offsets(c.dynamic()) == strider_test::offsets(dynamic_layout::contiguous(shape)));
  strider_test::for_each_index(shape, [&](const strider_test::index_vec& i) {
    CHECK(c(i[D]...) == strider_test::naive_offset(dynamic_layout::contiguous(shape), i));
    CHECK(f(i[D]...) == strider_test::naive_offset(dynamic_layout::column_major(shape), i));
  });
  if constexpr (strider::detail::derives_strides(value_of<C>())) {
    // The general layout with the same run-time entries holds its strides: here the C-order ones
    // doubled where they are run-time (overlapping nothing), which a contiguous type could never hold.
    constexpr strider::layout_value pattern = value_of<C>();
    using G = strider::layout<strider::shape<entry<Rank, Mask, D>()...>, strider::strides<pattern.strides[D]...>, 0>;
    static_assert(!std::is_same_v<G, C>);
    const dims c_strides = dynamic_layout::contiguous(shape).strides();
    const dynamic_layout doubled(shape, dims{(pattern.strides[D] == dyn ? 2 : 1) * c_strides[D]...});
    const G g = strider::layout_cast<G>(doubled);
    CHECK(g.dynamic().strides() == doubled.strides());
    // A contiguous type refuses those strides when cast.
    CHECK_THROWS_AS(strider::layout_cast<C>(doubled), strider::layout_error);
  }
  if constexpr (strider::detail::derives_strides(value_of<F>())) {
    constexpr strider::layout_value pattern = value_of<F>();
    const dims f_strides = dynamic_layout::column_major(shape).strides();
    CHECK_THROWS_AS(strider::layout_cast<F>(dynamic_layout(shape, dims{(pattern.strides[D] == dyn ? 2 : 1) * f_strides[D]...})), strider::layout_error);
  }
}

template <std::size_t Rank, unsigned... Masks>
void check_rank(std::integer_sequence<unsigned, Masks...>) {
  (check_placement<Rank, Masks>(std::make_index_sequence<Rank>{}), ...);
}

}  // namespace

TEST_CASE("mixed contiguous and column_major compute their strides: every placement of dyn, rank 1 to 4") {
  check_rank<1>(std::make_integer_sequence<unsigned, 2>{});
  check_rank<2>(std::make_integer_sequence<unsigned, 4>{});
  check_rank<3>(std::make_integer_sequence<unsigned, 8>{});
  check_rank<4>(std::make_integer_sequence<unsigned, 16>{});
}

TEST_CASE("mixed contiguous: the issue's reproducers") {
  // contiguous<4, dyn>(3, 2) was shape (4, 3) with strides (2, 1): overlapping rows.
  static_assert(!std::is_constructible_v<strider::contiguous<4, dyn>, int, int>);
  const strider::contiguous<4, dyn> a(3);
  CHECK(a.strides() == dims{3, 1});
  // contiguous<dyn, 3, dyn>(2, 5, 5, 15) gave strides (5, 15, 1).
  static_assert(!std::is_constructible_v<strider::contiguous<dyn, 3, dyn>, int, int, int, int>);
  CHECK(strider::contiguous<dyn, 3, dyn>(2, 5).strides() == dims{15, 5, 1});
  static_assert(!std::is_constructible_v<strider::column_major<dyn, 4>, int, int>);
  CHECK(strider::column_major<dyn, 4>(3).strides() == dims{1, 3});
  // layout_cast to a contiguous type checks the strides it computes.
  CHECK(strider_test::message_of([] { strider::layout_cast<strider::contiguous<4, dyn>>(dynamic_layout({4, 3}, {2, 1})); }) ==
        "layout_cast: axis 0 has stride 2 but the type's C order gives 3");
}
