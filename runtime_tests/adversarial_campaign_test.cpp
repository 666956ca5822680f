// A standing adversarial campaign (issue 35): random requests mixing valid and extreme arguments
// (extents and strides near the int64 edges, negative and out-of-range axes, empty layouts) across
// the run-time layout API and copies. Every request either returns a layout whose properties
// agree with a brute-force enumeration written here (for results of at most `small` elements),
// whose offsets stay inside the storage the input knows, or throws layout_error; anything else
// (another exception, a crash, undefined behaviour: the asan preset runs this under ASan and
// UBSan) fails. Bounded and seeded: a few seconds, the same draws every run. STRIDER_CAMPAIGN_ROUNDS
// in the environment runs more rounds (tools/fuzz/run.sh uses it for long runs).
#include <strider/core.hpp>
#include <strider/storage.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
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

namespace {

constexpr index_t small = 4096;
__extension__ using wide = __int128;  // an independent model of the offsets: no int64 overflow

dims prepend(index_t e, const dims& d) {
  dims out{e};
  for (index_t x : d) out.push_back(x);
  return out;
}

struct campaign {
  std::mt19937_64 rng;
  long accepted = 0, refused = 0, checked = 0;

  explicit campaign(std::uint64_t seed) : rng(seed) {}

  index_t uniform(index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); }
  bool chance(int percent) { return uniform(0, 99) < percent; }

  // An integer argument: mostly small, often at or near an int64 edge.
  index_t extreme() {
    switch (uniform(0, 9)) {
      case 0: return INT64_MAX - uniform(0, 2);
      case 1: return INT64_MIN + uniform(0, 2);
      case 2: return (index_t{1} << uniform(30, 62)) * (chance(50) ? 1 : -1);
      case 3: return index_t{1} << 62;
      case 4: return uniform(-1000000, 1000000);
      default: return uniform(-4, 6);
    }
  }
  index_t extent() { return chance(75) ? uniform(0, 5) : chance(60) ? extreme() : uniform(0, 40); }
  index_t stride() { return chance(70) ? uniform(-12, 12) : extreme(); }
  index_t axis(std::size_t rank) { return chance(90) ? uniform(-static_cast<index_t>(rank) - 1, static_cast<index_t>(rank)) : extreme(); }
  dims some(std::size_t n, index_t (campaign::*draw)()) {
    dims d;
    for (std::size_t i = 0; i < n; ++i) d.push_back((this->*draw)());
    return d;
  }
  std::size_t rank() { return static_cast<std::size_t>(uniform(0, 4)); }

  // A layout to start from: contiguous, or any strides, often valid.
  dynamic_layout start() {
    for (;;) {
      const std::size_t r = rank();
      try {
        if (chance(50)) return dynamic_layout::contiguous(some(r, &campaign::extent));
        return dynamic_layout(some(r, &campaign::extent), some(r, &campaign::stride), chance(70) ? uniform(0, 50) : extreme());
      } catch (const layout_error&) {
        ++refused;
      }
    }
  }

