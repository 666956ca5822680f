// Tiled copies (include/strider/atom/tiled_copy.hpp) against independent references:
// - an ldmatrix tiled copy's host twin (ldmatrix's host_load, itself checked lane by lane against
//   the PTX ISA's register map in mma_atoms_twin_test.cpp) fills every thread's fragment with
//   exactly what the plain copy from the MMA's partition reads element by element, for A and B,
//   .x1/.x2/.x4, .trans or not, several warp grids and tiles, 16-bit types, swizzled or strided
//   stages; a K block's copy fills that block's values and leaves the rest;
// - a vector tiled copy's host twin moves each element of a block tile (masked or not) to where a
//   naive loop over the tile puts it, zeros (zero_fill) or nothing (skip) past the data, and
//   refuses a vector that runs past the data.
#include <cstdint>
#include <string>
#include <vector>

#include <strider/atom.hpp>
#include <strider/storage/masked_view.hpp>
#include <strider/storage/view.hpp>

#include "catch.hpp"

namespace {
using strider::index_t;

template <class Fragment>
std::vector<Fragment> fragments(index_t threads, std::uint16_t fill) {
  std::vector<Fragment> f(static_cast<std::size_t>(threads));
  for (auto& x : f) x.fill(fill);
  return f;
}

// The tiled copy's fragments against the partition's, for every thread; and each K block alone.
template <class TC, class Partition, class View>
void check_against_partition(const View& shared, const Partition& partition_of) {
  using F = typename TC::fragment_type;
  using Mma = typename TC::mma;
  auto by_copy = fragments<F>(Mma::threads, 0xdeadu & 0xffffu);
  auto by_partition = fragments<F>(Mma::threads, 0);
  strider::host_copy(TC{}, shared, by_copy.data());
  index_t differ = 0;
  for (index_t t = 0; t < Mma::threads; ++t) {
    copy(partition_of(shared, t), by_partition[static_cast<std::size_t>(t)]);
    for (index_t v = 0; v < F::size; ++v) differ += by_copy[static_cast<std::size_t>(t)][v] != by_partition[static_cast<std::size_t>(t)][v];
  }
  CHECK(differ == 0);
  // K block k: the instructions of that block, the other values untouched.
  for (index_t k = 0; k < Mma::repeats_k; ++k) {
    auto one = fragments<F>(Mma::threads, 0xbeefu);
    strider::host_copy(TC{}, shared, one.data(), k);
    index_t wrong = 0, loaded = 0;
    for (index_t t = 0; t < Mma::threads; ++t)
      for (index_t q = 0; q < TC::instructions; ++q)
        for (index_t v = 2 * TC::matrices * q; v < 2 * TC::matrices * (q + 1); ++v) {
          const auto got = one[static_cast<std::size_t>(t)][v];
          if (TC::k_block_of(q) == k) {
            ++loaded;
            wrong += got != by_partition[static_cast<std::size_t>(t)][v];
          } else {
            wrong += got != 0xbeefu;
          }
        }
    CHECK(wrong == 0);
    CHECK(loaded == Mma::threads * F::size / Mma::repeats_k);
  }
}

template <class Layout>
std::vector<std::uint16_t> numbered(std::uint16_t seed) {
  std::vector<std::uint16_t> s(static_cast<std::size_t>(Layout::storage_size));
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint16_t>(i * 7 + seed);
  return s;
}

// A stored M x K (K contiguous): ldmatrix, not transposed.
template <class Mma, class Atom, class Stage>
void check_a() {
  INFO("A " << Mma::tile_m << " x " << Mma::tile_k << ", warps " << Mma::warps_m << " x " << Mma::warps_n << ", .x" << Atom::matrices);
  const auto s = numbered<Stage>(3);
  const strider::tensor_view<const std::uint16_t, Stage> shared(s.data());
  check_against_partition<strider::tiled_copy_a_t<Atom, Mma>>(shared, [](const auto& v, index_t t) { return Mma::partition_a(v, t); });
}
// B stored N x K (K contiguous), viewed (K, N): ldmatrix, not transposed.
template <class Mma, class Atom, class Stage>
void check_b_k_major() {
  INFO("B (N x K) " << Mma::tile_n << " x " << Mma::tile_k << ", warps " << Mma::warps_m << " x " << Mma::warps_n << ", .x" << Atom::matrices);
  const auto s = numbered<Stage>(5);
  const auto shared = strider::permute<1, 0>(strider::tensor_view<const std::uint16_t, Stage>(s.data()));
  check_against_partition<strider::tiled_copy_b_t<Atom, Mma>>(shared, [](const auto& v, index_t t) { return Mma::partition_b(v, t); });
}
// B stored K x N (N contiguous): ldmatrix .trans.
template <class Mma, class Atom, class Stage>
void check_b_n_major() {
  INFO("B (K x N) " << Mma::tile_k << " x " << Mma::tile_n << ", warps " << Mma::warps_m << " x " << Mma::warps_n << ", .x" << Atom::matrices << ".trans");
  const auto s = numbered<Stage>(11);
  const strider::tensor_view<const std::uint16_t, Stage> shared(s.data());
  check_against_partition<strider::tiled_copy_b_t<Atom, Mma>>(shared, [](const auto& v, index_t t) { return Mma::partition_b(v, t); });
}

using strider::contiguous;
using strider::shape;
using strider::swizzle;
using strider::swizzled_t;
using f16_mma = strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>;
using bf16_mma = strider::mma_m16n8k16<strider::bf16, strider::bf16, strider::f32>;
using f16_acc_mma = strider::mma_m16n8k16<strider::f16, strider::f16, strider::f16>;

TEST_CASE("an ldmatrix tiled copy fills each thread's A fragment as the partition reads it", "[tiled_copy]") {
  using mma = strider::tiled_mma<f16_mma, shape<2, 2>, shape<128, 128, 32>>;
  using stage = swizzled_t<contiguous<128, 32>, swizzle<2, 3, 3>>;
  check_a<mma, strider::ldmatrix_x4, stage>();
  check_a<mma, strider::ldmatrix_x2, stage>();
  check_a<mma, strider::ldmatrix_x1, stage>();
  check_a<strider::tiled_mma<bf16_mma, shape<4, 1>, shape<64, 64, 64>>, strider::ldmatrix_x4, swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>>();
  check_a<strider::tiled_mma<f16_mma, shape<1, 4>, shape<32, 128, 16>>, strider::ldmatrix_x4, swizzled_t<contiguous<32, 16>, swizzle<1, 3, 3>>>();
  check_a<strider::tiled_mma<f16_acc_mma, shape<2, 1>, shape<32, 16, 16>>, strider::ldmatrix_x2, swizzled_t<contiguous<32, 16>, swizzle<1, 3, 3>>>();
  // Padded rows (40 halves, 80 bytes) instead of a swizzle: conflict-free too, read through the
  // partition rather than the swizzle's split offsets.
  check_a<mma, strider::ldmatrix_x4, strider::layout<shape<128, 32>, strider::strides<40, 1>>>();
}

TEST_CASE("an ldmatrix tiled copy fills each thread's B fragment, K-major or N-major (.trans)", "[tiled_copy]") {
  using mma = strider::tiled_mma<f16_mma, shape<2, 2>, shape<128, 128, 32>>;
  using nk_stage = swizzled_t<contiguous<128, 32>, swizzle<2, 3, 3>>;
  check_b_k_major<mma, strider::ldmatrix_x4, nk_stage>();  // two atoms along N per instruction
  check_b_k_major<mma, strider::ldmatrix_x2, nk_stage>();
  using kn_stage = swizzled_t<contiguous<32, 128>, swizzle<3, 3, 4>>;
  check_b_n_major<mma, strider::ldmatrix_x4_trans, kn_stage>();
  check_b_n_major<mma, strider::ldmatrix_x2_trans, kn_stage>();
  check_b_n_major<strider::tiled_mma<bf16_mma, shape<4, 1>, shape<64, 64, 64>>, strider::ldmatrix_x4_trans, swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>>();
  check_b_k_major<strider::tiled_mma<f16_acc_mma, shape<1, 2>, shape<16, 32, 16>>, strider::ldmatrix_x1, swizzled_t<contiguous<32, 16>, swizzle<1, 3, 3>>>();
}

TEST_CASE("a tiled copy made with a named allowance compiles where its certificate would refuse", "[tiled_copy]") {
  // The unswizzled stage is 4-way conflicted for ldmatrix (static_tests/compile_fail/
  // tiled_copy_bank_conflict.cpp refuses it without the allowance); with it, the copy is correct.
  using mma = strider::tiled_mma<f16_mma, shape<2, 2>, shape<64, 64, 32>>;
  using TC = strider::tiled_copy_a_t<strider::ldmatrix_x4, mma, strider::allow_bank_conflicts>;
  STATIC_REQUIRE(std::is_same_v<decltype(strider::make_tiled_copy_a<strider::ldmatrix_x4, strider::allow_bank_conflicts>(mma{})), TC>);
  const auto s = numbered<contiguous<64, 32>>(9);
  const strider::tensor_view<const std::uint16_t, contiguous<64, 32>> shared(s.data());
  check_against_partition<TC>(shared, [](const auto& v, index_t t) { return mma::partition_a(v, t); });
  STATIC_REQUIRE(strider::access_t<contiguous<64, 32>, TC::src_layout, 2, 8>::bank_conflicts > 0);
}

TEST_CASE("an ldmatrix tiled copy's rows are one 16-byte access per lane and instruction", "[tiled_copy]") {
  using mma = strider::tiled_mma<f16_mma, shape<2, 2>, shape<128, 128, 32>>;
  using copy_a = strider::tiled_copy_a_t<strider::ldmatrix_x4, mma>;
  STATIC_REQUIRE(copy_a::instructions == 8);  // 4 atoms along M x 2 K blocks, one .x4 each
  STATIC_REQUIRE(copy_a::src_layout::values == 64);
  using copy_b = strider::tiled_copy_b_t<strider::ldmatrix_x4, mma>;
  STATIC_REQUIRE(copy_b::instructions == 8);  // 8 atoms along N x 2 K blocks, two per .x4
  // The certificate copy() requires, as the access picture reads it: 8 instructions of 16 bytes
  // a lane, 4 phases each (8 rows a phase), no conflict through the stage's swizzle.
  using read = strider::access_t<swizzled_t<contiguous<128, 32>, swizzle<2, 3, 3>>, copy_a::src_layout, 2, 8>;
  STATIC_REQUIRE(read::bank_conflicts == 0);
  STATIC_REQUIRE(read::vector_width == 8);
  STATIC_REQUIRE(strider::access_t<contiguous<128, 32>, copy_a::src_layout, 2, 8>::bank_conflicts > 0);
}

// A C fragment (as 16-bit bits) stored by stmatrix, against the partition's element stores.
template <class Mma, class Atom, class Tile>
void check_c() {
  INFO("C " << Mma::tile_m << " x " << Mma::tile_n << ", warps " << Mma::warps_m << " x " << Mma::warps_n << ", .x" << Atom::matrices);
  using TC = strider::tiled_copy_c_t<Atom, Mma>;
  using F = typename TC::fragment_type;
  std::vector<F> f(static_cast<std::size_t>(Mma::threads));
  for (std::size_t t = 0; t < f.size(); ++t)
    for (index_t v = 0; v < F::size; ++v) f[t][v] = static_cast<std::uint16_t>(t * 131 + static_cast<std::size_t>(v) * 7 + 1);
  std::vector<std::uint16_t> by_copy(static_cast<std::size_t>(Tile::storage_size), 0), by_partition(static_cast<std::size_t>(Tile::storage_size), 0);
  const strider::tensor_view<std::uint16_t, Tile> copied(by_copy.data()), stored(by_partition.data());
  strider::host_copy(TC{}, f.data(), copied);
  for (index_t t = 0; t < Mma::threads; ++t) copy(f[static_cast<std::size_t>(t)], strider::partition(stored, typename Mma::c_layout{}, t));
  CHECK(by_copy == by_partition);
}

TEST_CASE("a stmatrix tiled copy stores each thread's C fragment where the partition does", "[tiled_copy]") {
  check_c<strider::tiled_mma<f16_mma, shape<2, 2>, shape<64, 64, 16>>, strider::stmatrix_x4, swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>>();
  check_c<strider::tiled_mma<f16_mma, shape<4, 1>, shape<64, 128, 16>>, strider::stmatrix_x4, swizzled_t<contiguous<64, 128>, swizzle<3, 3, 4>>>();
  check_c<strider::tiled_mma<f16_mma, shape<2, 2>, shape<64, 64, 16>>, strider::stmatrix_x2, strider::layout<shape<64, 64>, strider::strides<72, 1>>>();
}

// --- vector copies -----------------------------------------------------------------------------

using matrix = strider::layout<shape<strider::dyn, strider::dyn>, strider::strides<strider::dyn, 1>>;
using tiles = strider::tile_t<matrix, strider::masked, 64, 32>;
using copy_tv = strider::thread_value_t<contiguous<16, 4>, contiguous<1, 8>>;  // 64 threads over 16 x 32
using stage = swizzled_t<contiguous<64, 32>, swizzle<2, 3, 3>>;

template <strider::out_of_bounds OutOfBounds>
index_t wrong_tile_elements(index_t m, index_t k) {
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k));
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::uint16_t>(i + 1);
  const strider::tensor_view<const std::uint16_t, matrix> av(a.data(), matrix(m, k, k));
  const auto t = strider::tile<strider::masked, 64, 32>(av);
  using g2s = strider::tiled_copy<strider::cp_async<16, strider::cache_operator::cg, OutOfBounds>, copy_tv, std::uint16_t>;
  index_t wrong = 0;
  const auto counts = t.tile_counts();
  for (index_t bm = 0; bm < counts[0]; ++bm)
    for (index_t kt = 0; kt < counts[1]; ++kt) {
      std::vector<std::uint16_t> s(static_cast<std::size_t>(stage::storage_size), 0xffffu);
      const strider::tensor_view<std::uint16_t, stage> sv(s.data());
      for (index_t th = 0; th < g2s::threads; ++th) strider::host_copy(g2s{}, t.tile(bm, kt), sv, th);
      for (index_t r = 0; r < 64; ++r)
        for (index_t c = 0; c < 32; ++c) {
          const index_t gr = bm * 64 + r, gc = kt * 32 + c;
          const bool in = gr < m && gc < k;
          const std::uint16_t want = in ? a[static_cast<std::size_t>(gr * k + gc)] : OutOfBounds == strider::zero_fill ? std::uint16_t{0} : std::uint16_t{0xffffu};
          wrong += sv(r, c) != want;
        }
    }
  return wrong;
}

