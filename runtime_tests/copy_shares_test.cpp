// How the copy engine shares a copy among threads, checked without threads or timing: every
// member's share is run in turn on the calling thread, the result is compared with a naive
// reference loop, and the elements each member writes are counted by the element type itself.
#include <strider/core.hpp>
#include <strider/storage/copy.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dynamic_layout;
using strider::index_t;
namespace engine = strider::detail::copy_engine;

namespace {

using strider_test::offsets;

dynamic_layout contiguous(const strider::dims& shape) { return dynamic_layout::contiguous(shape); }

// An element that counts its assignments into the member that is running (not trivially
// copyable, so the engine takes its element-by-element paths).
std::vector<index_t>* writes_of_member = nullptr;
unsigned running_member = 0;
struct counted {
  float value = 0;
  counted() = default;
  explicit counted(float v) : value(v) {}
  counted(const counted&) = default;
  counted& operator=(const counted& other) {
    value = other.value;
    if (writes_of_member != nullptr) ++(*writes_of_member)[running_member];
    return *this;
  }
};

struct copy_case {
  std::string name;
  dynamic_layout src, dst;
};

// The shapes of benchmarks/copy_scaling.cpp, smaller, and the other walks: a transpose (strips),
// a 3-wide transpose (triples for trivial types), a walk of B', a gather of every third element,
// rows shorter than a cache line, one long row. Each is large enough for 64 members to get 32 granules each.
std::vector<copy_case> cases() {
  auto permuted = [](const strider::dims& shape, const strider::dims& perm) {
    const dynamic_layout src = strider::permute(contiguous(shape), perm);
    return copy_case{"permute of " + std::to_string(shape.size()) + "-D", src, contiguous(src.shape())};
  };
  std::vector<copy_case> all;
  all.push_back(permuted({512, 1024}, {1, 0}));
  all.push_back(permuted({1024, 512}, {1, 0}));  // B in panels
  all.push_back(permuted({32, 64, 256}, {2, 0, 1}));
  all.push_back(permuted({16, 64, 256}, {1, 0, 2}));
  all.push_back(permuted({8, 64, 56, 56}, {0, 2, 3, 1}));  // staged: granules of 16 whole rows
  all.push_back(permuted({4, 56, 56, 64}, {0, 3, 1, 2}));
  all.push_back(permuted({64, 64, 128}, {2, 1, 0}));  // deep strips: whole blocks per piece
  all.push_back(permuted({16, 16, 32, 64}, {3, 1, 2, 0}));
  all.push_back(permuted({14, 15, 256, 10}, {2, 3, 1, 0}));  // deep strips by rows of B (walk.hpp's deep_rows_pay) up to 5 members
  all.push_back(permuted({40, 11000, 3}, {2, 1, 0}));  // B' (copy_engine.hpp's source_run_pays): rows of B', all of A' in each
  all.push_back(permuted({50000, 3}, {1, 0}));
  all.push_back({"a[..., ::3]", strider::slice(contiguous({32, 3, 4096}), "..., ::3"), contiguous({32, 3, 1366})});
  all.push_back({"flipped rows of 3", strider::flip(contiguous({20000, 3}), {1}), contiguous({20000, 3})});
  all.push_back({"one long row", contiguous({1 << 16}), contiguous({1 << 16})});
  all.push_back({"transpose, odd sizes", strider::transpose(contiguous({600, 1037}), 0, 1), contiguous({1037, 600})});
  return all;
}

// Buffers for copying `c`, the destination `shift` elements into its buffer; `run` runs every
// member's share of the copy on `threads` members, one after the other.
template <class T>
struct share_runner {
  const copy_case& c;
  index_t shift;
  std::vector<T> src, dst;

  share_runner(const copy_case& copy, index_t dst_shift) : c(copy), shift(dst_shift), src(static_cast<std::size_t>(copy.src.required_span())) {
    for (std::size_t i = 0; i < src.size(); ++i) src[i] = T(static_cast<float>(i % 30011 + 1));
    dst.resize(static_cast<std::size_t>(c.dst.required_span() + shift));
  }

