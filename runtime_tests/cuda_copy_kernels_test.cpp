// The device copy's kernels without a GPU: cuda/copy_kernels.hpp holds the code of one thread of
// each kernel and the choice of kernel, grid and block, and the CUDA kernels (cuda/copy.hpp) only
// call it with their indices. Here the same functions run on the host, block by block and thread
// by thread (a tiled block's threads all load before any stores, as the barrier orders them), for
// the launch plan_launch makes, and the destination is compared with a naive loop over every
// index. Launches also run on smaller grids than planned, which only the grid-stride loops cover.
#include <strider/core.hpp>
#include <strider/cuda/copy_kernels.hpp>
#include <strider/engine/copy_plan.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "cuda/copy_cases.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
namespace kernels = strider::cuda::detail;

namespace {

using strider_test::describe;

using strider_copy_cases::bytes_of;

struct coverage {
  int flat = 0, rows = 0, tiled = 0, tiled_vectors = 0, thin = 0, vector8 = 0, vector16 = 0, reversed = 0, stepped = 0, thin_rows = 0, grid_strides = 0, thin_staged = 0, thin_direct = 0;
};
coverage seen;

// Runs launch l on grids of at most grid_x x grid_y blocks, moving elements of type E (vectors of
// elements of ElementBytes bytes).
template <class E, class Index, std::size_t ElementBytes = sizeof(E)>
void run_launch(const kernels::copy_launch& l, const void* src_storage, void* dst_storage, index_t grid_x, index_t grid_y) {
  const auto* src = static_cast<const E*>(src_storage);
  auto* dst = static_cast<E*>(dst_storage);
  const index_t gx = std::min(l.grid.x, grid_x), gy = std::min(l.grid.y, grid_y);
  if (gx < l.grid.x || gy < l.grid.y) ++seen.grid_strides;
  const strider::copy_plan& p = l.plan;
  if (l.kind == kernels::kernel_kind::flat) {
    for (index_t b = 0; b < gx; ++b)
      for (index_t t = 0; t < l.block.x; ++t)
        kernels::flat_thread<E, Index>(src, dst, p, static_cast<Index>(l.work), static_cast<Index>(b * l.block.x + t), static_cast<Index>(gx * l.block.x));
  } else if (l.kind == kernels::kernel_kind::rows) {
    for (index_t by = 0; by < gy; ++by)
      for (index_t bx = 0; bx < gx; ++bx)
        for (index_t ty = 0; ty < l.block.y; ++ty)
          for (index_t tx = 0; tx < l.block.x; ++tx) {
            const auto row = static_cast<Index>(by * l.block.y + ty), row_step = static_cast<Index>(gy * l.block.y);
            if constexpr (ElementBytes < sizeof(E) && (ElementBytes == 1 || ElementBytes == 2 || ElementBytes == 4 || ElementBytes == 8)) {
              const auto gathered = [&]<index_t Step>() {
                kernels::rows_thread<E, Index, Step, ElementBytes>(src, dst, p, static_cast<Index>(l.work), row, row_step, bx * l.block.x + tx, gx * l.block.x);
              };
              if (l.source_step == -1) gathered.template operator()<-1>();
              if (l.source_step == 2) gathered.template operator()<2>();
              if (l.source_step == 4) gathered.template operator()<4>();
              if (l.source_step != 1) continue;
            }
            kernels::rows_thread<E, Index>(src, dst, p, static_cast<Index>(l.work), row, row_step, bx * l.block.x + tx, gx * l.block.x);
          }
  } else if (l.kind == kernels::kernel_kind::thin) {
    if constexpr (sizeof(E) == 16 && (ElementBytes == 1 || ElementBytes == 2 || ElementBytes == 4 || ElementBytes == 8)) {
      kernels::with_thin_kind(l, [&]<int Channels, bool Deinterleave>() {
        const auto groups = static_cast<Index>(l.work), step = static_cast<Index>(gx * l.block.x);
        if constexpr (Deinterleave) {
          for (index_t b = 0; b < gx; ++b)
            for (index_t t = 0; t < l.block.x; ++t)
              kernels::thin_deinterleave_thread<Channels, ElementBytes, E, Index>(src, dst, p, groups, static_cast<Index>(b * l.block.x + t), step);
        } else {
          // copy_thin_interleave warp by warp: each turn's staging step for the warp's 32 threads,
          // then their stores from it (the kernel's __syncwarp between them).
          using S = kernels::thin_staging<Channels>;
          std::vector<E> staging(static_cast<std::size_t>(S::vectors));
          for (index_t b = 0; b < gx; ++b)
            for (index_t warp = 0; warp < l.block.x / 32; ++warp)
              for (auto first = static_cast<Index>(b * l.block.x + warp * 32); first < groups; first += step * static_cast<Index>(S::batch)) {
                std::memset(static_cast<void*>(staging.data()), 0xA5, staging.size() * sizeof(E));  // a stale vector shows as a wrong element
                for (int lane = 0; lane < 32; ++lane)
                  kernels::thin_interleave_stage<Channels, ElementBytes, E, Index>(src, dst, p, groups, first, lane, step, staging.data());
                for (int lane = 0; lane < 32; ++lane) kernels::thin_interleave_store<Channels, ElementBytes, E, Index>(dst, p, groups, first, lane, step, staging.data());
                for (index_t batch = 0; batch < S::batch; ++batch) {
                  const Index g0 = first + static_cast<Index>(batch) * step;
                  if (kernels::thin_warp_whole<16 / ElementBytes>(p, g0, groups)) ++seen.thin_staged;
                  else if (g0 < groups) ++seen.thin_direct;
                }
              }
        }
      });
    } else {
      FAIL("a thin launch moving " << sizeof(E) << "-byte units of " << ElementBytes << "-byte elements");
    }
  } else if (l.kind == kernels::kernel_kind::tiled) {
    if constexpr (sizeof(E) <= kernels::max_tiled_element) {
      kernels::tile_buffer<E> buffer;
      for (index_t b = 0; b < gx; ++b)
        for (index_t t = b; t < l.work; t += gx) {
          std::memset(static_cast<void*>(&buffer), 0xA5, sizeof(buffer));  // a stale tile shows as a wrong element
          const kernels::tile_origin o = kernels::tile_at<Index>(p, static_cast<Index>(t), static_cast<Index>(l.tiles_a), static_cast<Index>(l.tiles_b));
          for (int ty = 0; ty < kernels::tile_rows; ++ty)
            for (int tx = 0; tx < kernels::tile; ++tx) kernels::tile_load(src, p, o, tx, ty, buffer);
          for (int ty = 0; ty < kernels::tile_rows; ++ty)
            for (int tx = 0; tx < kernels::tile; ++tx) kernels::tile_store(dst, p, o, tx, ty, buffer);
        }
    } else {
      FAIL("a tiled launch for an element of " << sizeof(E) << " bytes");
    }
  } else if (l.kind == kernels::kernel_kind::tiled_vectors) {
    if constexpr (sizeof(E) == 1 || sizeof(E) == 2 || sizeof(E) == 4) {
      using VT = kernels::vector_tiling<E>;
      std::vector<E> staged(VT::staging::required_span);
      for (index_t b = 0; b < gx; ++b)
        for (index_t t = b; t < l.work; t += gx) {
          std::memset(static_cast<void*>(staged.data()), 0xA5, staged.size() * sizeof(E));  // a stale tile shows as a wrong element
          const kernels::tile_origin o = kernels::tile_at<Index, VT::extent>(p, static_cast<Index>(t), static_cast<Index>(l.tiles_a), static_cast<Index>(l.tiles_b));
          for (int thread = 0; thread < VT::threads; ++thread) kernels::vector_tile_load(src, p, o, thread, staged.data());
          for (int thread = 0; thread < VT::threads; ++thread) kernels::vector_tile_store(dst, p, o, thread, staged.data());
        }
    } else {
      FAIL("a tiled_vectors launch for an element of " << sizeof(E) << " bytes");
    }
  }
}

// What every launch must respect on any CUDA device.
void check_limits(const kernels::copy_launch& l) {
  if (l.kind == kernels::kernel_kind::none) return;
  CHECK(l.block.x * l.block.y <= kernels::block_threads);
  CHECK(l.block.x % 32 == 0);
  CHECK(l.grid.x >= 1);
  CHECK(l.grid.x <= kernels::max_blocks);
  CHECK(l.grid.y >= 1);
  CHECK(l.grid.y <= kernels::max_grid_y);
  if (l.kind == kernels::kernel_kind::tiled) CHECK(l.plan.element_size <= kernels::max_tiled_element);
  if (!l.wide) CHECK(l.work <= INT32_MAX);
}

// Copies src_layout into dst_layout of elements of type T (bytes of a counter, so that every
// element differs) through the emulated kernels, and compares with the naive loop.
template <class T>
void check_copy(const std::string& name, const dynamic_layout& src_layout, const dynamic_layout& dst_layout, index_t src_shift = 0,
                index_t grid_x = kernels::max_blocks, index_t grid_y = kernels::max_grid_y) {
  INFO(name << ": " << describe(src_layout) << " -> " << describe(dst_layout) << ", element of " << sizeof(T) << " bytes, grid at most " << grid_x << " x "
            << grid_y);
  const auto span = [](const dynamic_layout& l) { return static_cast<std::size_t>(std::max<index_t>(1, l.required_span())); };
  std::vector<T> src(span(src_layout) + static_cast<std::size_t>(src_shift)), dst(span(dst_layout));
  auto* src_bytes = reinterpret_cast<unsigned char*>(src.data());
  for (std::size_t i = 0; i < src.size() * sizeof(T); ++i) src_bytes[i] = static_cast<unsigned char>(i * 7 + i / 251);
  std::memset(static_cast<void*>(dst.data()), 0xEE, dst.size() * sizeof(T));
  std::vector<T> expected = dst;
  strider_test::for_each_index(dst_layout.shape(), [&](const strider_test::index_vec& index) {
    std::memcpy(&expected[static_cast<std::size_t>(strider_test::naive_offset(dst_layout, index))],
                &src[static_cast<std::size_t>(src_shift + strider_test::naive_offset(src_layout, index))], sizeof(T));
  });

  const strider::copy_plan plan = strider::make_copy_plan(src_layout.entries(), dst_layout.entries(), sizeof(T));
  const T* s = src.data() + src_shift;
  const kernels::copy_launch l = kernels::plan_launch(plan, reinterpret_cast<std::uintptr_t>(s), reinterpret_cast<std::uintptr_t>(dst.data()));
  check_limits(l);
  const std::size_t moved = static_cast<std::size_t>(l.vector) * sizeof(T);
  if (l.kind == kernels::kernel_kind::flat) ++seen.flat;
  if (l.kind == kernels::kernel_kind::rows) ++seen.rows;
  if (l.kind == kernels::kernel_kind::tiled) ++seen.tiled;
  if (l.kind == kernels::kernel_kind::tiled_vectors) ++seen.tiled_vectors;
  if (l.kind == kernels::kernel_kind::thin) ++seen.thin;
  if (l.vector > 1 && moved == 8) ++seen.vector8;
  if (l.vector > 1 && moved == 16) ++seen.vector16;
  if (l.source_step == -1) ++seen.reversed;
  if (l.source_step > 1) ++seen.stepped;
  if (l.kind == kernels::kernel_kind::rows && plan.blocked) ++seen.thin_rows;
  const auto run = [&]<class E>() {
    if (l.wide) run_launch<E, std::uint64_t, sizeof(T)>(l, s, dst.data(), grid_x, grid_y);
    else run_launch<E, std::uint32_t, sizeof(T)>(l, s, dst.data(), grid_x, grid_y);
  };
  if (moved == 16) run.template operator()<bytes_of<16, 16>>();
  else if (moved == 8) run.template operator()<bytes_of<8, 8>>();
  else run.template operator()<T>();
  CHECK(std::memcmp(dst.data(), expected.data(), dst.size() * sizeof(T)) == 0);
}

dynamic_layout contiguous(const dims& shape) { return dynamic_layout::contiguous(shape); }

void check_permute(const std::string& name, const dims& shape, const dims& axes, index_t grid_x = kernels::max_blocks) {
  const dynamic_layout src = strider::permute(contiguous(shape), axes);
  check_copy<float>(name, src, contiguous(src.shape()), 0, grid_x);
}

}  // namespace