TEST_CASE("a vector tiled copy moves a block tile as a naive loop does, zeros or nothing past the data", "[tiled_copy]") {
  CHECK(wrong_tile_elements<strider::zero_fill>(64, 32) == 0);
  CHECK(wrong_tile_elements<strider::zero_fill>(130, 72) == 0);  // ragged M and K (a multiple of 8)
  CHECK(wrong_tile_elements<strider::skip>(70, 40) == 0);
  CHECK(wrong_tile_elements<strider::zero_fill>(1, 8) == 0);
}

TEST_CASE("a vector tiled copy of a static tile, certified coalesced and conflict-free", "[tiled_copy]") {
  std::vector<float> g(32 * 64), s(32 * 64, -1.0f);
  for (std::size_t i = 0; i < g.size(); ++i) g[i] = static_cast<float>(i);
  using tv = strider::thread_value_t<contiguous<8, 16>, contiguous<1, 4>>;  // 128 threads, float4 each, over 8 x 64
  using g2s = strider::tiled_copy<strider::cp_async<16>, tv, float>;
  STATIC_REQUIRE(g2s::width == 4);
  using repeated = g2s::layout_over<shape<32, 64>>;
  STATIC_REQUIRE(repeated::values == 16);  // 4 repeats down the rows, 4 floats each
  const strider::tensor_view<const float, contiguous<32, 64>> from(g.data());
  const strider::tensor_view<float, contiguous<32, 64>> to(s.data());
  for (index_t t = 0; t < 128; ++t) strider::host_copy(g2s{}, from, to, t);
  CHECK(s == g);
}

