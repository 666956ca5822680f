// Phase 3 at its edges (issue 50): the access certificate, swizzles, partial tiles, explain and
// CuTe's notation on inputs an attacker picks. Each case is the right answer or a layout_error,
// never undefined behaviour (the asan preset runs this under ASan and UBSan), an unbounded
// allocation or a wrong result. The random campaigns are seeded and bounded (well under a second
// each in a release build) and compare against references written here, apart from the rules:
// a bank-by-bank simulator of the certificate, CPython's slice.indices for explain's sentences,
// 128-bit arithmetic for tile counts, and re-reading for CuTe's notation.
#include <strider/access.hpp>
#include <strider/core.hpp>
#include <strider/expression.hpp>
#include <strider/storage.hpp>
#include <strider/table.hpp>

#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
using strider::layout_error;
using strider::swizzle_value;

namespace {

// The message of the layout_error f throws, or "" when it returns.
template <class F>
std::string refusal(F f) {
  const std::string m = strider_test::message_of(f);
  return m == "(no error)" ? "" : m;
}

__extension__ using wide = __int128;

}  // namespace

// --- 1. the certificate's vector width ---------------------------------------------------------

TEST_CASE("access: a vector width whose bytes overflow int64 is refused, naming the width and the element size") {
  const dynamic_layout tile = dynamic_layout::contiguous({32, 32});
  const auto tv = strider::thread_value(dynamic_layout::contiguous({32, 1}), dynamic_layout::contiguous({1, 32}));
  for (const auto& [b, w] : std::vector<std::pair<index_t, index_t>>{{4, index_t{1} << 62}, {16, index_t{1} << 60}, {1, index_t{1} << 62}, {2, 32}}) {
    const index_t bytes = b, width = w;  // (clang 14 captures no structured binding)
    const std::string m = refusal([&] { (void)strider::access(tile, tv, bytes, width); });
    CHECK(m == "access: a vector of " + std::to_string(width) + " elements of " + std::to_string(bytes) + " bytes is not a power of two of at most 16 bytes");
  }
  CHECK(strider::access(tile, tv, 4, 4).vector_width == 4);  // 16 bytes: the widest allowed
}

// --- 2. the swizzle's preconditions ------------------------------------------------------------

TEST_CASE("swizzle: B, M and S at the int edges are refused without overflow") {
  const dynamic_layout tile = dynamic_layout::contiguous({8, 64});
  const auto tv = strider::thread_value(dynamic_layout::contiguous({8, 1}), dynamic_layout::contiguous({1, 64}));
  for (const swizzle_value s : {swizzle_value{0, 0, INT_MIN}, swizzle_value{1, INT_MAX, 1}, swizzle_value{INT_MAX, 0, INT_MAX}, swizzle_value{1, 1, INT_MAX},
                                swizzle_value{0, 0, INT_MAX}, swizzle_value{INT_MIN, 0, 0}, swizzle_value{3, 3, -INT_MAX}, swizzle_value{41, 0, 41}}) {
    const std::string m = refusal([&] { (void)strider::access(tile, s, tv, 2); });
    INFO(s.bits << " " << s.base << " " << s.shift);
    CHECK(m.rfind("swizzle: ", 0) == 0);
  }
  CHECK(refusal([&] { (void)strider::offset_table(tile, swizzle_value{1, INT_MAX, 1}); }).rfind("swizzle: ", 0) == 0);
  CHECK(refusal([&] { (void)strider::offset_table(tile, swizzle_value{0, 0, INT_MIN}); }).rfind("swizzle: ", 0) == 0);
  CHECK(strider::offset_table(tile, swizzle_value{3, 3, 3})[64] == 72);
  CHECK(refusal([&] { (void)strider::access(tile, swizzle_value{3, 3, 3}, tv, 2); }).empty());
  CHECK(refusal([&] { (void)strider::access(tile, swizzle_value{3, 3, -3}, tv, 2); }).empty());
  CHECK(refusal([&] { (void)strider::access(tile, swizzle_value{0, 0, 40}, tv, 2); }).empty());  // B + M + |S| = 40: allowed
}

