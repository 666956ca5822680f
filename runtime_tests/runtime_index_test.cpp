// Run-time indices that keep the rest static (issue 30, item 2): select<Dim>(l, i),
// narrow<Dim, Length>(l, start) and tile_at(tiled, i...) on static and mixed layouts and views,
// against the dynamic_layout rules for every index.
#include <vector>

#include "catch.hpp"
#include "strider/strider.hpp"

using namespace strider;

namespace {

template <index_t Dim, class L>
void check_select_all(const L& l) {
  const dynamic_layout d = l.dynamic();
  using R = select_at_t<L, Dim>;
  // The static entries are the static rule's (select_t at index 0), the offset run-time.
  using S = select_t<L, Dim, 0>;
  static_assert(R::static_offset == dyn && R::rank == S::rank);
  static_assert(static_shape_v<R> == static_shape_v<S> && static_strides_v<R> == static_strides_v<S>);
  const index_t n = d.extent(static_cast<std::size_t>(Dim < 0 ? Dim + static_cast<index_t>(L::rank) : Dim));
  for (index_t i = 0; i < n; ++i) {
    const R r = select<Dim>(l, i);
    CHECK(r.dynamic() == select(d, Dim, i));
  }
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_WITH(select<Dim>(l, n), "select: index " + std::to_string(n) + " is out of range for dimension " + std::to_string(Dim) +
                                           " with extent " + std::to_string(n));
  CHECK_THROWS_AS(select<Dim>(l, -1), layout_error);
#endif
}

template <index_t Dim, index_t Length, class L>
void check_narrow_all(const L& l) {
  const dynamic_layout d = l.dynamic();
  using R = narrow_at_t<L, Dim, Length>;
  using S = narrow_t<L, Dim, 0, Length>;
  static_assert(R::static_offset == dyn);
  static_assert(static_shape_v<R> == static_shape_v<S> && static_strides_v<R> == static_strides_v<S>);
  const index_t n = d.extent(Dim);
  for (index_t s = 0; s + Length <= n; ++s) CHECK(narrow<Dim, Length>(l, s).dynamic() == narrow(d, Dim, s, Length));
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_AS((narrow<Dim, Length>(l, n - Length + 1)), layout_error);
  CHECK_THROWS_AS((narrow<Dim, Length>(l, -1)), layout_error);
#endif
}

}  // namespace

TEST_CASE("select with a run-time index: static layouts") {
  check_select_all<0>(contiguous<4, 8>{});
  check_select_all<1>(contiguous<4, 8>{});
  check_select_all<-1>(contiguous<2, 3, 5>{});
  check_select_all<1>(slice_t<contiguous<6, 8>, "1:, ::-2">{});
  check_select_all<0>(permute_t<contiguous<3, 4, 5>, 2, 0, 1>{});
  check_select_all<0>(broadcast_to_t<contiguous<4>, 3, 4>{});
  using R = select_at_t<contiguous<4, 8>, 0>;
  static_assert(R::static_shape == index_array<1>{8} && R::static_strides == index_array<1>{1} && R::dynamic_count == 2);  // offset, storage
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_WITH(select<0>(contiguous<4, 8>{}, 5), "select: index 5 is out of range for dimension 0 with extent 4");
#endif
  CHECK(select<0>(contiguous<4, 8>{}, 3).storage_size() == 32);
}

TEST_CASE("select with a run-time index: mixed layouts") {
  check_select_all<0>(contiguous<dyn, 3, 4>(5));
  check_select_all<1>(contiguous<dyn, 3, 4>(5));
  check_select_all<2>(contiguous<2, dyn, 4>(3));
  check_select_all<0>(slice<":, ::-1, 1::2">(contiguous<dyn, 6, 6>(2)));
  check_select_all<1>(layout<shape<3, dyn>, strides<dyn, 2>>(4, 9));
  check_select_all<0>(column_major<dyn, 4>(3));
  using R = select_at_t<contiguous<dyn, 3, 4>, 1>;
  static_assert(R::static_shape == index_array<2>{dyn, 4} && R::static_strides == index_array<2>{12, 1});
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_WITH(select<0>(contiguous<dyn, 3>(2), 2), "select: index 2 is out of range for dimension 0 with extent 2");
#endif
}

