// The kernel body of examples/cuda/masked_gemm.cu, C = A * B for a run-time M that the block
// tile need not divide, as the code of one thread: a function of (block, thread) and the
// problem's views, marked for host and device. The CUDA kernel calls it with blockIdx and
// threadIdx; runtime_tests/masked_gemm_twin_test.cpp calls it on the host for every block and
// thread, so the tail's handling is checked where no GPU is.
//
// No index arithmetic is written here: blocks are picked with tile_at (B's static tile) and a
// masked tiling's tile(...) (A's and C's partial tiles), each thread's rows and column with
// narrow and select, and the tail (rows past M) by in_bounds.
#pragma once

#include <strider/util/config.hpp>
#include <strider/storage/masked_view.hpp>
#include <strider/storage/view.hpp>

#include "vector_access.hpp"

namespace masked_gemm {

using strider::dyn;
using strider::index_t;

inline constexpr index_t K = 48, N = 64;              // static: the inner dimension and C's columns
inline constexpr index_t block_m = 32, block_n = 32;  // C's block tile, one CUDA block each
inline constexpr index_t rows_per_thread = 4;         // each thread: 4 rows of one column
// A block is block_n x (block_m / rows_per_thread) threads (x: the column, y: the rows).
inline constexpr index_t threads_x = block_n, threads_y = block_m / rows_per_thread;
static_assert(N % block_n == 0 && block_m % rows_per_thread == 0);

using a_layout = strider::contiguous<dyn, K>;  // M x K, M at run time
using b_layout = strider::contiguous<K, N>;
using c_layout = strider::contiguous<dyn, N>;  // M x N
using b_tiles = strider::tile_t<b_layout, K, block_n>;  // B's static K x block_n tiles

/// The problem as the kernel takes it: A and C in masked block_m-row tiles (the last one
/// partial), B in static K x block_n tiles. Made on the host (make_problem) and passed as one
/// struct.
struct problem {
  strider::masked_view<const float, strider::tile_t<a_layout, strider::masked, block_m, K>> a;  // (tiles of M, 1, block_m, K)
  strider::tensor_view<const float, b_tiles> b;                                                 // (1, N / block_n, K, block_n)
  strider::masked_view<float, strider::tile_t<c_layout, strider::masked, block_m, block_n>> c;  // (tiles of M, N / block_n, block_m, block_n)
};

/// The tilings, made once on the host (a kernel may also make them: `tile<masked, ...>` is
/// STRIDER_HOST_DEVICE and free). A and C must have the same M (a layout_error otherwise).
inline problem make_problem(strider::tensor_view<const float, a_layout> a, strider::tensor_view<const float, b_layout> b,
                            strider::tensor_view<float, c_layout> c) {
  if (a.extent(0) != c.extent(0)) throw strider::layout_error("masked_gemm: A has {} rows, C {}", a.extent(0), c.extent(0));
  return {strider::tile<strider::masked, block_m, K>(a), strider::tile<K, block_n>(b), strider::tile<strider::masked, block_m, block_n>(c)};
}

using cuda_example::index2;

/// The grid: x along N's block tiles, y along M's (rounded up; none for M = 0).
inline index2 grid_of(const problem& p) {
  const auto counts = p.c.tile_counts();
  return {counts[1], counts[0]};
}

/// One thread: block (block.x, block.y) is C's block tile (block.y along M, block.x along N);
/// thread (thread.x, thread.y) computes column thread.x of its rows_per_thread rows starting at
/// thread.y * rows_per_thread, those that are in the data.
STRIDER_HOST_DEVICE inline void gemm_thread(const problem& p, index2 block, index2 thread) {
  using strider::narrow;
  using strider::select;
  const auto c_tile = p.c.tile(block.y, block.x);                     // block_m x block_n, masked along M
  const auto a_tile = p.a.tile(block.y, 0);                           // block_m x K: the same rows of A
  const auto b_tile = strider::tile_at(p.b, 0, block.x);              // K x block_n, static shape and strides
  const index_t first_row = thread.y * rows_per_thread;               // within the tile
  const auto c_rows = narrow<0, rows_per_thread>(c_tile, first_row);  // this thread's rows (masked)
  const auto a_rows = narrow<0, rows_per_thread>(a_tile, first_row);
  const auto c_column = select<1>(c_rows, thread.x);                  // rows_per_thread, masked
  const auto b_column = select<1>(b_tile, thread.x);                  // K
  for (index_t r = 0; r < rows_per_thread; ++r) {
    const auto out = select<0>(c_column, r);  // one element of C (rank 0), or past M
    if (!out.in_bounds()) continue;           // the tail
    const auto a_row = select<0>(a_rows, r);  // K elements of A, in the data where out is
    float sum = 0.0f;
    for (index_t k = 0; k < K; ++k) sum += a_row(k) * b_column(k);
    out() = sum;
  }
}

}  // namespace masked_gemm
