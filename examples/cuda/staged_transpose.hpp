// The kernel body of examples/cuda/staged_transpose.cu, B = A transposed for a run-time M x N
// matrix A: each block stages one 64 x 64 tile of A through shared memory and writes it out as
// the transposed tile of B. Plain C++ (strider's views run on the host and in device code): the
// kernel calls these functions with blockIdx and threadIdx, and
// runtime_tests/staged_transpose_twin_test.cpp calls them on the host for every block and thread,
// the load phase of every thread before the store phase (the kernel's __syncthreads).
//
// Each of the 256 threads holds a 4 x 4 block of a tile (thread_value_t: 16 threads along each
// axis, 4 values along each), moved through registers as four rows of 4 floats, each one 128-bit
// access, where the whole block is in the data and the vector width allows it (one value at a
// time on the masked edges). The tile is picked at run time (a masked tiling's tile(...)), each
// thread's values come from partition, and the tail of a matrix whose extents 64 does not divide
// is masked (in_bounds): no index arithmetic is written.
#pragma once

#include <cstdint>
#include <strider/storage.hpp>
#include <strider/storage/masked_view.hpp>

#include "vector_access.hpp"

namespace staged_transpose {

using strider::index_t;
constexpr index_t tile_extent = 64;
constexpr index_t threads = 256;

using matrix = strider::contiguous<strider::dyn, strider::dyn>;  // M x N, both known at run time
using tiles = strider::tile_t<matrix, strider::masked, tile_extent, tile_extent>;
/// 256 threads, each a 4 x 4 block of a 64 x 64 tile (rows of 4 floats: 128-bit accesses).
using tv = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;
static_assert(tv::threads == threads && tv::tile_shape == std::array<index_t, 2>{tile_extent, tile_extent});
/// The shared tile, rows padded to 68 floats: each row starts 16-byte aligned (for 128-bit
/// accesses), and the transposed reads of a column are 8-way conflicting where unpadded rows are
/// 16-way (the certificate, runtime_tests/staged_transpose_twin_test.cpp; ncu counts them as
/// many for the hand-written twin, and the kernel still moves 0.95 of cudaMemcpy's bytes).
using staged = strider::layout<strider::shape<tile_extent, tile_extent>, strider::strides<68, 1>>;
constexpr index_t staged_elements = staged::required_span;

/// The problem as the kernel takes it (one struct, made on the host by make_problem): A and B in
/// masked 64 x 64 tiles, and whether rows of 4 may be moved as 128-bit vectors (every row of A
/// and B starts 16-byte aligned).
struct problem {
  strider::masked_view<const float, tiles> a;  // (tiles of M, tiles of N, 64, 64)
  strider::masked_view<float, tiles> b;        // (tiles of N, tiles of M, 64, 64)
  bool vectors = false;
};

/// The tilings, on the host. B must be A's shape transposed.
inline problem make_problem(strider::tensor_view<const float, matrix> a, strider::tensor_view<float, matrix> b) {
  if (a.extent(0) != b.extent(1) || a.extent(1) != b.extent(0))
    throw strider::layout_error("staged_transpose: A is {} x {}, B {} x {} (B must be A transposed)", a.extent(0), a.extent(1), b.extent(0), b.extent(1));
  const auto aligned = [](const void* p, index_t row) { return strider::is_aligned(p, 16) && row % 4 == 0; };
  return {strider::tile<strider::masked, tile_extent, tile_extent>(a), strider::tile<strider::masked, tile_extent, tile_extent>(b),
          aligned(a.data(), a.extent(1)) && aligned(b.data(), b.extent(1))};
}

using cuda_example::index2;
/// The grid: x along A's tiles of N, y along its tiles of M.
inline index2 grid_of(const problem& p) {
  const auto counts = p.a.tile_counts();
  return {counts[1], counts[0]};
}

using cuda_example::four_floats;
using cuda_example::load_four;
using cuda_example::store_four;

/// The thread's 4 x 4 values of `from` into `to`, where `in_data(r, j)` says value (r, j) is in
/// the data. Where all 16 are in the data and `vector`, the four rows are read into registers
/// first (four 128-bit loads where `from`'s rows are contiguous) and then written (four 128-bit
/// stores): the loads are all in flight at once, where a load followed by its store, row by row,
/// would wait for each load in turn. Elsewhere (the masked edges) one value at a time.
template <bool ContiguousFrom, class From, class To, class InData>
STRIDER_HOST_DEVICE void copy_block(const From& from, const To& to, bool vector, InData in_data) {
  if (vector && in_data(3, 3)) {  // the last value in the data: all are (a tail cuts after a prefix)
    four_floats rows[4];
    for (index_t r = 0; r < 4; ++r) {
      if constexpr (ContiguousFrom) {
        rows[r] = load_four(&from(r, 0));
      } else {
        for (index_t j = 0; j < 4; ++j) rows[r].value[j] = from(r, j);
      }
    }
    for (index_t r = 0; r < 4; ++r) store_four(&to(r, 0), rows[r]);
    return;
  }
  for (index_t r = 0; r < 4; ++r)
    for (index_t j = 0; j < 4; ++j)
      if (in_data(r, j)) to(r, j) = from(r, j);
}

/// Phase 1 of block (block.x, block.y), thread `thread`: its 4 x 4 values of A's tile into the
/// shared tile (those in the data).
STRIDER_HOST_DEVICE inline void load_thread(const problem& p, index2 block, index_t thread, float* shared) {
  const auto from = strider::partition(p.a.tile(block.y, block.x), tv{}, thread);                      // masked: the tail
  const auto to = strider::partition(strider::tensor_view<float, staged>(shared), tv{}, thread);  // the same elements, staged
  copy_block<true>(from, to, p.vectors, [&](index_t r, index_t j) { return from.in_bounds(r, j); });
}

/// Phase 2: its 4 x 4 values of B's tile (block.y, block.x) from the shared tile read transposed.
STRIDER_HOST_DEVICE inline void store_thread(const problem& p, index2 block, index_t thread, const float* shared) {
  const auto transposed = strider::transpose<0, 1>(strider::tensor_view<const float, staged>(shared));  // element (i, j) is staged (j, i)
  const auto from = strider::partition(transposed, tv{}, thread);
  const auto to = strider::partition(p.b.tile(block.x, block.y), tv{}, thread);  // masked: the tail of B
  // The staged columns are strided: 16 loads, four 128-bit stores.
  copy_block<false>(from, to, p.vectors, [&](index_t r, index_t j) { return to.in_bounds(r, j); });
}

}  // namespace staged_transpose
