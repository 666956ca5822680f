// The mma.sync atoms' fragments (include/strider/atom/mma.hpp), every lane and register of each
// atom's A, B and C, against two references written apart from the library: the PTX ISA's
// fragment formulas (g = lane / 4, t = lane % 4, register i), and CuTe's traits for SM80
// (mma_traits_sm80.hpp: column-major layouts over (M, K), (N, K) and (M, N), thread mode
// (4, 8), mirrored here to strider's C-order tiles).
#include <strider/strider.hpp>

#include "static_test.hpp"

namespace {
using namespace strider;

// --- the PTX ISA's formulas, as (row, column) of each operand's tile ----------------------------
struct rc {
  index_t row, column;
};
enum class operand { a, b, c };
enum class ptx_shape { m16n8k16, m16n8k8_tf32, m16n8k32_s8 };
constexpr rc ptx_element(ptx_shape s, operand o, index_t lane, index_t i) {
  const index_t g = lane / 4, t = lane % 4;
  if (o == operand::c) return {g + 8 * (i >> 1), 2 * t + (i & 1)};  // every m16n8 accumulator
  switch (s) {
    case ptx_shape::m16n8k16:
      if (o == operand::a) return {g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)};
      return {2 * t + (i & 1) + 8 * (i >> 1), g};  // B: (k, n)
    case ptx_shape::m16n8k8_tf32:
      if (o == operand::a) return {g + 8 * (i & 1), t + 4 * (i >> 1)};
      return {t + 4 * i, g};
    case ptx_shape::m16n8k32_s8:
      if (o == operand::a) return {g + 8 * ((i >> 2) & 1), 4 * t + (i & 3) + 16 * (i >> 3)};
      return {4 * t + (i & 3) + 16 * (i >> 2), g};
  }
  return {-1, -1};
}
template <class TV>
constexpr bool matches_ptx(ptx_shape s, operand o, index_t values) {
  if (TV::threads != 32 || TV::values != values) return false;
  for (index_t lane = 0; lane < 32; ++lane)
    for (index_t i = 0; i < values; ++i) {
      const rc e = ptx_element(s, o, lane, i);
      if (TV::element(lane, i) != e.row * TV::tile_shape[1] + e.column) return false;
    }
  return true;
}
template <class Atom>
constexpr bool atom_matches_ptx(ptx_shape s, index_t a_values, index_t b_values) {
  return matches_ptx<typename Atom::a_layout>(s, operand::a, a_values) && matches_ptx<typename Atom::b_layout>(s, operand::b, b_values) &&
         matches_ptx<typename Atom::c_layout>(s, operand::c, 4);
}
static_assert(atom_matches_ptx<mma_m16n8k16<f16, f16, f32>>(ptx_shape::m16n8k16, 8, 4));
static_assert(atom_matches_ptx<mma_m16n8k16<f16, f16, f16>>(ptx_shape::m16n8k16, 8, 4));
static_assert(atom_matches_ptx<mma_m16n8k16<bf16, bf16, f32>>(ptx_shape::m16n8k16, 8, 4));
static_assert(atom_matches_ptx<mma_m16n8k8<tf32, tf32, f32>>(ptx_shape::m16n8k8_tf32, 4, 2));
static_assert(atom_matches_ptx<mma_m16n8k32<s8, s8, s32>>(ptx_shape::m16n8k32_s8, 16, 8));

// The tiles, register counts and element types.
using h16 = mma_m16n8k16<f16, f16, f32>;
static_assert(h16::m == 16 && h16::n == 8 && h16::k == 16);
static_assert(h16::a_layout::tile_shape == std::array<index_t, 2>{16, 16} && h16::b_layout::tile_shape == std::array<index_t, 2>{16, 8});
static_assert(h16::c_layout::tile_shape == std::array<index_t, 2>{16, 8});
static_assert(h16::a_registers == 4 && h16::b_registers == 2 && h16::c_registers == 4 && mma_m16n8k16<f16, f16, f16>::c_registers == 2);
static_assert(mma_m16n8k32<s8, s8, s32>::a_registers == 4 && mma_m16n8k32<s8, s8, s32>::b_registers == 2 && mma_m16n8k8<tf32, tf32, f32>::a_registers == 4);
static_assert(std::is_same_v<h16::a_type, f16> && std::is_same_v<h16::c_type, f32> && std::is_same_v<mma_m16n8k32<s8, s8, s32>::d_type, s32>);
// The examples of the atoms' comments.
static_assert(h16::a_layout::element(5, 3) == 9 * 16 + 3);
static_assert(mma_m16n8k8<tf32, tf32, f32>::b_layout::element(6, 1) == (2 + 4) * 8 + 1);
static_assert(mma_m16n8k32<s8, s8, s32>::a_layout::element(1, 13) == 8 * 32 + 21);

