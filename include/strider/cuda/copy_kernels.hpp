// strider/cuda/copy_kernels.hpp: the device copy's kernels as the code of one thread, and the
// choice of kernel, grid and block for a plan. No CUDA here: the kernels in cuda/copy.hpp call
// these functions with their block and thread indices, and a host test
// (runtime_tests/cuda_copy_kernels_test.cpp) runs the same functions thread by thread for the
// launches the planner makes, so that the index arithmetic is checked where no GPU is.
//
// These kernels carry a plan out:
//   tiled_vectors  a transpose of 1-, 2- or 4-byte elements whose rows are aligned to 8 or 16
//          bytes: tiles of 16 x 16 vectors, each of 256 threads a block of width x width elements
//          loaded as vectors, transposed in registers, staged through a swizzled shared tile and
//          stored as vectors (vector_tiling: every access a whole vector, conflict-free and
//          coalesced by the access certificate, a static_assert in the kernel);
//   tiled  other transposes, through tile x tile shared-memory tiles (staging_layout: rows padded
//          so that the column reads hit distinct banks, which the access certificate proves for
//          every element size below): global reads and writes both coalesced;
//   rows   an inner loop of at least a warp: warps along each row, several rows per block when
//          rows are short; rows contiguous in both layouts move as 16- or 8-byte vectors when the
//          strides and the pointers allow, and so do rows the source holds backwards (a flipped
//          axis: each vector read whole and its elements reversed in registers) or every second
//          or fourth element of (`::2`: whole vectors read, gathered in registers); each
//          thread moves up to 4 rows at a time (rows_per_thread), their loads in flight together;
//   flat   short inner loops: one element per thread, its offsets from its flat index;
//   thin   a transpose whose short side has 2 to 4 elements (an image's channels to planes, or
//          back), as the CPU engine moves it: each thread a group of pixels, whole 16-byte
//          vectors on both sides, (de)interleaved in registers.
// A transpose whose short side has at most `thin_side` elements (an n x 3 image's channels) is
// not tiled, which would leave most of each tile empty: its rows go through the rows kernel with
// the short side's rows in one block (they read the same source lines), or, when the
// destination's rows are the short ones, through the flat kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "../util/config.hpp"
#include "../engine/copy_plan.hpp"
#include "../static/access.hpp"
#include "../static/thread_value.hpp"
#include "../storage/masked_view.hpp"
#include "../storage/runtime_index.hpp"