TEST_CASE("device copy kernels: the device test's cases, run on the host") {
  strider_copy_cases::for_each_case([&]<class T>(const std::string& name, const dynamic_layout& src, const dynamic_layout& dst, index_t shift) {
    check_copy<T>(name, src, dst, shift);
    check_copy<T>(name + ", on 3 x 2 blocks", src, dst, shift, 3, 2);
  });
  check_permute("batched transpose, few blocks", {4, 70, 45}, {0, 2, 1}, 7);
}

TEST_CASE("device copy kernels: thin transposes are not tiled") {
  for (const index_t side : {2, 3, 4, 5, 8}) {
    const std::string n = std::to_string(side);
    // An n x side image's channels into planes: rows of the long side, the short side's rows
    // in one block.
    const dynamic_layout planes = strider::permute(contiguous({1000, side}), {1, 0});
    const strider::copy_plan p = strider::make_copy_plan(planes.entries(), contiguous({side, 1000}).entries(), 4);
    REQUIRE(p.blocked);
    const kernels::copy_launch l = kernels::plan_launch(p, 0, 0);
    if (side <= 4) {  // channels as vectors, aligned
      CHECK(l.kind == kernels::kernel_kind::thin);
      CHECK((l.channels == side && l.deinterleave));
      CHECK(kernels::plan_launch(p, 4, 0).kind == kernels::kernel_kind::rows);  // a misaligned source: rows
    } else {
      CHECK(l.kind == kernels::kernel_kind::rows);
      CHECK(l.block.y % side == 0);
    }
    check_copy<float>("planes of " + n, planes, contiguous({side, 1000}));
    check_copy<float>("planes of " + n + ", few blocks", planes, contiguous({side, 1000}), 0, 3);
    // Planes into an n x side image: one element per thread, the destination written in order.
    const dynamic_layout pixels = strider::permute(contiguous({side, 1000}), {1, 0});
    CHECK(kernels::plan_launch(strider::make_copy_plan(pixels.entries(), contiguous({1000, side}).entries(), 4), 0, 0).kind ==
          (side <= 4 ? kernels::kernel_kind::thin : kernels::kernel_kind::flat));
    check_copy<float>("pixels of " + n, pixels, contiguous({1000, side}));
    check_copy<float>("pixels of " + n + ", few blocks", pixels, contiguous({1000, side}), 0, 2);
    // A batch of them, both ways: rows of 50 groups, so that warps straddle rows.
    check_copy<float>("batched planes of " + n, strider::permute(contiguous({3, 200, side}), {0, 2, 1}), contiguous({3, side, 200}));
    check_copy<float>("batched pixels of " + n, strider::permute(contiguous({3, side, 200}), {0, 2, 1}), contiguous({3, 200, side}));
    check_copy<std::uint16_t>("batched pixels of " + n + ", halves", strider::permute(contiguous({3, side, 200}), {0, 2, 1}), contiguous({3, 200, side}));
  }
  // The interleaving kernel staged the warps whose 32 groups are whole and in one row, and stored
  // the others' groups itself.
  CHECK(seen.thin_staged > 0);
  CHECK(seen.thin_direct > 0);
  // One more than thin_side: tiled.
  const dynamic_layout nine = strider::permute(contiguous({1000, 9}), {1, 0});
  CHECK(kernels::plan_launch(strider::make_copy_plan(nine.entries(), contiguous({9, 1000}).entries(), 4), 0, 0).kind == kernels::kernel_kind::tiled);
  check_copy<float>("planes of 9", nine, contiguous({9, 1000}));
}