// --- CuTe's traits: ((4, 8), values) : ((s_t0, s_t1), value strides), column-major ----------------
// thread T = t0 + 4 t1 is the lane; value v is column-major over the value modes; the offset is
// a column-major index in CuTe's tile (M, K) for A, (N, K) for B, (M, N) for C.
struct cute_tv {
  index_t thread_strides[2];
  index_t value_shape[3];
  index_t value_strides[3];
  index_t rows;  // the first extent of CuTe's tile (M for A and C, N for B)
};
constexpr index_t cute_offset(const cute_tv& l, index_t lane, index_t v) {
  index_t offset = (lane % 4) * l.thread_strides[0] + (lane / 4) * l.thread_strides[1];
  for (int d = 0; d < 3; ++d) {
    offset += (v % l.value_shape[d]) * l.value_strides[d];
    v /= l.value_shape[d];
  }
  return offset;
}
// CuTe's A and C are (M, K) and (M, N): strider's same tile in C order. CuTe's B is (N, K):
// strider's B is (K, N), the transpose.
template <class TV>
constexpr bool matches_cute(const cute_tv& l, bool transposed) {
  for (index_t lane = 0; lane < 32; ++lane)
    for (index_t v = 0; v < TV::values; ++v) {
      const index_t o = cute_offset(l, lane, v), first = o % l.rows, second = o / l.rows;
      const index_t expected = transposed ? second * TV::tile_shape[1] + first : first * TV::tile_shape[1] + second;
      if (TV::element(lane, v) != expected) return false;
    }
  return true;
}
// SM80_16x8x16_F32F16F16F32_TN (and the F16 accumulator form): A ((4,8),(2,2,2)):((32,1),(16,8,128)),
// B ((4,8),(2,2)):((16,1),(8,64)), C ((4,8),(2,2)):((32,1),(16,8)).
static_assert(matches_cute<h16::a_layout>({{32, 1}, {2, 2, 2}, {16, 8, 128}, 16}, false));
static_assert(matches_cute<h16::b_layout>({{16, 1}, {2, 2, 1}, {8, 64, 0}, 8}, true));
static_assert(matches_cute<h16::c_layout>({{32, 1}, {2, 2, 1}, {16, 8, 0}, 16}, false));
// SM80_16x8x8_F32TF32TF32F32_TN: A ((4,8),(2,2)):((16,1),(8,64)), B ((4,8),2):((8,1),32).
static_assert(matches_cute<mma_m16n8k8<tf32, tf32, f32>::a_layout>({{16, 1}, {2, 2, 1}, {8, 64, 0}, 16}, false));
static_assert(matches_cute<mma_m16n8k8<tf32, tf32, f32>::b_layout>({{8, 1}, {2, 1, 1}, {32, 0, 0}, 8}, true));
// SM80_16x8x32_S32S8S8S32_TN: A ((4,8),(4,2,2)):((64,1),(16,8,256)), B ((4,8),(4,2)):((32,1),(8,128)).
static_assert(matches_cute<mma_m16n8k32<s8, s8, s32>::a_layout>({{64, 1}, {4, 2, 2}, {16, 8, 256}, 16}, false));
static_assert(matches_cute<mma_m16n8k32<s8, s8, s32>::b_layout>({{32, 1}, {4, 2, 1}, {8, 128, 0}, 8}, true));
static_assert(matches_cute<mma_m16n8k32<s8, s8, s32>::c_layout>({{32, 1}, {2, 2, 1}, {16, 8, 0}, 16}, false));