namespace strider::cuda::detail {

inline constexpr int tile = 32;            // a tile is tile x tile elements
inline constexpr int tile_rows = 8;        // threads per tile: tile x tile_rows (each moves tile / tile_rows elements)
inline constexpr int block_threads = 256;  // the most threads of any block (the kernels' __launch_bounds__)
inline constexpr index_t max_blocks = index_t{1} << 16;  // enough blocks to fill any GPU; the rest by grid-stride loops
inline constexpr index_t max_grid_y = 65535;             // CUDA's limit on gridDim.y
inline constexpr index_t thin_side = 8;
// Elements up to this size are tiled; a tile of larger ones would take too much of a
// multiprocessor's shared memory (and a 32 x 33 tile of 47 bytes or more is past the 48 KiB a
// block may declare).
inline constexpr std::size_t max_tiled_element = 16;

enum class kernel_kind { none, flat, rows, tiled, tiled_vectors, thin };

struct grid_size {
  index_t x = 1, y = 1;
};

/// What a copy launches: the kernel, its grid and block, and the plan it runs.
struct copy_launch {
  kernel_kind kind = kernel_kind::none;
  copy_plan plan;           // for rows moved as vectors: in units of `vector` elements
  index_t vector = 1;       // elements per vector (rows), or 1
  // Rows moved as vectors whose source elements are not contiguous: -1 where the source runs
  // backwards (each vector's elements reversed), 2 or 4 where it steps (each destination vector
  // gathered from that many whole source vectors), 1 otherwise.
  index_t source_step = 1;
  bool wide = false;        // indices need 64 bits
  grid_size grid, block;
  index_t work = 0;         // flat: elements; rows: rows; tiled: tiles; thin: groups of pixels
  // thin: the short side's extent (2 to 4: an image's channels) and whether the source is the
  // interleaved side (pixels to planes) or the destination (planes to pixels).
  index_t channels = 0;
  bool deinterleave = false;
  index_t tiles_a = 0, tiles_b = 0;
};

// The plan with its innermost loop moved in units of `width` elements, when both layouts are
// contiguous there, every other stride and both offsets are multiples of `width`, and both
// addresses are aligned to `width` elements: then a row of n elements is n / width vectors. A
// source row that runs backwards (stride -1: a flipped axis) or steps by 2 or 4 (`::2`) is read
// as whole vectors too, where they are aligned (`source_step`): a backwards group of `width`
// elements is one vector starting width - 1 elements before the group's first, reversed in
// registers (every element of it in the group); a stepping group spans `step` vectors, gathered
// in registers, all inside the row's span but the last group's, which the kernel reads element
// by element (its vectors reach step - 1 elements past the row).
constexpr bool vectorize(copy_plan& p, index_t width, std::uintptr_t src, std::uintptr_t dst, index_t& source_step) {
  if (p.rank == 0 || p.blocked) return false;
  const std::size_t inner = p.rank - 1;
  const index_t step = p.src_stride[inner];
  if ((step != 1 && step != -1 && step != 2 && step != 4) || p.dst_stride[inner] != 1 || p.extent[inner] % width != 0) return false;
  // A backwards row's lowest element is src_offset - (n - 1) >= 0, and n >= width: src_first >= 0.
  const index_t src_first = step == -1 ? p.src_offset - (width - 1) : p.src_offset;
  if (src_first % width != 0 || p.dst_offset % width != 0) return false;
  for (std::size_t d = 0; d < inner; ++d)
    if (p.src_stride[d] % width != 0 || p.dst_stride[d] % width != 0) return false;
  const auto bytes = static_cast<std::uintptr_t>(width) * p.element_size;
  if (src % bytes != 0 || dst % bytes != 0) return false;
  for (std::size_t d = 0; d < inner; ++d) {
    p.src_stride[d] /= width;
    p.dst_stride[d] /= width;
  }
  p.extent[inner] /= width;
  p.src_offset = src_first / width;
  p.dst_offset /= width;
  p.size /= width;
  p.element_size *= static_cast<std::size_t>(width);
  p.src_stride[inner] = step;  // in vectors: a stepping group of width elements spans `step` of them
  source_step = step;
  return true;
}

/// Rows a thread of the rows kernel moves at a time (their loads in flight together): up to 64
/// bytes of values, each `moved_bytes` read `source_step` times over where the source steps
/// (gathered from that many vectors), at most 4 rows.
STRIDER_HOST_DEVICE constexpr index_t rows_per_thread(std::size_t moved_bytes, index_t source_step) {
  const std::size_t loads = source_step > 1 ? static_cast<std::size_t>(source_step) : 1;
  const std::size_t rows = 64 / (moved_bytes * loads);
  return rows >= 4 ? 4 : rows < 1 ? 1 : static_cast<index_t>(rows);
}

/// Groups of pixels a thread of the thin kernel moves at a time: 2 of 2 or 3 channels (64 or 96
/// bytes of loads in flight), 1 of 4 (64 bytes).
STRIDER_HOST_DEVICE constexpr index_t groups_per_thread(index_t channels) { return channels >= 4 ? 1 : 2; }

constexpr index_t blocks_for(index_t work, index_t per_block) {
  const index_t blocks = (work + per_block - 1) / per_block;
  return blocks < 1 ? 1 : blocks > max_blocks ? max_blocks : blocks;
}

// A thin transpose (the plan's last two loops: one of 2 to 4 elements, the channels, the other
// the pixels) moved as 16-byte vectors: the pixels a multiple of `width` (16 bytes of elements),
// the interleaved side's channel stride 1 and pixel stride `channels`, the planar side's pixel
// stride 1, every other stride and both offsets multiples of `width`, both addresses 16-byte
// aligned. Then a group of `width` pixels is `channels` whole vectors on each side.
constexpr bool thin_vectors(const copy_plan& p, std::uintptr_t src, std::uintptr_t dst, copy_launch& l) {
  if (!p.blocked || p.element_size > 8 || 16 % p.element_size != 0) return false;
  const std::size_t a = p.rank - 2, b = p.rank - 1;  // a: the source's fastest loop, b: the destination's
  const bool deinterleave = p.extent[a] >= 2 && p.extent[a] <= 4;  // the source's fastest loop is the channels
  const bool interleave = p.extent[b] >= 2 && p.extent[b] <= 4;
  if (deinterleave == interleave) return false;
  const std::size_t channel = deinterleave ? a : b, pixel = deinterleave ? b : a;
  const index_t width = static_cast<index_t>(16 / p.element_size), channels = p.extent[channel];
  const index_t* inter = deinterleave ? p.src_stride : p.dst_stride;   // the interleaved side
  const index_t* planar = deinterleave ? p.dst_stride : p.src_stride;  // the planar side
  if (p.extent[pixel] % width != 0 || inter[channel] != 1 || inter[pixel] != channels || planar[pixel] != 1 || planar[channel] % width != 0) return false;
  for (std::size_t d = 0; d + 2 < p.rank; ++d)
    if (p.src_stride[d] % width != 0 || p.dst_stride[d] % width != 0) return false;
  if (p.src_offset % width != 0 || p.dst_offset % width != 0 || src % 16 != 0 || dst % 16 != 0) return false;
  l.kind = kernel_kind::thin;
  l.plan = p;
  l.channels = channels;
  l.deinterleave = deinterleave;
  l.vector = width;
  l.work = p.size / channels / width;  // groups of `width` pixels
  l.block = {block_threads, 1};
  l.grid = {blocks_for(l.work, block_threads * groups_per_thread(channels)), 1};
  return true;
}

/// The bytes of tiled_vectors' vectors for elements of `element_size` bytes (vector_tiling's), 0
/// where it does not move them.
constexpr index_t tiled_vector_bytes(std::size_t element_size) { return element_size == 1 ? 8 : element_size == 2 || element_size == 4 ? 16 : 0; }

/// The plan's transpose moves in tiled_vectors (below) when its elements are 1, 2 or 4 bytes,
/// both sides at least a tile, the source's loop a and the destination's loop b unit-stride, and
/// every row of both (and their addresses) aligned to a vector: every stride but those two and
/// both offsets multiples of a vector's elements.
constexpr bool vector_tiles_fit(const copy_plan& p, std::uintptr_t src, std::uintptr_t dst) {
  const index_t bytes = tiled_vector_bytes(p.element_size);
  if (!p.blocked || bytes == 0) return false;
  const auto width = bytes / static_cast<index_t>(p.element_size), extent = 16 * width;
  const std::size_t a = p.rank - 2, b = p.rank - 1;
  if (p.extent[a] < extent || p.extent[b] < extent || p.src_stride[a] != 1 || p.dst_stride[b] != 1) return false;
  if (p.src_stride[b] % width != 0 || p.dst_stride[a] % width != 0 || p.src_offset % width != 0 || p.dst_offset % width != 0) return false;
  for (std::size_t d = 0; d < a; ++d)
    if (p.src_stride[d] % width != 0 || p.dst_stride[d] % width != 0) return false;
  return src % static_cast<std::uintptr_t>(bytes) == 0 && dst % static_cast<std::uintptr_t>(bytes) == 0;
}

/// The launch for plan `p` of a copy between the addresses `src` and `dst` (those of element 0
/// of each storage; they decide whether rows can move as vectors).
constexpr copy_launch plan_launch(copy_plan p, std::uintptr_t src, std::uintptr_t dst) {
  copy_launch l;
  if (p.size == 0) return l;
  l.wide = p.size > INT32_MAX;
  index_t rows_per_block = 1;  // rows of a thin transpose's short side, kept together
  if (thin_vectors(p, src, dst, l)) return l;
  if (p.blocked) {
    const index_t na = p.extent[p.rank - 2], nb = p.extent[p.rank - 1];
    // Tiles of extent x extent elements, a block each (grid-stride past max_blocks).
    const auto tiled = [&](kernel_kind kind, index_t extent, grid_size block) {
      l.kind = kind;
      l.plan = p;
      l.tiles_a = (na + extent - 1) / extent;
      l.tiles_b = (nb + extent - 1) / extent;
      l.work = p.size / (na * nb) * l.tiles_a * l.tiles_b;
      l.wide = l.wide || l.work > INT32_MAX;
      l.grid.x = l.work < max_blocks ? l.work : max_blocks;
      l.block = block;
      return l;
    };
    if (vector_tiles_fit(p, src, dst))  // vector_tiling's extent
      return tiled(kernel_kind::tiled_vectors, 16 * (tiled_vector_bytes(p.element_size) / static_cast<index_t>(p.element_size)), {block_threads, 1});
    if (na > thin_side && nb > thin_side && p.element_size <= max_tiled_element) return tiled(kernel_kind::tiled, tile, {tile, tile_rows});
    p.blocked = false;  // the same pairs of elements, the destination's fastest loop still last
    if (na <= thin_side) rows_per_block = na;
  }
  const std::size_t inner = p.rank - 1;
  if (p.rank > 0 && p.extent[inner] >= tile) {
    // Whole rows: as 16-byte vectors, else 8-byte ones, else elements.
    for (const std::size_t bytes : {std::size_t{16}, std::size_t{8}}) {
      copy_plan v = p;
      if (p.element_size < bytes && bytes % p.element_size == 0 && vectorize(v, static_cast<index_t>(bytes / p.element_size), src, dst, l.source_step)) {
        l.vector = static_cast<index_t>(bytes / p.element_size);
        p = v;
        break;
      }
    }
    const index_t n = p.extent[inner], rows = p.size / n;
    // As many warps along a row as it needs (up to a block), the rest on the next rows, so that
    // short rows (a permute's last axis) keep every thread busy.
    index_t along = n >= block_threads ? block_threads : (n + tile - 1) / tile * tile;
    index_t across = block_threads / along;
    if (rows_per_block > 1) {
      const index_t together = block_threads / rows_per_block / tile * tile;
      along = together < along ? together : along;
      across = block_threads / along / rows_per_block * rows_per_block;
    }
    const index_t per_block = across * rows_per_thread(p.element_size, l.source_step);
    const index_t row_blocks = (rows + per_block - 1) / per_block;
    l.kind = kernel_kind::rows;
    l.plan = p;
    l.work = rows;
    l.block = {along, across};
    l.grid = {blocks_for(n, along), row_blocks < max_grid_y ? row_blocks : max_grid_y};
    return l;
  }
  l.kind = kernel_kind::flat;
  l.plan = p;
  l.work = p.size;
  l.block = {block_threads, 1};
  l.grid = {blocks_for(p.size, block_threads), 1};
  return l;
}

// ---- the code of one thread -----------------------------------------------------------------

// The storage offsets of outer index k of loops [0, loops) of p (the last of them fastest).
template <class Index>
STRIDER_HOST_DEVICE inline void outer_offsets(const copy_plan& p, std::size_t loops, Index k, index_t& src, index_t& dst) {
  src = p.src_offset;
  dst = p.dst_offset;
  for (std::size_t d = loops; d-- > 0;) {
    const auto extent = static_cast<Index>(p.extent[d]);
    const Index i = k % extent;
    k /= extent;
    src += static_cast<index_t>(i) * p.src_stride[d];
    dst += static_cast<index_t>(i) * p.dst_stride[d];
  }
}

// flat: elements first, first + step, ... of the copy in the plan's order.
template <class T, class Index>
STRIDER_HOST_DEVICE inline void flat_thread(const T* __restrict__ src, T* __restrict__ dst, const copy_plan& p, Index size, Index first, Index step) {
  for (Index k = first; k < size; k += step) {
    index_t s = 0, d = 0;
    outer_offsets<Index>(p, p.rank, k, s, d);
    dst[d] = src[s];
  }
}

// A vector of 8 or 16 bytes with its elements of ElementBytes bytes in reverse order: its 32-bit
// words reversed, and within each word its elements (bytes, or 2-byte halves); 8-byte elements
// swap the vector's halves.
STRIDER_HOST_DEVICE inline std::uint32_t reversed_in_word(std::uint32_t w, std::size_t element_bytes) {
  if (element_bytes == 1) {
#ifdef __CUDA_ARCH__
    return __byte_perm(w, 0, 0x0123);
#else
    return __builtin_bswap32(w);
#endif
  }
  return element_bytes == 2 ? (w >> 16) | (w << 16) : w;
}
// (v by value: the vector is loaded whole; through a reference to global memory nvcc read it byte
// by byte.)
template <std::size_t ElementBytes, class V>
STRIDER_HOST_DEVICE inline V reversed_elements(V v) {
  static_assert(sizeof(V) % 4 == 0 && ElementBytes < sizeof(V), "copy: a reversed vector holds several elements of whole words or less");
  constexpr std::size_t words = sizeof(V) / 4, per_word = ElementBytes < 4 ? 1 : ElementBytes / 4;  // words per element
  std::uint32_t in[words], out[words];
  std::memcpy(in, &v, sizeof v);
  STRIDER_UNROLL
  for (std::size_t e = 0; e < words / per_word; ++e)  // element groups of whole words, in reverse
    STRIDER_UNROLL
    for (std::size_t k = 0; k < per_word; ++k) out[e * per_word + k] = reversed_in_word(in[(words / per_word - 1 - e) * per_word + k], ElementBytes);
  V r;
  std::memcpy(&r, out, sizeof r);
  return r;
}
// Elements 0, Step, 2 Step, ... of Step consecutive vectors (elements of ElementBytes bytes), as
// one vector. Byte by byte over unrolled constant indices: registers only.
template <std::size_t ElementBytes, index_t Step, class V>
STRIDER_HOST_DEVICE inline V gathered_elements(const V (&parts)[Step]) {
  static_assert(ElementBytes < sizeof(V), "copy: a gathered vector holds several elements");
  constexpr std::size_t count = sizeof(V) / ElementBytes;
  unsigned char in[Step * sizeof(V)], out[sizeof(V)];
  std::memcpy(in, parts, sizeof in);
  STRIDER_UNROLL
  for (std::size_t e = 0; e < count; ++e)
    STRIDER_UNROLL
    for (std::size_t b = 0; b < ElementBytes; ++b) out[e * ElementBytes + b] = in[e * static_cast<std::size_t>(Step) * ElementBytes + b];
  V r;
  std::memcpy(&r, out, sizeof r);
  return r;
}

// The unsigned integer of N bytes: an element a gathered vector is read by where whole vectors
// would reach past the row.
template <std::size_t N>
  requires(N == 1 || N == 2 || N == 4 || N == 8)  // the sizes plan_launch gathers and (de)interleaves
using element_word = std::conditional_t<N == 1, std::uint8_t, std::conditional_t<N == 2, std::uint16_t, std::conditional_t<N == 4, std::uint32_t, std::uint64_t>>>;
// The last group of a stepping row: its elements one by one, none past the row.
template <std::size_t ElementBytes, index_t Step, class V>
STRIDER_HOST_DEVICE inline V gathered_last(const V* first_vector) {
  using E = element_word<ElementBytes>;
  constexpr std::size_t count = sizeof(V) / ElementBytes;
  const E* elements = reinterpret_cast<const E*>(first_vector);
  E out[count];
  STRIDER_UNROLL
  for (std::size_t e = 0; e < count; ++e) out[e] = elements[e * static_cast<std::size_t>(Step)];
  V r;
  std::memcpy(&r, out, sizeof r);
  return r;
}

// g++ cannot see that a value held in registers is stored only where it was loaded (the same
// in_data or live flag): its -Wmaybe-uninitialized is silenced here rather than the values
// zeroed, which costs registers the tiled and rows kernels do not have (they spilled).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
// rows: rows row, row + row_step, ... (of `rows`), in each its elements i0, i0 + i_step, ...
// With Step -1, 2 or 4, T is a vector of elements of ElementBytes bytes whose source runs
// backwards (reversed on its way) or steps (gathered from Step whole source vectors; the row's
// last group element by element). A thread takes rows_per_thread rows at a time, all their
// loads before their stores, so that several loads are in flight together (one row's load
// followed by its store left each thread a single 16-byte access in flight, which is too few
// bytes to cover the memory's latency).
template <class T, class Index, index_t Step = 1, std::size_t ElementBytes = sizeof(T)>
STRIDER_HOST_DEVICE inline void rows_thread(const T* __restrict__ src, T* __restrict__ dst, const copy_plan& p, Index rows, Index row, Index row_step,
                                            index_t i0, index_t i_step) {
  constexpr index_t batch = rows_per_thread(sizeof(T), Step);
  const std::size_t inner = p.rank - 1;
  const index_t n = p.extent[inner], ss = p.src_stride[inner], ds = p.dst_stride[inner];
  for (; row < rows; row += row_step * static_cast<Index>(batch)) {
    index_t s[batch], d[batch];
    bool live[batch];
    STRIDER_UNROLL
    for (index_t u = 0; u < batch; ++u) {
      const Index r = row + static_cast<Index>(u) * row_step;
      live[u] = r < rows;
      s[u] = d[u] = 0;
      if (live[u]) outer_offsets<Index>(p, inner, r, s[u], d[u]);
    }
    for (index_t i = i0; i < n; i += i_step) {
      T held[batch];
      STRIDER_UNROLL
      for (index_t u = 0; u < batch; ++u) {
        if (!live[u]) continue;
        const T* from = src + s[u] + i * ss;
        if constexpr (Step == -1) {
          held[u] = reversed_elements<ElementBytes>(*from);
        } else if constexpr (Step > 1) {
          if (i == n - 1) {
            held[u] = gathered_last<ElementBytes, Step>(from);
          } else {
            T parts[Step];
            STRIDER_UNROLL
            for (index_t q = 0; q < Step; ++q) parts[q] = from[q];
            held[u] = gathered_elements<ElementBytes>(parts);
          }
        } else {
          held[u] = *from;
        }
      }
      STRIDER_UNROLL
      for (index_t u = 0; u < batch; ++u)
        if (live[u]) dst[d[u] + i * ds] = held[u];
    }
  }
}

// thin: groups of `width` pixels, Channels whole vectors of Width elements of ElementBytes bytes
// on each side. The interleaved side holds pixel j's channel c at j * Channels + c of its
// vectors' elements; the planar side, plane c's vector. A thread takes groups_per_thread groups
// at a time, all their loads before their stores, as the rows kernel takes rows.

// The groups along a row: its pixels (the source's loop b where deinterleaving, a where
// interleaving) in groups of Width.
template <bool Deinterleave, std::size_t Width, class Index>
STRIDER_HOST_DEVICE inline Index thin_groups_per_row(const copy_plan& p) {
  return static_cast<Index>(p.extent[Deinterleave ? p.rank - 1 : p.rank - 2] / static_cast<index_t>(Width));
}

// Group g's first vectors: the interleaved side's run of Channels vectors, and plane 0's vector.
template <int Channels, bool Deinterleave, std::size_t Width, class Index>
STRIDER_HOST_DEVICE inline void thin_group(const copy_plan& p, Index g, index_t& inter, index_t& planar) {
  const Index per_row = thin_groups_per_row<Deinterleave, Width, Index>(p);
  index_t s = 0, d = 0;
  outer_offsets<Index>(p, p.rank - 2, g / per_row, s, d);
  const auto k = static_cast<index_t>(g % per_row);
  inter = (Deinterleave ? s : d) / static_cast<index_t>(Width) + k * Channels;
  planar = (Deinterleave ? d : s) / static_cast<index_t>(Width) + k;
}

// The planar side's plane step, in vectors.
template <bool Deinterleave, std::size_t Width>
STRIDER_HOST_DEVICE inline index_t thin_planar_step(const copy_plan& p) {
  const std::size_t channel = Deinterleave ? p.rank - 2 : p.rank - 1;
  return (Deinterleave ? p.dst_stride : p.src_stride)[channel] / static_cast<index_t>(Width);
}

// A group's Channels vectors (de)interleaved in registers: `loaded` as read, `stored` as written.
template <int Channels, bool Deinterleave, std::size_t ElementBytes, class V>
STRIDER_HOST_DEVICE inline void thin_transpose(const V (&loaded)[Channels], V (&stored)[Channels]) {
  using E = element_word<ElementBytes>;
  constexpr std::size_t width = sizeof(V) / ElementBytes;
  E in[Channels * width], out[Channels * width];
  std::memcpy(in, loaded, sizeof in);
  STRIDER_UNROLL
  for (std::size_t j = 0; j < width; ++j)
    STRIDER_UNROLL
    for (int c = 0; c < Channels; ++c) {
      if constexpr (Deinterleave) out[c * width + j] = in[j * Channels + c];
      else out[j * Channels + c] = in[c * width + j];
    }
  std::memcpy(stored, out, sizeof out);
}

// The deinterleaving direction (interleaved source, planar destination), thread by thread:
// groups first, first + step, ... of `groups`. Each store of a warp writes 32 vectors of one plane
// side by side; its loads read each thread's run of Channels vectors, which the L1 cache serves.
template <int Channels, std::size_t ElementBytes, class V, class Index>
STRIDER_HOST_DEVICE inline void thin_deinterleave_thread(const V* __restrict__ src, V* __restrict__ dst, const copy_plan& p, Index groups, Index first, Index step) {
  constexpr std::size_t width = sizeof(V) / ElementBytes;
  constexpr index_t batch = groups_per_thread(Channels);
  const index_t planar_step = thin_planar_step<true, width>(p);
  for (; first < groups; first += step * static_cast<Index>(batch)) {
    index_t planar[batch];
    bool live[batch];
    V held[batch][Channels];
    STRIDER_UNROLL
    for (index_t b = 0; b < batch; ++b) {
      const Index g = first + static_cast<Index>(b) * step;
      live[b] = g < groups;
      planar[b] = 0;
      if (!live[b]) continue;
      index_t inter = 0;
      thin_group<Channels, true, width>(p, g, inter, planar[b]);
      STRIDER_UNROLL
      for (int c = 0; c < Channels; ++c) held[b][c] = src[inter + c];
    }
    STRIDER_UNROLL
    for (index_t b = 0; b < batch; ++b) {
      if (!live[b]) continue;
      V out[Channels];
      thin_transpose<Channels, true, ElementBytes>(held[b], out);
      STRIDER_UNROLL
      for (int c = 0; c < Channels; ++c) dst[planar[b] + c * planar_step] = out[c];
    }
  }
}

/// The interleaving direction's staging: a thread's Channels vectors are consecutive in the
/// destination, so a warp that stored them itself would write 16 bytes in every 16 * Channels
/// (ncu on an H200: twice the sectors those bytes need). Instead a warp whose 32 groups of a batch
/// are whole and in one row writes them to its staging, thread by thread, and stores the staging
/// as Channels runs of 32 vectors, 512 contiguous bytes each. The staging, in 4-byte words, is read
/// two ways: `by_lane` (lane, vector c's words) as the threads write it and `by_run` (run c, lane's
/// words) as they read it; a swizzle of the 16-byte vectors by bits 3.. of their index
/// (swizzle<log2 Channels, 2, 3>, none for 3 channels) makes both conflict-free
/// (thin_staging_certified: the unswizzled writes are 2-way for 2 channels and 4-way for 4).
template <int Channels>
struct thin_staging {
  static constexpr index_t batch = groups_per_thread(Channels);
  static constexpr int swizzle_bits = Channels == 2 ? 1 : Channels == 4 ? 2 : 0;
  template <class L>
  using swizzled = std::conditional_t<(swizzle_bits > 0), swizzled_t<L, swizzle<(swizzle_bits > 0 ? swizzle_bits : 1), 2, 3>>, L>;
  using by_lane = swizzled<contiguous<32, 4 * Channels>>;
  using by_run = swizzled<contiguous<Channels, 128>>;
  using lane_writes = thread_value_t<contiguous<32, 1>, contiguous<1, 4 * Channels>>;
  using run_reads = thread_value_t<contiguous<1, 32>, contiguous<Channels, 4>>;
  /// A warp's staging, in 16-byte vectors: a batch's 32 * Channels after another's.
  static constexpr index_t vectors = batch * 32 * Channels;
  /// Where lane `lane` writes its vector c of batch b, and where run c's vector `lane` is read.
  STRIDER_HOST_DEVICE static constexpr index_t lane_vector(index_t b, int lane, int c) { return b * 32 * Channels + by_lane{}(lane, 4 * c) / 4; }
  STRIDER_HOST_DEVICE static constexpr index_t run_vector(index_t b, int c, int lane) { return b * 32 * Channels + by_run{}(c, 4 * lane) / 4; }
};

template <int Channels>
STRIDER_HOST_DEVICE constexpr bool thin_staging_certified() {
  using S = thin_staging<Channels>;
  using writes = require_conflict_free_t<typename S::by_lane, typename S::lane_writes, 4, 4>;
  using reads = require_conflict_free_t<typename S::by_run, typename S::run_reads, 4, 4>;
  return writes::conflict_free && reads::conflict_free;
}

// Whether a warp's 32 groups from g0 are all there and in one row (their Channels * 32
// interleaved vectors then lie side by side).
template <std::size_t Width, class Index>
STRIDER_HOST_DEVICE inline bool thin_warp_whole(const copy_plan& p, Index g0, Index groups) {
  const Index per_row = thin_groups_per_row<false, Width, Index>(p);
  return g0 + 31 < groups && g0 / per_row == (g0 + 31) / per_row;
}

// The interleaving direction (planar source, interleaved destination), a warp at a time, in two
// steps with the warp synchronized between them (the kernel), or run for each of its 32 threads
// in turn (the host's twin): thin_interleave_stage loads lane `lane`'s groups of the batches
// from warp_first (warp_first + lane + b * step), interleaves them, and writes them to `staging`
// where the warp's batch is whole (thin_warp_whole), to the destination otherwise; then
// thin_interleave_store stores the staged runs.
template <int Channels, std::size_t ElementBytes, class V, class Index>
STRIDER_HOST_DEVICE inline void thin_interleave_stage(const V* __restrict__ src, V* __restrict__ dst, const copy_plan& p, Index groups, Index warp_first, int lane,
                                                      Index step, V* staging) {
  using S = thin_staging<Channels>;
  constexpr std::size_t width = sizeof(V) / ElementBytes;
  const index_t planar_step = thin_planar_step<false, width>(p);
  index_t inter[S::batch];
  bool live[S::batch];
  V held[S::batch][Channels];
  STRIDER_UNROLL
  for (index_t b = 0; b < S::batch; ++b) {
    const Index g = warp_first + static_cast<Index>(b) * step + static_cast<Index>(lane);
    live[b] = g < groups;
    inter[b] = 0;
    if (!live[b]) continue;
    index_t planar = 0;
    thin_group<Channels, false, width>(p, g, inter[b], planar);
    STRIDER_UNROLL
    for (int c = 0; c < Channels; ++c) held[b][c] = src[planar + c * planar_step];
  }
  STRIDER_UNROLL
  for (index_t b = 0; b < S::batch; ++b) {
    if (!live[b]) continue;
    V out[Channels];
    thin_transpose<Channels, false, ElementBytes>(held[b], out);
    const bool staged = thin_warp_whole<width>(p, warp_first + static_cast<Index>(b) * step, groups);
    STRIDER_UNROLL
    for (int c = 0; c < Channels; ++c) {
      if (staged) staging[S::lane_vector(b, lane, c)] = out[c];
      else dst[inter[b] + c] = out[c];
    }
  }
}

template <int Channels, std::size_t ElementBytes, class V, class Index>
STRIDER_HOST_DEVICE inline void thin_interleave_store(V* __restrict__ dst, const copy_plan& p, Index groups, Index warp_first, int lane, Index step, const V* staging) {
  using S = thin_staging<Channels>;
  constexpr std::size_t width = sizeof(V) / ElementBytes;
  STRIDER_UNROLL
  for (index_t b = 0; b < S::batch; ++b) {
    const Index g0 = warp_first + static_cast<Index>(b) * step;
    if (!thin_warp_whole<width>(p, g0, groups)) continue;
    index_t inter = 0, planar = 0;
    thin_group<Channels, false, width>(p, g0, inter, planar);
    STRIDER_UNROLL
    for (int c = 0; c < Channels; ++c) dst[inter + c * 32 + lane] = staging[S::run_vector(b, c, lane)];
  }
}

// Calls f.template operator()<Channels, Deinterleave>() for a thin launch's channels and
// direction (the kernel, and the host test that runs its threads, pick their instance so).
template <class F>
constexpr void with_thin_kind(const copy_launch& l, F&& f) {
  const auto direction = [&]<int Channels>() {
    if (l.deinterleave) f.template operator()<Channels, true>();
    else f.template operator()<Channels, false>();
  };
  if (l.channels == 2) direction.template operator()<2>();
  else if (l.channels == 3) direction.template operator()<3>();
  else direction.template operator()<4>();
}

// tiled and tiled_vectors (tiles of Extent x Extent elements): where tile t starts. Loop a (=
// rank-2) is the source's fastest, loop b (= rank-1) the destination's; tiles are numbered with b
// fastest, then a, then the outer loops. (Numbering a fastest, so that neighbouring blocks read
// neighbouring stretches of the same source rows, measured no faster.)
struct tile_origin {
  index_t src = 0, dst = 0;  // storage offsets of the tile's outer index
  index_t a0 = 0, b0 = 0;    // its first a and b
};

template <class Index, index_t Extent = tile>
STRIDER_HOST_DEVICE inline tile_origin tile_at(const copy_plan& p, Index t, Index tiles_a, Index tiles_b) {
  tile_origin o;
  const Index tb = t % tiles_b, ta = t / tiles_b % tiles_a, outer = t / tiles_b / tiles_a;
  outer_offsets<Index>(p, p.rank - 2, outer, o.src, o.dst);
  o.a0 = static_cast<index_t>(ta) * Extent;
  o.b0 = static_cast<index_t>(tb) * Extent;
  return o;
}

/// The staging tile of the tiled kernel for elements of Bytes bytes: tile x tile elements (row j
/// holds b0 + j, column i holds a0 + i), each row padded so that a warp reading a column meets
/// every bank once: one element for 4 bytes and more, 4 bytes for narrower ones (a row of 36
/// bytes for 1-byte elements, whose column reads then step 9 words; one element past the row
/// would leave them 2-way).
template <std::size_t Bytes>
using staging_layout = layout<shape<tile, tile>, strides<tile + (Bytes < 4 ? 4 / static_cast<index_t>(Bytes) : 1), 1>>;
/// The block's threads over it: thread t = tile ty + tx holds column tx of rows ty, ty +
/// tile_rows, ... (a warp holds a row per instruction).
using staging_threads = thread_value_t<contiguous<tile_rows, tile>, contiguous<tile / tile_rows, 1>, interleaved>;
/// What the access certificate proves of the staging for elements of Bytes bytes: the writes
/// (a warp along a row) and the transposed reads (a warp down a column) are conflict-free (a
/// compile error naming the threads otherwise). The certificate models elements of 1, 2, 4, 8
/// and 16 bytes; other sizes are moved as they are, unproven.
template <std::size_t Bytes>
STRIDER_HOST_DEVICE constexpr bool staging_conflict_free() {
  if constexpr (Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8 || Bytes == 16) {
    constexpr auto bytes = static_cast<index_t>(Bytes);
    return require_conflict_free_t<staging_layout<Bytes>, staging_threads, bytes>::conflict_free &&
           require_conflict_free_t<permute_t<staging_layout<Bytes>, 1, 0>, staging_threads, bytes>::conflict_free;
  } else {
    return true;
  }
}

/// What it proves of the global side for elements of Bytes bytes, where the tile's contiguous axis
/// has unit stride (a transpose of dense arrays): each warp instruction reads (writes) `tile`
/// consecutive elements of one row, coalesced. Certified at a representative row stride; any
/// stride that starts each row on a 32-byte boundary touches the same sectors.
template <std::size_t Bytes>
STRIDER_HOST_DEVICE constexpr bool global_coalesced() {
  if constexpr (Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8 || Bytes == 16) {
    using rows = layout<shape<tile, tile>, strides<tile * tile, 1>>;
    return require_coalesced_t<rows, staging_threads, static_cast<index_t>(Bytes)>::coalesced;
  } else {
    return true;
  }
}

/// What it proves of the rows kernel for units (elements or vectors) of Bytes bytes: a warp
/// instruction reads 32 consecutive units of a row (forwards, or backwards where the row is
/// flipped) and writes 32 consecutive units, coalesced. (A stepping row's gather reads Step
/// units per thread, each instruction every Step-th unit: Step times the sectors its bytes need
/// per instruction, each sector once across the thread's Step loads, which the L1 serves; the
/// certificate counts instructions one by one, so that case is not asserted.)
template <std::size_t Bytes>
STRIDER_HOST_DEVICE constexpr bool rows_coalesced() {
  if constexpr (Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8 || Bytes == 16) {
    using warp = thread_value_t<contiguous<32>, contiguous<1>>;
    constexpr auto bytes = static_cast<index_t>(Bytes);
    return require_coalesced_t<contiguous<32>, warp, bytes>::coalesced && require_coalesced_t<layout<shape<32>, strides<-1>, 31>, warp, bytes>::coalesced;
  } else {
    return true;
  }
}

template <class T>
using tile_buffer = T[staging_layout<sizeof(T)>::required_span];

// Thread (tx, ty) of a tile reads along a, the source's contiguous direction, into its values of
// the staging tile: all its reads first, into registers, then the writes to shared memory, so that
// its loads are in flight together (a load followed by its store, value by value, would wait for
// each load in turn)...
template <class T>
STRIDER_HOST_DEVICE inline void tile_load(const T* __restrict__ src, const copy_plan& p, const tile_origin& o, int tx, int ty, tile_buffer<T>& buffer) {
  constexpr int values = tile / tile_rows;
  const index_t na = p.extent[p.rank - 2], nb = p.extent[p.rank - 1];
  const index_t sa = p.src_stride[p.rank - 2], sb = p.src_stride[p.rank - 1];
  const auto staged = strider::partition(tensor_view<T, staging_layout<sizeof(T)>>(buffer), staging_threads{}, ty * tile + tx);  // (rows, 1)
  const index_t a = o.a0 + tx;
  T held[values];
  bool in_data[values];
  STRIDER_UNROLL
  for (int v = 0; v < values; ++v) {
    const index_t b = o.b0 + ty + v * tile_rows;
    in_data[v] = a < na && b < nb;
    if (in_data[v]) held[v] = src[o.src + a * sa + b * sb];
  }
  STRIDER_UNROLL
  for (int v = 0; v < values; ++v)
    if (in_data[v]) staged(v, 0) = held[v];
}

// ...and, after the block's barrier, writes along b, the destination's, from its values of the
// staging tile read transposed (shared reads first, then the global writes, likewise).
template <class T>
STRIDER_HOST_DEVICE inline void tile_store(T* __restrict__ dst, const copy_plan& p, const tile_origin& o, int tx, int ty, const tile_buffer<T>& buffer) {
  constexpr int values = tile / tile_rows;
  const index_t na = p.extent[p.rank - 2], nb = p.extent[p.rank - 1];
  const index_t da = p.dst_stride[p.rank - 2], db = p.dst_stride[p.rank - 1];
  const auto staged = strider::partition(tensor_view<const T, permute_t<staging_layout<sizeof(T)>, 1, 0>>(buffer), staging_threads{}, ty * tile + tx);  // (j, tx) is staged (tx, j)
  const index_t b = o.b0 + tx;
  T held[values];
  bool in_data[values];
  STRIDER_UNROLL
  for (int v = 0; v < values; ++v) {
    const index_t a = o.a0 + ty + v * tile_rows;
    in_data[v] = a < na && b < nb;
    if (in_data[v]) held[v] = staged(v, 0);
  }
  STRIDER_UNROLL
  for (int v = 0; v < values; ++v)
    if (in_data[v]) dst[o.dst + (o.a0 + ty + v * tile_rows) * da + b * db] = held[v];
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// ---- tiled_vectors: a transpose in whole vectors on both sides --------------------------------

/// The tiles of the tiled_vectors kernel for elements of type T (1, 2 or 4 bytes): `width`
/// elements make a vector of `vector_bytes` (16, or 8 for bytes, whose 16-byte vectors would make
/// a block of 256 bytes per thread and a tile of 64 KiB), and a tile is `extent` x `extent`
/// elements (16 vectors along each side), split among 256 threads, 16 x 16, each a width x width
/// block (thread_value_t below).
///
/// A thread loads its block of the source tile (b, a) as `width` vectors, one per source row b
/// (`blocks` over the source's rows), transposes it in registers, and writes it to the staging
/// tile (a, b) as `width` vectors, one per a (`transposed`: thread t's block sits at the
/// transposed place, column_major threads); after the barrier it reads the staging tile by
/// `blocks` again and stores those vectors along the destination's rows. Every global and
/// shared access is a whole vector. The staging tile is `swizzled`: each row's vectors are XORed
/// with bits of the row over `width` rows (swizzle<log2(128 / vector_bytes), log2 width, log2
/// width + 4>), which the access certificate proves conflict-free for both the transposed writes
/// (a phase's threads write one vector in each of as many rows, which the plain tile puts in one
/// bank group) and the reads (static_asserts in the kernel, vector_tile_certified).
template <class T>
struct vector_tiling {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "copy: tiled_vectors moves 1-, 2- and 4-byte elements");
  static constexpr index_t vector_bytes = tiled_vector_bytes(sizeof(T));  // the planner's rule
  static constexpr index_t width = vector_bytes / static_cast<index_t>(sizeof(T));  // elements per vector
  static constexpr index_t extent = 16 * width;
  static constexpr int log_width = width == 4 ? 2 : 3;
  static constexpr int swizzle_bits = vector_bytes == 16 ? 3 : 4;  // the vectors of a 128-byte bank row
  static constexpr int threads = static_cast<int>(block_threads);  // 16 x 16
  /// Thread t = 16 i + j holds rows width i .. width i + width - 1 of columns width j ..: a
  /// warp instruction reads (writes) two rows of `extent` elements, 16 vectors each.
  using blocks = thread_value_t<contiguous<16, 16>, contiguous<width, width>>;
  /// Thread t's block transposed: rows width j .., columns width i .. (t = 16 i + j).
  using transposed = thread_value_t<column_major<16, 16>, contiguous<width, width>>;
  using staging = swizzled_t<contiguous<extent, extent>, swizzle<swizzle_bits, log_width, log_width + 4>>;
  /// A tile of a global array, rows `stride` apart (run-time), elements along a row contiguous;
  /// an edge tile has run-time extents (partition then gives the thread's values with a mask).
  using global_tile = layout<shape<extent, extent>, strides<dyn, 1>, dyn>;
  using global_edge = layout<shape<dyn, dyn>, strides<dyn, 1>, dyn>;
  /// One vector in registers.
  struct alignas(vector_bytes) vector {
    std::uint32_t word[vector_bytes / 4];
  };
};

/// What the access certificate proves of tiled_vectors for elements of type T: whole vectors
/// everywhere; the transposed writes to the staging tile and its reads conflict-free; the global
/// rows coalesced (certified at a representative row stride, as global_coalesced).
template <class T>
STRIDER_HOST_DEVICE constexpr bool vector_tile_certified() {
  using VT = vector_tiling<T>;
  constexpr index_t bytes = static_cast<index_t>(sizeof(T));
  using writes = require_conflict_free_t<typename VT::staging, typename VT::transposed, bytes, VT::width>;
  using reads = require_conflict_free_t<typename VT::staging, typename VT::blocks, bytes, VT::width>;
  using rows = require_coalesced_t<layout<shape<VT::extent, VT::extent>, strides<VT::extent * VT::extent, 1>>, typename VT::blocks, bytes, VT::width>;
  return writes::conflict_free && reads::conflict_free && rows::coalesced;
}

// A vector at an address aligned to its size: one 128- or 64-bit access in device code (a
// global store written in PTX: nvcc has split 128-bit stores of values it read otherwise into
// 32-bit ones), the bytes copied on the host.
template <class V, class T>
STRIDER_HOST_DEVICE inline V load_vector(const T* at) {
  V v;
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(V) == 16) {
    const uint4 u = *reinterpret_cast<const uint4*>(at);
    v.word[0] = u.x, v.word[1] = u.y, v.word[2] = u.z, v.word[3] = u.w;
  } else {
    const uint2 u = *reinterpret_cast<const uint2*>(at);
    v.word[0] = u.x, v.word[1] = u.y;
  }
#else
  std::memcpy(&v, at, sizeof v);
#endif
  return v;
}
template <class V, class T>
STRIDER_HOST_DEVICE inline void store_vector_shared(T* at, const V& v) {
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(V) == 16) *reinterpret_cast<uint4*>(at) = make_uint4(v.word[0], v.word[1], v.word[2], v.word[3]);
  else *reinterpret_cast<uint2*>(at) = make_uint2(v.word[0], v.word[1]);