TEST_CASE("device copy kernels: elements over 16 bytes are not tiled") {
  // Their tile would take too much of a block's shared memory.
  const dynamic_layout t = strider::permute(contiguous({70, 45}), {1, 0});
  CHECK(kernels::plan_launch(strider::make_copy_plan(t.entries(), contiguous({45, 70}).entries(), 16), 0, 0).kind == kernels::kernel_kind::tiled);
  CHECK(kernels::plan_launch(strider::make_copy_plan(t.entries(), contiguous({45, 70}).entries(), 64), 0, 0).kind != kernels::kernel_kind::tiled);
  check_copy<bytes_of<48, 16>>("48 bytes, rows", contiguous({5, 40}), strider::flip(contiguous({5, 40}), {0}));
}

TEST_CASE("device copy kernels: random layouts, on full and on small grids") {
  std::mt19937 rng(20261125);
  for (int i = 0; i < 200; ++i) {
    const auto [src, dst] = strider_copy_cases::random_case(rng, 9);
    const index_t grid = rng() % 2 ? kernels::max_blocks : static_cast<index_t>(1 + rng() % 3);
    const std::string name = "random " + std::to_string(i);
    if (rng() % 3 == 0) check_copy<double>(name, src, dst, 0, grid, grid);
    else check_copy<float>(name, src, dst, static_cast<index_t>(rng() % 2), grid, grid);
  }
  // Every kernel and vector width was reached, and some launches ran on fewer blocks than planned.
  CHECK(seen.flat > 0);
  CHECK(seen.rows > 0);
  CHECK(seen.tiled > 0);
  CHECK(seen.tiled_vectors > 0);
  CHECK(seen.vector8 > 0);
  CHECK(seen.vector16 > 0);
  CHECK(seen.reversed > 0);
  CHECK(seen.stepped > 0);
  CHECK(seen.thin_rows > 0);
  CHECK(seen.grid_strides > 0);
}