// --- 3. padded and masked tile counts at INT64_MAX ---------------------------------------------

TEST_CASE("tile(padded) and tile<masked>: tile counts at INT64_MAX, against 128-bit arithmetic") {
  std::mt19937_64 rng{50};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int accepted = 0, refused = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const index_t extent = trial < 4 ? INT64_MAX - trial : pick(0, 2) == 0 ? INT64_MAX - pick(0, 5) : pick(0, 1) ? (index_t{1} << pick(40, 62)) + pick(-3, 3) : pick(0, 50);
    const index_t stride = trial % 2 == 0 ? 0 : pick(0, 3) == 0 ? 1 : pick(0, 1);
    const index_t t = pick(0, 3) == 0 ? INT64_MAX - pick(0, 2) : pick(1, 9);
    std::optional<dynamic_layout> in;
    try {
      in = dynamic_layout({extent}, {stride});
    } catch (const layout_error&) {
      continue;  // the layout itself is past int64's spans
    }
    try {
      const dynamic_layout out = strider::tile(*in, {t}, strider::padded);
      const wide count = (static_cast<wide>(extent) + t - 1) / t;
      REQUIRE(out.rank() == 2);
      REQUIRE(static_cast<wide>(out.extent(0)) == count);
      REQUIRE(out.extent(1) == t);
      REQUIRE(static_cast<wide>(out.required_span()) == (extent == 0 ? 0 : ((count - 1) * t * stride + (t - 1) * stride + 1)));
      ++accepted;
    } catch (const layout_error& e) {
      // Refused only where the padded size (count x t elements) or span leaves int64.
      const wide count = (static_cast<wide>(extent) + t - 1) / t;
      INFO(e.what());
      REQUIRE((count * t > INT64_MAX || count * t * stride > INT64_MAX));
      ++refused;
    }
  }
  CHECK(accepted > 50);
  CHECK(refused > 10);

  // The three spellings: each padded size (2^63 elements) is past int64, refused.
  const auto overflow = [](const std::string& m) { return m.find("int64 overflow") != std::string::npos; };
  CHECK(overflow(refusal([] { (void)strider::tile(dynamic_layout::contiguous({INT64_MAX}), {4}, strider::padded); })));
  CHECK(overflow(refusal([] { (void)strider::tile(dynamic_layout({INT64_MAX}, {0}), {4}, strider::padded); })));
  using one_row = strider::layout<strider::shape<strider::dyn>, strider::strides<0>>;
  CHECK(overflow(refusal([] { (void)strider::tile<strider::masked, 4>(one_row(INT64_MAX)); })));
  // extent + 6 overflows, but 7 divides INT64_MAX: INT64_MAX / 7 tiles of 7 fit, 1 element short of
  // the last tile.
  const dynamic_layout broadcast = strider::tile(dynamic_layout({INT64_MAX - 1}, {0}), {7}, strider::padded);
  CHECK(broadcast.extent(0) == INT64_MAX / 7);
  CHECK(broadcast.extent(1) == 7);
  const auto masked = strider::tile<strider::masked, 7>(one_row(INT64_MAX - 1));
  CHECK(masked.tile_counts()[0] == INT64_MAX / 7);
  CHECK(masked.in_bounds(INT64_MAX / 7 - 1, 5));
  CHECK(!masked.in_bounds(INT64_MAX / 7 - 1, 6));  // element INT64_MAX - 1 of INT64_MAX - 1: past the data
  CHECK(!masked.in_bounds(INT64_MAX / 7, 0));       // no such tile
  CHECK(masked.in_bounds(0, 6));
  CHECK(masked.tile(INT64_MAX / 7 - 1).valid()[0] == 6);
}

// --- 4. the certificate's size limit -----------------------------------------------------------