TEST_CASE("universal_copy: a shared tile stored to a masked global tile, nothing past the data", "[tiled_copy]") {
  // An epilogue's store: shared (64 x 32 halves, swizzled) to C's masked tile of a 70 x 40 matrix,
  // each thread's 16-byte vectors; the vectors past the data are not written.
  const index_t m = 70, n = 40;
  std::vector<std::uint16_t> c(static_cast<std::size_t>(m * n), 0xffffu);
  const strider::tensor_view<std::uint16_t, matrix> cv(c.data(), matrix(m, n, n));
  const auto c_tiles = strider::tile<strider::masked, 64, 32>(cv);
  std::vector<std::uint16_t> s(static_cast<std::size_t>(stage::storage_size));
  const strider::tensor_view<std::uint16_t, stage> sv(s.data());
  using s2g = strider::tiled_copy<strider::universal_copy<16, strider::memory_space::shared, strider::memory_space::global>, copy_tv, std::uint16_t>;
  for (index_t bm = 0; bm < 2; ++bm)
    for (index_t bn = 0; bn < 2; ++bn) {
      for (index_t r = 0; r < 64; ++r)
        for (index_t col = 0; col < 32; ++col) sv(r, col) = static_cast<std::uint16_t>((bm * 64 + r) * 1000 + bn * 32 + col);
      for (index_t t = 0; t < s2g::threads; ++t) strider::host_copy(s2g{}, sv, strider::tile_at(c_tiles, bm, bn), t);
    }
  index_t wrong = 0;
  for (index_t r = 0; r < m; ++r)
    for (index_t col = 0; col < n; ++col) wrong += c[static_cast<std::size_t>(r * n + col)] != static_cast<std::uint16_t>(r * 1000 + col);
  CHECK(wrong == 0);
}