TEST_CASE("device copy kernels: launches for large copies stay within CUDA's limits") {
  const auto launch_of = [](const dynamic_layout& src, const dynamic_layout& dst, std::size_t element) {
    return kernels::plan_launch(strider::make_copy_plan(src.entries(), dst.entries(), element), 0, 0);
  };
  // 9000^2 doubles transposed: 79524 tiles on at most max_blocks blocks; 20000^2 floats, 97969
  // tiles of 64 x 64 (tiled_vectors).
  const kernels::copy_launch t = launch_of(strider::permute(contiguous({9000, 9000}), {1, 0}), contiguous({9000, 9000}), 8);
  CHECK(t.kind == kernels::kernel_kind::tiled);
  CHECK(t.work == 282 * 282);
  CHECK(t.grid.x == kernels::max_blocks);
  check_limits(t);
  const kernels::copy_launch v = launch_of(strider::permute(contiguous({20000, 20000}), {1, 0}), contiguous({20000, 20000}), 4);
  CHECK(v.kind == kernels::kernel_kind::tiled_vectors);
  CHECK(v.work == 313 * 313);
  CHECK(v.grid.x == kernels::max_blocks);
  check_limits(v);
  // 2400000 short strided rows, 16 to a block (4 rows of threads, 4 rows each): more row blocks
  // than a grid's height.
  const kernels::copy_launch r = launch_of(strider::slice(contiguous({2400000, 80}), ":, 1:41"), contiguous({2400000, 40}), 4);
  CHECK(r.kind == kernels::kernel_kind::rows);
  CHECK(r.block.y == 4);
  CHECK(r.grid.y == kernels::max_grid_y);
  CHECK(r.work == 2400000);
  check_limits(r);
  // More elements than a 32-bit index counts.
  const kernels::copy_launch w = launch_of(strider::flip(contiguous({index_t{3} << 30})), contiguous({index_t{3} << 30}), 1);
  CHECK(w.wide);
  check_limits(w);
  const kernels::copy_launch f = launch_of(strider::slice(contiguous({index_t{1} << 30, 4}), ":, ::-2"), contiguous({index_t{1} << 30, 2}), 1);
  CHECK(f.kind == kernels::kernel_kind::flat);
  CHECK(f.wide);
  CHECK(f.grid.x == kernels::max_blocks);
  check_limits(f);
  // And those shapes' index arithmetic, on grids small enough to run here.
  check_copy<float>("transpose on 5 blocks", strider::permute(contiguous({300, 200}), {1, 0}), contiguous({200, 300}), 0, 5);
  check_copy<double>("doubles transposed on 5 blocks", strider::permute(contiguous({300, 200}), {1, 0}), contiguous({200, 300}), 0, 5);
  check_copy<float>("rows on 2 x 2 blocks", strider::slice(contiguous({6000, 80}), ":, 1:41"), contiguous({6000, 40}), 0, 2, 2);
}