TEST_CASE("access: past max_certificate_pairs the certificate refuses before it allocates") {
  const auto tv_of = [](index_t threads) { return strider::thread_value(dynamic_layout::contiguous({threads, 1}), dynamic_layout::contiguous({1, 1})); };
  for (const index_t threads : {index_t{1} << 40, index_t{1} << 29, strider::max_certificate_pairs + 1}) {
    const dynamic_layout tile = dynamic_layout::contiguous({threads, 1});
    const std::string m = refusal([&] { (void)strider::access(tile, tv_of(threads), 4); });
    CHECK(m == "access: " + std::to_string(threads) + " threads x 1 values is more than the certificate counts (max_certificate_pairs, " +
                   std::to_string(strider::max_certificate_pairs) + ")");
    CHECK(refusal([&] { (void)strider::conflict_free_swizzle(tile.value(), tv_of(threads), 4); }) == m);
  }
  // At the limit it counts: one 4-byte value per thread, a warp reads 128 bytes, 4 sectors.
  const index_t threads = strider::max_certificate_pairs;
  const strider::access_report r = strider::access(dynamic_layout::contiguous({threads, 1}), tv_of(threads), 4);
  CHECK(r.instructions == threads / 32);
  CHECK(r.sectors == 4 * (threads / 32));
  CHECK(r.bank_conflicts == 0);
}

// --- 5. swizzled as_strided stays inside the buffer --------------------------------------------

namespace {
using sw333 = strider::swizzle<3, 3, 3>;
}  // namespace

namespace {
// as_strided<shape<N>, strides<Stride>, Offset> of a mixed swizzled view (a run-time select of a
// swizzled view over 480 elements): the right elements, or refused exactly where an element's
// offset through the swizzle is past the storage.
template <index_t N, index_t Stride, index_t Offset, class V>
void check_as_strided(const V& row, int& accepted, int& refused) {
  bool outside = false;
  for (index_t i = 0; i < N; ++i) outside = outside || strider::swizzle_offset(sw333::value, Offset + i * Stride) >= 480;
  try {
    const auto s = strider::as_strided<strider::shape<N>, strider::strides<Stride>, Offset>(row);
    REQUIRE(!outside);
    for (index_t i = 0; i < N; ++i) REQUIRE(s(i) == static_cast<float>(strider::swizzle_offset(sw333::value, Offset + i * Stride)));  // ASan: inside
    ++accepted;
  } catch (const layout_error& e) {
    INFO(e.what() << ": shape " << N << ", stride " << Stride << ", offset " << Offset);
    REQUIRE(outside);
    ++refused;
  }
}
template <index_t N, index_t Stride, class V, index_t... Offsets>
void check_offsets(const V& row, int& accepted, int& refused, std::integer_sequence<index_t, Offsets...>) {
  (check_as_strided<N, Stride, 480 - N * Stride - 8 + Offsets>(row, accepted, refused), ...);
}
}  // namespace

TEST_CASE("a swizzled view's operations never reach past its storage: as_strided is checked through the swizzle") {
  std::vector<float> data(480);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i);
  // A static swizzled view over exactly 480 elements; its static as_strided past the storage
  // through the swizzle is a compile error (static_tests/compile_fail/swizzled_as_strided_past_storage.cpp).
  const strider::tensor_view<float, strider::swizzled_t<strider::with_storage_t<strider::contiguous<2, 2>, 480>, sw333>> v(data.data());
  for (index_t i = 0; i < 2; ++i) {
    const auto row = strider::select<0>(v, i);  // the mixed path: a run-time offset
    for (index_t j = 0; j < 2; ++j) CHECK(row(j) == static_cast<float>(2 * i + j));
    int accepted = 0, refused = 0;
    check_offsets<1, 1>(row, accepted, refused, std::make_integer_sequence<index_t, 8>{});
    check_offsets<2, 8>(row, accepted, refused, std::make_integer_sequence<index_t, 8>{});
    check_offsets<3, 64>(row, accepted, refused, std::make_integer_sequence<index_t, 8>{});
    CHECK(accepted > 0);
    CHECK(refused > 0);
    const std::string m = refusal([&] { (void)strider::as_strided<strider::shape<1>, strider::strides<1>, 479>(row); });
    CHECK(m == "view: the result reaches storage offset 487 through the swizzle, past the 480 elements the view knows (an as_strided within the storage before the swizzle, not after it)");
  }
}

