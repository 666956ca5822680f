// The mma.sync atoms' host twins (include/strider/atom/mma.hpp, host_fma) and a tiled MMA's
// fragment traffic, against a naive triple loop. Each lane's fragments are filled by the PTX ISA's
// formulas written here (not by the library's layouts); the values are small integers, so that
// every sum is exact in each accumulator type and the results compare for equality.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <strider/strider.hpp>

#include "catch.hpp"

namespace {
using namespace strider;

struct rc {
  index_t row, column;
};
// The PTX ISA's fragment formulas, g = lane / 4, t = lane % 4, register i.
rc ptx_a(index_t k_extent, index_t lane, index_t i) {
  const index_t g = lane / 4, t = lane % 4;
  if (k_extent == 16) return {g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)};
  if (k_extent == 8) return {g + 8 * (i & 1), t + 4 * (i >> 1)};
  return {g + 8 * ((i >> 2) & 1), 4 * t + (i & 3) + 16 * (i >> 3)};
}
rc ptx_b(index_t k_extent, index_t lane, index_t i) {
  const index_t g = lane / 4, t = lane % 4;
  if (k_extent == 16) return {2 * t + (i & 1) + 8 * (i >> 1), g};
  if (k_extent == 8) return {t + 4 * i, g};
  return {4 * t + (i & 3) + 16 * (i >> 2), g};
}
rc ptx_c(index_t lane, index_t i) { return {lane / 4 + 8 * (i >> 1), 2 * (lane % 4) + (i & 1)}; }

// A (M x K), B (K x N), C (M x N) of small integers; the twin's D against the naive product.
template <class Atom>
void check_atom() {
  constexpr index_t M = Atom::m, N = Atom::n, K = Atom::k;
  using A = typename Atom::a_type::host_type;
  using B = typename Atom::b_type::host_type;
  using C = typename Atom::c_type::host_type;
  std::vector<A> a(M * K);
  std::vector<B> b(K * N);
  std::vector<C> c(M * N);
  for (index_t i = 0; i < M * K; ++i) a[i] = static_cast<A>((i * 7) % 5 - 2);
  for (index_t i = 0; i < K * N; ++i) b[i] = static_cast<B>((i * 3) % 7 - 3);
  for (index_t i = 0; i < M * N; ++i) c[i] = static_cast<C>(i % 9 - 4);
  typename Atom::a_warp fa{};
  typename Atom::b_warp fb{};
  typename Atom::c_warp fc{};
  for (index_t lane = 0; lane < 32; ++lane) {
    for (index_t i = 0; i < Atom::a_layout::values; ++i) {
      const rc e = ptx_a(K, lane, i);
      fa[lane][i] = a[e.row * K + e.column];
    }
    for (index_t i = 0; i < Atom::b_layout::values; ++i) {
      const rc e = ptx_b(K, lane, i);
      fb[lane][i] = b[e.row * N + e.column];
    }
    for (index_t i = 0; i < 4; ++i) {
      const rc e = ptx_c(lane, i);
      fc[lane][i] = c[e.row * N + e.column];
    }
  }
  const typename Atom::c_warp d = Atom::host_fma(fa, fb, fc);
  for (index_t lane = 0; lane < 32; ++lane)
    for (index_t i = 0; i < 4; ++i) {
      const rc e = ptx_c(lane, i);
      double expected = static_cast<double>(c[e.row * N + e.column]);
      for (index_t k = 0; k < K; ++k) expected += static_cast<double>(a[e.row * K + k]) * static_cast<double>(b[k * N + e.column]);
      INFO("lane " << lane << " register " << i);
      CHECK(static_cast<double>(d[lane][i]) == expected);
    }
}

TEST_CASE("each mma atom's host twin computes D = A B + C over the PTX fragments", "[atom]") {
  check_atom<mma_m16n8k16<f16, f16, f32>>();
  check_atom<mma_m16n8k16<f16, f16, f16>>();
  check_atom<mma_m16n8k16<bf16, bf16, f32>>();
  check_atom<mma_m16n8k8<tf32, tf32, f32>>();
  check_atom<mma_m16n8k32<s8, s8, s32>>();
}