TEST_CASE("copy plan: interleaved source and destination in one buffer are told apart (both copies use it)") {
  // certainly_disjoint against brute force: whenever it says the elements read and written are
  // distinct, no offset is in both sets; and it says so for interleaved views of one array.
  const auto disjoint = [](const dynamic_layout& src, const dynamic_layout& dst, index_t shift) {
    return strider::detail::certainly_disjoint(strider::make_copy_plan(src.entries(), dst.entries(), 4), shift);
  };
  const dynamic_layout a = contiguous({6, 10});
  CHECK(disjoint(strider::select(a, 1, 0), strider::select(a, 1, 1), 0));
  CHECK(disjoint(strider::slice(a, ":, ::2"), strider::slice(a, ":, 1::2"), 0));
  CHECK(disjoint(strider::slice(a, ":, ::2"), strider::slice(a, ":, ::2"), 1));
  CHECK_FALSE(disjoint(strider::slice(a, ":, :5"), strider::slice(a, ":, 5:"), 0));  // distinct, but not by residues
  CHECK_FALSE(disjoint(strider::slice(a, ":, :8:2"), strider::slice(a, ":, 2::2"), 0));
  CHECK_FALSE(disjoint(contiguous({}), contiguous({}), 0));
  CHECK(disjoint(contiguous({}), contiguous({}), 1));
  std::mt19937 rng(7);
  int told = 0;
  const auto check_sets = [&](const dynamic_layout& src, const dynamic_layout& dst, index_t shift) {
    std::vector<index_t> read = strider_test::offsets(src), written = strider_test::offsets(dst);
    for (index_t& o : written) o += shift;
    std::sort(read.begin(), read.end());
    std::sort(written.begin(), written.end());
    std::vector<index_t> both;
    std::set_intersection(read.begin(), read.end(), written.begin(), written.end(), std::back_inserter(both));
    if (!read.empty() && disjoint(src, dst, shift)) {
      ++told;
      INFO(describe(src) << " -> " << describe(dst) << " shifted by " << shift);
      CHECK(both.empty());
    }
  };
  // Any two layouts, the destination's storage shifted a little.
  for (int i = 0; i < 2000; ++i) {
    const auto [src, dst] = strider_copy_cases::random_case(rng, 5);
    check_sets(src, dst, static_cast<index_t>(rng() % 7) - 3);
  }
  // Columns of one array taken every k-th from different starts, maybe transposed, maybe
  // shifted: disjoint exactly when the starts differ modulo k and the shift keeps them so.
  for (int i = 0; i < 2000; ++i) {
    const index_t k = static_cast<index_t>(2 + rng() % 3), m = static_cast<index_t>(1 + rng() % 6), rows = static_cast<index_t>(1 + rng() % 5);
    const dynamic_layout base = contiguous({rows, k * m + k});
    const auto columns = [&](index_t start) {
      const dynamic_layout c = strider::slice(base, ":, " + std::to_string(start) + ":" + std::to_string(start + k * m) + ":" + std::to_string(k));
      return rng() % 2 ? strider::transpose(c, 0, 1) : c;
    };
    const dynamic_layout src = columns(static_cast<index_t>(rng() % static_cast<std::uint64_t>(k)));
    const dynamic_layout dst_columns = columns(static_cast<index_t>(rng() % static_cast<std::uint64_t>(k)));
    const dynamic_layout dst = dst_columns.shape() == src.shape() ? dst_columns : strider::transpose(dst_columns, 0, 1);
    check_sets(src, dst, static_cast<index_t>(rng() % 3) * (rng() % 2 ? 1 : k));
  }
  CHECK(told > 500);
}