  // The request: one operation with drawn arguments.
  dynamic_layout apply(const dynamic_layout& l) {
    const std::size_t r = l.rank();
    switch (uniform(0, 21)) {
      case 0: {
        static const char* items[] = {":", "::-1", "1:", ":-1", "::2", "::1000000000000000000", "::-9223372036854775808", "::9223372036854775807",
                                      "0", "-1", "None", "...", "2:1", "5", "-9223372036854775808", "1:9223372036854775807:3"};
        std::string index;
        const index_t n = uniform(0, static_cast<index_t>(r) + 1);
        for (index_t i = 0; i < n; ++i) index += std::string(i > 0 ? ", " : "") + items[uniform(0, 15)];
        return strider::slice(l, index);
      }
      case 1: {
        dims axes;
        for (std::size_t i = 0; i < r; ++i) axes.push_back(static_cast<index_t>(i));
        std::shuffle(axes.begin(), axes.end(), rng);
        if (chance(20) && r > 0) axes[0] = axis(r);
        return strider::permute(l, axes);
      }
      case 2: return chance(50) ? strider::flip(l) : strider::flip(l, {axis(r)});
      case 3: {
        dims shape = l.shape();
        if (chance(50)) shape = prepend(extent(), shape);
        for (auto& e : shape)
          if (chance(30)) e = extent();
        return strider::broadcast_to(l, shape);
      }
      case 4: {
        dims shape = some(static_cast<std::size_t>(uniform(0, 4)), &campaign::extent);
        if (chance(50) && !shape.empty()) shape[0] = -1;
        return strider::view(l, shape);
      }
      case 5: return chance(50) ? strider::squeeze(l) : strider::squeeze(l, {axis(r)});
      case 6: return strider::unsqueeze(l, axis(r + 1));
      case 7: return strider::diagonal(l, chance(70) ? uniform(-3, 3) : extreme(), axis(r), axis(r));
      case 8: return strider::unfold(l, axis(r), chance(70) ? uniform(0, 4) : extreme(), chance(70) ? uniform(1, 4) : extreme());
      case 9: return strider::movedim(l, {axis(r)}, {axis(r)});
      case 10: {
        dims sizes = l.shape();
        for (auto& e : sizes)
          if (chance(40)) e = chance(50) ? -1 : extent();
        if (chance(30)) sizes = prepend(extent(), sizes);
        return strider::expand(l, sizes);
      }
      case 11: return strider::flatten(l, axis(r), axis(r));
      case 12: return strider::narrow(l, axis(r), chance(70) ? uniform(-3, 5) : extreme(), chance(70) ? uniform(0, 5) : extreme());
      case 13: return strider::select(l, axis(r), chance(70) ? uniform(-3, 5) : extreme());
      case 14: {
        const std::size_t n = rank();
        return strider::as_strided(l, some(n, &campaign::extent), some(n, &campaign::stride), chance(70) ? uniform(0, 60) : extreme());
      }
      case 15: return strider::with_storage(l, chance(70) && l.storage_size() < INT64_MAX - 10 ? l.storage_size() + uniform(-2, 10) : extreme());
      case 16: return strider::sliding_window_view(l, {chance(70) ? uniform(0, 4) : extreme()}, {axis(r)});
      case 17: return strider::unflatten(l, axis(r), {chance(50) ? -1 : extent(), extent()});
      case 18: return strider::coalesce(l);
      case 19: {
        const strider::layout_parts parts = chance(30)   ? strider::split(l, chance(70) ? uniform(0, 4) : extreme(), axis(r))
                                            : chance(50) ? strider::chunk(l, chance(70) ? uniform(0, 4) : extreme(), axis(r))
                                                         : strider::unbind(l, axis(r));
        if (parts.size() == 0) return l;
        return parts[uniform(0, static_cast<index_t>(parts.size()) - 1)];
      }
      case 20: return strider::reshape(l, {-1});
      default: return strider::matrix_transpose(l);
    }
  }

  // Brute force: every property of `l` from its offsets, and the offsets inside `storage`.
  void check(const dynamic_layout& l, index_t storage) {
    // The element count, from the extents (0 when any is 0, whatever the others).
    bool empty = false;
    wide count = 1;
    for (std::size_t d = 0; d < l.rank(); ++d) {
      empty = empty || l.extent(d) == 0;
      count *= l.extent(d);
      if (count > INT64_MAX) count = INT64_MAX + wide{1};  // saturate
    }
    if (empty) {
      CHECK(l.size() == 0);
      CHECK(l.required_span() == 0);
      return;
    }
    REQUIRE(count <= INT64_MAX);  // a valid layout's element count fits
    CHECK(l.size() == static_cast<index_t>(count));
    CHECK(l.storage_size() >= l.required_span());
    if (l.size() > small) return;
    ++checked;
    std::vector<index_t> offsets;
    strider_test::for_each_index(l.shape(), [&](const strider_test::index_vec& i) {
      wide off = l.offset();
      for (std::size_t d = 0; d < l.rank(); ++d) off += static_cast<wide>(i[d]) * l.stride(d);
      REQUIRE(off >= 0);
      REQUIRE(off < storage);
      offsets.push_back(static_cast<index_t>(off));
    });
    const auto [lo, hi] = std::minmax_element(offsets.begin(), offsets.end());
    CHECK(l.min_offset() == *lo);
    CHECK(l.max_offset() == *hi);
    CHECK(l.required_span() == *hi + 1);
    const std::set<index_t> distinct(offsets.begin(), offsets.end());
    const bool unique = distinct.size() == offsets.size();
    // is_unique may answer false for a unique layout it cannot prove (see unique_check_limit), never true for one that is not.
    if (l.is_unique()) CHECK(unique);
    bool contiguous = true;
    for (std::size_t k = 0; k < offsets.size(); ++k) contiguous = contiguous && offsets[k] == l.offset() + static_cast<index_t>(k);
    CHECK(l.is_contiguous() == contiguous);
  }