TEST_CASE("the tf32 twin reads A and B as the instruction does: a float's lower 13 bits ignored", "[atom]") {
  using tf32_atom = mma_m16n8k8<tf32, tf32, f32>;
  tf32_atom::a_warp a{};
  tf32_atom::b_warp b{};
  tf32_atom::c_warp c{};
  // Lane 0's a0 is A(0, 0) and b0 is B(0, 0).
  a[0][0] = 1.0f + 0x1p-20f, b[0][0] = 1.0f;
  CHECK(tf32_atom::host_fma(a, b, c)[0][0] == 1.0f);
  a[0][0] = 1.0f + 0x1p-10f + 0x1p-11f, b[0][0] = 3.0f;  // truncated, not rounded: (1 + 2^-10) * 3
  CHECK(tf32_atom::host_fma(a, b, c)[0][0] == 3.0f + 0x1.8p-9f);
}

TEST_CASE("the twin rounds an f16 accumulator once, and an s32 one wraps", "[atom]") {
  using half_atom = mma_m16n8k16<f16, f16, f16>;
  half_atom::a_warp a{};
  half_atom::b_warp b{};
  half_atom::c_warp c{};
  c[0][0] = 2049.0f;  // + 0 is 2049, between the halves 2048 and 2050: ties to even, 2048
  CHECK(half_atom::host_fma(a, b, c)[0][0] == 2048.0f);
  // Lane 0 holds A(0, 0), A(0, 1) in a0, a1 and B(0, 0), B(1, 0) in b0, b1: D(0, 0) = 1 + 2^-11
  // + 2^-38, just past halfway between the halves 1 and 1 + 2^-10. Rounded to float first, the
  // 2^-38 would go and the tie would round to 1.
  half_atom::a_warp ha{};
  half_atom::b_warp hb{};
  half_atom::c_warp hc{};
  ha[0][0] = 0x1p-11f, ha[0][1] = 0x1p-24f, hb[0][0] = 1.0f, hb[0][1] = 0x1p-14f, hc[0][0] = 1.0f;
  CHECK(half_atom::host_fma(ha, hb, hc)[0][0] == 1.0f + 0x1p-10f);
  using int_atom = mma_m16n8k32<s8, s8, s32>;
  int_atom::a_warp ia{};
  int_atom::b_warp ib{};
  int_atom::c_warp ic{};
  ic[0][0] = INT32_MAX;
  // lane 0's a0 is A(0, 0), b0 is B(0, 0): D(0, 0) = INT32_MAX + 1 wraps to INT32_MIN.
  ia[0][0] = 1;
  ib[0][0] = 1;
  CHECK(int_atom::host_fma(ia, ib, ic)[0][0] == INT32_MIN);
}