TEST_CASE("tiled kernel: the staging tile is conflict-free for every element size, where one padding element was not") {
  // The certificate (docs/access.md, tested against a bank simulator in access_test.cpp) of the
  // warp's row writes and transposed column reads, at the staging layouts the kernel uses...
  STATIC_REQUIRE(kernels::staging_conflict_free<1>());
  STATIC_REQUIRE(kernels::staging_conflict_free<2>());
  STATIC_REQUIRE(kernels::staging_conflict_free<4>());
  STATIC_REQUIRE(kernels::staging_conflict_free<8>());
  STATIC_REQUIRE(kernels::staging_conflict_free<16>());
  STATIC_REQUIRE(kernels::global_coalesced<1>() && kernels::global_coalesced<4>() && kernels::global_coalesced<16>());
  // (A warp going down a column of the same rows, which the staging spares the global side, is not.)
  using rows = strider::layout<strider::shape<kernels::tile, kernels::tile>, strider::strides<kernels::tile * kernels::tile, 1>>;
  STATIC_REQUIRE_FALSE(strider::access_t<strider::permute_t<rows, 1, 0>, kernels::staging_threads, 4>::coalesced);
  // ...and at rows padded by one element whatever the size: the column reads of 1- and 2-byte
  // elements then meet a bank twice (rows 33 and 66 bytes apart step 8.25 and 16.5 words).
  using one_element = strider::layout<strider::shape<kernels::tile, kernels::tile>, strider::strides<kernels::tile + 1, 1>>;
  using read_down = strider::permute_t<one_element, 1, 0>;
  STATIC_REQUIRE(strider::access_t<read_down, kernels::staging_threads, 1>::worst.ways == 2);
  STATIC_REQUIRE(strider::access_t<read_down, kernels::staging_threads, 2>::worst.ways == 2);
  STATIC_REQUIRE(strider::access_t<read_down, kernels::staging_threads, 4>::bank_conflicts == 0);
}

TEST_CASE("device copy kernels: a flipped row moves as vectors read backwards, each reversed") {
  // a[:, ::-1] of 37 x 200 floats: each source row runs backwards from offset 200 r + 199, a
  // 16-byte vector of elements 196-199 its first. 1-, 2-, 4- and 8-byte elements, 16-byte and
  // 8-byte vectors, and a shift that misaligns them (then element by element).
  for (const index_t shift : {0, 1}) {
    const dynamic_layout flipped = strider::slice(contiguous({37, 200}), ":, ::-1");
    const strider::copy_plan p = strider::make_copy_plan(flipped.entries(), contiguous({37, 200}).entries(), 4);
    const kernels::copy_launch l = kernels::plan_launch(p, shift == 0 ? 0 : 4, 0);
    CHECK(l.kind == kernels::kernel_kind::rows);
    CHECK(l.source_step == (shift == 0 ? -1 : 1));
    CHECK(l.vector == (shift == 0 ? 4 : 1));
    check_copy<float>("flipped rows", flipped, contiguous({37, 200}), shift);
    check_copy<std::uint8_t>("flipped rows of bytes", flipped, contiguous({37, 200}), shift);
    check_copy<std::uint16_t>("flipped rows of halves", flipped, contiguous({37, 200}), shift);
    check_copy<double>("flipped rows of doubles", flipped, contiguous({37, 200}), shift);
    check_copy<float>("flipped planes", strider::slice(contiguous({3, 37, 64}), ":, ::-1, ::-1"), contiguous({3, 37, 64}), shift);
  }
}

TEST_CASE("device copy kernels: a stepped row moves as whole source vectors gathered in registers") {
  // a[:, ::2] and a[:, ::4] of 37 x 256: each destination vector gathered from 2 or 4 source
  // vectors; every element size that vectors hold; a shift that misaligns them.
  for (const index_t shift : {0, 1}) {
    for (const char* step : {"::2", "::4"}) {
      const dynamic_layout stepped = strider::slice(contiguous({37, 256}), std::string(":, ") + step);
      const strider::copy_plan p = strider::make_copy_plan(stepped.entries(), contiguous(stepped.shape()).entries(), 4);
      const kernels::copy_launch l = kernels::plan_launch(p, shift == 0 ? 0 : 4, 0);
      CHECK(l.kind == kernels::kernel_kind::rows);
      CHECK(l.source_step == (shift == 0 ? stepped.stride(1) : 1));
      check_copy<float>(std::string("stepped rows ") + step, stepped, contiguous(stepped.shape()), shift);
      check_copy<std::uint8_t>(std::string("stepped bytes ") + step, stepped, contiguous(stepped.shape()), shift);
      check_copy<std::uint16_t>(std::string("stepped halves ") + step, stepped, contiguous(stepped.shape()), shift);
      check_copy<double>(std::string("stepped doubles ") + step, stepped, contiguous(stepped.shape()), shift);
    }
  }
  // A step of 3 stays element by element.
  const dynamic_layout three = strider::slice(contiguous({8, 96}), ":, ::3");
  CHECK(kernels::plan_launch(strider::make_copy_plan(three.entries(), contiguous(three.shape()).entries(), 4), 0, 0).source_step == 1);
  check_copy<float>("step of 3", three, contiguous(three.shape()));
}