// --- 6. explain's HTML page is bounded ---------------------------------------------------------
// (tools/tests/command_tests.cmake runs the command; here the limit itself.)

TEST_CASE("the size limits are the ones docs/design.md states") {
  STATIC_REQUIRE(strider::unique_check_limit == 4096);
  STATIC_REQUIRE(strider::max_enumerated_tile == index_t{1} << 24);
  STATIC_REQUIRE(strider::max_certificate_pairs == index_t{1} << 22);
  STATIC_REQUIRE(strider::max_swizzle_search_pairs == index_t{1} << 28);
  STATIC_REQUIRE(strider::max_written_elements == index_t{1} << 22);
  STATIC_REQUIRE(strider::max_svg_cells == index_t{1} << 16);
  STATIC_REQUIRE(strider::max_explain_page_bytes == index_t{1} << 25);
}

// --- 7. explain's item sentences against CPython's slice.indices ------------------------------

namespace {
struct py_slice {
  std::optional<index_t> start, stop, step;
};
// CPython's PySlice_GetIndicesEx (slice.indices(n)), written from the language reference: the
// first index and the count of range(start, stop, step).
std::pair<index_t, index_t> python_slice(const py_slice& s, index_t n) {
  const index_t step = s.step.value_or(1);
  const index_t lower = step < 0 ? -1 : 0, upper = step < 0 ? n - 1 : n;
  const auto clamp = [&](std::optional<index_t> v, index_t fallback) {
    if (!v) return fallback;
    index_t x = *v;
    if (x < 0) {
      x += n;
      if (x < lower) x = lower;
    } else if (x > upper) {
      x = upper;
    }
    return x;
  };
  const index_t start = clamp(s.start, step < 0 ? upper : lower), stop = clamp(s.stop, step < 0 ? lower : upper);
  index_t count = 0;
  for (index_t i = start; step > 0 ? i < stop : i > stop; i += step) ++count;
  return {start, count};
}
std::string slice_text(const py_slice& s) {
  std::string out = s.start ? std::to_string(*s.start) : "";
  out += ":";
  out += s.stop ? std::to_string(*s.stop) : "";
  if (s.step) out += ":" + std::to_string(*s.step);
  return out;
}
}  // namespace

TEST_CASE("explain: each slice item's sentence names the indices NumPy keeps, on zero, negative and positive strides") {
  std::mt19937_64 rng{7};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  const auto bound = [&]() -> std::optional<index_t> {
    if (pick(0, 2) == 0) return std::nullopt;
    return pick(-8, 8);
  };
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const index_t e0 = pick(1, 6), e1 = pick(1, 6);
    const index_t s0 = pick(-3, 3) * (pick(0, 1) ? 1 : 7), s1 = pick(-2, 2);
    // An offset that keeps every element at or after the storage start.
    const index_t offset = (s0 < 0 ? -s0 * (e0 - 1) : 0) + (s1 < 0 ? -s1 * (e1 - 1) : 0);
    py_slice items[2];
    for (py_slice& it : items) {
      it.start = bound(), it.stop = bound();
      if (pick(0, 1)) it.step = pick(0, 1) ? pick(1, 3) : -pick(1, 3);
    }
    const std::string text = "layout((" + std::to_string(e0) + ", " + std::to_string(e1) + "), (" + std::to_string(s0) + ", " + std::to_string(s1) + "), " +
                             std::to_string(offset) + ")[" + slice_text(items[0]) + ", " + slice_text(items[1]) + "]";
    INFO(text);
    const auto steps = strider::explain(text);
    REQUIRE(steps.size() == 2);
    REQUIRE(steps[1].items.size() == 2);
    const index_t extents[2] = {e0, e1};
    for (int k = 0; k < 2; ++k) {
      const auto [first, count] = python_slice(items[k], extents[k]);
      const index_t step = items[k].step.value_or(1);
      const std::string& sentence = steps[1].items[static_cast<std::size_t>(k)].sentence;
      INFO(sentence);
      const std::string quoted = std::string("'").append(slice_text(items[k])).append("' keeps ");  // appended: "'" + a temporary draws g++ 12's false -Wrestrict
      REQUIRE(sentence.rfind(quoted, 0) == 0);
      const std::string rest = sentence.substr(quoted.size());
      if (count == extents[k] && step == 1) CHECK(rest.rfind("axis " + std::to_string(k) + " ", 0) == 0);
      else if (count == 0) CHECK(rest.rfind("no index of axis", 0) == 0);
      else if (count == 1) CHECK(rest.rfind("index " + std::to_string(first) + " of axis", 0) == 0);
      else CHECK(rest.rfind("indices " + std::to_string(first) + " to " + std::to_string(first + (count - 1) * step) + (step != 1 ? " every " : " of axis"), 0) == 0);
      ++checked;
    }
  }
  CHECK(checked == 600);
  // The case: a stride-0 axis.
  CHECK(strider::explain("layout((4, 3), (0, 1), 0)[1:3, ::-1]")[1].items[0].sentence.rfind("'1:3' keeps indices 1 to 2 of axis 0", 0) == 0);
}

