// The kernel body of examples/cuda/sgemm.cu, C = A * B in single precision (A: M x K, B: K x N,
// C: M x N, row-major, every extent at run time), written with partitions and tiles: each block
// computes a 128 x 128 tile of C from 128 x 8 tiles of A and 8 x 128 tiles of B staged through
// shared memory, each of its 256 threads an 8 x 8 block of C (two 4 x 4 quadrants apart by 64
// along each axis, so that a warp's fragment reads spread over the banks). Plain C++ (strider's
// views run on the host and in device code): the kernel calls these functions with blockIdx and
// threadIdx, and runtime_tests/sgemm_twin_test.cpp calls them on the host for every block and
// thread, each phase of every thread before the next (the kernel's __syncthreads).
//
// What is written by hand is only what the algorithm chooses: the tiles, the thread-value layouts
// (which thread holds which elements) and the shared tiles' layouts. Which element each thread
// reads and writes comes from partition; the edges of M, N and K from the masked tilings'
// in_bounds; and the shared A tile's swizzle from conflict_free_swizzle_t over both its accesses
// (the stores down its columns and the fragment reads along its rows), which the kernel's body
// states with static_asserts.
#pragma once

#include <cstdint>
#include <strider/access.hpp>
#include <strider/storage.hpp>

#include "vector_access.hpp"