// A kernel's fragment traffic on the host: a block of 2 x 2 warps over a 64 x 32 x 32 tile. Each
// thread gathers its A, B and C values through the tiled layouts, each warp issues its atoms in
// the twin (repeats along M, N and K), and each thread writes its C values back; the block's C
// equals the naive product.
TEST_CASE("tiled_mma's fragments carry a block's GEMM through the atom's twin", "[atom]") {
  using atom = mma_m16n8k16<f16, f16, f32>;
  using block = tiled_mma<atom, shape<2, 2>, shape<64, 32, 32>>;
  constexpr index_t M = block::tile_m, N = block::tile_n, K = block::tile_k;
  std::vector<float> a(M * K), b(K * N), c(M * N, 1.0f), expected(M * N, 1.0f);
  for (index_t i = 0; i < M * K; ++i) a[i] = static_cast<float>((i * 5) % 7 - 3);
  for (index_t i = 0; i < K * N; ++i) b[i] = static_cast<float>((i * 11) % 5 - 2);
  for (index_t m = 0; m < M; ++m)
    for (index_t n = 0; n < N; ++n)
      for (index_t k = 0; k < K; ++k) expected[m * N + n] += a[m * K + k] * b[k * N + n];
  constexpr index_t rm = block::repeats_m, rn = block::repeats_n, rk = block::repeats_k;
  for (index_t warp = 0; warp < block::threads / 32; ++warp)
    for (index_t i = 0; i < rm; ++i)
      for (index_t j = 0; j < rn; ++j) {
        atom::c_warp acc{};
        for (index_t lane = 0; lane < 32; ++lane)
          for (index_t r = 0; r < 4; ++r) acc[lane][r] = c[block::c_layout::element(warp * 32 + lane, (i * rn + j) * 4 + r)];
        for (index_t kk = 0; kk < rk; ++kk) {
          atom::a_warp fa{};
          atom::b_warp fb{};
          for (index_t lane = 0; lane < 32; ++lane) {
            for (index_t r = 0; r < 8; ++r) fa[lane][r] = a[block::a_layout::element(warp * 32 + lane, (i * rk + kk) * 8 + r)];
            for (index_t r = 0; r < 4; ++r) fb[lane][r] = b[block::b_layout::element(warp * 32 + lane, (kk * rn + j) * 4 + r)];
          }
          acc = atom::host_fma(fa, fb, acc);
        }
        for (index_t lane = 0; lane < 32; ++lane)
          for (index_t r = 0; r < 4; ++r) c[block::c_layout::element(warp * 32 + lane, (i * rn + j) * 4 + r)] = acc[lane][r];
      }
  CHECK(c == expected);

  // The same through a view: tf32 takes float, and partition_c of a float tile is the thread's
  // values (one warp, one atom).
  using tf = tiled_mma<mma_m16n8k8<tf32, tf32, f32>, shape<1, 1>, shape<16, 8, 8>>;
  std::vector<float> tile(16 * 8);
  for (index_t e = 0; e < 16 * 8; ++e) tile[e] = static_cast<float>(e);
  const auto mine = tf::partition_c(tensor_view<float, contiguous<16, 8>>(tile.data()), 5);  // lane 5: g 1, t 1
  CHECK(mine(0, 0) == 1 * 8 + 2);
  CHECK(mine(1, 1) == 9 * 8 + 3);
}
}  // namespace

namespace {
// ldmatrix.x4's host twin reading m16n8k16's A from a 16 x 16 tile of 16-bit values: lane l
// points at row l % 16, column 8 (l / 16) (matrix l / 8 at rows 8 (j % 2), columns 8 (j / 2)),
// and each lane's registers, unpacked lower half first, are its A fragment by the PTX formulas.
// stmatrix's twin writes them back to a second tile, which then equals the first.
TEST_CASE("ldmatrix's and stmatrix's twins move m16n8k16's A fragment", "[atom]") {
  std::uint16_t tile[16 * 16];
  for (std::uint16_t e = 0; e < 16 * 16; ++e) tile[e] = static_cast<std::uint16_t>(1000 + e);
  std::array<const std::uint16_t*, 32> rows{};
  for (std::size_t lane = 0; lane < 32; ++lane) rows[lane] = tile + (lane % 16) * 16 + 8 * (lane / 16);
  const ldmatrix_x4::registers_t registers = ldmatrix_x4::host_load(rows);
  for (index_t lane = 0; lane < 32; ++lane)
    for (index_t i = 0; i < 8; ++i) {
      const rc e = ptx_a(16, lane, i);
      const std::uint32_t r = registers[static_cast<std::size_t>(lane)][static_cast<std::size_t>(i / 2)];
      INFO("lane " << lane << " value " << i);
      CHECK(static_cast<std::uint16_t>(r >> (16 * (i % 2))) == tile[e.row * 16 + e.column]);
    }
  std::uint16_t back[16 * 16] = {};
  std::array<std::uint16_t*, 32> out_rows{};
  for (std::size_t lane = 0; lane < 32; ++lane) out_rows[lane] = back + (lane % 16) * 16 + 8 * (lane / 16);
  stmatrix_x4::host_store(out_rows, registers);
  CHECK(std::equal(tile, tile + 256, back));
  // .trans: lane L's register j holds matrix j's column L / 4, rows 2 (L % 4) and + 1.
  std::array<const std::uint16_t*, 32> one_matrix{};
  for (std::size_t lane = 0; lane < 32; ++lane) one_matrix[lane] = tile + (lane % 8) * 16;
  const ldmatrix_x1_trans::registers_t t = ldmatrix_x1_trans::host_load(one_matrix);
  CHECK(t[5][0] == (tile[2 * 16 + 1] | (std::uint32_t{tile[3 * 16 + 1]} << 16)));
}
}  // namespace