#else
  std::memcpy(at, &v, sizeof v);
#endif
}
template <class V, class T>
STRIDER_HOST_DEVICE inline void store_vector_global(T* at, const V& v) {
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(V) == 16) asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(at), "r"(v.word[0]), "r"(v.word[1]), "r"(v.word[2]), "r"(v.word[3]) : "memory");
  else asm volatile("st.global.v2.u32 [%0], {%1, %2};" ::"l"(at), "r"(v.word[0]), "r"(v.word[1]) : "memory");
#else
  std::memcpy(at, &v, sizeof v);
#endif
}

// The thread's block of the source (`src` at the offsets of `from`, a partition of the source
// tile's layout) into `to` (its transposed place in the staging tile): to(c, r) = src[from(r,
// c)], as `width` vectors loaded together, transposed in registers and written as `width`
// vectors (every value in the data)...
template <class T, class From, class To>
STRIDER_HOST_DEVICE inline void vector_block_in(const T* __restrict__ src, const From& from, const To& to) {
  using V = typename vector_tiling<T>::vector;
  constexpr index_t width = vector_tiling<T>::width;
  T in[width][width], out[width][width];
  STRIDER_UNROLL
  for (index_t r = 0; r < width; ++r) {
    const V v = load_vector<V>(src + from(r, 0));
    std::memcpy(in[r], &v, sizeof v);
  }
  STRIDER_UNROLL
  for (index_t c = 0; c < width; ++c)
    STRIDER_UNROLL
    for (index_t r = 0; r < width; ++r) out[c][r] = in[r][c];
  STRIDER_UNROLL
  for (index_t c = 0; c < width; ++c) {
    V v;
    std::memcpy(&v, out[c], sizeof v);
    store_vector_shared(&to(c, 0), v);
  }
}
// ...or, on a masked edge (`from` a masked partition), value by value where in the data.
template <class T, class From, class To>
STRIDER_HOST_DEVICE inline void vector_block_in_masked(const T* __restrict__ src, const From& from, const To& to) {
  constexpr index_t width = vector_tiling<T>::width;
  if (from.in_bounds(width - 1, width - 1)) return vector_block_in<T>(src, from, to);  // the last value in the data: all are
  // The edges' values are few: a loop, not unrolled (unrolled, 64 values of bytes or halves cost
  // more compile time than the rest of the kernel).
  for (index_t r = 0; r < width; ++r)
    for (index_t c = 0; c < width; ++c)
      if (from.in_bounds(r, c)) to(c, r) = src[from(r, c)];
}