// --- the element tags and their host rounding --------------------------------------------------
static_assert(f16::bits == 16 && bf16::bits == 16 && tf32::bits == 32 && s8::bits == 8 && f16::name == "f16");
static_assert(f16::round(1.00048828125f) == 1.0f && f16::round(1.00146484375f) == 1.001953125f);  // ties to even, both ways
static_assert(f16::round(65519.0f) == 65504.0f && f16::round(65520.0f) == __builtin_huge_valf() && f16::round(-70000.0f) == -__builtin_huge_valf());
static_assert(f16::round(0x1p-25f) == 0.0f && f16::round(0x1.8p-24f) == 0x1p-23f && f16::round(0x1p-24f) == 0x1p-24f);  // subnormals
static_assert(bf16::round(1.00390625f) == 1.0f && bf16::round(1.01171875f) == 1.015625f && tf32::round(1.0f + 0x1p-11f) == 1.0f);
static_assert(tf32::operand(1.0f + 0x1p-20f) == 1.0f && tf32::operand(1.0f + 0x1.8p-10f) == 1.0f + 0x1p-10f && tf32::operand(-1.5f) == -1.5f);  // truncated
static_assert(f16::round(1.0 + 0x1p-11 + 0x1p-38) == 1.0f + 0x1p-10f && f16::operand(1.0f + 0x1p-12f) == 1.0f);  // one rounding from double
static_assert(holds_element_v<f32, float> && holds_element_v<tf32, float> && holds_element_v<s8, std::int8_t> && holds_element_v<f16, std::uint16_t>);
static_assert(!holds_element_v<f16, float> && !holds_element_v<s32, float> && !holds_element_v<f32, double>);

// --- tiled_mma: the atom over warps and repeats, against the atom's formulas -------------------
// One thread's element of the block tile, from the atom's PTX element: warp (wm, wn), repeat
// (i, j) along the tile's rows and columns, register r.
template <class T>
constexpr bool tiled_matches(ptx_shape s, operand o, index_t atom_values) {
  const index_t rows = o == operand::b ? T::tile_k : T::tile_m, columns = o == operand::a ? T::tile_k : T::tile_n;
  const index_t ar = o == operand::b ? T::atom::k : T::atom::m, ac = o == operand::a ? T::atom::k : T::atom::n;
  const index_t wr = o == operand::b ? 1 : T::warps_m, wc = o == operand::a ? 1 : T::warps_n;
  const index_t repeats_rows = rows / (ar * wr), repeats_columns = columns / (ac * wc);
  for (index_t thread = 0; thread < T::threads; ++thread) {
    const index_t warp = thread / 32, lane = thread % 32, wm = warp / T::warps_n, wn = warp % T::warps_n;
    const index_t warp_row = o == operand::b ? 0 : wm, warp_column = o == operand::a ? 0 : wn;
    for (index_t i = 0; i < repeats_rows; ++i)
      for (index_t j = 0; j < repeats_columns; ++j)
        for (index_t r = 0; r < atom_values; ++r) {
          const rc e = ptx_element(s, o, lane, r);
          const index_t row = (warp_row + wr * i) * ar + e.row, column = (warp_column + wc * j) * ac + e.column;
          const index_t v = (i * repeats_columns + j) * atom_values + r;
          index_t got = -1;
          if (o == operand::a) got = T::a_layout::element(thread, v);
          else if (o == operand::b) got = T::b_layout::element(thread, v);
          else got = T::c_layout::element(thread, v);
          if (got != row * columns + column) return false;
        }
  }
  return true;
}
using block_2x2 = tiled_mma<h16, shape<2, 2>, shape<64, 32, 32>>;
static_assert(block_2x2::threads == 128 && block_2x2::repeats_m == 2 && block_2x2::repeats_n == 2 && block_2x2::repeats_k == 2);
static_assert(tiled_matches<block_2x2>(ptx_shape::m16n8k16, operand::a, 8));
static_assert(tiled_matches<block_2x2>(ptx_shape::m16n8k16, operand::b, 4));
static_assert(tiled_matches<block_2x2>(ptx_shape::m16n8k16, operand::c, 4));
static_assert(block_2x2::a_layout::is_replicated && block_2x2::b_layout::is_replicated && !block_2x2::c_layout::is_replicated);
// (Each check its own static_assert: clang's constant evaluator counts steps per expression.)
using block_2x1_s8 = tiled_mma<mma_m16n8k32<s8, s8, s32>, shape<2, 1>, shape<32, 16, 64>>;
static_assert(tiled_matches<block_2x1_s8>(ptx_shape::m16n8k32_s8, operand::a, 16));
static_assert(tiled_matches<block_2x1_s8>(ptx_shape::m16n8k32_s8, operand::b, 8));
static_assert(tiled_matches<block_2x1_s8>(ptx_shape::m16n8k32_s8, operand::c, 4));
static_assert(!block_2x1_s8::a_layout::is_replicated && block_2x1_s8::b_layout::is_replicated);
using block_1x2_tf32 = tiled_mma<mma_m16n8k8<tf32, tf32, f32>, shape<1, 2>, shape<32, 32, 16>>;
static_assert(tiled_matches<block_1x2_tf32>(ptx_shape::m16n8k8_tf32, operand::a, 4));
static_assert(tiled_matches<block_1x2_tf32>(ptx_shape::m16n8k8_tf32, operand::b, 2));
static_assert(tiled_matches<block_1x2_tf32>(ptx_shape::m16n8k8_tf32, operand::c, 4));
// One warp, one atom: the tiled layouts are the atom's.
using one_atom = tiled_mma<h16, shape<1, 1>, shape<16, 8, 16>>;
static_assert(std::is_same_v<require_fragment_t<h16::a_layout, one_atom::a_layout>, one_atom::a_layout>);
static_assert(std::is_same_v<require_fragment_t<h16::c_layout, one_atom::c_layout>, one_atom::c_layout>);
// The comment's example: one warp over (32, 16, 16), thread 0's C values.
using two_by_two = tiled_mma<h16, shape<1, 1>, shape<32, 16, 16>>;
static_assert(two_by_two::c_layout::element(0, 0) == 0 && two_by_two::c_layout::element(0, 1) == 1 && two_by_two::c_layout::element(0, 2) == 8 * 16 &&
              two_by_two::c_layout::element(0, 4) == 8 && two_by_two::c_layout::element(0, 5) == 9);

