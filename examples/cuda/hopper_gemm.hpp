// Hopper GEMM, one warpgroup per block (examples/cuda/hopper_gemm.cu): C (M x N, half) = A (M x K)
// * B (N x K)^T (half, both K-major, "TN"), float accumulation. Each block computes a 128 x 128 tile
// of C: TMA loads A's and B's 128 x 64 boxes into a 3-stage mbarrier pipeline, and the warpgroup
// issues two wgmma.m64n128k16 per K block (rows 0-63 and 64-127) through descriptors of the same
// tile types (CuTe's examples/cute/tutorial/hopper/wgmma_tma_sm90.cu, in strider's types). Every
// byte count, alignment, swizzle and register count below is derived and checked at compile time.
// host_block is the block's steps on the host (the twin that CI runs, runtime_tests/
// hopper_gemm_twin_test.cpp): the same boxes, pipeline addresses, descriptors and fragments.
#pragma once

#include <cstdint>
#include <vector>

#include <strider/strider.hpp>

namespace hopper_gemm {
using strider::index_t;

inline constexpr index_t block_m = 128, block_n = 128, block_k = 64, stages = 3, threads = 128;

// A's (m, k) and B's (n, k) stages: 128 rows of 64 halves (128 bytes), the 128-byte swizzle. The
// same type is the TMA box (what the copy writes) and the wgmma operand (what the descriptor reads).
using tile = strider::swizzled_t<strider::contiguous<block_m, block_k>, strider::swizzle<3, 3, 3>>;
using box = strider::tma_box<tile, std::uint16_t>;
using operand = strider::gmma_operand_of_box_t<box, strider::f16>;
static_assert(operand::major == strider::gmma_major::k && operand::k_blocks == 4 && operand::stride_byte_offset == 1024);

// D (64 x 128) += A (64 x 16) * B (16 x 128) per instruction; two row blocks per block tile.
using atom = strider::wgmma_m64nNk16<block_n, strider::f16, strider::f16, strider::f32>;
inline constexpr index_t row_blocks = block_m / atom::m;

// Three stages of A's and B's boxes (32 KB each), every thread of the warpgroup releasing a stage
// (128 arrivals on its empty barrier). Three, so that two blocks share a multiprocessor and one's
// loads and epilogue overlap the other's wgmmas, as in CuTe's tutorial (on an H200, four stages
// held one block per multiprocessor: 6 % of its warp slots, 0.62 of the tutorial's speed).
using pipeline = strider::tma_pipeline<stages, threads, box, box>;
static_assert(2 * (pipeline::requested_bytes + strider::shared_memory_reserved_per_block_sm90) <= strider::shared_memory_per_sm_sm90,
              "hopper_gemm: two blocks' stages do not fit in one sm_90 multiprocessor");
static_assert(pipeline::stage_bytes == 2 * block_m * block_k * 2);
// The accumulators: two row blocks of 64 floats per thread (no setmaxnreg: one warpgroup does
// everything, up to 255 registers each).
static_assert(row_blocks * atom::c_registers == 128);

// C's element (row, column) of the block tile that thread t holds as value i of row block rb: the
// PTX ISA's accumulator formula, written out because device code that evaluates
// c_layout::element(t, i) for a run-time t costs registers (255 and spills here, 200 without);
// the twin test checks it against c_layout for every thread and value.
STRIDER_HOST_DEVICE inline constexpr index_t c_row(index_t rb, index_t t, index_t i) { return rb * atom::m + 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2); }
STRIDER_HOST_DEVICE inline constexpr index_t c_column(index_t t, index_t i) { return 8 * (i / 4) + 2 * (t % 4) + i % 2; }

// The K tiles of a problem (the last one partly past K: TMA fills zeros there).
STRIDER_HOST_DEVICE inline constexpr index_t k_tiles(index_t k) { return (k + block_k - 1) / block_k; }

using matrix = strider::layout<strider::shape<strider::dyn, strider::dyn>, strider::strides<strider::dyn, 1>>;

/// The block (block_row, block_column)'s steps on the host, in the kernel's order: per K tile the
/// TMA boxes into the stage the pipeline says (host_tma_load), then the wgmmas of its K blocks and
/// row blocks through the descriptors (host_fma over the warpgroup), and at the end each
/// accumulator to C, rounded to half, where it lies inside M x N. `shared` is the host's image
/// of the block's shared memory (pipeline::shared_bytes, the base at 0 aligned). The pipeline's
/// schedule itself is checked by simulate_pipeline in the test.
inline void host_block(const strider::tensor_view<const std::uint16_t, matrix>& a, const strider::tensor_view<const std::uint16_t, matrix>& b, std::uint16_t* c,
                       index_t m, index_t n, index_t k, index_t block_row, index_t block_column, std::vector<unsigned char>& shared) {
  using namespace strider;
  std::vector<atom::c_warpgroup> d(static_cast<std::size_t>(row_blocks));
  auto st = pipeline::state::consumer_start();
  for (index_t kt = 0; kt < k_tiles(k); ++kt, st.advance()) {
    host_tma_load<box>(a, {kt * block_k, block_row * block_m}, shared.data(), shared.size(), pipeline::box_address<0>(0, st.index));
    host_tma_load<box>(b, {kt * block_k, block_column * block_n}, shared.data(), shared.size(), pipeline::box_address<1>(0, st.index));
    for (index_t kb = 0; kb < operand::k_blocks; ++kb)
      for (index_t rb = 0; rb < row_blocks; ++rb)
        atom::host_fma(d[static_cast<std::size_t>(rb)], shared.data(), shared.size(), operand::descriptor(pipeline::box_address<0>(0, st.index), rb * atom::m, kb),
                       operand::descriptor(pipeline::box_address<1>(0, st.index), 0, kb), kt > 0 || kb > 0);
  }
  for (index_t rb = 0; rb < row_blocks; ++rb)
    for (index_t t = 0; t < threads; ++t)
      for (index_t i = 0; i < atom::c_layout::values; ++i) {
        const index_t row = block_row * block_m + c_row(rb, t, i), column = block_column * block_n + c_column(t, i);
        if (row < m && column < n) c[row * n + column] = f16::to_bits(d[static_cast<std::size_t>(rb)][static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]);
      }
}
}  // namespace hopper_gemm
