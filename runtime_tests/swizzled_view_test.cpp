// Views of swizzled layouts (static/swizzled.hpp): every view operation on a view of
// swizzled_t<L, S> reads the elements the same operation reads on a view of L, each at its offset
// through the swizzle. The reference is the plain view's offsets (the storage holds each
// element's own offset) through CuTe's formula written here, apart from core/swizzle.hpp. Also
// the properties by enumeration, copies (overlapping ones too), tensors, iteration, the run-time
// indices (select, narrow, tile_at, partition) and the tables and writers.
#include <algorithm>
#include <array>
#include <numeric>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <strider/strider.hpp>

#include "catch.hpp"

using namespace strider;

namespace {

// CuTe's Swizzle<B, M, S> for S > 0: the B bits from bit M + S XORed into the B bits from bit M.
template <int B, int M, int S>
constexpr index_t cute_swizzle(index_t o) {
  return o ^ (((o >> (M + S)) & ((index_t{1} << B) - 1)) << M);
}

// v(index...) for an index array of v's rank.
template <class V, class I, std::size_t... K>
decltype(auto) at(const V& v, const I& index, std::index_sequence<K...>) {
  return v(index[K]...);
}

// Every element of `swizzled` is the plain view's element at the same index (its own storage
// offset) through the swizzle, by element access and by for_each, in the same order.
template <int B, int M, int S, class P, class W>
void check_through_swizzle(const P& plain, const W& swizzled) {
  REQUIRE(plain.size() == swizzled.size());
  REQUIRE(plain.rank() == swizzled.rank());
  std::vector<index_t> expected, visited;
  for_each_indexed(plain, [&](const auto& index, const int& element) {
    const index_t want = cute_swizzle<B, M, S>(element);
    expected.push_back(want);
    CHECK(at(swizzled, index, std::make_index_sequence<std::remove_cvref_t<W>::layout_type::rank>{}) == want);
  });
  for_each(swizzled, [&](const int& element) { visited.push_back(element); });
  CHECK(visited == expected);
}

using base = contiguous<8, 64>;
using sw = swizzle<3, 3, 3>;
using swizzled_tile = swizzled_t<base, sw>;

std::vector<int> offsets_storage(index_t n) {
  std::vector<int> storage(static_cast<std::size_t>(n));
  std::iota(storage.begin(), storage.end(), 0);
  return storage;
}

}  // namespace

TEST_CASE("swizzled views: every view operation applies to the layout and keeps the swizzle") {
  const std::vector<int> storage = offsets_storage(swizzled_tile::storage_size);
  const tensor_view<const int, base> p(storage);
  const tensor_view<const int, swizzled_tile> s(storage);
  const auto check = [](const auto& plain, const auto& swizzled) { check_through_swizzle<3, 3, 3>(plain, swizzled); };
  check(p, s);
  check(slice<"1:7:2, ::-3">(p), slice<"1:7:2, ::-3">(s));
  check(slice<"None, 3, 10:">(p), slice<"None, 3, 10:">(s));
  check(permute<1, 0>(p), permute<1, 0>(s));
  check(transpose<0, 1>(p), transpose<0, 1>(s));
  check(flip<1>(p), flip<1>(s));
  check(broadcast_to<2, 8, 64>(p), broadcast_to<2, 8, 64>(s));
  check(view<4, 2, 64>(p), view<4, 2, 64>(s));
  check(unsqueeze<1>(p), unsqueeze<1>(s));
  check(squeeze<>(unsqueeze<0>(p)), squeeze<>(unsqueeze<0>(s)));
  check(diagonal<3>(p), diagonal<3>(s));
  check(unfold<1, 8, 4>(p), unfold<1, 8, 4>(s));
  check(movedim<axes<0>, axes<1>>(p), movedim<axes<0>, axes<1>>(s));
  check(unflatten<1, 8, 8>(p), unflatten<1, 8, 8>(s));
  check(expand<3, 8, 64>(unsqueeze<0>(p)), expand<3, 8, 64>(unsqueeze<0>(s)));
  check(flatten<>(p), flatten<>(s));
  check(narrow<1, 8, 16>(p), narrow<1, 8, 16>(s));
  check(select<0, 3>(p), select<0, 3>(s));
  check(coalesce(slice<":, :32">(p)), coalesce(slice<":, :32">(s)));
  check(composition(p, contiguous<4, 8>{}), composition(s, contiguous<4, 8>{}));
  check(logical_divide(p, contiguous<2, 8>{}), logical_divide(s, contiguous<2, 8>{}));
  check(rearrange<"h (w p) -> h p w", "p=2">(p), rearrange<"h (w p) -> h p w", "p=2">(s));
  check(t(p), t(s));
  check(rot90<>(p), rot90<>(s));
  check(rollaxis<1>(p), rollaxis<1>(s));
  check(expand_dims<0, 3>(p), expand_dims<0, 3>(s));
  check(as_strided<shape<4, 4>, strides<64, 2>, 3>(p), as_strided<shape<4, 4>, strides<64, 2>, 3>(s));
  const auto plain_parts = split<16, 1>(p);
  const auto swizzled_parts = split<16, 1>(s);
  check(std::get<0>(plain_parts), std::get<0>(swizzled_parts));
  check(std::get<3>(plain_parts), std::get<3>(swizzled_parts));
  // The result is a swizzled layout of the operation's result on L.
  STATIC_REQUIRE(std::is_same_v<decltype(slice<"1:">(s))::layout_type, swizzled_t<slice_t<base, "1:">, sw>>);
}