  // `affine`: one piece per member (a copy that fits in the cache), else pieces claimed in turn.
  const std::vector<T>& run(unsigned threads, std::vector<index_t>* writes = nullptr, bool affine = false) {
    std::fill(dst.begin(), dst.end(), T(-7.0f));
    const strider::copy_plan plan = strider::make_copy_plan(c.src.value(), c.dst.value(), sizeof(T));
    const auto job = engine::prepare(plan, src.data(), dst.data() + shift, threads);
    const engine::copy_shares shares = engine::share_copy(job.walk, threads, affine);
    CHECK(shares.threads == threads);
    CHECK(shares.affine == affine);
    if (affine) CHECK(shares.pieces == (threads > 1 ? static_cast<index_t>(threads) : 1));
    if (writes != nullptr) writes->assign(threads, 0);
    writes_of_member = writes;
    // Members that run alike claim the pieces in turn: piece k is member k mod threads'.
    CHECK(shares.pieces % static_cast<index_t>(threads) == 0);
    CHECK(shares.pieces <= engine::pieces_per_thread * static_cast<index_t>(threads));
    for (index_t k = 0; k < shares.pieces; ++k) {
      running_member = static_cast<unsigned>(k % threads);
      engine::run_piece(job, shares, k);
    }
    writes_of_member = nullptr;
    return dst;
  }
};

std::vector<float> expected_of(const copy_case& c, index_t shift) {
  std::vector<float> expected(static_cast<std::size_t>(c.dst.required_span() + shift), -7.0f);
  const auto so = offsets(c.src), dof = offsets(c.dst);
  for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k] + shift)] = static_cast<float>(so[k] % 30011 + 1);
  return expected;
}

float value_of(float v) { return v; }
float value_of(const counted& v) { return v.value; }

template <class T>
bool same(const std::vector<T>& got, const std::vector<float>& expected) {
  if (got.size() != expected.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (value_of(got[i]) != expected[i]) return false;
  return true;
}

}  // namespace

TEST_CASE("copy shares: every member's share together is the copy, for 1, 2, 3, 7, 16 and 64 members") {
  for (const copy_case& c : cases())
    for (index_t shift : {index_t{0}, index_t{3}}) {  // a destination that starts inside a cache line
      share_runner<float> runner(c, shift);
      const std::vector<float> expected = expected_of(c, shift);
      for (unsigned threads : {1u, 2u, 3u, 7u, 16u, 64u})
        for (bool affine : {false, true}) {
          INFO(c.name << ", " << threads << " members, destination shifted by " << shift << (affine ? ", one part each" : ""));
          CHECK(same(runner.run(threads, nullptr, affine), expected));
        }
    }
}

TEST_CASE("copy shares: no member writes more than 5 % over the mean, 1 to 64 members") {
  for (const copy_case& c : cases()) {
    const std::vector<float> expected = expected_of(c, 0);
    share_runner<counted> runner(c, 0);
    for (unsigned threads = 1; threads <= 64; ++threads)
      for (bool affine : {false, true}) {
        INFO(c.name << ", " << threads << " members" << (affine ? ", one part each" : ""));
        std::vector<index_t> writes;
        const std::vector<counted>& got = runner.run(threads, &writes, affine);
        if (threads % 8 == 1 || threads == 64) CHECK(same(got, expected));  // the element-wise paths; the float test covers the rest
        index_t total = 0;
        for (index_t w : writes) total += w;
        CHECK(total == c.dst.size());
        const double mean = static_cast<double>(total) / threads, most = static_cast<double>(*std::max_element(writes.begin(), writes.end()));
        INFO("most " << most << ", mean " << mean);
        CHECK(most <= 1.05 * mean);
      }
  }
}

TEST_CASE("copy shares: the walk's positions of float copies split as evenly") {
  // Float copies take the SIMD walks (strips with a narrower first strip, triples), whose
  // shares are measured here by their positions, a position being one element or one triple.
  for (const copy_case& c : cases())
    for (index_t shift : {index_t{0}, index_t{5}}) {
      std::vector<float> dst(static_cast<std::size_t>(c.dst.required_span() + shift));
      std::vector<float> src(static_cast<std::size_t>(c.src.required_span()));
      const strider::copy_plan plan = strider::make_copy_plan(c.src.value(), c.dst.value(), sizeof(float));
      for (unsigned threads = 1; threads <= 64; ++threads) {
        INFO(c.name << ", " << threads << " members, shift " << shift);
        const auto job = engine::prepare(plan, src.data(), dst.data() + shift, threads);
        for (bool affine : {false, true}) {
          const engine::copy_shares shares = engine::share_copy(job.walk, threads, affine);
          std::vector<index_t> units(threads, 0);
          for (index_t k = 0; k < shares.pieces; ++k) units[static_cast<std::size_t>(k % threads)] += shares.boundary(k + 1) - shares.boundary(k);
          const double mean = static_cast<double>(job.walk.total()) / threads;
          CHECK(static_cast<double>(*std::max_element(units.begin(), units.end())) <= 1.05 * mean);
        }
      }
    }
}

TEST_CASE("copy shares: threads are taken only for copies large enough to share") {
  CHECK(engine::threads_for(1 << 20, 8) == 1);
  CHECK(engine::threads_for(std::size_t{64} << 20, 8) == 8);
  CHECK(engine::threads_for(std::size_t{64} << 20, 0) == 1);
  CHECK(engine::threads_for(std::size_t{64} << 20, 1000) == 32);
}