// The thread's block of the staging tile (`from`) into the destination (`dst` at the offsets of
// `to`, a partition of the destination tile's layout), as vectors (all loaded, then all
// stored)...
template <class T, class From, class To>
STRIDER_HOST_DEVICE inline void vector_block_out(const From& from, T* __restrict__ dst, const To& to) {
  using V = typename vector_tiling<T>::vector;
  constexpr index_t width = vector_tiling<T>::width;
  V v[width];
  STRIDER_UNROLL
  for (index_t r = 0; r < width; ++r) v[r] = load_vector<V>(&from(r, 0));
  STRIDER_UNROLL
  for (index_t r = 0; r < width; ++r) store_vector_global(dst + to(r, 0), v[r]);
}
// ...or, `to` a masked partition, value by value where in the data.
template <class T, class From, class To>
STRIDER_HOST_DEVICE inline void vector_block_out_masked(const From& from, T* __restrict__ dst, const To& to) {
  constexpr index_t width = vector_tiling<T>::width;
  if (to.in_bounds(width - 1, width - 1)) return vector_block_out<T>(from, dst, to);
  for (index_t r = 0; r < width; ++r)  // as vector_block_in_masked
    for (index_t c = 0; c < width; ++c)
      if (to.in_bounds(r, c)) dst[to(r, c)] = from(r, c);
}