// A partition of a shared tile by the tiled layouts: thread 37 (warp 1: wm 0, wn 1, lane 5) of
// block_2x2 holds A's (9, 3) as its value 3, and C's (1, 8 + 3) as value 1. The partitions' axes
// are the tiled layout's value axes, with neighbours that make one run merged (A's repeats
// along K and its register bit 2): index a partition as the flat value list it numbers.
static_assert(block_2x2::a_layout::value_rank == 4 && block_2x2::partition_a(contiguous<64, 32>{}, 37)(0, 0, 1, 1) == 9 * 32 + 3);
static_assert(block_2x2::partition_c(contiguous<64, 32>{}, 37)(0, 0, 0, 1) == 1 * 32 + 8 + 3);

// The hand-written fragment a kernel author writes for m16n8k16's C: the same elements.
using my_c = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<8, 2, 64, 1>>, 2, shape<16, 8>>;
static_assert(std::is_same_v<require_fragment_t<h16::c_layout, my_c>, my_c>);
}  // namespace

// The 16-bit conversions at compile time (their run-time twin is compared with NumPy's float16 and
// PyTorch's bfloat16 in runtime_tests/differential/conversion_test.cpp): IEEE half's worked values.
namespace conversions {
using strider::bf16;
using strider::f16;
static_assert(f16::to_bits(1.0f) == 0x3c00u && f16::to_bits(-2.0f) == 0xc000u);
static_assert(f16::to_bits(65504.0f) == 0x7bffu && f16::to_bits(65520.0f) == 0x7c00u);  // the largest half; past it, infinity
static_assert(f16::to_bits(0x1p-24f) == 0x0001u && f16::to_bits(0x1p-25f) == 0x0000u);   // the smallest subnormal; half of it, a tie to zero
static_assert(f16::to_bits(1.00048828125f) == 0x3c00u && f16::to_bits(1.00146484375f) == 0x3c02u);  // ties, to even
static_assert(f16::to_bits(__builtin_nanf("")) == 0x7fffu && bf16::to_bits(-__builtin_nanf("")) == 0x7fffu);  // PTX's canonical NaN
static_assert(f16::from_bits(0x0001u) == 0x1p-24f && f16::from_bits(0xfc00u) == -__builtin_huge_valf());
static_assert(bf16::to_bits(1.0f) == 0x3f80u && bf16::to_bits(1.00390625f) == 0x3f80u && bf16::to_bits(1.01171875f) == 0x3f82u);  // ties, to even
static_assert(f16::pack2(1.0f, -2.0f) == 0xc0003c00u && f16::unpack2(0xc0003c00u).lo == 1.0f && bf16::unpack2(bf16::pack2(0.5f, 3.0f)).hi == 3.0f);
}  // namespace conversions