TEST_CASE("explain: select's and narrow's sentences name the axis and indices of the call, on zero and negative strides") {
  std::mt19937_64 rng{77};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  for (int trial = 0; trial < 200; ++trial) {
    const index_t e[2] = {pick(1, 5), pick(1, 5)}, st[2] = {pick(-2, 2), pick(-3, 3)};
    const index_t offset = (st[0] < 0 ? -st[0] * (e[0] - 1) : 0) + (st[1] < 0 ? -st[1] * (e[1] - 1) : 0);
    const std::string base = "layout((" + std::to_string(e[0]) + ", " + std::to_string(e[1]) + "), (" + std::to_string(st[0]) + ", " + std::to_string(st[1]) + "), " +
                             std::to_string(offset) + ")";
    const int d = static_cast<int>(pick(0, 1));
    const bool negative_dim = pick(0, 1) == 1;
    const std::string dim = std::to_string(negative_dim ? d - 2 : d);
    const std::string axis = "axis " + std::to_string(d) + " (extent " + std::to_string(e[d]) + ", stride " + std::to_string(st[d]) + ")";
    // select: the index as given, counted from the end when negative.
    const index_t i = pick(-e[d], e[d] - 1), expected_index = i < 0 ? i + e[d] : i;
    const std::string select_text = base + ".select(" + dim + ", " + std::to_string(i) + ")";
    INFO(select_text);
    CHECK(strider::explain(select_text)[1].sentence.rfind("select: fixes " + axis + " at index " + std::to_string(expected_index) + ": the axis goes", 0) == 0);
    // narrow: indices start to start + length - 1.
    const index_t start = pick(0, e[d] - 1), length = pick(1, e[d] - start);
    const std::string narrow_text = base + ".narrow(" + dim + ", " + std::to_string(start) + ", " + std::to_string(length) + ")";
    INFO(narrow_text);
    const std::string said = strider::explain(narrow_text)[1].sentence;
    if (start == 0 && length == e[d]) CHECK(said.rfind("narrow: nothing to do here", 0) == 0);  // the whole axis
    else CHECK(said.rfind("narrow: keeps indices " + std::to_string(start) + " to " + std::to_string(start + length - 1) + " of " + axis, 0) == 0);
  }
}

// --- 8. CuTe's notation round-trips on the int64 edges ----------------------------------------