  // What every valid layout must accept: reordering, reversing and squeezing its axes, with the
  // same number of elements (an empty layout's size is 0 in any axis order).
  void must_accept(const dynamic_layout& l) {
    dims reversed;
    for (std::size_t d = l.rank(); d-- > 0;) reversed.push_back(static_cast<index_t>(d));
    const dynamic_layout p = strider::permute(l, reversed);
    CHECK(p.size() == l.size());
    CHECK(strider::flip(l).size() == l.size());
    CHECK(strider::squeeze(l).size() == l.size());
  }

  void round() {
    dynamic_layout l = start();
    // A chain of a few requests; each result must lie in the storage the first layout knows.
    const index_t storage = l.storage_size();
    for (int step = 0; step < 4; ++step) {
      dynamic_layout next;
      try {
        next = apply(l);
      } catch (const layout_error&) {
        ++refused;
        continue;
      }
      ++accepted;
      // as_strided and with_storage may state their own storage; every other result stays in its input's.
      check(next, std::max(storage, next.storage_size()));
      must_accept(next);
      l = next;
    }
  }
};

long rounds_from_environment(long fallback) {
  const char* text = std::getenv("STRIDER_CAMPAIGN_ROUNDS");
  return text != nullptr ? std::strtol(text, nullptr, 10) : fallback;
}

}  // namespace

TEST_CASE("adversarial campaign: random layout requests, valid and extreme, checked by brute force") {
  for (const std::uint64_t seed : {35u, 3535u}) {
    campaign c(seed);
    const long rounds = rounds_from_environment(6000);
    for (long i = 0; i < rounds; ++i) c.round();
    INFO("seed " << seed << ": " << c.accepted << " accepted, " << c.refused << " refused, " << c.checked << " checked by enumeration");
    CHECK(c.accepted > rounds / 2);
    CHECK(c.refused > rounds / 10);
    CHECK(c.checked > rounds / 4);
  }
}

TEST_CASE("adversarial campaign: random copies between random layouts against a naive loop") {
  campaign c(77);
  int copies = 0;
  for (int i = 0; i < 1500; ++i) {
    dynamic_layout src, dst;
    try {
      src = c.apply(c.start());
      // A destination of the same shape whose elements do not share storage: C order, reversed,
      // or column-major.
      dst = c.chance(30) ? dynamic_layout::column_major(src.shape()) : dynamic_layout::contiguous(src.shape());
      if (c.chance(50)) dst = strider::flip(dst);
    } catch (const layout_error&) {
      continue;
    }
    if (src.size() > small || src.required_span() > 4 * small || dst.required_span() > 4 * small) continue;
    std::vector<float> in(static_cast<std::size_t>(src.required_span()));
    for (std::size_t k = 0; k < in.size(); ++k) in[k] = static_cast<float>(k + 1);
    std::vector<float> out(static_cast<std::size_t>(dst.required_span()), -1.0f), expected = out;
    const auto so = strider_test::offsets(src), dof = strider_test::offsets(dst);
    for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k])] = in[static_cast<std::size_t>(so[k])];
    try {
      strider::copy_strided(in.data(), src, out.data(), dst, strider::copy_options{static_cast<unsigned>(c.uniform(1, 2))});
    } catch (const layout_error&) {
      continue;
    }
    ++copies;
    REQUIRE(out == expected);
  }
  CHECK(copies > 500);
}