TEST_CASE("universal_copy: a masked global tile loaded into shared memory, zeros past the data", "[tiled_copy]") {
  const index_t m = 50, k = 24;
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k));
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::uint16_t>(i + 1);
  const strider::tensor_view<const std::uint16_t, matrix> av(a.data(), matrix(m, k, k));
  std::vector<std::uint16_t> s(static_cast<std::size_t>(stage::storage_size), 0xffffu);
  const strider::tensor_view<std::uint16_t, stage> sv(s.data());
  using g2s = strider::tiled_copy<strider::universal_copy<16>, copy_tv, std::uint16_t>;
  for (index_t t = 0; t < g2s::threads; ++t) strider::host_copy(g2s{}, strider::tile_at(strider::tile<strider::masked, 64, 32>(av), 0, 0), sv, t);
  index_t wrong = 0;
  for (index_t r = 0; r < 64; ++r)
    for (index_t col = 0; col < 32; ++col) wrong += sv(r, col) != (r < m && col < k ? a[static_cast<std::size_t>(r * k + col)] : 0);
  CHECK(wrong == 0);
}

TEST_CASE("a vector tiled copy refuses a vector that runs past the data", "[tiled_copy]") {
  std::vector<std::uint16_t> a(3 * 12);
  const strider::tensor_view<const std::uint16_t, matrix> av(a.data(), matrix(3, 12, 12));
  const auto t = strider::tile<strider::masked, 64, 32>(av);
  std::vector<std::uint16_t> s(static_cast<std::size_t>(stage::storage_size));
  const strider::tensor_view<std::uint16_t, stage> sv(s.data());
  using g2s = strider::tiled_copy<strider::cp_async<16>, copy_tv, std::uint16_t>;
  // Thread 1 copies columns 8 to 15 of row 0: columns 12 to 15 are past K = 12.
  CHECK_THROWS_WITH(strider::host_copy(g2s{}, t.tile(0, 0), sv, 1), "copy: a vector of 8 elements runs past the masked tile's data (an extent not a multiple of the vector)");
}
}  // namespace