TEST_CASE("device copy kernels: thin transposes of 2 to 4 channels move as vectors (de)interleaved in registers") {
  // Pixels to planes and back, for 1-, 2-, 4- and 8-byte elements, batched, and a pixel count
  // that is not a multiple of a vector's elements (then the rows and flat kernels).
  for (const index_t channels : {2, 3, 4}) {
    for (const index_t pixels : {1024, 1000, 996}) {
      const std::string n = std::to_string(channels) + " channels, " + std::to_string(pixels) + " pixels";
      const dynamic_layout to_planes = strider::permute(contiguous({pixels, channels}), {1, 0});
      const dynamic_layout to_pixels = strider::permute(contiguous({channels, pixels}), {1, 0});
      check_copy<float>("planes of " + n, to_planes, contiguous({channels, pixels}));
      check_copy<float>("pixels of " + n, to_pixels, contiguous({pixels, channels}));
      check_copy<std::uint8_t>("byte planes of " + n, to_planes, contiguous({channels, pixels}));
      check_copy<std::uint8_t>("byte pixels of " + n, to_pixels, contiguous({pixels, channels}));
      check_copy<std::uint16_t>("half planes of " + n, to_planes, contiguous({channels, pixels}));
      check_copy<double>("double pixels of " + n, to_pixels, contiguous({pixels, channels}));
      check_copy<float>("batched planes of " + n, strider::permute(contiguous({3, pixels, channels}), {0, 2, 1}), contiguous({3, channels, pixels}));
      check_copy<float>("planes of " + n + ", few blocks", to_planes, contiguous({channels, pixels}), 0, 2);
      check_copy<float>("planes of " + n + ", misaligned", to_planes, contiguous({channels, pixels}), 1);
    }
  }
  CHECK(seen.thin > 0);
}

TEST_CASE("device copy kernels: transposes of 1-, 2- and 4-byte elements move in whole vectors through a swizzled tile") {
  const auto kind_of = [](const dynamic_layout& src, const dynamic_layout& dst, std::size_t element, std::uintptr_t src_address = 0) {
    return kernels::plan_launch(strider::make_copy_plan(src.entries(), dst.entries(), element), src_address, 0).kind;
  };
  // The benchmark's transposes and permutes of floats, and a transpose of halves.
  const auto permuted_kind = [&](const dims& shape, const dims& axes, std::size_t element) {
    const dynamic_layout src = strider::permute(contiguous(shape), axes);
    return kind_of(src, contiguous(src.shape()), element);
  };
  CHECK(permuted_kind({8192, 8192}, {1, 0}, 4) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({256, 256, 256}, {2, 0, 1}, 4) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({256, 256, 256}, {2, 1, 0}, 4) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({32, 64, 56, 56}, {0, 2, 3, 1}, 4) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({32, 56, 56, 64}, {0, 3, 1, 2}, 4) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({64, 64, 64, 64}, {3, 1, 2, 0}, 4) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({4096, 4096}, {1, 0}, 2) == kernels::kernel_kind::tiled_vectors);
  CHECK(permuted_kind({32, 3, 224, 224}, {0, 2, 3, 1}, 1) == kernels::kernel_kind::thin);  // an image's bytes, 3 channels
  CHECK(permuted_kind({32, 128, 56, 56}, {0, 2, 3, 1}, 1) == kernels::kernel_kind::tiled_vectors);
  // Not: a side shorter than a tile (64 floats, 128 halves or bytes), 8-byte elements, a row
  // pitch or a pointer off a vector (16 bytes, 8 for bytes).
  CHECK(permuted_kind({63, 4096}, {1, 0}, 4) == kernels::kernel_kind::tiled);
  CHECK(permuted_kind({100, 4096}, {1, 0}, 2) == kernels::kernel_kind::tiled);
  CHECK(permuted_kind({100, 4096}, {1, 0}, 1) == kernels::kernel_kind::tiled);
  CHECK(permuted_kind({4096, 4096}, {1, 0}, 8) == kernels::kernel_kind::tiled);
  CHECK(permuted_kind({4096, 4098}, {1, 0}, 4) == kernels::kernel_kind::tiled);
  CHECK(permuted_kind({4096, 4100}, {1, 0}, 1) == kernels::kernel_kind::tiled);
  const dynamic_layout t = strider::permute(contiguous({4096, 4096}), {1, 0});
  CHECK(kind_of(t, contiguous({4096, 4096}), 4, 4) == kernels::kernel_kind::tiled);
  CHECK(kind_of(t, contiguous({4096, 4096}), 1, 8) == kernels::kernel_kind::tiled_vectors);
  CHECK(kind_of(t, contiguous({4096, 4096}), 1, 4) == kernels::kernel_kind::tiled);
  // Each against the naive loop: full tiles, masked edges (a side 8 past a tile, a vector's
  // worth), edges cut inside a thread's block (4 and 2 elements past), outer loops, few blocks.
  for (const index_t extra : {0, 8, 4, 2}) {
    const std::string n = " + " + std::to_string(extra);
    check_copy<float>("floats, 128" + n, strider::permute(contiguous({128 + extra, 192}), {1, 0}), contiguous({192, 128 + extra}));
    check_copy<std::uint16_t>("halves, 256" + n, strider::permute(contiguous({192, 256 + extra}), {1, 0}), contiguous({256 + extra, 192}));
    check_copy<std::uint8_t>("bytes, 256" + n, strider::permute(contiguous({136, 256 + extra}), {1, 0}), contiguous({256 + extra, 136}));
  }
  check_copy<std::uint8_t>("batched bytes", strider::permute(contiguous({2, 136, 264}), {0, 2, 1}), contiguous({2, 264, 136}), 0, 3);
  check_copy<float>("batched floats", strider::permute(contiguous({3, 72, 136}), {0, 2, 1}), contiguous({3, 136, 72}), 0, 4);
  check_copy<std::int16_t>("batched halves", strider::permute(contiguous({2, 136, 264}), {0, 2, 1}), contiguous({2, 264, 136}), 0, 3);
  CHECK(seen.tiled_vectors > 0);
}