namespace sgemm {

using strider::index_t;
constexpr index_t block_m = 128, block_n = 128, block_k = 8, threads = 256;

using matrix = strider::contiguous<strider::dyn, strider::dyn>;  // every extent at run time
using a_tiles = strider::tile_t<matrix, strider::masked, block_m, block_k>;  // (tiles of M, tiles of K, 128, 8)
using b_tiles = strider::tile_t<matrix, strider::masked, block_k, block_n>;  // (tiles of K, tiles of N, 8, 128)
using c_tiles = strider::tile_t<matrix, strider::masked, block_m, block_n>;  // (tiles of M, tiles of N, 128, 128)

/// The layouts the algorithm chooses, as members of a class template (nvcc 13 re-emits a
/// namespace-scope alias of a hand-written thread-value layout into its host code, issue 51).
template <class = void>
struct layouts {
  /// A's 128 x 8 tile loaded by 256 threads, each 4 consecutive k of one row (a 128-bit load).
  using a_load = strider::thread_value_t<strider::contiguous<128, 2>, strider::contiguous<1, 4>>;
  /// B's 8 x 128 tile, each thread 4 consecutive n of one row.
  using b_load = strider::thread_value_t<strider::contiguous<8, 32>, strider::contiguous<1, 4>>;
  /// The shared A tile is k-major (8 x 128: a fragment's 4 m are contiguous); a_load's elements
  /// go down its columns: thread t's value v is (k, m) = (4 (t % 2) + v, t / 2).
  using a_store = strider::as_thread_value_t<strider::layout<strider::shape<128, 2, 4>, strider::strides<1, 512, 128>>, 1, strider::shape<block_k, block_m>>;
  /// Thread t = 16 ty + tx reads, for each k, rows 4 ty + i and 64 + 4 ty + i of A (the values
  /// (k, half, i)), and columns 4 tx + j and 64 + 4 tx + j of B; the other coordinate of the
  /// thread grid repeats them (replicated: a broadcast among the threads of a row or a column).
  using a_fragments =
      strider::as_thread_value_t<strider::layout<strider::shape<16, 16, 8, 2, 4>, strider::strides<4, 0, 128, 64, 1>>, 3, strider::shape<block_k, block_m>, strider::replicated>;
  using b_fragments =
      strider::as_thread_value_t<strider::layout<strider::shape<16, 16, 8, 2, 4>, strider::strides<0, 4, 128, 64, 1>>, 3, strider::shape<block_k, block_n>, strider::replicated>;
  /// Thread t's 8 x 8 values of C's 128 x 128 tile: (half of M, i, half of N, j).
  using c_values = strider::as_thread_value_t<strider::layout<strider::shape<16, 16, 2, 4, 2, 4>, strider::strides<4 * block_n, 4, 64 * block_n, block_n, 64, 1>>, 4,
                                              strider::shape<block_m, block_n>>;
  /// The shared tiles. A's stores (4 values down a column per thread) would be 32-way conflicts:
  /// the swizzle that serves them and the fragment reads, each at its own vector width.
  using a_plain = strider::contiguous<block_k, block_m>;
  using a_shared = strider::swizzled_t<a_plain, strider::conflict_free_swizzle_t<a_plain, strider::accesses<a_store, a_fragments>, 4>>;
  using b_shared = strider::contiguous<block_k, block_n>;
};
constexpr index_t shared_elements = block_k * block_m;  // each of the two shared tiles

/// The problem as the kernel takes it (one struct, made on the host by make_problem): A, B and C
/// in masked tiles; whether rows of 4 may move as 128-bit vectors (A's and B's rows start 16-byte
/// aligned, and C's).
struct problem {
  strider::masked_view<const float, a_tiles> a;
  strider::masked_view<const float, b_tiles> b;
  strider::masked_view<float, c_tiles> c;
  index_t k_tiles = 0;
  bool a_vectors = false, b_vectors = false, c_vectors = false;
};

/// The tilings, on the host. A must be M x K, B K x N, C M x N.
inline problem make_problem(strider::tensor_view<const float, matrix> a, strider::tensor_view<const float, matrix> b, strider::tensor_view<float, matrix> c) {
  if (a.extent(1) != b.extent(0) || a.extent(0) != c.extent(0) || b.extent(1) != c.extent(1))
    throw strider::layout_error("sgemm: A is {} x {}, B {} x {}, C {} x {} (A * B is M x N)", a.extent(0), a.extent(1), b.extent(0), b.extent(1), c.extent(0), c.extent(1));
  const auto aligned = [](const void* p, index_t row) { return strider::is_aligned(p, 16) && row % 4 == 0; };
  const auto a_tiled = strider::tile<strider::masked, block_m, block_k>(a);
  return {a_tiled,
          strider::tile<strider::masked, block_k, block_n>(b),
          strider::tile<strider::masked, block_m, block_n>(c),
          a_tiled.tile_counts()[1],
          aligned(a.data(), a.extent(1)),
          aligned(b.data(), b.extent(1)),
          aligned(c.data(), c.extent(1))};
}

using cuda_example::index2;
/// The grid: x along C's tiles of N, y along its tiles of M.
inline index2 grid_of(const problem& p) {
  const auto counts = p.c.tile_counts();
  return {counts[1], counts[0]};
}

using cuda_example::four_floats;
using cuda_example::load_four;
using cuda_example::store_four;

// A thread's 4 values of a global tile (a masked partition of shape (1, 4)): one 128-bit load
// where all four are in the data and `vector`, else each in the data, 0 past it (so that a
// ragged K adds nothing).
template <class From>
STRIDER_HOST_DEVICE four_floats load_values(const From& from, bool vector) {
  if (vector && from.in_bounds(0, 3)) return load_four(&from(0, 0));  // value 3 in: all are (a tail cuts a row after a prefix)
  four_floats v{};
  STRIDER_UNROLL
  for (index_t j = 0; j < 4; ++j) v.value[j] = from.in_bounds(0, j) ? from(0, j) : 0.0f;
  return v;
}

// The phases are templates over the layouts (layouts<> by default): nvcc 13 writes a
// non-dependent use of a hand-written thread-value layout into its host code as names it never
// declares (issue 51), and a dependent one as written.

/// Phase 1 of step kt of block (block.x, block.y), thread `thread`: its values of A's and B's
/// tiles into the shared tiles (0 past the data).
template <class L = layouts<>>
STRIDER_HOST_DEVICE void load_tiles(const problem& p, index2 block, index_t kt, index_t thread, float* a_shared_data, float* b_shared_data) {
  const four_floats a = load_values(strider::partition(tile_at(p.a, block.y, kt), typename L::a_load{}, thread), p.a_vectors);
  const auto a_to = strider::partition(strider::tensor_view<float, typename L::a_shared>(a_shared_data), typename L::a_store{}, thread);  // down a column
  STRIDER_UNROLL
  for (index_t v = 0; v < 4; ++v) a_to(v) = a.value[v];
  const four_floats b = load_values(strider::partition(tile_at(p.b, kt, block.x), typename L::b_load{}, thread), p.b_vectors);
  const auto b_to = strider::partition(strider::tensor_view<float, typename L::b_shared>(b_shared_data), typename L::b_load{}, thread);
  store_four(&b_to(0, 0), b);  // a row of the shared tile: 16-byte aligned
}

/// The 64 accumulators of one thread: acc[half of M][i][half of N][j].
struct accumulators {
  float value[2][4][2][4] = {};
};

/// Phase 2: the thread's 8 x 8 products over the staged 8 k.
template <class L = layouts<>>
STRIDER_HOST_DEVICE void multiply(const float* a_shared_data, const float* b_shared_data, index_t thread, accumulators& acc) {
  const auto a = strider::partition(strider::tensor_view<const float, typename L::a_shared>(a_shared_data), typename L::a_fragments{}, thread);  // (k, half, i)
  const auto b = strider::partition(strider::tensor_view<const float, typename L::b_shared>(b_shared_data), typename L::b_fragments{}, thread);  // (k, half, j)
  STRIDER_UNROLL
  for (index_t k = 0; k < block_k; ++k) {
    four_floats af[2], bf[2];
    STRIDER_UNROLL
    for (index_t h = 0; h < 2; ++h) {
      af[h] = load_four(&a(k, h, 0));  // 4 contiguous m (the swizzle moves whole 16-float units)
      bf[h] = load_four(&b(k, h, 0));
    }
    STRIDER_UNROLL
    for (index_t hm = 0; hm < 2; ++hm)
      STRIDER_UNROLL
      for (index_t i = 0; i < 4; ++i)
        STRIDER_UNROLL
        for (index_t hn = 0; hn < 2; ++hn)
          STRIDER_UNROLL
          for (index_t j = 0; j < 4; ++j) acc.value[hm][i][hn][j] += af[hm].value[i] * bf[hn].value[j];
  }
}

/// Phase 3: the thread's values of C's tile (those in the data), rows of 4 as 128-bit stores
/// where the row is in the data and `c_vectors`.
template <class L = layouts<>>
STRIDER_HOST_DEVICE void store_c(const problem& p, index2 block, index_t thread, const accumulators& acc) {
  const auto c = strider::partition(tile_at(p.c, block.y, block.x), typename L::c_values{}, thread);  // masked (2, 4, 2, 4)
  STRIDER_UNROLL
  for (index_t hm = 0; hm < 2; ++hm)
    STRIDER_UNROLL
    for (index_t i = 0; i < 4; ++i)
      STRIDER_UNROLL
      for (index_t hn = 0; hn < 2; ++hn) {
        if (p.c_vectors && c.in_bounds(hm, i, hn, 3)) {
          store_four(&c(hm, i, hn, 0), four_floats{{acc.value[hm][i][hn][0], acc.value[hm][i][hn][1], acc.value[hm][i][hn][2], acc.value[hm][i][hn][3]}});
          continue;
        }
        STRIDER_UNROLL
        for (index_t j = 0; j < 4; ++j)
          if (c.in_bounds(hm, i, hn, j)) c(hm, i, hn, j) = acc.value[hm][i][hn][j];
      }
}

}  // namespace sgemm