TEST_CASE("swizzled views: run-time indices (select, narrow, tile_at, partition) keep the swizzle") {
  const std::vector<int> storage = offsets_storage(swizzled_tile::storage_size);
  const tensor_view<const int, base> p(storage);
  const tensor_view<const int, swizzled_tile> s(storage);
  const auto check = [](const auto& plain, const auto& swizzled) { check_through_swizzle<3, 3, 3>(plain, swizzled); };
  for (index_t i = 0; i < 8; ++i) check(select<0>(p, i), select<0>(s, i));
  for (index_t start = 0; start <= 48; start += 8) check(narrow<1, 16>(p, start), narrow<1, 16>(s, start));
  const auto plain_tiles = tile<2, 16>(p);
  const auto swizzled_tiles = tile<2, 16>(s);
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 4; ++j) check(tile_at(plain_tiles, i, j), tile_at(swizzled_tiles, i, j));
  // 64 threads, each a row's run of 8 (the 8 x 64 tile): thread t's values through the swizzle.
  using tv = thread_value_t<contiguous<8, 8>, contiguous<1, 8>>;
  for (index_t thread = 0; thread < tv::threads; ++thread) check(partition(p, tv{}, thread), partition(s, tv{}, thread));
}

TEST_CASE("swizzled layouts: the properties of the composed function, by enumeration") {
  // The span: one past the largest swizzled offset. A slice's swizzled offsets stay in the
  // periods its own offsets touch, but not below its own span.
  const auto span_of = [](const auto& view) {
    index_t largest = -1;
    for_each(view, [&](const int& element) { largest = std::max<index_t>(largest, element); });
    return largest + 1;
  };
  const std::vector<int> storage = offsets_storage(swizzled_tile::storage_size);
  const tensor_view<const int, swizzled_tile> s(storage);
  CHECK(swizzled_tile::required_span == 512);
  CHECK(span_of(s) == swizzled_tile::required_span);
  using rows = swizzled_t<slice_t<base, "1:3, 8:16">, sw>;
  CHECK(rows::required_span == span_of(slice<"1:3, 8:16">(s)));  // row 2's chunk 1 lands at chunk 3: 2 * 64 + 24 + 8
  CHECK(rows::required_span == 160);
  CHECK(rows::storage_size == 512);  // the base's storage
  CHECK(swizzled_tile::is_unique);
  CHECK(!swizzled_t<broadcast_to_t<contiguous<64>, 8, 64>, sw>::is_unique);
  // vector_width_v: every run of w elements along the last axis at w consecutive swizzled
  // offsets, the first a multiple of w (checked for the width claimed, by enumeration), and
  // the swizzle caps it at 2^M elements.
  const auto runs_hold = [](const auto& view, index_t w) {
    std::vector<index_t> offsets;
    for_each(view, [&](const int& element) { offsets.push_back(element); });
    for (std::size_t k = 0; k < offsets.size(); k += static_cast<std::size_t>(w))
      for (index_t j = 0; j < w; ++j)
        if (offsets[k + static_cast<std::size_t>(j)] != offsets[k] + j || offsets[k] % w != 0) return false;
    return true;
  };
  CHECK(vector_width_v<swizzled_tile, 2, 16> == 8);  // 16 bytes of 2-byte elements, 2^3 = 8
  CHECK(runs_hold(s, 8));
  using narrow_runs = swizzled_t<base, swizzle<3, 1, 3>>;  // keeps runs of 2 only
  CHECK(vector_width_v<narrow_runs, 2, 16> == 2);
  CHECK(vector_width_v<base, 2, 16> == 8);
  const std::vector<int> more = offsets_storage(narrow_runs::storage_size);
  CHECK(runs_hold(tensor_view<const int, narrow_runs>(more), 2));
  CHECK(!runs_hold(tensor_view<const int, narrow_runs>(more), 4));
}

