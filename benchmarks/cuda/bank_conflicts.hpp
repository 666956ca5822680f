// The published shared-memory cases of docs/access.md as benchmark cases: a tile layout (plain,
// padded or swizzled), a thread-value layout and an element size, each read by a block's threads
// in the certificate's vectors. `vector_offset` is the kernel's index arithmetic, the code of one
// thread, so that runtime_tests/bank_conflicts_twin_test.cpp runs it on the host for every
// thread against the partition of the same tile.
#pragma once

#include <strider/access.hpp>
#include <strider/static.hpp>

namespace bank_cases {
using namespace strider;

// The element offset (swizzled) where thread `thread`'s vector `k` starts: its value k * Width.
// A swizzled_t indexes through its swizzle, as a plain layout indexes.
template <class Tile, class TV, index_t Width>
STRIDER_HOST_DEVICE constexpr index_t vector_offset(index_t thread, index_t k) {
  constexpr thread_value_value tv = TV::tv_value;
  const index_t e = tv.element(thread, k * Width), cols = tv.tile_shape[1];
  return Tile{}(e / cols, e % cols);
}

// The storage offset of element e (C order) of the tile, to fill the tile with element ids.
template <class Tile>
STRIDER_HOST_DEVICE constexpr index_t element_offset(index_t e) {
  constexpr index_t cols = Tile::shape[1];
  return Tile{}(e / cols, e % cols);
}

using by_rows = thread_value_t<contiguous<1, 32>, contiguous<32, 1>>;     // instruction k: row k
using by_columns = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;  // instruction k: column k
using own_rows = thread_value_t<contiguous<8, 1>, contiguous<1, 64>>;     // 8 threads, 16 bytes of their row
using floats = contiguous<32, 32>;
using padded_floats = layout<shape<32, 32>, strides<33, 1>>;
using swizzled_floats = swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>;
using chunk_swizzled_floats = swizzled_t<contiguous<32, 32>, swizzle<3, 2, 3>>;  // 16-byte chunks by row
using halves = contiguous<8, 64>;
using swizzled_halves = swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>;

}  // namespace bank_cases