TEST_CASE("CuTe notation: to_cute_string's text reads back as the same layout, at the int64 edges") {
  std::mt19937_64 rng{8};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  const auto edge = [&]() {
    switch (pick(0, 5)) {
      case 0: return INT64_MIN + pick(0, 1);
      case 1: return INT64_MAX - pick(0, 1);
      case 2: return -(index_t{1} << pick(31, 62));
      case 3: return index_t{1} << pick(31, 62);
      default: return pick(-9, 9);
    }
  };
  int round_trips = 0;
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 3));
    dims shape, strides;
    for (std::size_t d = 0; d < rank; ++d) {
      shape.push_back(pick(0, 3) == 0 ? pick(2, 4) : 1);
      strides.push_back(edge());
    }
    std::optional<dynamic_layout> l;
    try {
      l = dynamic_layout(shape, strides, 0);
    } catch (const layout_error&) {
      continue;
    }
    const std::string text = std::string(strider::to_cute_string(*l).view());
    INFO(text);
    REQUIRE(strider::from_cute_string(text) == *l);  // what is written reads back
    ++round_trips;
  }
  CHECK(round_trips > 200);
  const dynamic_layout min_stride({1, 4}, {INT64_MIN, 1}, 0);
  CHECK(std::string(strider::to_cute_string(min_stride).view()) == "(4,1):(1,-9223372036854775808)");
  CHECK(strider::from_cute_string("(4,1):(1,-9223372036854775808)") == min_stride);
  CHECK(refusal([] { (void)strider::from_cute_string("(4,1):(1,-9223372036854775809)"); }).rfind("cute: the integer does not fit in int64", 0) == 0);
  CHECK(refusal([] { (void)strider::from_cute_string("(4,1):(1,9223372036854775808)"); }).rfind("cute: the integer does not fit in int64", 0) == 0);
}

// --- 9. CuTe C++ past int ----------------------------------------------------------------------

TEST_CASE("to_cute_cpp: an integer past int is a run-time int64_t, since CuTe's Int<v> takes an int") {
  CHECK(strider::to_cute_cpp(dynamic_layout::contiguous({2, 4294967296})) ==
        "cute::make_layout(cute::make_shape(int64_t{4294967296}, cute::Int<2>{}), cute::make_stride(cute::Int<1>{}, int64_t{4294967296}))");
  CHECK(strider::to_cute_cpp(dynamic_layout({1, 4}, {INT64_MIN, 1}, 0)) ==
        "cute::make_layout(cute::make_shape(cute::Int<4>{}, cute::Int<1>{}), cute::make_stride(cute::Int<1>{}, (-int64_t{9223372036854775807} - 1)))");
  CHECK(strider::to_cute_cpp(dynamic_layout({1, 2}, {-2147483648, 2147483647}, 0)) ==
        "cute::make_layout(cute::make_shape(cute::Int<2>{}, cute::Int<1>{}), cute::make_stride(cute::Int<2147483647>{}, cute::Int<-2147483648>{}))");
}

// --- 10. partition_vector_width refuses what partition refuses ---------------------------------

TEST_CASE("partition_vector_width: a tile partition refuses is refused with partition's message") {
  const auto tv = strider::thread_value(dynamic_layout::contiguous({16, 16}), dynamic_layout::contiguous({4, 4}));  // a 64 x 64 tile
  const dynamic_layout small = dynamic_layout::contiguous({4, 4});
  const std::string from_partition = refusal([&] { (void)strider::partition(small, tv, 0); });
  CHECK(from_partition == "partition: extent 4 of tile axis 0 is not the thread-value layout's 64");
  CHECK(refusal([&] { (void)strider::partition_vector_width(small.value(), tv, 4, 16); }) == from_partition);
  CHECK(refusal([&] { (void)strider::partition_vector_width(dynamic_layout::contiguous({64}).value(), tv, 4, 16); }) ==
        "partition: the tile has rank 1, the thread-value layout's tile rank 2");
  CHECK(strider::partition_vector_width(dynamic_layout::contiguous({64, 64}).value(), tv, 4, 16) == 4);
}

// --- 11. contiguous() of a view at a run-time index --------------------------------------------