// A global tile's layout from its run-time entries, which the plan (checked on the host) gave:
// not checked again in device code, where a debug build would check every tile.
template <class L, class... I>
STRIDER_HOST_DEVICE inline L global_tile_at(I... entries) {
  const index_t held[] = {static_cast<index_t>(entries)...};
  return L::from_held(held);
}

/// tiled_vectors, thread `thread` of the tile at `o` (tile_at with vector_tiling<T>::extent):
/// its block of the source tile into the staging tile (`staged`: vector_tiling<T>::staging's
/// elements)... The global tiles are layouts (partitioned as layouts: offsets), not views.
template <class T>
STRIDER_HOST_DEVICE inline void vector_tile_load(const T* __restrict__ src, const copy_plan& p, const tile_origin& o, int thread, T* staged) {
  using VT = vector_tiling<T>;
  const index_t na = p.extent[p.rank - 2], nb = p.extent[p.rank - 1], row = p.src_stride[p.rank - 1];
  const index_t rows = nb - o.b0 < VT::extent ? nb - o.b0 : VT::extent, cols = na - o.a0 < VT::extent ? na - o.a0 : VT::extent;
  const index_t first = o.src + o.a0 + o.b0 * row;
  const auto to = strider::partition(tensor_view<T, typename VT::staging>(staged), typename VT::transposed{}, thread);
  if (rows == VT::extent && cols == VT::extent) vector_block_in<T>(src, strider::partition(global_tile_at<typename VT::global_tile>(row, first), typename VT::blocks{}, thread), to);
  else vector_block_in_masked<T>(src, strider::partition(global_tile_at<typename VT::global_edge>(rows, cols, row, first), typename VT::blocks{}, thread), to);
}

/// ...and, after the block's barrier, its block of the staging tile into the destination's tile.
template <class T>
STRIDER_HOST_DEVICE inline void vector_tile_store(T* __restrict__ dst, const copy_plan& p, const tile_origin& o, int thread, const T* staged) {
  using VT = vector_tiling<T>;
  const index_t na = p.extent[p.rank - 2], nb = p.extent[p.rank - 1], row = p.dst_stride[p.rank - 2];
  const index_t rows = na - o.a0 < VT::extent ? na - o.a0 : VT::extent, cols = nb - o.b0 < VT::extent ? nb - o.b0 : VT::extent;
  const index_t first = o.dst + o.b0 + o.a0 * row;
  const auto from = strider::partition(tensor_view<const T, typename VT::staging>(staged), typename VT::blocks{}, thread);
  if (rows == VT::extent && cols == VT::extent) vector_block_out<T>(from, dst, strider::partition(global_tile_at<typename VT::global_tile>(row, first), typename VT::blocks{}, thread));
  else vector_block_out_masked<T>(from, dst, strider::partition(global_tile_at<typename VT::global_edge>(rows, cols, row, first), typename VT::blocks{}, thread));
}

}  // namespace strider::cuda::detail
