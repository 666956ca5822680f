// The kernel body of examples/cuda/hgemm.cu: C = A * B^T in half precision (A: M x K, B: N x K,
// C: M x N, all row-major; "TN"), with float or half accumulation, M, N and K at run time. A
// block computes a 128 x 128 tile of C with 4 warps (2 x 2), each issuing mma.sync m16n8k16 over
// a 64 x 64 part; A's and B's 128 x 32 tiles go through a 3-stage swizzled shared buffer by
// cp.async (zero-filled past M, N and K), and each warp's fragments come from it by ldmatrix.
//
// The kernel is written in strider's verbs only: tiled copies (cp.async from global to shared,
// ldmatrix from shared to the fragments), gemm, and copy of the C fragment to C's partition. Each
// verb proves what it issues at compile time: the stage buffer's byte budget, the shared writes'
// and the ldmatrix reads' conflict-freedom, ldmatrix's registers being the MMA's fragments.
// runtime_tests/hgemm_twin_test.cpp runs the same verbs' host twins in the kernel's order.
#pragma once

#include <cstdint>

#include <strider/access.hpp>
#include <strider/atom.hpp>
#include <strider/storage/masked_view.hpp>
#include <strider/storage/view.hpp>

namespace hgemm {

using strider::dyn;
using strider::index_t;

inline constexpr index_t block_m = 128, block_n = 128, block_k = 32, stages = 3;
inline constexpr index_t threads = 128;  // 4 warps, 2 along M and 2 along N

/// The block's MMA: m16n8k16 over 128 x 128 x 32 by 2 x 2 warps (each warp 4 x 8 atoms per K
/// step of 16, two K steps per stage). Acc is strider::f32 or strider::f16.
template <class Acc>
using block_mma = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, Acc>, strider::shape<2, 2>, strider::shape<block_m, block_n, block_k>>;

// --- shared memory -----------------------------------------------------------------------------
// One stage of A or B: 128 rows of 32 halves (64 bytes), read through Swizzle<2, 3, 3>: 8-half
// chunks (16 bytes) stay whole, and the chunk index of row r is XORed with (r / 2) % 4.
using stage_tile = strider::swizzled_t<strider::contiguous<block_m, block_k>, strider::swizzle<2, 3, 3>>;
using stage_buffer = strider::staged_t<stages, stage_tile>;
using shared_budget = strider::require_shared_memory<48 * 1024, strider::shared_buffer<stage_buffer, std::uint16_t>, strider::shared_buffer<stage_buffer, std::uint16_t>>;
static_assert(shared_budget::bytes == 48 * 1024);  // static shared memory, no opt-in needed

// --- the copies: global to shared by cp.async, shared to registers by ldmatrix -------------------
// 128 threads over a 32 x 32 part of a stage, 4 threads per row, 8 halves (16 bytes) each,
// repeated 4 times down a stage. copy() proves at compile time that the swizzled stage's writes
// are conflict-free at 16 bytes; the masked global tile's reads are not certified (its row
// stride is K, a run-time value).
using g2s_tv = strider::thread_value_t<strider::contiguous<32, 4>, strider::contiguous<1, 8>>;
using g2s = strider::tiled_copy<strider::cp_async<16, strider::cache_operator::cg, strider::zero_fill>, g2s_tv, std::uint16_t>;
// A's fragments by ldmatrix.x4 (one atom's A per instruction), B's by ldmatrix.x4 too (two atoms
// along N per instruction): B is stored N x K, so its K runs along the stage's rows and the
// non-transposed matrices are B's fragments. copy() proves the rows conflict-free through the
// swizzle and each row 16 contiguous bytes; the registers are the fragments by construction.
// (Types, not constexpr objects: device code cannot read a host variable.)
template <class Acc>
using s2r_a = strider::tiled_copy_a_t<strider::ldmatrix_x4, block_mma<Acc>>;
template <class Acc>
using s2r_b = strider::tiled_copy_b_t<strider::ldmatrix_x4, block_mma<Acc>>;

// --- the operands' global layouts and their masked block tilings (made on the host) ---------------
using operand_layout = strider::layout<strider::shape<dyn, dyn>, strider::strides<dyn, 1>>;  // rows x K, row-major
using operand_tiles = strider::tile_t<operand_layout, strider::masked, block_m, block_k>;
using c_tiles = strider::tile_t<operand_layout, strider::masked, block_m, block_n>;

/// The problem as the kernel takes it (one struct of views, made on the host). K must be a
/// multiple of 8 (whole 16-byte copies): checked by make_problem.
struct problem {
  strider::masked_view<const std::uint16_t, operand_tiles> a;  // (tiles of M, tiles of K, 128, 32)
  strider::masked_view<const std::uint16_t, operand_tiles> b;  // (tiles of N, tiles of K, 128, 32)
  strider::masked_view<std::uint16_t, c_tiles> c;               // (tiles of M, tiles of N, 128, 128)
  index_t k_tiles = 0;
};

/// The tilings, on the host.
inline problem make_problem(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c, index_t m, index_t n, index_t k) {
  if (k % 8 != 0) throw strider::layout_error("hgemm: K is {}; the 16-byte copies need a multiple of 8", k);
  const strider::tensor_view<const std::uint16_t, operand_layout> av(a, operand_layout(m, k, k));
  const strider::tensor_view<const std::uint16_t, operand_layout> bv(b, operand_layout(n, k, k));
  const strider::tensor_view<std::uint16_t, operand_layout> cv(c, operand_layout(m, n, n));
  return {strider::tile<strider::masked, block_m, block_k>(av), strider::tile<strider::masked, block_m, block_k>(bv),
          strider::tile<strider::masked, block_m, block_n>(cv), (k + block_k - 1) / block_k};
}

/// Stage s of a buffer as a view (128 x 32, swizzled; the swizzle keeps each stage's start in place).
STRIDER_HOST_DEVICE inline strider::tensor_view<std::uint16_t, stage_tile> stage(std::uint16_t* buffer, index_t s) {
  return strider::tensor_view<std::uint16_t, stage_tile>(&strider::tensor_view<std::uint16_t, stage_buffer>(buffer)(s, 0, 0));
}
/// B's stage in the MMA's coordinates, (K, N): the stored N x K stage transposed.
STRIDER_HOST_DEVICE inline auto b_operand(std::uint16_t* buffer, index_t s) { return strider::permute<1, 0>(stage(buffer, s)); }

}  // namespace hgemm