TEST_CASE("contiguous() of select, tile_at and partition views at run-time indices copies their elements") {
  std::vector<float> data(8 * 16);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i);
  const strider::tensor_view<float, strider::contiguous<8, 16>> v(data.data());
  for (index_t i = 0; i < 8; ++i) {
    const auto row = strider::select<0>(v, i).contiguous();
    for (index_t j = 0; j < 16; ++j) REQUIRE(row(j) == static_cast<float>(16 * i + j));
  }
  const auto tiles = strider::tile<4, 8>(v);
  for (index_t a = 0; a < 2; ++a)
    for (index_t b = 0; b < 2; ++b) {
      const auto t = strider::tile_at(tiles, a, b).contiguous();
      for (index_t r = 0; r < 4; ++r)
        for (index_t c = 0; c < 8; ++c) REQUIRE(t(r, c) == static_cast<float>(16 * (4 * a + r) + 8 * b + c));
    }
  using tv = strider::thread_value_t<strider::contiguous<8, 4>, strider::contiguous<1, 4>>;  // an 8 x 16 tile
  for (index_t thread = 0; thread < 32; ++thread) {
    const auto mine = strider::partition(v, tv{}, thread).contiguous();
    for (index_t k = 0; k < 4; ++k) REQUIRE(mine(0, k) == static_cast<float>(16 * (thread / 4) + 4 * (thread % 4) + k));
  }
  // The swizzled select: the elements through the swizzle, in C order.
  std::vector<float> tile_data(512);
  for (std::size_t i = 0; i < tile_data.size(); ++i) tile_data[i] = static_cast<float>(i);
  const strider::tensor_view<float, strider::swizzled_t<strider::contiguous<8, 64>, sw333>> s(tile_data.data());
  for (index_t i = 0; i < 8; ++i) {
    const auto row = strider::select<0>(s, i).contiguous();
    for (index_t j = 0; j < 64; ++j) REQUIRE(row(j) == static_cast<float>(strider::swizzle_offset(sw333::value, 64 * i + j)));
  }
}

// --- the certificate against a bank-by-bank simulator, with hand-written thread-value layouts ---

namespace {
struct simulated {
  index_t width = 0, instructions = 0, phases = 0, wavefronts = 0, sectors = 0, ideal = 0;
};
// The model of docs/access.md, simulated word by word: each lane's vector touches bytes/4 words
// (one for 4 bytes or fewer), a bank serves its distinct words one wavefront each.
simulated simulate(const dynamic_layout& tile, swizzle_value sw, const strider::thread_value_value& tv, index_t bytes) {
  const index_t threads = tv.threads(), values = tv.values();
  const auto address = [&](index_t t, index_t v) {
    index_t e = tv.element(t, v), o = tile.offset();
    for (std::size_t d = tile.rank(); d-- > 0;) {
      o += e % tile.extent(d) * tile.stride(d);
      e /= tile.extent(d);
    }
    return strider::swizzle_offset(sw, o);
  };
  simulated r;
  for (index_t w = 16 / bytes; w >= 1; w /= 2) {
    bool holds = values % w == 0;
    for (index_t t = 0; t < threads && holds; ++t)
      for (index_t v = 0; v < values && holds; v += w)
        for (index_t j = 0; j < w && holds; ++j) holds = address(t, v) % w == 0 && address(t, v + j) == address(t, v) + j;
    if (holds) {
      r.width = w;
      break;
    }
  }
  const index_t vector_bytes = r.width * bytes, per_phase = vector_bytes <= 4 ? 32 : 128 / vector_bytes;
  for (index_t first = 0; first < threads; first += 32) {
    const index_t lanes = std::min<index_t>(32, threads - first);
    for (index_t k = 0; k < values / r.width; ++k) {
      ++r.instructions;
      r.ideal += (lanes * vector_bytes + 31) / 32;
      std::set<index_t> sectors;
      for (index_t lane = 0; lane < lanes; ++lane) sectors.insert(address(first + lane, k * r.width) * bytes / 32);
      r.sectors += static_cast<index_t>(sectors.size());
      for (index_t lo = 0; lo < lanes; lo += per_phase) {
        ++r.phases;
        std::map<index_t, std::set<index_t>> words;  // bank -> its distinct words
        for (index_t lane = lo; lane < std::min(lanes, lo + per_phase); ++lane) {
          const index_t byte = address(first + lane, k * r.width) * bytes;
          for (index_t word = byte / 4; word == byte / 4 || word * 4 < byte + vector_bytes; ++word) words[word % 32].insert(word);
        }
        std::size_t ways = 0;
        for (const auto& [bank, set] : words) ways = std::max(ways, set.size());
        r.wavefronts += static_cast<index_t>(ways);
      }
    }
  }
  return r;
}
}  // namespace

