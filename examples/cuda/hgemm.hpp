// The kernel body of examples/cuda/hgemm.cu: C = A * B^T in half precision (A: M x K, B: N x K,
// C: M x N, all row-major; "TN"), with float or half accumulation, M, N and K at run time. A
// block computes a 128 x 128 tile of C with 4 warps (2 x 2), each issuing mma.sync m16n8k16 over
// a 64 x 64 part; A's and B's 128 x 32 tiles go through a 3-stage swizzled shared buffer by
// cp.async (zero-filled past M, N and K), and each warp's fragments come from it by ldmatrix.
//
// Every layout is a strider type and every check a static_assert: the stage buffer's byte budget,
// the cp.async writes' and the ldmatrix reads' conflict-freedom, ldmatrix's registers being
// mma's A and B fragments. The index arithmetic is strider's: blocks of A, B and C from masked
// tilings (`tile(i, j)`), each thread's 16-byte copies from a partition of a thread-value layout,
// each lane's ldmatrix row from a partition of the atom's placed rows, each thread's C values from
// tiled_mma's partition, the edges by in_bounds.
//
// The per-thread and per-lane pieces are `__host__ __device__` functions: the kernel runs them
// with the instructions (cp.async, ldmatrix, mma.sync), and runtime_tests/hgemm_twin_test.cpp
// runs the same functions on the host, with the atoms' twins over each warp's 32 lanes.
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

// --- global to shared: each thread's 16-byte copies ----------------------------------------------
// 128 threads over a 32 x 32 part of a stage, 4 threads per row, 8 halves each; the stage is four
// such parts along its rows. Reading global memory, each warp's 8 rows of 64 bytes are whole
// sectors; writing the swizzled stage, no bank conflicts.
using copy_tv = strider::thread_value_t<strider::contiguous<32, 4>, strider::contiguous<1, 8>>;
using copy_part = strider::layout<strider::shape<32, 32>, strider::strides<block_k, 1>>;
static_assert(strider::require_conflict_free_t<strider::swizzled_t<copy_part, strider::swizzle<2, 3, 3>>, copy_tv, 2, 8>::conflict_free);
using copy_atom = strider::cp_async<16, strider::cache_operator::cg, strider::zero_fill>;

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

/// Thread `thread`'s 16-byte copies of K tile `kt` of A's block row `row_block` (or B's) into a
/// stage: `copy(dst, src, in_bounds)` is cp.async's (or its twin's); past the data it zero-fills.
template <class Copy>
STRIDER_HOST_DEVICE void copy_stage(const strider::masked_view<const std::uint16_t, operand_tiles>& operand, index_t row_block, index_t kt, std::uint16_t* stage,
                                    index_t thread, const Copy& copy) {
  const auto block = operand.tile(row_block, kt);  // 128 x 32, masked past the rows and K
  const strider::tensor_view<std::uint16_t, stage_tile> shared(stage);
  STRIDER_UNROLL
  for (index_t part = 0; part < block_m / 32; ++part) {
    const auto from = strider::partition(strider::narrow<0, 32>(block, part * 32), copy_tv{}, thread);  // (1, 8), masked
    const auto to = strider::partition(strider::narrow<0, 32>(shared, part * 32), copy_tv{}, thread);  // (1, 8), swizzled
    const bool in_bounds = from.in_bounds(0, 0);  // K % 8 == 0: a chunk is in the data or out of it whole
    copy(&to(0, 0), in_bounds ? &from(0, 0) : operand.data(), in_bounds);
  }
}