TEST_CASE("swizzled views: element writes, fill, copies both ways and through overlap, tensors") {
  std::vector<int> storage = offsets_storage(swizzled_tile::storage_size);
  const tensor_view<int, swizzled_tile> s(storage);
  s(1, 0) = -1;  // offset 64 swizzles to 72
  CHECK(storage[72] == -1);
  storage[72] = 72;
  // Swizzled into plain: the C-order elements of the swizzled view.
  std::vector<int> out(8 * 64);
  copy(s, tensor_view<int, base>(out));
  for (index_t i = 0; i < 8; ++i)
    for (index_t j = 0; j < 64; ++j) CHECK(out[static_cast<std::size_t>(i * 64 + j)] == cute_swizzle<3, 3, 3>(i * 64 + j));
  // Plain into swizzled: element (i, j) lands at the swizzle of i * 64 + j.
  std::vector<int> in = offsets_storage(8 * 64), target(512, -7);
  copy(tensor_view<const int, base>(in), tensor_view<int, swizzled_tile>(target));
  for (index_t o = 0; o < 512; ++o) CHECK(target[static_cast<std::size_t>(cute_swizzle<3, 3, 3>(o))] == o);
  // Overlap: row 1 into row 2 of the same swizzled storage reads row 1 as it was.
  std::vector<int> shared = offsets_storage(512);
  const tensor_view<int, swizzled_tile> v(shared);
  copy(select<0, 1>(v), select<0, 2>(v));
  for (index_t j = 0; j < 64; ++j) CHECK(v(2, j) == cute_swizzle<3, 3, 3>(64 + j));
  // A whole view onto a reversed view of itself.
  std::vector<int> again = offsets_storage(512);
  const tensor_view<int, swizzled_tile> w(again);
  copy(flip<1>(w), w);
  for (index_t j = 0; j < 64; ++j) CHECK(w(0, j) == cute_swizzle<3, 3, 3>(63 - j));
  CHECK_THROWS_WITH(copy(select<0, 1>(tensor_view<const int, swizzled_tile>(shared)), tensor_view<int, base>(out)),
                    Catch::Contains("copy: source shape (64,) and destination shape (8, 64) differ"));
  // fill, contiguous(), a tensor of a swizzled layout.
  std::vector<int> filled(512, 0);
  fill(slice<"::2, :">(tensor_view<int, swizzled_tile>(filled)), 5);
  CHECK(std::count(filled.begin(), filled.end(), 5) == 4 * 64);
  CHECK(filled[static_cast<std::size_t>(cute_swizzle<3, 3, 3>(2 * 64 + 9))] == 5);
  CHECK(filled[static_cast<std::size_t>(cute_swizzle<3, 3, 3>(1 * 64 + 9))] == 0);
  const auto c = tensor_view<const int, swizzled_tile>(storage).contiguous();
  STATIC_REQUIRE(std::is_same_v<std::remove_cvref_t<decltype(c)>, tensor<int, base>>);
  for (index_t o = 0; o < 512; ++o) CHECK(c.data()[o] == cute_swizzle<3, 3, 3>(o));
  tensor<int, swizzled_tile> owned{};
  copy(tensor_view<const int, base>(in), owned);
  CHECK(owned(1, 0) == 64);
  CHECK(owned.storage()[72] == 64);
  // Storage order: the swizzled offsets ascending.
  std::vector<int> seen;
  for_each_in_storage_order(slice<"1:3">(tensor_view<const int, swizzled_tile>(storage)), [&](const int& e) { seen.push_back(e); });
  CHECK(std::is_sorted(seen.begin(), seen.end()));
  CHECK(seen.size() == 128);
}

TEST_CASE("swizzled layouts: tables and writers show the offsets through the swizzle") {
  // 4 x 8 through swizzle<1, 1, 2>: bit 3 (rows 1 and 3) flips bit 1, so those rows swap their
  // pairs of columns: 8 9 10 11 becomes 10 11 8 9 (worked by hand).
  using small = swizzled_t<contiguous<4, 8>, swizzle<1, 1, 2>>;
  for (std::size_t k = 0; k < 32; ++k) CHECK(offset_table_v<small>[k] == cute_swizzle<1, 1, 2>(static_cast<index_t>(k)));
  CHECK(inverse_table_v<small>[10] == 8);
  std::ostringstream grid;
  write_grid(grid, small{});
  CHECK(grid.str() == " 0  1  2  3  4  5  6  7\n10 11  8  9 14 15 12 13\n16 17 18 19 20 21 22 23\n26 27 24 25 30 31 28 29\n");
  std::ostringstream json;
  write_json(json, small{});
  CHECK(json.str().find("\"swizzle\": [1, 1, 2]") != std::string::npos);
  CHECK(json.str().find("[10, 11, 8, 9, 14, 15, 12, 13]") != std::string::npos);
  std::ostringstream csv;
  write_csv(csv, small{});
  CHECK(csv.str().find("\n1,0,10\n") != std::string::npos);
  std::ostringstream header;
  write_cpp_header(header, small{}, "t");
  CHECK(header.str().find("t_swizzle = {1, 1, 2};") != std::string::npos);
  std::ostringstream svg;
  write_svg(svg, small{});
  CHECK(svg.str().find("element (1, 0) at storage offset 10") != std::string::npos);
}