TEST_CASE("access against a word-by-word simulator: hand-written (wrapping) thread-value layouts, swizzles, 3-D tiles") {
  std::mt19937_64 rng{2026112750};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int compared = 0, refused = 0;
  for (int trial = 0; trial < 300; ++trial) {
    // A tile of 1 to 3 axes; a thread-value layout that numbers it in some order (a permutation of
    // a C-order numbering of its axes split into thread and value parts), hand-written.
    const std::size_t rank = static_cast<std::size_t>(pick(1, 3));
    dims shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(index_t{1} << pick(0, rank == 1 ? 8 : 4));
    const dynamic_layout numbering = dynamic_layout::contiguous(shape);
    // Split each tile axis into thread (outer) and value (inner) parts, then shuffle the thread axes.
    dims t_shape, t_strides, v_shape, v_strides;
    for (std::size_t d = 0; d < rank; ++d) {
      const index_t n = shape[d], inner = index_t{1} << pick(0, 2);
      const index_t vpart = inner < n ? inner : n, tpart = n / vpart;
      t_shape.push_back(tpart), t_strides.push_back(numbering.stride(d) * vpart);
      v_shape.push_back(vpart), v_strides.push_back(numbering.stride(d));
    }
    for (std::size_t d = rank; d-- > 1;) {
      const std::size_t j = static_cast<std::size_t>(pick(0, static_cast<index_t>(d)));
      std::swap(t_shape[d], t_shape[j]), std::swap(t_strides[d], t_strides[j]);
    }
    dims all_shape = t_shape, all_strides = t_strides;
    for (std::size_t d = 0; d < rank; ++d) all_shape.push_back(v_shape[d]), all_strides.push_back(v_strides[d]);
    const auto tv = strider::as_thread_value(dynamic_layout(all_shape, all_strides, 0), rank, shape);
    const index_t bytes = index_t{1} << pick(0, 4);
    // The tile's storage: C order with padded rows, or column-major; sometimes swizzled.
    dims strides;
    for (std::size_t d = 0; d < rank; ++d) strides.push_back(0);
    index_t step = 1;
    const bool column_major = pick(0, 2) == 0;
    for (std::size_t k = 0; k < rank; ++k) {
      const std::size_t d = column_major ? k : rank - 1 - k;
      strides[d] = step;
      step *= shape[d] + (k == 0 ? 0 : pick(0, 2));
    }
    const dynamic_layout tile(shape, strides, 0);
    swizzle_value sw{};
    if (pick(0, 2) == 0) {
      const int b = static_cast<int>(pick(1, 3));
      sw = {b, static_cast<int>(pick(0, 3)), static_cast<int>(pick(b, 5)) * (pick(0, 3) == 0 ? -1 : 1)};
    }
    INFO("tile strides " << tile.stride(0) << (rank > 1 ? "," + std::to_string(tile.stride(1)) : "") << (rank > 2 ? "," + std::to_string(tile.stride(2)) : "") << " bytes " << bytes << " swizzle " << sw.bits << "," << sw.base << "," << sw.shift);
    strider::access_report r;
    try {
      r = strider::access(tile, sw, tv, bytes);
    } catch (const layout_error& e) {
      ++refused;
      continue;
    }
    const simulated s = simulate(tile, sw, tv, bytes);
    REQUIRE(r.vector_width == s.width);
    REQUIRE(r.instructions == s.instructions);
    REQUIRE(r.phases == s.phases);
    REQUIRE(r.wavefronts == s.wavefronts);
    REQUIRE(r.bank_conflicts == s.wavefronts - s.phases);
    REQUIRE(r.sectors == s.sectors);
    REQUIRE(r.ideal_sectors == s.ideal);
    ++compared;
  }
  CHECK(compared > 250);
  CHECK(compared + refused == 300);  // every trial compared, or refused by the rule (a swizzle past the tile)
}