TEST_CASE("tiled_vectors: the certificate proves its staging conflict-free with the swizzle, 8-way without") {
  STATIC_REQUIRE(kernels::vector_tile_certified<float>());
  STATIC_REQUIRE(kernels::vector_tile_certified<std::uint16_t>());
  STATIC_REQUIRE(kernels::vector_tile_certified<std::uint8_t>());
  // Bytes move as 8-byte vectors, 16 threads a phase, 16 rows apart in the transposed writes:
  // swizzle<4, 3, 7> spreads them over the 16 pairs of banks, where <3, 3, 7> leaves them 2-way.
  using bytes = kernels::vector_tiling<std::uint8_t>;
  STATIC_REQUIRE(std::is_same_v<bytes::staging, strider::swizzled_t<strider::contiguous<128, 128>, strider::swizzle<4, 3, 7>>>);
  STATIC_REQUIRE(strider::access_t<strider::swizzled_t<strider::contiguous<128, 128>, strider::swizzle<3, 3, 7>>, bytes::transposed, 1, 8>::worst.ways == 2);
  using VT = kernels::vector_tiling<float>;
  // 16-byte vectors on every access: a warp instruction of 32 threads is 4 phases of 8.
  STATIC_REQUIRE(strider::access_t<VT::staging, VT::transposed, 4>::vector_width == 4);
  STATIC_REQUIRE(strider::access_t<VT::staging, VT::transposed, 4>::wavefronts == 4 * 4 * 8);  // 4 instructions, 8 warps
  // The same tile unswizzled: a phase's 8 threads write one vector in each of 8 rows, 256 bytes
  // apart, all in one group of 4 banks.
  using plain = strider::contiguous<VT::extent, VT::extent>;
  STATIC_REQUIRE(strider::access_t<plain, VT::transposed, 4>::worst.ways == 8);
  STATIC_REQUIRE(strider::access_t<plain, VT::blocks, 4>::conflict_free);
}

TEST_CASE("rows kernel: a warp's row accesses are coalesced for every unit it moves, a column's are not") {
  STATIC_REQUIRE(kernels::rows_coalesced<1>());
  STATIC_REQUIRE(kernels::rows_coalesced<4>());
  STATIC_REQUIRE(kernels::rows_coalesced<16>());
  // The independent count: 32 consecutive 16-byte vectors are 16 sectors; the same 32 threads
  // down a column of a 32 x 32 tile of them, 32 sectors of which each instruction uses half.
  using warp = strider::thread_value_t<strider::contiguous<32>, strider::contiguous<1>>;
  STATIC_REQUIRE(strider::access_t<strider::contiguous<32>, warp, 16>::sectors == 16);
  STATIC_REQUIRE_FALSE(strider::access_t<strider::layout<strider::shape<32>, strider::strides<32>>, warp, 16>::coalesced);
}