TEST_CASE("narrow with a run-time start") {
  check_narrow_all<0, 2>(contiguous<4, 8>{});
  check_narrow_all<1, 3>(contiguous<4, 8>{});
  check_narrow_all<1, 0>(contiguous<4, 8>{});
  check_narrow_all<1, 8>(contiguous<4, 8>{});
  check_narrow_all<0, 2>(contiguous<dyn, 3>(5));
  check_narrow_all<1, 2>(slice<"::2, ::-1">(contiguous<dyn, 6>(4)));
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_WITH((narrow<1, 4>(contiguous<4, 8>{}, 5)), "narrow: start 5 + length 4 exceeds extent 8 of dimension 1");
  CHECK_THROWS_WITH((narrow<1, 4>(contiguous<4, 8>{}, 9)), "narrow: start 9 is out of range for dimension 1 with extent 8");
  CHECK_THROWS_WITH((narrow<0, 2>(contiguous<dyn, 3>(1), 0)), "narrow: start 0 + length 2 exceeds extent 1 of dimension 0");
#endif
}

TEST_CASE("tile_at: one tile with the tile's static layout") {
  using T = tile_t<contiguous<8, 12>, 4, 3>;
  using R = tile_at_t<T>;
  static_assert(R::static_shape == index_array<2>{4, 3} && R::static_strides == index_array<2>{12, 1} && R::static_offset == dyn);
  for (index_t i = 0; i < 2; ++i)
    for (index_t j = 0; j < 4; ++j) {
      const dynamic_layout expected = select(select(T::dynamic(), 0, i), 0, j);
      CHECK(tile_at(T{}, i, j).dynamic() == expected);
    }
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_WITH(tile_at(T{}, 0, 4), "tile_at: index 4 is out of range for dimension 1 with extent 4");
  CHECK_THROWS_WITH(tile_at(T{}, 2, 0), "tile_at: index 2 is out of range for dimension 0 with extent 2");
#endif
  // A mixed tiled layout: a run-time number of row blocks, static tiles.
  const auto mixed = tile<4, 3>(contiguous<dyn, 12>(8));
  using MR = tile_at_t<std::remove_cvref_t<decltype(mixed)>>;
  static_assert(MR::static_shape == index_array<2>{4, 3} && MR::static_strides == index_array<2>{12, 1});
  for (index_t i = 0; i < 2; ++i)
    for (index_t j = 0; j < 4; ++j) CHECK(tile_at(mixed, i, j).dynamic() == select(select(mixed.dynamic(), 0, i), 0, j));
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_AS(tile_at(mixed, 2, 0), layout_error);
#endif
}

TEST_CASE("views: select, narrow and tile_at with run-time indices") {
  std::vector<float> a(16 * 16);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = static_cast<float>(k);
  tensor_view<float, contiguous<16, 16>> m(a.data());
  const auto tiles = tile<8, 4>(m);
  for (index_t bi = 0; bi < 2; ++bi)
    for (index_t bj = 0; bj < 4; ++bj) {
      const auto t = tile_at(tiles, bi, bj);
      static_assert(decltype(t)::layout_type::static_strides == index_array<2>{16, 1});
      for (index_t r = 0; r < 8; ++r)
        for (index_t c = 0; c < 4; ++c) CHECK(&t(r, c) == &m(bi * 8 + r, bj * 4 + c));
    }
  tile_at(tiles, 1, 1)(0, 0) = -1.0f;  // a mutable view of a unique layout
  CHECK(m(8, 4) == -1.0f);
  CHECK(&select<1>(m, 3)(5) == &m(5, 3));
  CHECK(&narrow<0, 4>(m, 10)(2, 7) == &m(12, 7));
#ifndef NDEBUG  // the index checks run unless NDEBUG, as element access's
  CHECK_THROWS_WITH(select<0>(m, 16), "select: index 16 is out of range for dimension 0 with extent 16");
#endif
  // A mixed view.
  std::vector<float> b(5 * 3 * 4);
  tensor_view<const float, contiguous<dyn, 3, 4>> mv(b.data(), contiguous<dyn, 3, 4>(5));
  CHECK(&select<0>(mv, 4)(2, 3) == &mv(4, 2, 3));
  CHECK(&narrow<2, 2>(mv, 1)(3, 2, 1) == &mv(3, 2, 2));
  CHECK(select<0>(mv, 4).storage_size() == 60);
  // A tensor's storage.
  tensor<float, contiguous<4, 4>> owned{};
  select<0>(owned, 2)(1) = 3.0f;
  CHECK(owned(2, 1) == 3.0f);
}