namespace {
// cp.async's twin: 16 bytes copied where in bounds; out of bounds, zeros (zero_fill) or the
// destination untouched (skip).
TEST_CASE("cp_async's twin copies, zero-fills or skips as its type says", "[atom]") {
  const float source[4] = {1, 2, 3, 4};
  float dst[4] = {9, 9, 9, 9};
  cp_async<16, cache_operator::cg>::host_copy(dst, source, true);
  CHECK((dst[0] == 1 && dst[3] == 4));
  cp_async<16, cache_operator::cg>::host_copy(dst, source, false);
  CHECK((dst[0] == 0 && dst[1] == 0 && dst[2] == 0 && dst[3] == 0));
  float kept[2] = {7, 7};
  cp_async<8, cache_operator::ca, skip>::host_copy(kept, source, false);
  CHECK((kept[0] == 7 && kept[1] == 7));
  cp_async<8, cache_operator::ca, skip>::host_copy(kept, source + 2, true);
  CHECK((kept[0] == 3 && kept[1] == 4));
}
}  // namespace

TEST_CASE("require_fragment's comparison finds the first differing lane and register a brute-force loop finds", "[atom]") {
  // compare_fragments checks threads + values elements, not every pair: against every pair in
  // (thread, value) order, over random thread-value layouts of one shape (raw values: only
  // element() is read, so no coverage rule applies).
  std::mt19937_64 rng{20261201};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int differing = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    strider::thread_value_value e{}, a{};
    const std::size_t rank = static_cast<std::size_t>(pick(2, 5));
    e.layout.rank = a.layout.rank = rank;
    e.value_rank = a.value_rank = static_cast<std::size_t>(pick(1, static_cast<index_t>(rank) - 1));
    e.tile_rank = a.tile_rank = 2;
    e.tile_shape[0] = a.tile_shape[0] = 64, e.tile_shape[1] = a.tile_shape[1] = 64;
    for (std::size_t d = 0; d < rank; ++d) {
      e.layout.shape[d] = a.layout.shape[d] = pick(1, 4);
      e.layout.strides[d] = pick(0, 9);
      a.layout.strides[d] = pick(0, 3) == 0 ? pick(0, 9) : e.layout.strides[d];  // mostly the same
    }
    e.layout.offset = pick(0, 2);
    a.layout.offset = pick(0, 3) == 0 ? pick(0, 2) : e.layout.offset;
    strider::detail::fragment_comparison brute{};
    for (index_t t = 0; t < e.threads() && brute.lane < 0; ++t)
      for (index_t v = 0; v < e.values() && brute.lane < 0; ++v)
        if (e.element(t, v) != a.element(t, v)) brute = {true, t, v, e.element(t, v), a.element(t, v)};
    const strider::detail::fragment_comparison got = strider::detail::compare_fragments(e, a);
    CHECK(got.lane == brute.lane);
    CHECK(got.value == brute.value);
    if (brute.lane >= 0) {
      ++differing;
      CHECK(got.expected == brute.expected);
      CHECK(got.actual == brute.actual);
    }
  }
  CHECK(differing > 500);
}