// --- shared to registers: each lane's ldmatrix row --------------------------------------------
// A: ldmatrix.x4 over a 16 x 16 part, matrix j at rows 8 (j % 2), columns 8 (j / 2): its registers
// are m16n8k16's A fragment. B (stored N x K): ldmatrix.x2 over an 8 x 16 part, matrix j the
// columns 8j to 8j + 7: its registers are B's fragment. (The static_asserts are in the kernel's
// body, hgemm.cu: nvcc cannot spell these types at namespace scope, issue 51.) The structs are
// templates (T, the element, is otherwise unused) so that their members are dependent: nvcc
// re-emits a dependent alias as written, where it cannot print a non-dependent one's value.
template <class T = std::uint16_t>
struct a_matrices {
  using placement = strider::layout<strider::shape<2, 2, 8, 8>, strider::strides<8, 128, 16, 1>>;
  using rows = strider::compose_fragment_t<placement, strider::ldmatrix_x4::src_layout, strider::shape<16, 16>>;
  using registers = strider::compose_fragment_t<placement, strider::ldmatrix_x4::dst_layout, strider::shape<16, 16>>;
};
template <class T = std::uint16_t>
struct b_matrices {
  // Matrix j, row n, column c is the stored part's (n, 8j + c) and B's (k, n) = (8j + c, n).
  using placement = strider::layout<strider::shape<2, 8, 8>, strider::strides<8, 16, 1>>;
  using rows = strider::compose_fragment_t<placement, strider::ldmatrix_x2::src_layout, strider::shape<8, 16>>;
  using fragment_placement = strider::layout<strider::shape<2, 8, 8>, strider::strides<64, 1, 8>>;
  using registers = strider::compose_fragment_t<fragment_placement, strider::ldmatrix_x2::dst_layout, strider::shape<16, 8>>;
};

/// Stage s of a buffer (its first element: the swizzle keeps each stage's start in place).
STRIDER_HOST_DEVICE inline std::uint16_t* stage_of(std::uint16_t* buffer, index_t s) { return &strider::tensor_view<std::uint16_t, stage_buffer>(buffer)(s, 0, 0); }

/// Lane `lane` of warp (wm, wn): the address of its ldmatrix.x4 row for A's atom row `i` (of 4) at K
/// step `ks` (of 2) of a stage, and of its ldmatrix.x2 row for B's atom column `j` (of 8). The
/// warp's atom tiles are tiled_mma's: rows (wm + 2i) * 16, columns (wn + 2j) * 8.
STRIDER_HOST_DEVICE inline const std::uint16_t* a_row(const std::uint16_t* stage, index_t wm, index_t i, index_t ks, index_t lane) {
  const strider::tensor_view<const std::uint16_t, stage_tile> shared(stage);
  const auto part = strider::narrow<1, 16>(strider::narrow<0, 16>(shared, (wm + 2 * i) * 16), ks * 16);
  return &strider::partition(part, typename a_matrices<>::rows{}, lane % 32)(0);
}
STRIDER_HOST_DEVICE inline const std::uint16_t* b_row(const std::uint16_t* stage, index_t wn, index_t j, index_t ks, index_t lane) {
  const strider::tensor_view<const std::uint16_t, stage_tile> shared(stage);
  const auto part = strider::narrow<1, 16>(strider::narrow<0, 8>(shared, (wn + 2 * j) * 8), ks * 16);
  return &strider::partition(part, typename b_matrices<>::rows{}, lane % 16)(0);  // .x2 reads lanes 0-15's rows
}

// --- registers to global: each thread's C values ------------------------------------------------
/// Thread `thread`'s C values of block (bm, bn): value(v) is its v-th accumulator value in
/// tiled_mma's order (repeats along M, along N, then the atom's registers), written as half
/// where in the data.
template <class Acc, class Value>
STRIDER_HOST_DEVICE void store_c(const problem& p, index_t bm, index_t bn, index_t thread, const Value& value) {
  const auto mine = strider::partition(p.c.tile(bm, bn), typename block_mma<Acc>::c_layout{}, thread);  // (4, 8, 2, 2), masked
  // Unrolled: each value a constant index into the caller's registers (no local memory).
  STRIDER_UNROLL
  for (index_t i = 0; i < 4; ++i)
    STRIDER_UNROLL
    for (index_t j = 0; j < 8; ++j)
      STRIDER_UNROLL
      for (index_t r = 0; r < 4; ++r)
        if (mine.in_bounds(i, j, r / 2, r % 2)) mine(i, j, r / 2, r % 2) = strider::f16::to_bits(value((i * 8 + j) * 4 + r));
}

}  // namespace hgemm