TEST_CASE("views of a subset of a view's elements inherit its writes: decided once, on the host (issue 63)") {
  // A matrix whose row stride is a run-time value: no type proves its tiles unique, the tiled
  // view's check on the host does, and every tile and thread's values of it may write (in device
  // code too, where no check can run: the flag travels with the view).
  using mat = contiguous<dyn_multiple<8>, dyn_multiple<8>>;
  std::vector<float> a(16 * 24);
  const tensor_view<float, tile_t<mat, 8, 8>> tiles(a.data(), tile<8, 8>(mat(16, 24)));
  STATIC_REQUIRE(decltype(tile_at(tiles, 0, 0))::layout_type::static_is_unique != static_answer::yes);
  CHECK(tiles.writes_allowed());
  const auto t = tile_at(tiles, 1, 2);
  CHECK(t.writes_allowed());
  t(3, 4) = 5.0f;
  CHECK(a[(8 + 3) * 24 + 16 + 4] == 5.0f);
  const auto mine = partition(t, thread_value_t<contiguous<4, 2>, contiguous<2, 4>>{}, 5);  // thread (2, 1): rows 4-5, columns 4-7
  CHECK(mine.writes_allowed());
  mine(1, 3) = 7.0f;
  CHECK(a[(8 + 5) * 24 + 16 + 7] == 7.0f);
  CHECK(select<0>(t, 2).writes_allowed());
  CHECK(narrow<1, 4>(t, 4).writes_allowed());
  // A view that is not unique (a broadcast row) refuses writes; a subset of it that is unique
  // (one of its rows) is checked on its own, on the host.
  std::vector<float> row(6);
  const tensor_view<float, layout<shape<dyn, 6>, strides<dyn, 1>>> repeated(row.data(), layout<shape<dyn, 6>, strides<dyn, 1>>(4, 0));
  CHECK_FALSE(repeated.writes_allowed());
  CHECK_THROWS_WITH(repeated(1, 1) = 1.0f, Catch::StartsWith("write: the layout is not unique"));
  const auto one = select<0>(repeated, 2);
  CHECK(one.writes_allowed());
  one(3) = 2.0f;
  CHECK(row[3] == 2.0f);
  // A replicated thread's values may repeat an element, even of a proven-unique view: they are
  // checked on their own (thread t holds element t twice: not unique).
  using twice = as_thread_value_t<layout<shape<2, 2>, strides<1, 0>>, 1, shape<2>, replicated>;
  const tensor_view<float, contiguous<dyn, 2>> pairs(row.data(), contiguous<dyn, 2>(3));
  const auto pair = select<0>(pairs, 1);  // static extent and stride, a run-time offset: proven unique
  STATIC_REQUIRE(decltype(pair)::layout_type::static_is_unique == static_answer::yes);
  const auto repeats = partition(pair, twice{}, 1);
  CHECK_FALSE(repeats.writes_allowed());
  CHECK_THROWS_WITH(repeats(0) = 1.0f, Catch::StartsWith("write: the layout is not unique"));
}