TEST_CASE("swizzled views: a run-time index's view takes the view operations too, the swizzle kept") {
  const std::vector<int> storage = offsets_storage(swizzled_tile::storage_size);
  const tensor_view<const int, base> p(storage);
  const tensor_view<const int, swizzled_tile> s(storage);
  const auto check = [](const auto& plain, const auto& swizzled) { check_through_swizzle<3, 3, 3>(plain, swizzled); };
  const auto plain_rows = narrow<0, 4>(p, 2);  // rows 2 to 5, a run-time start: a mixed layout
  const auto swizzled_rows = narrow<0, 4>(s, 2);
  check(slice<"1:, ::-2">(plain_rows), slice<"1:, ::-2">(swizzled_rows));
  check(permute<1, 0>(plain_rows), permute<1, 0>(swizzled_rows));
  check(rearrange<"h (w p) -> h p w", "p=4">(plain_rows), rearrange<"h (w p) -> h p w", "p=4">(swizzled_rows));
  const auto plain_parts = chunk<2, 1>(plain_rows);
  const auto swizzled_parts = chunk<2, 1>(swizzled_rows);
  check(std::get<1>(plain_parts), std::get<1>(swizzled_parts));
}

TEST_CASE("swizzled views: the edges (empty, rank 0, short storage, a misaligned pointer, a 2^40 stride)") {
  using sw12 = swizzle<1, 1, 2>;
  // No element: no span, nothing visited, filled or copied.
  using empty = swizzled_t<contiguous<0, 8>, sw12>;
  STATIC_REQUIRE(empty::size == 0);
  STATIC_REQUIRE(empty::required_span == 0);
  std::vector<int> untouched{7};
  const tensor_view<int, empty> e(untouched);
  int visits = 0;
  for_each(e, [&](const int&) { ++visits; });
  CHECK(visits == 0);
  fill(e, 5);
  std::vector<int> target{9};
  copy(e, tensor_view<int, contiguous<0, 8>>(target));
  CHECK(untouched[0] == 7);
  CHECK(target[0] == 9);
  // Rank 0: one element, at the swizzle of offset 0, which is 0.
  using scalar = swizzled_t<contiguous<>, sw12>;
  STATIC_REQUIRE(scalar::size == 1);
  STATIC_REQUIRE(scalar::required_span == 1);
  std::vector<int> one{42};
  CHECK(tensor_view<const int, scalar>(one)() == 42);
  // A storage one element short of the swizzled span, and a pointer not aligned for int: refused.
  const std::vector<int> short_storage(static_cast<std::size_t>(swizzled_tile::storage_size - 1));
  CHECK_THROWS_WITH((tensor_view<const int, swizzled_tile>(short_storage)), Catch::Contains("view: "));
  alignas(int) static std::array<char, 4 * 600> bytes{};
  const int* misaligned = reinterpret_cast<const int*>(bytes.data() + 1);
  CHECK_THROWS_WITH((tensor_view<const int, swizzled_tile>(misaligned)), Catch::Contains("view: "));
  // Offsets near 2^40: the swizzled span is one past the largest swizzled offset, no overflow.
  constexpr index_t far_stride = index_t{1} << 40;
  using far = swizzled_t<layout<shape<2, 16>, strides<far_stride, 1>>, sw12>;
  constexpr index_t last = [] {
    index_t m = 0;
    for (index_t i = 0; i < 2; ++i)
      for (index_t j = 0; j < 16; ++j) m = std::max(m, cute_swizzle<1, 1, 2>(i * far_stride + j));
    return m;
  }();
  STATIC_REQUIRE(last == far_stride + 15);
  STATIC_REQUIRE(far::required_span == last + 1);
  STATIC_REQUIRE(far{}(1, 13) == cute_swizzle<1, 1, 2>(far_stride + 13));
  STATIC_REQUIRE(far{}(1, 13) == far_stride + 15);  // 13 = 0b1101: bit 3 flips bit 1
}
