// The kernel body of examples/cuda/block_gemm.cu, a first kernel in strider's verbs: C = A * B
// with A (M x K) and B (K x N) row-major halves and C (M x N) row-major floats, any M, N and K.
// A block computes a 64 x 64 tile of C with 4 warps (2 x 2) of mma.sync m16n8k16, 32 columns of
// K at a time, reading its fragments straight from global memory (no shared memory: the simplest
// form; examples/cuda/hgemm.cu stages through shared memory for speed).
//
// Each thread's fragments are copied from tiled_mma's partitions of masked tiles (zeros past M,
// N and K, so any size works), `gemm` issues the warp's 16 atoms per K tile, and the C fragment
// is stored back through C's partition (nothing past M and N). runtime_tests/block_gemm_twin_test.cpp
// runs the same load and store on the host for every thread, with host_gemm for gemm.
#pragma once

#include <cstdint>

#include <strider/atom.hpp>
#include <strider/storage/masked_view.hpp>
#include <strider/storage/view.hpp>

namespace block_gemm {

using strider::dyn;
using strider::index_t;

/// The block's MMA: 2 x 2 warps over a 64 x 64 tile of C, K tiles of 32, and each thread's
/// register fragments of A, B and C.
using mma = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<2, 2>, strider::shape<64, 64, 32>>;
using a_fragment = strider::a_fragment_t<mma>;  // (2 along M, 2 along K, 8 halves)
using b_fragment = strider::b_fragment_t<mma>;  // (2 along K, 4 along N, 4 halves)
using c_fragment = strider::c_fragment_t<mma>;  // (2 along M, 4 along N, 4 floats)

using matrix = strider::layout<strider::shape<dyn, dyn>, strider::strides<dyn, 1>>;  // row-major, run-time extents
using a_tiles = strider::tile_t<matrix, strider::masked, 64, 32>;  // (tiles of M, tiles of K, 64, 32)
using b_tiles = strider::tile_t<matrix, strider::masked, 32, 64>;  // (tiles of K, tiles of N, 32, 64)
using c_tiles = strider::tile_t<matrix, strider::masked, 64, 64>;  // (tiles of M, tiles of N, 64, 64)

/// The problem as the kernel takes it: the three tilings, made on the host (f16 as its bits).
struct problem {
  strider::masked_view<const std::uint16_t, a_tiles> a;
  strider::masked_view<const std::uint16_t, b_tiles> b;
  strider::masked_view<float, c_tiles> c;
  index_t k_tiles = 0;
};
inline problem make_problem(const std::uint16_t* a, const std::uint16_t* b, float* c, index_t m, index_t n, index_t k) {
  const strider::tensor_view<const std::uint16_t, matrix> av(a, matrix(m, k, k));
  const strider::tensor_view<const std::uint16_t, matrix> bv(b, matrix(k, n, n));
  const strider::tensor_view<float, matrix> cv(c, matrix(m, n, n));
  return {strider::tile<strider::masked, 64, 32>(av), strider::tile<strider::masked, 32, 64>(bv), strider::tile<strider::masked, 64, 64>(cv), (k + 31) / 32};
}

/// Thread `thread`'s fragments of K tile `kt` for block (bm, bn) of C.
STRIDER_HOST_DEVICE inline void load(const problem& p, index_t bm, index_t bn, index_t kt, index_t thread, a_fragment& a, b_fragment& b) {
  copy(mma::partition_a(p.a.tile(bm, kt), thread), a);
  copy(mma::partition_b(p.b.tile(kt, bn), thread), b);
}
/// Thread `thread`'s C values of block (bm, bn), stored where they are in C.
STRIDER_HOST_DEVICE inline void store(const problem& p, index_t bm, index_t bn, index_t thread, const c_fragment& c) {
  copy(c, mma::partition_c(p.c.tile(bm, bn), thread));
}

}  // namespace block_gemm
