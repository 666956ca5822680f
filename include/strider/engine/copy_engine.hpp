// strider/engine/copy_engine.hpp: the copy engine behind copy_strided (storage/copy.hpp): it runs
// a copy plan (copy_plan.hpp) at close to memory bandwidth. Only copies include it, so views and
// element access pay nothing for its threads, SIMD intrinsics and cache probing.
//
// Rows that are contiguous in both layouts are memcpy'd, in the source's order where the
// destination's would read them in many streams (`rows_in_source_order_pay`; short rows in the
// order of the outer loops that reads in few streams and writes in the fewest: `rows_walk_order`),
// with no requests for rows ahead (they cost more than they won: benchmarks/README.md, "Rows
// left to the hardware prefetcher"); reversed, every-other and broadcast rows have SIMD
// kernels; an n x k transpose with k = 2, 3 or 4 either way (pairs, RGB, RGBA;
// to 8 floats with AVX2 or AVX-512) packs or unpacks its tuples in registers; other transposes
// are done in tiles of whole cache lines with an in-register SIMD transpose (the loops outside
// the tiles, too, in the source's order where the destination's revisits short source pieces
// far apart: `tiles_in_source_order_pay`; where the source's fastest axis is shorter than a
// line, or than four where the rule holds, with the loops that continue the source's run across
// it: `source_run_pays`), the partial tiles
// at the edges through a buffer (those of whole lines of A by masked loads); a
// full reversal (permute(2, 1, 0)) walks its middle loop inside each tile position (walk.hpp's
// deep strips) with tiles across the seams between its items (seams inside lines where its
// extents are ragged, no whole number of lines, in panels), and destination rows a page apart
// are walked in panels, as are a full reversal's seam tiles where its planes are wide, and its
// planes where every tile is whole, aligned lines
// (elements of 1, 2, 4 or 8 bytes; SSE2, the x86-64 baseline, AVX2 for 4-
// and 8-byte elements and AVX-512 for their tiles where the compiler targets them; plain loops
// elsewhere, or everywhere with STRIDER_COPY_PORTABLE; compiled for AVX2 as well where the target
// lacks it, and chosen by the CPU at run time, isa.hpp). Large
// destinations are written with non-temporal stores, which skip reading their old contents into
// the cache (`stream_pays`; not a deep walk whose source rows collide, `deep_stream_pays`). Threads share a copy in equal pieces of one walk through it, cut
// anywhere in the loop nest (`share_copy`: a few per thread, claimed in turn; one contiguous
// part per thread, the same each time, where the copy fits in the cache; a deep walk with few planes by rows of B, `deep_rows_pay`),
// and come from a pool that is started once. Source
// and destination may overlap in memory: the copy then goes through a temporary, as NumPy's
// copyto does, unless no element is both read and written (interleaved layouts of one buffer,
// copy_plan.hpp's certainly_disjoint). benchmarks/README.md has figures.
//
// In pieces: machine.hpp (the cache, streaming stores), isa.hpp (the instruction sets and which
// one copies run), walk.hpp (the loop nest, the threads' shares, the kernels' choices), threads.hpp
// (the pool), simd.hpp (the registers) and kernels.hpp (rows, tuples, tiles), both included here
// once per instruction set compiled, and here the running of a plan.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "../util/heap_array.hpp"
#include "../core/layout.hpp"
#include "copy_plan.hpp"
#include "isa.hpp"
#include "machine.hpp"
#include "threads.hpp"
#include "walk.hpp"

// The kernels for the compiler's target, in namespace target_kernels.
#define STRIDER_COPY_KERNELS target_kernels
#include "simd.hpp"
#include "kernels.hpp"
#undef STRIDER_COPY_KERNELS

// With dispatch (isa.hpp), the same kernels again for AVX2, in namespace avx2_kernels: every
// function defined there is compiled for AVX2, and runs only where the CPU has it.
#if defined(STRIDER_COPY_DISPATCH)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
#define STRIDER_COPY_AVX2 1
#define STRIDER_COPY_KERNELS avx2_kernels
#include "simd.hpp"
#include "kernels.hpp"
#undef STRIDER_COPY_KERNELS
#undef STRIDER_COPY_AVX2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

namespace strider {

/// Options of `copy_strided`.
struct copy_options {
  /// Threads that share a large copy, the calling thread being one. 1 (or 0) uses no other
  /// thread; a copy takes at most one thread per 2 MiB it reads and writes. The other threads
  /// come from a pool of POSIX threads started by the first copy that needs them and reused by
  /// every later one (without POSIX threads, std::threads started per copy).
  unsigned threads = 1;
};

namespace detail::copy_engine {

// ---- running a plan ---------------------------------------------------------------------------

/// Bytes moved (read + written) per thread below which a copy takes fewer threads than asked:
/// a thread's share must outweigh waking it.
inline constexpr std::size_t bytes_per_thread = std::size_t{2} << 20;

/// The threads a copy of `bytes` bytes (read + written) takes when `asked` are allowed.
constexpr unsigned threads_for(std::size_t bytes, unsigned asked) {
  const std::size_t most = std::max<std::size_t>(1, bytes / bytes_per_thread);
  return static_cast<unsigned>(std::min<std::size_t>(std::max(1u, asked), most));
}

/// Source rows a multiple of this many bytes apart (a power-of-two pitch) fall in the same few
/// sets of a core's L2, and a panel reads many of them at once: 256 rows per block of B in the
/// panels of whole, aligned lines (`aligned_panels_collide_bytes`), seam_panel_strips lines of
/// rows in seam panels (`seam_panels_collide_bytes`). Measured on permute(2,1,0) of floats and
/// doubles whose A rows are 64 KiB to 2 MiB apart: those panels ran at a third to a half of the
/// deep order's speed, one thread (benchmarks/README.md, "Panels and power-of-two pitches").
inline constexpr std::size_t aligned_panels_collide_bytes = std::size_t{64} << 10;
inline constexpr std::size_t seam_panels_collide_bytes = std::size_t{128} << 10;

/// Whether the source rows of a blocked plan's A (its innermost loop) are a multiple of `bytes`
/// apart. Example: permute(2,1,0) of 256³ floats, rows 256 KiB apart: true for 64 KiB and 128 KiB.
constexpr bool source_rows_collide(const copy_plan& p, std::size_t bytes) {
  const index_t step = p.src_stride[p.rank - 1];
  return step != 0 && (static_cast<std::size_t>(step < 0 ? -step : step) * p.element_size) % bytes == 0;
}

/// Whether a deep walk's seam tiles (kernels.hpp's seam_tiles) go in panels of seam_panel_strips
/// strips in the run's order, where panels apply (B at least panel_from_lines lines, destination rows
/// a page apart), rather than each tile position down the run, for a blocked plan `p`: doubles
/// where A (its innermost loop) holds two panels or more; floats where it holds four or more and
/// its source rows do not collide (seam_panels_collide_bytes). The deep order
/// writes one line into each of a line's worth of destination rows a page apart and steps on;
/// panels write runs of seam_panel_strips lines front to back. Measured (benchmarks/README.md,
/// "Seam tiles in panels" and "Panels and power-of-two pitches"): where A is one panel or less,
/// and for 1- and 2-byte elements, the deep order as fast or faster; for floats also where A is
/// under four panels or its rows collide, 1.1-2x faster. Example: permute(2,1,0) of 320³ floats
/// (na = 320, rows 400 KiB apart) takes panels; of 256³ (rows 256 KiB apart) and of 160×333×240
/// (na = 160), the deep order.
constexpr bool seam_panels_pay(const copy_plan& p) {
  const std::size_t size = p.element_size;
  const index_t na = p.extent[p.rank - 1], line = static_cast<index_t>(cache_line / std::max<std::size_t>(1, size));
  if (size < 4 || na < 2 * seam_panel_strips * line) return false;
  return size != 4 || (na >= 4 * seam_panel_strips * line && !source_rows_collide(p, seam_panels_collide_bytes));
}

/// Source rows of A a multiple of this many bytes apart, in a deep walk, are written with plain
/// stores rather than streamed (deep_stream_pays).
inline constexpr std::size_t deep_stream_collide_bytes = std::size_t{128} << 10;

/// Whether a deep walk (walk.hpp's deep strips) of blocked plan `p` may stream its stores: not
/// where its source rows of A collide in the cache (source_rows_collide, deep_stream_collide_bytes).
/// Each tile reads a line from each of A's rows, far apart, and writes a line into each row of
/// B, stepping C a short way; where the rows read are a multiple of 128 KiB apart, streamed
/// stores ran at about half the speed of plain ones, on one thread and two, and where they are
/// not (48, 96, 250, 320 or 400 KiB apart, whatever the destination's pitch) streaming gained,
/// as it does for transposes (benchmarks/README.md, "Deep walks whose source rows collide").
/// Streaming forced (stream_mode) still streams. Example: permute(2,1,0) of 256³ floats (rows
/// 256 KiB apart) and of 512×256×128 (128 KiB): false; of 320³ (400 KiB) and of 256×256×250
/// (250 KiB): true.
constexpr bool deep_stream_pays(const copy_plan& p) { return !source_rows_collide(p, deep_stream_collide_bytes); }

/// Rows of B from the source's first element `source` to its first line boundary, B read
/// forward (source stride 1) or `backward` (-1): the rows before the first block of whole source
/// lines (tiles_job::b_peel). Precondition: `source` is aligned to T. Example: floats 40 bytes
/// into a line (element 10 of 16): 6 forward, 11 backward.
template <class T>
index_t rows_to_source_line(const T* source, bool backward) {
  constexpr index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
  const auto e = static_cast<index_t>(reinterpret_cast<std::uintptr_t>(source) % cache_line / sizeof(T));
  return backward ? (e + 1) % line : (line - e) % line;
}

/// Lines of B from which a transpose whose destination rows are a page or more apart is walked
/// in panels (benchmarks/README.md, "Panels across the strips").
inline constexpr index_t panel_from_lines = 8;

/// Lines of B from which a strips walk aligns its line tiles' source reads (tiles_job::b_peel):
/// the rows of B before the source's first line boundary and after its last then go through
/// edge tiles, a small part of a long B. On a shorter B (NHWC to NCHW, 4 lines of floats per
/// source row) those edges would be a large part, so its tiles read across line boundaries
/// instead (measured: NHWC to NCHW and permute(2, 0, 1) of 256³ from std::vector's buffers, which
/// start inside a line, benchmarks/README.md). Deep strips align at any length: their tiles
/// across the seams between items need whole lines.
inline constexpr index_t aligned_reads_from_lines = 32;

/// The longest step of loop C, on either side, with which a transpose walks C inside each tile
/// position (walk.hpp's deep strips): within a page, so that the next tile's rows are near.
inline constexpr index_t deep_step_bytes = page_bytes;

/// True when every loop of `p` but the innermost steps the destination by whole cache lines, so
/// that every row of the destination starts at the same place in its cache line as the first.
/// Streaming stores of a tile are proved aligned from that and the first row alone: an outer
/// loop whose destination step is not a whole line (a pitch of 35 floats) would move later tiles
/// off alignment, and a misaligned streaming store faults.
constexpr bool destination_rows_aligned_alike(const copy_plan& p) {
  for (std::size_t d = 0; d + 1 < p.rank; ++d)
    if (!whole_lines_apart(p.dst_stride[d], p.element_size)) return false;
  return true;
}

/// True when every loop of a blocked plan `p` but loop B steps the source by whole lines of
/// `line` elements, so that every source row of a tile starts at the same place in its line.
inline bool source_rows_aligned_alike(const copy_plan& p, index_t line) {
  for (std::size_t d = 0; d < p.rank; ++d)
    if (d != p.rank - 2 && p.src_stride[d] % line != 0) return false;
  return true;
}

/// True when every line tile of a blocked plan `p` reads and writes whole, aligned lines with no
/// tile across two items of an outer loop: A and B whole lines long, the destination from a
/// line-aligned `first` and the source from a line-aligned `source` (B ascending), each with
/// every other stride a whole number of lines. A permute (2,1,0) of 320³ 64-byte-aligned
/// floats qualifies; from std::vector's buffers, 16 bytes into a line, it does not.
inline bool tiles_whole_and_aligned(const copy_plan& p, const void* source, const void* first, index_t line) {
  const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
  return p.src_stride[b_loop] == 1 && p.extent[a_loop] % line == 0 && p.extent[b_loop] % line == 0 && aligned_to(first, cache_line) &&
         aligned_to(source, cache_line) && destination_rows_aligned_alike(p) && source_rows_aligned_alike(p, line);
}

/// Lines of A or B below which a transpose whose destination is contiguous across loop C and A
/// (A' = c * na + a), A or B no whole number of lines, takes ragged seam tiles (kernels.hpp's
/// ragged_seam_tiles) even where loop C steps far, past deep_step_bytes: walked item by item,
/// a plane that short is largely edge tiles. Example: permute (2,3,1,0) of 25×103×121×65 floats
/// (A = 25, loop C 7865 floats on the source side): one thread on the Zen 5 VM 8.2-8.8 to
/// 15.0-15.1 GB/s (benchmarks/README.md, "Ragged seams"); with A and B 4 lines or more, long
/// steps of C keep the walk plane by plane, which measured as fast or faster.
inline constexpr index_t ragged_seams_below_lines = 4;

/// Whether loop C of a blocked plan, the one outside the tiled pair, steps at most
/// deep_step_bytes on both sides (elements of `size` bytes): it is then walked inside each tile
/// position (walk.hpp's deep strips).
inline bool short_loop_outside_tiles(const copy_plan& p, std::size_t size) {
  if (!p.blocked || p.rank < 3) return false;
  const std::size_t c_loop = p.rank - 3;
  const index_t most = deep_step_bytes / static_cast<index_t>(size);
  const auto short_step = [most](index_t stride) { return stride >= -most && stride <= most; };
  return p.extent[c_loop] > 1 && short_step(p.src_stride[c_loop]) && short_step(p.dst_stride[c_loop]);
}

// ---- the order of a rows walk's outer loops --------------------------------------------------
// A plan walks its outer loops in the destination's order, which writes the destination front to
// back but may read each source row far from the last (a permute that keeps the last axis). The
// hardware prefetcher follows a few streams of adjacent rows; it does not follow a row here and
// a row there. Where the destination's order leaves the reads in many streams, the rows walk takes
// the source's order instead, which reads front to back and writes each row where it goes, unless
// its rows are short and the writes would be scattered the more widely (benchmarks/README.md,
// "The order of a rows walk").

/// Streams that a rows walk follows well on one side (rows of a few lines each).
inline constexpr index_t row_streams_followed = 16;

/// Row bytes from which a row is long enough to be written where it goes (a few whole lines
/// between its partial first and last), so that reads in the source's order always pay.
inline constexpr index_t source_order_row_bytes = 256;

/// The items of the loops from `first` - 1 outwards before the first of them whose step on one
/// side (`source`, or the destination) is `run`, and whether one is (all of them where none is).
struct items_until {
  index_t items = 1;
  bool found = false;
};
constexpr items_until items_until_step(const copy_plan& p, std::size_t first, index_t run, bool source) {
  items_until out;
  for (std::size_t d = first; d-- > 0;) {
    if ((source ? p.src_stride[d] : p.dst_stride[d]) == run) {
      out.found = true;
      return out;
    }
    out.items *= p.extent[d];
  }
  return out;
}

/// The streams in which a rows walk by plan `p` (contiguous rows, loops in the plan's order)
/// reads (`source`) or writes its rows: the run of adjacent rows (the row, widened by every loop
/// from the innermost outwards that steps exactly the run so far) is cut by the next loop, and
/// continued by the first loop further out whose step is exactly the run; the streams are the
/// items of the loops in between, all of the rest where no loop continues the run. 1 where that
/// side is contiguous throughout. Example: permute(1, 0, 2) of 22×2276×188 floats, in the
/// destination's order, reads in 22 streams (loop 22 steps 427888 floats, then loop 2276 steps
/// the run of 188), and writes in 1.
constexpr index_t row_streams(const copy_plan& p, bool source) {
  index_t run = p.extent[p.rank - 1];
  std::size_t d = p.rank - 1;
  while (d > 0 && (source ? p.src_stride[d - 1] : p.dst_stride[d - 1]) == run) run *= p.extent[--d];
  return items_until_step(p, d, run, source).items;
}

/// Blocks ahead at which an unpack in blocks asks for its runs (staged_runs_ahead).
inline constexpr index_t staged_runs_blocks_ahead = 2;

/// The source distance, in elements, at which an unpack in blocks of `runs` runs each
/// (walk.hpp's staged_tuples_runs, kernels.hpp's unpack_in_blocks) by plan `p` asks for each run
/// ahead: the same run staged_runs_blocks_ahead items on of the loop outside the block's runs.
/// Only where the runs are shorter than a page and do not follow one another in one stream (one
/// run a block, each next run where the last ends): the hardware prefetcher follows one stream,
/// and catches up within runs of a page or more, and there the requests only cost. 0 for none,
/// or where no loop is outside the block. Measured (benchmarks/README.md, "Runs of tuples asked
/// for ahead"): runs in two streams or far apart 1.2-2.6x faster, one stream and runs of 15 KB
/// 0.8-0.9x. Example: permute(1, 3, 0, 2) of 2×9000×37×16 floats, two runs of 37 × 16 a block
/// (2368 bytes each, 21 MB apart), the loop of 9000 stepping 592: 1184; of 1×6000×100×4 (one
/// run a block, each where the last ends): 0.
constexpr index_t staged_runs_ahead(const copy_plan& p, index_t runs) {
  if (runs < 1 || !p.blocked || p.rank < 3) return 0;
  const std::size_t b = p.rank - 2;
  const index_t run = p.extent[b] * p.extent[b + 1];
  std::size_t outside = b;  // the block's runs are loops [outside, b)
  for (index_t items = 1; items < runs && outside > 0;) items *= p.extent[--outside];
  if (outside == 0) return 0;
  const index_t step = p.src_stride[outside - 1];
  const bool one_stream = runs == 1 && step == run;
  return !one_stream && run * static_cast<index_t>(p.element_size) < page_bytes ? staged_runs_blocks_ahead * step : 0;
}

/// Whether a staged strips walk (kernels.hpp's staged_tiles) of blocked plan `p`, elements of
/// `element_size` bytes, asks for each block's source lines while it copies the block before
/// (tiles_job::staged_ahead): where it streams (`stream`), B's source stride is 1, and a block's
/// source is not one run (the rows of A na * nb contiguous, all of B in one block of
/// staged_block_rows). A block's source rows are then na short runs apart, na streams at once
/// (3 x 28 of 43 floats in permute (0, 3, 1, 4, 2) of 34 x 3 x 28 x 56 x 43), more than the
/// hardware prefetcher follows. Measured (benchmarks/README.md, "Staged blocks asked for
/// ahead"): streamed, 0.4-0.9 of the time; with plain stores, whose reads for ownership already
/// fill the misses in flight, and where the source is one run, up to 1.2-1.3x slower.
/// Example: permute (0, 3, 1, 4, 2) of 34 x 3 x 28 x 56 x 43 floats, streamed: rows 2408
/// elements apart, yes; permute (0, 2, 1) of 40000 x 10 x 20: one run of 200 a block, no.
constexpr bool staged_ahead_pays(const copy_plan& p, std::size_t element_size, bool stream) {
  if (!stream || !p.blocked || p.rank < 2) return false;
  const std::size_t b = p.rank - 2, a = p.rank - 1;
  const index_t na = p.extent[a], nb = p.extent[b];
  const bool one_run = p.src_stride[a] == nb && nb <= staged_block_rows(na, element_size);
  return p.src_stride[b] == 1 && !one_run;
}

/// Plan `p` with its outer loops (all but the innermost, or the tiled pair of a blocked plan) in
/// the source's order: decreasing magnitude of the source stride, ties in the plan's order.
constexpr copy_plan loops_in_source_order(const copy_plan& p) {
  copy_plan q = p;
  sort_loops(q, q.rank - (q.blocked ? 2 : 1), [](index_t src_stride, index_t) { return copy_abs(src_stride); });
  return q;
}

/// Whether a plan's rows walk pays in the source's order (loops_in_source_order): rows contiguous
/// on both sides, at least two loops outside them, none a broadcast; the destination's order
/// reading in more than row_streams_followed streams; and either rows of source_order_row_bytes
/// or more, or the source's order writing in at most row_streams_followed streams, or in an
/// eighth of the streams the destination's order reads in. Example: permute(1, 0, 2) of
/// 22×2276×188 floats (rows of 752 bytes, 22 read streams) takes the source's order; of
/// 13×34776×19 floats (13 read streams), the destination's.
constexpr bool rows_in_source_order_pay(const copy_plan& p) {
  if (p.blocked || p.rank < 3) return false;
  const std::size_t inner = p.rank - 1;
  if (p.src_stride[inner] != 1 || p.dst_stride[inner] != 1) return false;
  for (std::size_t d = 0; d < inner; ++d)
    if (p.src_stride[d] == 0) return false;
  const index_t reads = row_streams(p, true);
  if (reads <= row_streams_followed) return false;
  const index_t writes = row_streams(loops_in_source_order(p), false);
  const index_t row_bytes = p.extent[inner] * static_cast<index_t>(p.element_size);
  return row_bytes >= source_order_row_bytes || writes <= row_streams_followed || reads / 8 >= writes;
}

/// Outer loops up to which a rows walk of short rows looks at every order of them
/// (rows_walk_order): 120 orders of 5 loops, each two row_streams counts.
inline constexpr std::size_t rows_order_search_loops = 5;

/// Bytes written from which that search runs: below them a copy sits in one core's L2, where
/// the prefetcher's streams matter little, and the search would cost more than it saves.
inline constexpr index_t rows_order_search_bytes = index_t{256} << 10;

/// The loop order a rows walk by plan `p` takes. Rows of source_order_row_bytes or more: the
/// source's where rows_in_source_order_pay, else the destination's. Shorter rows, where the
/// destination's order reads in more than row_streams_followed streams: of the source's order
/// and the orders of the outer loops that read in row_streams_followed streams or fewer (every
/// one, where there are at most rows_order_search_loops loops and rows_order_search_bytes
/// written), the one that writes in the fewest (row_streams; ties to fewer reads, then to the
/// source's order, then to the first in the enumeration), where it writes in row_streams_followed streams
/// or fewer, or in an eighth of the streams the destination's order reads in, as
/// rows_in_source_order_pay takes the source's; else the destination's. Example: permute(3, 1,
/// 2, 0, 4) of 2×218×9×73×36 floats (rows of 144 bytes) reads in 3924 streams in the destination's
/// order and writes in 143226 in the source's; the order (1962, 73, 2) of its loops, whose
/// innermost continues the destination's run and whose next continues the source's, reads in 2
/// and writes in 73 (benchmarks/README.md, "Short rows in the fewest streams").
constexpr copy_plan rows_walk_order(const copy_plan& p) {
  const copy_plan source = loops_in_source_order(p);
  const copy_plan chosen = rows_in_source_order_pay(p) ? source : p;
  if (p.blocked || p.rank < 3) return chosen;
  const std::size_t outer = p.rank - 1;
  if (p.src_stride[outer] != 1 || p.dst_stride[outer] != 1 || p.extent[outer] * static_cast<index_t>(p.element_size) >= source_order_row_bytes) return chosen;
  for (std::size_t d = 0; d < outer; ++d)
    if (p.src_stride[d] == 0) return chosen;
  const index_t reads = row_streams(p, true);
  if (reads <= row_streams_followed || outer > rows_order_search_loops || p.size < rows_order_search_bytes / static_cast<index_t>(p.element_size)) return chosen;
  copy_plan best = source;
  index_t best_reads = row_streams(source, true), best_writes = row_streams(source, false);
  std::size_t order[max_rank] = {};
  for (std::size_t d = 0; d < outer; ++d) order[d] = d;
  do {
    copy_plan q = p;
    for (std::size_t d = 0; d < outer; ++d) {
      q.extent[d] = p.extent[order[d]];
      q.src_stride[d] = p.src_stride[order[d]];
      q.dst_stride[d] = p.dst_stride[order[d]];
    }
    const index_t r = row_streams(q, true);
    if (r > row_streams_followed) continue;
    const index_t w = row_streams(q, false);
    if (w < best_writes || (w == best_writes && r < best_reads)) {
      best = q;
      best_reads = r;
      best_writes = w;
    }
  } while (std::next_permutation(order, order + outer));
  return best_writes <= row_streams_followed || reads / 8 >= best_writes ? best : p;
}

/// Whether a tiled transpose's outer loops pay in the source's order (loops_in_source_order).
/// Each A × B tile of a blocked plan reads a piece of B elements from each of its A source rows
/// (all A × B at once where the source is contiguous across the pair) and writes a piece of A
/// elements into each of its B destination rows (A × B where the destination is); an outer loop
/// whose step is a piece continues that side's pieces. The destination's order puts the loop
/// that continues its own pieces innermost; the source's order the source's. So, as for rows:
/// blocked, no tuples walk (walk.hpp's tuples_of), unit strides inside the pair, at least two
/// outer loops; in the destination's order, more than row_streams_followed tiles between one
/// source piece and the next (the items of the loops inside the one that continues it); and the
/// source's pieces shorter than the destination's, or as long and source_order_row_bytes or more.
/// A B shorter than a line walks B' instead where a loop continues it (source_run_pays, which
/// execute tries first). Example: permute(2, 0, 3, 1) of 90×20×144×18 floats: tiles of 20 × 18,
/// pieces of 18 floats read and 360 written (the destination contiguous across the pair), and the
/// loop of 144, which steps 18 floats in the source, outside the loop of 90: the source's order
/// (benchmarks/README.md, "The order of the loops outside the tiles").
constexpr bool tiles_in_source_order_pay(const copy_plan& p, index_t tuples_up_to = tuples_most) {
  if (!p.blocked || p.rank < 4 || tuples_of(p, std::max(tuples_most, tuples_up_to)).kind != tuples_kind::none) return false;
  const std::size_t b = p.rank - 2, a = p.rank - 1;
  if (p.src_stride[b] != 1 || p.dst_stride[a] != 1) return false;
  const index_t na = p.extent[a], nb = p.extent[b];
  const index_t read = p.src_stride[a] == nb ? na * nb : nb;
  const index_t written = p.dst_stride[b] == na ? na * nb : na;
  const bool shorter = read < written || (read == written && read * static_cast<index_t>(p.element_size) >= source_order_row_bytes);
  const items_until between = items_until_step(p, b, read, true);
  return between.found && shorter && between.items > row_streams_followed;
}

/// Runs of an unpack at least this long whose destination's order asks for them ahead
/// (staged_runs_ahead) keep that order (tuples_in_source_order_pay).
inline constexpr index_t runs_ahead_keep_order_bytes = 24 * static_cast<index_t>(cache_line);

/// Whether an unpack of tuples (walk.hpp's tuples_of, tuples up to `tuples_up_to`) by plan `p`
/// pays in the source's order (loops_in_source_order), `run_ahead` being what the destination's
/// order would ask for (the job's tuples.run_ahead). Each run's k rows are adjacent in the
/// destination (B's destination stride is A's extent, so that a run is one whole block wherever
/// it goes), at least two loops are outside the pair, and in the destination's order more than
/// row_streams_followed runs lie between one source run and the next (the items of the loops
/// inside the one that continues it): that order reads each run far from the last, the source's
/// reads them front to back and writes whole blocks where they go. Not where the destination's
/// order asks for each run ahead and the runs are runs_ahead_keep_order_bytes or longer: those
/// reads keep up, and the scattered blocks cost more (benchmarks/README.md, "Unpacks in the
/// source's order"). Example: permute(1, 0, 3, 2) of 175×363×14×8 floats: runs of 14 tuples of
/// 8 (448 bytes), the loop of 175 (inside) stepping 40656 floats in the source and the loop of
/// 363 (outside) continuing the run: 175 runs between; of 49×330×44×9 (runs of 1584 bytes, asked
/// for ahead): not.
constexpr bool tuples_in_source_order_pay(const copy_plan& p, index_t tuples_up_to, index_t run_ahead) {
  if (!p.blocked || p.rank < 4) return false;
  const tuples_shape shape = tuples_of(p, tuples_up_to);
  const std::size_t b = p.rank - 2, a = p.rank - 1;
  if (shape.kind != tuples_kind::unpack || p.dst_stride[b] != p.extent[a]) return false;
  const index_t run = p.extent[a] * p.extent[b];
  if (run_ahead != 0 && run * static_cast<index_t>(p.element_size) >= runs_ahead_keep_order_bytes) return false;
  const items_until between = items_until_step(p, b, run, true);
  return between.found && between.items > row_streams_followed;
}

/// Destination lines that each row of a blocked unpack (unpack_block_items) gets at a time, at
/// least: blocks of 4 to 12 items of 14 floats ran alike, of 16 slower, of 32 at half the speed
/// (benchmarks/README.md, "Unpacks in blocks of A'").
inline constexpr index_t unpack_block_lines = 4;

/// Source bytes that one sweep of A' must reach past for a blocked unpack: short of that, the
/// lines a sweep leaves half read are still in the core's cache at the next.
inline constexpr index_t unpack_block_sweep_bytes = index_t{512} << 10;

/// Bytes of A's run (na elements) from which a blocked unpack pays, most of a line, and the
/// longest tuples it takes: shorter runs, in blocks of 6 to 16 items, measured slower in 9 of 18
/// cases, and tuples of 5 to 8 gained little even with long runs (5 of 13 slower)
/// (benchmarks/README.md, "Unpacks in blocks of A'").
inline constexpr index_t unpack_block_least_run_bytes = 52;
inline constexpr index_t unpack_block_most_tuples = 4;

/// The loops of plan `p` outside its pair (but A', loop rank - 3) that continue the source's run
/// of an unpack of tuples of k, innermost first: the one whose step is k * na, then the one whose
/// step is the run so far; `count` of them.
struct source_chain {
  std::size_t loop[max_rank] = {};
  std::size_t count = 0;
};
constexpr source_chain unpack_source_chain(const copy_plan& p, index_t k) {
  source_chain chain;
  index_t run = k * p.extent[p.rank - 1];
  for (bool found = true; found;) {
    found = false;
    for (std::size_t d = 0; d + 3 < p.rank; ++d)
      if (p.src_stride[d] == run) {
        chain.loop[chain.count++] = d;
        run *= p.extent[d];
        found = true;
        break;
      }
  }
  return chain;
}

/// The items of loop A' that a blocked unpack takes at a time, 0 where it does not pay. An unpack
/// of tuples (walk.hpp's tuples_of) reads each run of k * na elements whole from the source and
/// writes na elements into each of k destination rows; where the innermost outer loop, A',
/// continues A in the destination (its step na) but steps far in the source, the destination's
/// order reads each run far from the last: more than row_streams_followed items of the loops
/// from A' outwards lie between one run and the loop that continues it in the source, each
/// stream a row far from the next, a line's rest left for the next sweep of A'. Blocks of A'
/// then go outside the loops that continue the source's run (blocked_unpack): each block reads
/// its items' source rows front to back, `items` streams, and writes each destination row a
/// piece of `items` * na elements, at least unpack_block_lines lines. Only for tuples of up to
/// unpack_block_most_tuples and runs of unpack_block_least_run_bytes or more, and not:
///  - where A' and the k rows are one contiguous block of the destination (B's step na times A'
///    items): the destination's order writes it front to back, and measured faster;
///  - where a sweep of A' reaches less than unpack_block_sweep_bytes of the source.
/// Measured (benchmarks/README.md, "Unpacks in blocks of A'"). Preconditions: `p` in the walk's
/// order, the unpack of tuples of k that its job walks. Example: permute(1, 4, 2, 0, 3) of
/// 1154×25×4×14×3 floats: runs of 14 tuples of 3, A' = 1154 items 4200 floats apart in the
/// source, 1154 items between a run and the next (the loop of 4, step 42): blocks of 5 items.
constexpr index_t unpack_block_items(const copy_plan& p, index_t k) {
  if (!p.blocked || p.rank < 4 || p.rank >= max_rank || k < 2 || k > unpack_block_most_tuples) return 0;
  const std::size_t b = p.rank - 2, a = p.rank - 1, a_run = p.rank - 3;
  const index_t na = p.extent[a], size = static_cast<index_t>(p.element_size);
  if (na * size < unpack_block_least_run_bytes) return 0;
  if (p.src_stride[b] != 1 || p.src_stride[a] != k || p.dst_stride[a_run] != na || p.dst_stride[b] == na * p.extent[a_run]) return 0;
  const index_t reach = p.src_stride[a_run] < 0 ? -p.src_stride[a_run] : p.src_stride[a_run];
  if (reach * size * p.extent[a_run] < unpack_block_sweep_bytes) return 0;
  const items_until between = items_until_step(p, b, k * na, true);
  if (!between.found || between.items <= row_streams_followed) return 0;
  const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line) / size);
  const index_t items = (unpack_block_lines * line + na - 1) / na;
  return items >= 2 && p.extent[a_run] >= 2 * items ? items : 0;
}

/// The blocks of `items` items of A' of plan `p` that unpack_block_items takes: loop A' cut in
/// two, its blocks moved outside the outermost loop that continues the source's run
/// (unpack_source_chain), and inside them the loops in between that do not continue it, then
/// those that do in the source's order, then the block's items; the items past the last whole
/// block are the rest (blocked_unpack_rest). Example: 1154×25×4×14×3 above, loops (25, 4, 1154,
/// 3, 14), 5 items a block: (230, 25, 4, 5, 3, 14), the blocks 21000 floats apart in the source
/// and 70 in the destination, and the rest the last 4 items.
constexpr copy_plan blocked_unpack(const copy_plan& p, index_t k, index_t items) {
  const std::size_t a_run = p.rank - 3;
  const source_chain chain = unpack_source_chain(p, k);
  std::size_t outermost = a_run;
  bool in_chain[max_rank] = {};
  for (std::size_t c = 0; c < chain.count; ++c) {
    outermost = std::min(outermost, chain.loop[c]);
    in_chain[chain.loop[c]] = true;
  }
  copy_plan q = p;
  q.rank = p.rank + 1;
  std::size_t to = outermost;
  const auto put = [&](index_t extent, index_t src_stride, index_t dst_stride) {
    q.extent[to] = extent;
    q.src_stride[to] = src_stride;
    q.dst_stride[to] = dst_stride;
    ++to;
  };
  put(p.extent[a_run] / items, p.src_stride[a_run] * items, p.dst_stride[a_run] * items);
  for (std::size_t d = outermost; d < a_run; ++d)
    if (!in_chain[d]) put(p.extent[d], p.src_stride[d], p.dst_stride[d]);
  for (std::size_t c = chain.count; c-- > 0;) put(p.extent[chain.loop[c]], p.src_stride[chain.loop[c]], p.dst_stride[chain.loop[c]]);
  put(items, p.src_stride[a_run], p.dst_stride[a_run]);
  for (std::size_t d = a_run + 1; d < p.rank; ++d) put(p.extent[d], p.src_stride[d], p.dst_stride[d]);
  q.size = p.size / p.extent[a_run] * items * (p.extent[a_run] / items);
  return q;
}

/// The items of A' past blocked_unpack's last whole block: plan `p` from that item on (rank 0
/// where none is left, A' dropped where one is).
constexpr copy_plan blocked_unpack_rest(const copy_plan& p, index_t items) {
  const std::size_t a_run = p.rank - 3;
  const index_t whole = p.extent[a_run] / items * items, rest = p.extent[a_run] - whole;
  copy_plan q = p;
  q.src_offset += whole * p.src_stride[a_run];
  q.dst_offset += whole * p.dst_stride[a_run];
  q.size = p.size / p.extent[a_run] * rest;
  q.extent[a_run] = rest;
  if (rest == 0) q.rank = 0;
  if (rest == 1) {  // a plan has no loop of one item (make_copy_plan drops them)
    for (std::size_t d = a_run; d + 1 < p.rank; ++d) {
      q.extent[d] = q.extent[d + 1];
      q.src_stride[d] = q.src_stride[d + 1];
      q.dst_stride[d] = q.dst_stride[d + 1];
    }
    q.rank = p.rank - 1;
    q.extent[q.rank] = q.src_stride[q.rank] = q.dst_stride[q.rank] = 0;
  }
  return q;
}

// ---- a short B (or A) and the loops that continue its run: B' (and A') -----------------------
// A transpose whose B (the source's fastest axis) is shorter than a cache line reads a piece of
// B elements from each of a tile's source rows, and most of each line it fetches is the next
// tile's, if it is still there then. Where outer loops continue the source's run across B (their
// steps nb, nb * nc, ...: the source is contiguous across them and B, one mode as CuTe's
// coalesce would make it on that side), they are walked as part of B, in one tile plane of A by
// B' = B and those loops, whose destination rows are each found by its own indices (kernels.hpp's
// source_run_tiles). Each tile then reads whole lines of its source rows, as a transpose of long rows
// does. Where A too is shorter than a line, the loops that continue the destination's run across
// A are walked as part of it (A'), whose source rows are found by their own indices, so that
// each tile also writes whole lines. Example: permute(2, 1, 0) of 1279×2236×3 floats (A = 1279
// steps 6708 in the source, B = 3, the loop of 2236 steps 3): a tile plane of 1279 by 6708,
// destination row b' at (b' % 3) * 2859844 + (b' / 3) * 1279.

/// Whether a blocked plan's destination is contiguous across loop C (the one outside the tiled
/// pair) and A, B stepping 1 in the source: the seam tiles then take the pair, each tile running
/// across the seams between items of C (kernels.hpp's seam_tiles and ragged_seam_tiles;
/// prepare_for). Example: permute(0, 3, 2, 1) of 18×64×181×23 floats, loops (18, 181, 23, 64):
/// C = 181 steps 64 floats in the destination, A's extent: true.
constexpr bool destination_across_seams(const copy_plan& p) {
  if (!p.blocked || p.rank < 3) return false;
  const std::size_t c = p.rank - 3, b = p.rank - 2, a = p.rank - 1;
  return p.extent[c] > 1 && p.src_stride[b] == 1 && p.dst_stride[c] == p.extent[a];
}

/// A run (of A or B) shorter than this many bytes is walked with the loops that continue it.
inline constexpr index_t runs_below_bytes = static_cast<index_t>(cache_line);

/// Where B is one line or more but under two, the bytes of A and of B' from which B' pays
/// (source_run_pays); where B is two lines or more but under four, those of A.
inline constexpr index_t source_run_from_a_bytes = 3 * static_cast<index_t>(cache_line);
inline constexpr index_t source_run_from_bytes = page_bytes;
inline constexpr index_t source_run_wide_from_a_bytes = page_bytes;

/// The loops directly inside loop `end` (end - 1, end - 2, ...) whose steps on one side
/// (`source`, or the destination) continue a run of `run` elements: the first steps `run`,
/// the next `run` times the first's extent, and so on.
constexpr std::size_t run_loops_before(const copy_plan& p, std::size_t end, index_t run, bool source) {
  std::size_t count = 0;
  for (std::size_t d = end; d-- > 0 && (source ? p.src_stride[d] : p.dst_stride[d]) == run; ++count) run *= p.extent[d];
  return count;
}

/// Whether A of a blocked plan steps 1 in the destination and is shorter than runs_below_bytes:
/// A' is then taken before B' (a loop may continue both runs).
constexpr bool short_destination_run(const copy_plan& p) {
  const std::size_t a = p.rank - 1;
  return p.blocked && p.rank >= 3 && p.dst_stride[a] == 1 && p.extent[a] * static_cast<index_t>(p.element_size) < runs_below_bytes;
}

/// The loops directly outside B (rank-3, rank-4, ...) that continue the destination's run across
/// A (A' = A and those loops), where A is short (short_destination_run): 0 otherwise.
constexpr std::size_t destination_run_loops(const copy_plan& p) {
  return short_destination_run(p) ? run_loops_before(p, p.rank - 2, p.extent[p.rank - 1], false) : 0;
}

/// The loops directly outside A''s (destination_run_loops) that continue the source's run across
/// B (B' = B and those loops), B stepping 1 in the source: 0 where there is none, or no B.
constexpr std::size_t source_run_loops(const copy_plan& p) {
  if (!p.blocked || p.rank < 3 || p.src_stride[p.rank - 2] != 1) return 0;
  return run_loops_before(p, p.rank - 2 - destination_run_loops(p), p.extent[p.rank - 2], true);
}

/// Plan `p` with the outer loops that continue the destination's run across a short A (A',
/// where short_destination_run; taken first: a loop may continue both runs, and a short A whose
/// loops go to B' would leave every tile cut) and those that continue the source's run across B
/// (B') moved inside the others: [others, B' loops, A' loops, B, A], each run's loops in its
/// order (destination_run_loops and source_run_loops then find them). The others keep their
/// order, and the same pairs of elements are copied. Example: permute(2, 1, 0) of 1279×2236×3
/// floats: loops (2236, 3, 1279) stepping the source (3, 1, 6708) as they were, B' = 2236 × 3.
constexpr copy_plan runs_inside(const copy_plan& p) {
  if (!p.blocked || p.rank < 3) return p;
  const std::size_t outer = p.rank - 2;
  bool taken[max_rank] = {};
  std::size_t order[max_rank] = {}, count = 0;  // the runs' loops, A''s then B''s, each innermost first
  const auto take = [&](index_t run, bool source) {
    for (bool found = true; found;) {
      found = false;
      for (std::size_t d = 0; d < outer && !found; ++d)
        if (!taken[d] && (source ? p.src_stride[d] : p.dst_stride[d]) == run) {
          taken[d] = found = true;
          order[count++] = d;
          run *= p.extent[d];
        }
    }
  };
  if (short_destination_run(p)) take(p.extent[p.rank - 1], false);
  const std::size_t a_run = count;
  if (p.src_stride[p.rank - 2] == 1) take(p.extent[p.rank - 2], true);
  copy_plan q = p;
  std::size_t at = 0;
  const auto put = [&](std::size_t d) {
    q.extent[at] = p.extent[d];
    q.src_stride[at] = p.src_stride[d];
    q.dst_stride[at] = p.dst_stride[d];
    ++at;
  };
  for (std::size_t d = 0; d < outer; ++d)
    if (!taken[d]) put(d);
  for (std::size_t k = count; k-- > a_run;) put(order[k]);
  for (std::size_t k = a_run; k-- > 0;) put(order[k]);
  return q;
}

/// Lines under which loop C by A, the run that the ragged seam tiles walk along the destination
/// (prepare_for), leaves a plan with a short A to the walk of A' alone (destination_run_alone_pays).
inline constexpr index_t destination_run_alone_below_lines = 6;

/// Whether a blocked plan whose B no loop continues in the source, but whose short A two loops or
/// more continue in the destination (A' = A and those loops: destination_run_loops), walks the
/// tile plane of A' by B (kernels.hpp's source_run_tiles, B' being B alone, the positions
/// numbered strip by strip of A' so that threads share A': prepare_source_run): B steps 1 in the
/// source, and loop C by A (C the innermost loop of A'), the run that the ragged seam tiles would
/// write along the destination, is under destination_run_alone_below_lines lines, so that those
/// tiles are a line or a few wide while A' is far longer. Measured on floats (benchmarks/README.md,
/// "A' alone"): 1.15x to 4.5x faster than the ragged seam tiles, on one thread and two; where one
/// loop continues A (C by A is then all of A'), or C by A is longer, mixed. Example:
/// permute(4, 3, 1, 0, 2) of 2×11×4×1862×83 floats: A = 4 (the source's axis 2), continued by
/// the loops of 2, 11 and 1862 (A' = 163856), B = 83, C by A = 8 floats: true.
constexpr bool destination_run_alone_pays(const copy_plan& p) {
  if (!p.blocked || p.rank < 3) return false;
  const std::size_t b = p.rank - 2, a = p.rank - 1, a_run = destination_run_loops(p);
  if (a_run < 2 || p.src_stride[b] != 1 || p.dst_stride[a] != 1 || source_run_loops(p) != 0) return false;
  return p.extent[b - 1] * p.extent[a] * static_cast<index_t>(p.element_size) < destination_run_alone_below_lines * static_cast<index_t>(cache_line);
}

/// Whether a blocked plan walks B' (kernels.hpp's source_run_tiles): B steps 1 in the source and
/// A 1 in the destination, no tuples walk takes the pair (walk.hpp's tuples_of, tuples up to `tuples_up_to`: the kernels'), a loop directly
/// outside B continues the source's run (runs_inside puts it there), and B is shorter than
/// runs_below_bytes. A B of one line or more but under four walks B' too where, as measured
/// (benchmarks/README.md, "B' for a B of one to four lines"):
///  - the destination is not contiguous across B and A (the staged strips write it front to back);
///  - A is source_run_from_a_bytes or longer (B under two lines) or source_run_wide_from_a_bytes
///    or longer (B of two lines or more), and B' source_run_from_bytes or longer;
///  - B is one line exactly, or the destination's rows are not aligned alike, or seam tiles would
///    not take the pair: the destination is contiguous across loop C and A neither in `p` nor in
///    `otherwise`, the plan the copy walks where B' does not pay (execute's; none: `p` alone).
///    Where they would, the ragged seam tiles write and stream whole lines, and measured faster;
///    where not (the tiles in the source's order), B' measured 1.1-2.8x faster (benchmarks/README.md,
///    "B' over rows aligned alike").
/// Example: permute(3, 2, 1, 0) of 840×33×8×28 floats (B = 28, A = 840, B' = 7392),
/// permute(2, 1, 0) of 1708×83×43 (B = 43, A = 1708) and permute(3, 2, 1, 0) of 128×329×6×18
/// (rows of 128 floats, aligned alike; C steps 42112 floats in the destination) walk B';
/// permute(3, 1, 2, 0) of 28×28×335×31 (A = 28), permute(2, 1, 0) of 442×246×48 (B = 48, A = 442)
/// and permute(0, 3, 2, 1) of 18×64×181×23 (rows of 64, aligned alike; C steps 64), not.
/// Where no loop continues B but loops continue a short A, the walk of A' alone:
/// destination_run_alone_pays.
constexpr bool source_run_pays(const copy_plan& p, index_t tuples_up_to = tuples_most, const copy_plan* otherwise = nullptr) {
  if (!p.blocked || p.rank < 3 || tuples_of(p, std::max(tuples_most, tuples_up_to)).kind != tuples_kind::none) return false;
  const std::size_t b = p.rank - 2, a = p.rank - 1, b_run = source_run_loops(p);
  if (b_run == 0) return destination_run_alone_pays(p);
  if (p.dst_stride[a] != 1) return false;
  const auto size = static_cast<index_t>(p.element_size);
  const index_t b_bytes = p.extent[b] * size;
  if (b_bytes < runs_below_bytes) return true;
  const std::size_t b_end = b - destination_run_loops(p);  // B''s loops: [b_end - b_run, b_end)
  index_t b_prime = p.extent[b];
  for (std::size_t d = b_end - b_run; d < b_end; ++d) b_prime *= p.extent[d];
  const index_t a_from = b_bytes < 2 * runs_below_bytes ? source_run_from_a_bytes : source_run_wide_from_a_bytes;
  return b_bytes < 4 * runs_below_bytes && p.dst_stride[b] != p.extent[a] && p.extent[a] * size >= a_from && b_prime * size >= source_run_from_bytes &&
         (b_bytes == runs_below_bytes || !destination_rows_aligned_alike(p) || !(destination_across_seams(p) || (otherwise != nullptr && destination_across_seams(*otherwise))));
}

/// Whether a walk of B' (prepare_source_run) of `nb` elements by plan `p` with kernels K is an
/// unpack of tuples (kernels.hpp's source_run_tiles, unpack_tuples_into): B' of k = nb elements,
/// 2 to tuples_most, that K moves in registers, A' is A alone, and A steps k in the source, so that
/// the source is k-tuples back to back, as in a tuples walk (walk.hpp's tuples_of), but their k
/// destination rows, placed by two or more loops, are no one pitch apart. Returns k, or 0 for
/// tiles. As tuples, such copies measured 1.2x to 5x faster than by narrow tiles, which transpose
/// a line of A by a whole register for k rows (benchmarks/README.md, "B' of a tuple"). Example:
/// permute(0, 4, 1, 3, 2) of 564×32×81×2×3 floats: B' is the source's last two axes (6 elements),
/// each item 81 tuples of 6 into rows 81 and 5184 floats apart.
template <class K, class T>
constexpr index_t source_run_tuples(const copy_plan& p, const tiles_job& tiles, index_t nb) {
  const bool tuple = tiles.destination_run == 0 && nb >= 2 && nb <= std::min(tuples_most, K::template tuples_up_to<T>) && p.src_stride[p.rank - 1] == nb &&
                     K::template tuples_in_registers<T>(tuples_kind::unpack, nb);
  return tuple ? nb : 0;
}

/// The distance, in bytes, at which a walk of B' as tuples (source_run_tuples) by plan `p` asks
/// for each item's source lines ahead, where `outer` loops are outside B' and an item (all of A'
/// by B') is `item` elements: a page, where the items are shorter than a page and follow one
/// another in the source (the loop outside B' steps one item); else 0, and the hardware
/// prefetcher alone. Measured (benchmarks/README.md, "B' of a tuple"): items of 480 to 1944
/// bytes 1.1-1.4x faster so, items of 5 KB and more 0.7-0.95x. Example: permute(0, 4, 1, 3, 2) of
/// 1001×81×20×2×3 floats: items of 20 tuples of 6 (480 bytes), one after another in the
/// source: 4096.
constexpr index_t source_run_tuples_ahead(const copy_plan& p, std::size_t outer, index_t item) {
  return outer > 0 && p.src_stride[outer - 1] == item && item * static_cast<index_t>(p.element_size) < page_bytes ? page_bytes : 0;
}

/// f.template operator()<K>() with K the `kernels` of the instruction set that copies run
/// (isa.hpp's copy_instruction_set).
template <class F>
decltype(auto) with_kernels(F&& f) {
#if defined(STRIDER_COPY_DISPATCH)
  if (copy_instruction_set() == instruction_set::avx2) return std::forward<F>(f).template operator()<avx2_kernels::kernels>();
#endif
  return std::forward<F>(f).template operator()<target_kernels::kernels>();
}

/// The walk of B' (and A') for a job whose plan `p` walks it (source_run_pays), SIMD tiles,
/// `line` elements a cache line, the source's first element `source` and the destination's
/// `first`: tile planes of A' by B' under the loops outside them, strips of A' in panels of
/// panel_rows rows over all of B'. A first, narrower strip where every destination row of B'
/// starts at the same place in its line; B' blocks from the source's first line boundary where
/// every source row does; streaming stores where the first decides as for other tiles.
template <class T>
void prepare_source_run(copy_job<T>& job, const copy_plan& p, index_t line, const T* source, const T* first) {
  const std::size_t a_loop = p.rank - 1, b_loop = p.rank - 2, a_run = destination_run_loops(p), b_run = source_run_loops(p);
  const std::size_t a_first = b_loop - a_run, b_first = a_first - b_run;  // loops [b_first, a_first) are B''s, [a_first, b_loop) A''s
  index_t na = p.extent[a_loop], nb = p.extent[b_loop], outer = 1;
  for (std::size_t d = a_first; d < b_loop; ++d) na *= p.extent[d];
  for (std::size_t d = b_first; d < a_first; ++d) nb *= p.extent[d];
  for (std::size_t d = 0; d < b_first; ++d) outer *= p.extent[d];
  bool rows_aligned_alike = whole_lines_apart(p.dst_stride[b_loop], sizeof(T)), sources_aligned_alike = p.src_stride[a_loop] % line == 0;
  for (std::size_t d = b_first; d < a_first; ++d) rows_aligned_alike = rows_aligned_alike && whole_lines_apart(p.dst_stride[d], sizeof(T));
  for (std::size_t d = 0; d < b_loop; ++d)
    if (d < b_first || d >= a_first) sources_aligned_alike = sources_aligned_alike && p.src_stride[d] % line == 0;
  job.walk.outer = outer;
  job.walk.n = na;
  job.walk.nb = nb;
  job.tiles.source_run = b_run;
  job.tiles.destination_run = a_run;
  job.tiles.panel = std::max<index_t>(1, panel_rows / line);
  if (rows_aligned_alike && aligned_to(first, sizeof(T)))
    job.tiles.peel = std::min(na, elements_to_alignment(first, cache_line));
  if (sources_aligned_alike && aligned_to(source, sizeof(T))) job.tiles.b_peel = std::min(nb, rows_to_source_line(source, false));
  job.walk.peel = job.tiles.peel;
  job.walk.b_peel = job.tiles.b_peel;
  // Rows of B' each hold all of A' (numbered row by row: b_major); A' alone, with B's rows few,
  // is numbered strip by strip, so that threads share A'.
  job.walk.b_major = b_run > 0;
  job.stream = job.stream && job.tiles.peel < na && aligned_to(first + job.tiles.peel, cache_line) && destination_rows_aligned_alike(p);
}

/// The longest tuples that the kernels K take in a tuples walk of plan `p` on `threads` threads
/// (walk.hpp's tuples_of): their tuples_up_to, but tuples_most where a line of the long tuples'
/// rows is two registers (AVX2), the copy streams (stream_pays) and the unpack's runs into
/// destination rows aligned alike are two lines or longer but shorter than
/// long_tuples_short_run_lines lines: there the tiles ran 1.2-1.3x faster; runs of one line, and
/// in the cache runs of any length, ran faster as tuples (benchmarks/README.md, "Tuples of 9 to
/// 16 floats on AVX2", "Short ends of long tuples"). Example, AVX2, one thread:
/// permute(1, 0, 3, 2) of 120×200×32×10 floats (30 MB; runs of 32 tuples into rows 128 bytes
/// apart) takes 8, of 12×200×32×10 16, of 168×195×16×10 16; of 300×3008×12 (0, 2, 1), 16.
template <class K, class T>
inline index_t tuples_up_to_for(const copy_plan& p, unsigned threads) {
  if constexpr (!trivial_v<T>) {
    return 0;
  } else {
    constexpr index_t up_to = K::template tuples_up_to<T>;
    if constexpr (up_to > tuples_most && !K::long_tuples_line_in_register) {
      const tuples_shape shape = tuples_of(p, up_to);
      const index_t line = static_cast<index_t>(cache_line / sizeof(T));
      const index_t run = p.extent[p.rank - 1];
      if (shape.kind == tuples_kind::unpack && shape.k > tuples_most && tuples_rows_aligned_alike(p) && run >= 2 * line && run < long_tuples_short_run_lines * line &&
          stream_pays(static_cast<std::size_t>(p.size) * sizeof(T), threads, true))
        return tuples_most;
    }
    return up_to;
  }
}

/// The kernel, walk and streaming decision for copying by plan `p` into `dst` on `threads`
/// threads (p.size > 0, p.rank > 0), with the kernels K.
template <class K, class T>
copy_job<T> prepare_for(const copy_plan& p, const T* src, T* dst, unsigned threads) {
  copy_job<T> job{&p, src, dst, {}, {}, false, {}};
  const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
  const std::size_t inner = p.rank - 1;
  const std::size_t kernel_loops = p.blocked ? 2 : 1;
  index_t outer = 1;
  for (std::size_t d = 0; d + kernel_loops < p.rank; ++d) outer *= p.extent[d];
  job.walk.outer = outer;
  job.walk.line = line;
  job.walk.width = line;
  job.walk.n = p.extent[inner];
  const T* first = dst + p.dst_offset;
  const std::size_t written = static_cast<std::size_t>(p.size) * sizeof(T);
  job.stream = trivial_v<T> && p.dst_stride[inner] == 1 && stream_pays(written, threads, p.blocked);
  const tuples_shape tuples = trivial_v<T> ? tuples_of(p, tuples_up_to_for<K, T>(p, threads)) : tuples_shape{};
  if (tuples.kind != tuples_kind::none) {
    job.walk.kind = walk_kind::tuples;
    job.tuples = tuples;
    const bool vectors = K::template tuples_in_registers<T>(tuples.kind, tuples.k);
    if (tuples.kind == tuples_kind::unpack) {
      // Streamed by the transposes' rule (k rows at once: their lines miss as a tile's do).
      // Rows not aligned alike: where runs fill small contiguous blocks of the destination, whole
      // blocks through a buffer (kernels.hpp's unpack_in_blocks), for tuples up to tuples_most
      // only where the runs are shorter than unpack_tuples_staged's blocks, which stream each
      // run through a buffer of rows aligned alike (measured faster on longer runs); tuples
      // longer than tuples_most not through that buffer: slower than plain stores for them
      // (benchmarks/README.md, "Tuples of 9 to 16 floats", "Short runs of tuples in blocks").
      const bool pays = vectors && stream_pays(written, threads, true), rows_aligned_alike = tuples_rows_aligned_alike(p);
      const bool short_runs = tuples.k > tuples_most || p.extent[inner] < staged_tuples_lines * line;
      job.tuples.group_runs = pays && !rows_aligned_alike && short_runs ? staged_tuples_runs(p, staging_bytes) : 0;
      job.tuples.run_ahead = staged_runs_ahead(p, job.tuples.group_runs);
      job.stream = pays && (job.tuples.group_runs > 0 || (aligned_to(first, sizeof(T)) && (tuples.k <= tuples_most || rows_aligned_alike)));
    } else {
      // Written front to back, as a copy (each run aligns its own streaming stores).
      job.walk.n = p.extent[p.rank - 2];
      job.stream = vectors && stream_pays(written, threads, false);
    }
  } else if (p.blocked) {
    const std::size_t b_loop = p.rank - 2;
    const index_t na = p.extent[inner];
    job.walk.kind = walk_kind::strips;
    job.walk.nb = p.extent[b_loop];
    job.tiles.simd = K::template tiles_in_registers<T> && p.dst_stride[inner] == 1 && (p.src_stride[b_loop] == 1 || (K::template rows_in_registers<T> && p.src_stride[b_loop] == -1));
    if (job.tiles.simd && source_run_pays(p)) {
      prepare_source_run(job, p, line, src + p.src_offset, first);
      job.tiles.source_run_tuples = source_run_tuples<K, T>(p, job.tiles, job.walk.nb);
      if (job.tiles.source_run_tuples > 0)
        job.tiles.source_run_ahead = source_run_tuples_ahead(p, p.rank - 2 - job.tiles.destination_run - job.tiles.source_run, job.walk.n * job.walk.nb);
      return job;
    }
    // Destination rows aligned alike: a first, narrower strip takes the columns before the first
    // line boundary, so that every other strip writes whole, aligned lines.
    const bool rows_aligned_alike = whole_lines_apart(p.dst_stride[b_loop], sizeof(T));
    if (job.tiles.simd && rows_aligned_alike && aligned_to(first, sizeof(T)))
      job.tiles.peel = std::min(na, elements_to_alignment(first, cache_line));
    // Short, adjacent destination rows through the staging buffer (walk.hpp's staged_row_bytes),
    // rows under a line long too for 4- and 8-byte elements (measured; 1- and 2-byte ones not).
    job.tiles.staged = job.tiles.simd && p.dst_stride[b_loop] == na && (na >= line || sizeof(T) >= 4) && na * static_cast<index_t>(sizeof(T)) <= staged_row_bytes &&
                       na * line * static_cast<index_t>(sizeof(T)) <= staging_bytes;
    job.walk.width = job.tiles.staged ? na : line;
    job.walk.peel = job.tiles.staged ? 0 : job.tiles.peel;
    // The staged kernel writes its buffer out front to back, aligned by copy_bytes; rows under a
    // line, by masked stores (K::short_rows_masked) or by pieces, stream where
    // short_rows_stream_pays.
    if (job.tiles.staged) {
      if (na < line) job.stream = short_rows_stream_pays(written, threads, K::template short_rows_masked<T>);
      job.tiles.staged_ahead = staged_ahead_pays(p, sizeof(T), job.stream);
      return job;
    }
    // Destination rows a page or more apart: whole strips walked a panel at a time, strips inner,
    // which writes each destination row front to back.
    const bool panels = job.tiles.simd && job.walk.nb >= panel_from_lines * line && p.dst_stride[b_loop] >= page_bytes / static_cast<index_t>(sizeof(T));
    // A loop C outside the tiled pair that steps a short way on both sides: walked inside each
    // tile position (walk.hpp's deep strips), whose seam tiles keep every tile whole, aligned
    // lines at any alignment of the arrays. Where panels apply and every tile is whole and
    // aligned plane by plane anyway, the planes go panel by panel instead: a deep walk writes one
    // line into each of a line's worth of destination rows a page apart and moves on a short step
    // (benchmarks/README.md, "Panels or deep strips"); but not where a panel's source rows
    // collide in the cache (aligned_panels_collide_bytes).
    // Where the destination is contiguous across C and A (A' = c * na + a) and A or B is not a
    // whole number of lines, kernels.hpp's ragged_seam_tiles walk A' in destination lines, each
    // source row read where it lies: in deep strips, and also where loop C steps far if A or B
    // is short (ragged_seams_below_lines).
    const bool short_c = short_loop_outside_tiles(p, sizeof(T));
    const bool ragged_pays = short_c || na < ragged_seams_below_lines * line || p.extent[b_loop] < ragged_seams_below_lines * line;
    const bool aligned_panels = panels && tiles_whole_and_aligned(p, src + p.src_offset, first, line) && !source_rows_collide(p, aligned_panels_collide_bytes);
    if (job.tiles.simd && !aligned_panels && p.blocked && p.rank >= 3 && p.extent[p.rank - 3] > 1) {
      const std::size_t c_loop = p.rank - 3;
      const bool across = destination_across_seams(p);
      // Contiguous across C and B in the source too, in whole lines: tiles across the seams
      // between items (kernels.hpp's seam_tiles).
      job.tiles.seams = short_c && across && p.src_stride[c_loop] == p.extent[b_loop] && na % line == 0 && p.extent[b_loop] % line == 0;
      job.tiles.ragged_seams = across && !job.tiles.seams && ragged_pays;
      job.walk.deep = short_c || job.tiles.ragged_seams;
      // Shared by threads, a deep walk whose planes are few is shared by rows of B instead, each
      // piece walked deep down all of C (walk.hpp's deep_rows_pay).
      if (job.walk.deep && deep_rows_pay(job.walk, p.extent[c_loop], threads)) job.walk = deep_by_rows(job.walk, p.extent[c_loop]);
    }
    // Source rows aligned alike (every source stride but B's a whole number of lines), in deep
    // strips or on a long B (aligned_reads_from_lines): B's blocks start where the source's lines
    // do, after the rows of one edge tile, so that each line tile reads whole lines.
    if (job.tiles.simd && (job.walk.deep || job.walk.nb >= aligned_reads_from_lines * line) && aligned_to(src + p.src_offset, sizeof(T)) &&
        source_rows_aligned_alike(p, line))
      job.tiles.b_peel = std::min(p.extent[b_loop], rows_to_source_line(src + p.src_offset, p.src_stride[b_loop] != 1));
    job.walk.b_peel = job.tiles.b_peel;
    if (panels && !job.walk.deep) job.tiles.panel = panel_rows / line;
    // Seam tiles (any alignment) in panels too, where A is wide and its rows do not collide (seam_panels_pay).
    if (panels && job.tiles.seams && seam_panels_pay(p)) job.tiles.panel = seam_panel_strips;
    // The streaming invariant: line_tile streams whole lines at `first + peel` plus multiples of
    // every loop's destination stride but the innermost, so those are all whole cache lines.
    // Ragged seam tiles find each run's first line boundary themselves, and write whole, aligned
    // lines where the destination's rows are aligned alike (B's step whole lines).
    if (job.tiles.ragged_seams)
      job.stream = job.stream && aligned_to(first, sizeof(T)) && rows_aligned_alike;
    else
      job.stream = job.stream && job.tiles.simd && job.tiles.peel < na && aligned_to(first + job.tiles.peel, cache_line) && destination_rows_aligned_alike(p);
    // A deep walk whose source rows collide: plain stores, unless streaming is forced.
    if (job.walk.deep && !deep_stream_pays(p) && stream_mode() == streaming::automatic) job.stream = false;
  }
  return job;
}

/// The type the engine copies a T as: where the engine has SIMD kernels (isa.hpp: x86-64 without
/// STRIDER_COPY_PORTABLE), which look only at an element's size, every trivially copyable type of
/// 1, 2, 4 or 8 bytes aligned to its size goes as an unsigned word of that size, so that float,
/// std::int32_t and a user's 4-byte struct share one instantiation of the engine, and a file that
/// copies several of them compiles it once. Other types (std::string, a 12-byte RGB triple,
/// std::complex<float>, aligned to 4) go as themselves, as every type does where the plain loops
/// copy: there the compiler vectorizes them, and it vectorizes fewer of them on the words.
/// Example: with SSE2, `copied_as_t<float>` and `copied_as_t<std::uint32_t>` are both
/// `copied_word32`.
///
/// The words are enumerations, not structs: scalar moves of an enumeration vectorize where
/// struct copies do not (GCC). may_alias, because the engine reads and writes the caller's floats
/// (or ints, or structs) through their lvalues: GCC and Clang honour it on an enumeration, which
/// unlike a typedef keeps it as a template argument (MSVC does not analyse aliasing by type). It
/// costs nothing in the SIMD kernels, whose vector types are may_alias already.
#if defined(__GNUC__) || defined(__clang__)
#define STRIDER_MAY_ALIAS __attribute__((__may_alias__))
#else
#define STRIDER_MAY_ALIAS
#endif
enum class STRIDER_MAY_ALIAS copied_word8 : std::uint8_t {};
enum class STRIDER_MAY_ALIAS copied_word16 : std::uint16_t {};
enum class STRIDER_MAY_ALIAS copied_word32 : std::uint32_t {};
enum class STRIDER_MAY_ALIAS copied_word64 : std::uint64_t {};
#undef STRIDER_MAY_ALIAS

template <class T>
struct copied_as {
  using type = T;
};
#if defined(STRIDER_COPY_SSE2)
template <class T>
  requires(std::is_trivially_copyable_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) && alignof(T) == sizeof(T))
struct copied_as<T> {
  using type = std::conditional_t<sizeof(T) == 1, copied_word8, std::conditional_t<sizeof(T) == 2, copied_word16, std::conditional_t<sizeof(T) == 4, copied_word32, copied_word64>>>;
};
#endif
template <class T>
using copied_as_t = typename copied_as<T>::type;

/// The kernel, walk and streaming decision for copying by plan `p` into `dst` on `threads`
/// threads (p.size > 0, p.rank > 0), with the kernels that copies run: a job of copied_as_t<T>,
/// the type the copy runs as.
template <class T>
copy_job<copied_as_t<T>> prepare(const copy_plan& p, const T* src, T* dst, unsigned threads) {
  using W = copied_as_t<T>;
  return with_kernels([&]<class K>() { return prepare_for<K>(p, reinterpret_cast<const W*>(src), reinterpret_cast<W*>(dst), threads); });
}

/// Positions [begin, end) of the job's walk, by the kernels that copies run (those that
/// prepared it: the choice is made once).
template <class T>
void run_range(const copy_job<T>& job, index_t begin, index_t end) {
  with_kernels([&]<class K>() { K::run(job, begin, end); });
}

/// Piece k of a shared copy.
template <class T>
void run_piece(const copy_job<T>& job, const copy_shares& shares, index_t k) {
  const index_t begin = shares.boundary(k), end = shares.boundary(k + 1);
  if (begin < end) run_range(job, begin, end);
}

/// A member's part of a shared copy: the pieces it claims from `next` (shared by the members),
/// in order, until none is left. Members that run alike take pieces k, k + threads, ..., and a
/// member that starts late or is held up (its wake-up, another process on its core) leaves its
/// pieces to the others.
template <class T>
void run_claimed(const copy_job<T>& job, const copy_shares& shares, std::atomic<index_t>& next) {
  for (index_t k = next.fetch_add(1, std::memory_order_relaxed); k < shares.pieces; k = next.fetch_add(1, std::memory_order_relaxed)) run_piece(job, shares, k);
}

// The walk of `job` by plan `p` (the plan it points to) on `threads` threads.
template <class T>
void run_shared(const copy_job<T>& job, const copy_plan& p, unsigned threads) {
  if (threads == 1) return run_range(job, 0, job.walk.total());
  const copy_shares shares = share_copy(job.walk, threads, fits_in_cache(static_cast<std::size_t>(p.size) * sizeof(T)));
  std::atomic<index_t> next{0};
  auto member = [&](unsigned m) {
    if (shares.affine) run_piece(job, shares, static_cast<index_t>(m));
    else run_claimed(job, shares, next);
  };
  // With the pool busy (another thread's copy), this one runs on its own thread, in order.
  if (!run_members(shares.threads, member)) run_range(job, 0, job.walk.total());
}

template <class T>
void execute(const copy_plan& p, const T* src, T* dst, unsigned threads) {
  if (p.size == 0) return;
  if (p.rank == 0) {
    dst[p.dst_offset] = src[p.src_offset];
    return;
  }
  // An element copy that may throw runs on the calling thread only: an exception cannot leave a
  // helper thread, and the helpers would still be running on the copy's frame after it unwound.
  if constexpr (!std::is_nothrow_copy_assignable_v<T>) threads = 1;
  threads = threads_for(2 * static_cast<std::size_t>(p.size) * sizeof(T), threads);
  // The loops the walk takes, which the job points to: those that continue the source's run
  // across a short B moved inside (B', where source_run_pays, weighed against the walk the copy
  // takes otherwise); else the outer loops in the source's order (tiles_in_source_order_pay) or
  // in the rows walk's (the plan's own, for tiles).
  const index_t tuples_up_to = with_kernels([&]<class K>() { return tuples_up_to_for<K, T>(p, threads); });
  const copy_plan run_inside = runs_inside(p);
  const copy_plan otherwise = tiles_in_source_order_pay(p, tuples_up_to) ? loops_in_source_order(p) : rows_walk_order(p);
  const copy_plan first = source_run_pays(run_inside, tuples_up_to, &otherwise) ? run_inside : otherwise;
  // An unpack whose destination's order reads each run far from the last goes in the source's,
  // unless that order asks for its runs ahead (tuples_in_source_order_pay: the job knows).
  const copy_job<T> first_job = prepare(first, src, dst, threads);
  const bool unpack_in_source_order = first_job.walk.kind == walk_kind::tuples && tuples_in_source_order_pay(first, tuples_up_to, first_job.tuples.run_ahead);
  const copy_plan walked = unpack_in_source_order ? loops_in_source_order(first) : first;
  const copy_job<T> job = unpack_in_source_order ? prepare(walked, src, dst, threads) : first_job;
  // An unpack whose A' steps far in the source, in blocks of A' (unpack_block_items), then the
  // items past the last whole block as a copy of their own. On one thread only: shared by two,
  // the blocks measured slower than the destination's order in 14 of 33 cases, up to 2.2x
  // (benchmarks/README.md, "Unpacks in blocks of A'").
  const bool unpack = job.walk.kind == walk_kind::tuples && job.tuples.kind == tuples_kind::unpack;
  const index_t block_items = threads == 1 && unpack ? unpack_block_items(walked, job.tuples.k) : 0;
  if (block_items > 0) {
    const copy_plan blocks = blocked_unpack(walked, job.tuples.k, block_items), rest = blocked_unpack_rest(walked, block_items);
    // Each run under a line is written by plain stores (a streamed one would go one by one:
    // kernels.hpp's unpack_tuples_into streams whole lines only); the next item completes its
    // lines.
    copy_job<T> blocks_job = prepare(blocks, src, dst, threads);
    if (walked.extent[walked.rank - 1] * static_cast<index_t>(sizeof(T)) < static_cast<index_t>(cache_line)) blocks_job.stream = false;
    run_shared(blocks_job, blocks, threads);
    if (rest.rank > 0) execute(rest, src, dst, threads);
    return;
  }
  run_shared(job, walked, threads);
}

// The loops of `p` as a layout of the source or of the destination (loop order, same offsets).
inline layout_value loops_layout(const copy_plan& p, bool source) {
  layout_value v{};
  v.rank = p.rank;
  for (std::size_t d = 0; d < p.rank; ++d) {
    v.shape[d] = p.extent[d];
    v.strides[d] = source ? p.src_stride[d] : p.dst_stride[d];
  }
  v.offset = source ? p.src_offset : p.dst_offset;
  return v;
}

// Byte addresses [lo, hi) that the source (or destination) of `p` touches.
template <class T>
inline void byte_range(const copy_plan& p, const T* base, bool source, std::uintptr_t& lo, std::uintptr_t& hi) {
  index_t min_off = source ? p.src_offset : p.dst_offset, max_off = min_off;
  for (std::size_t d = 0; d < p.rank; ++d) {
    const index_t reach = (p.extent[d] - 1) * (source ? p.src_stride[d] : p.dst_stride[d]);
    (reach < 0 ? min_off : max_off) += reach;
  }
  lo = reinterpret_cast<std::uintptr_t>(base + min_off);
  hi = reinterpret_cast<std::uintptr_t>(base + max_off) + sizeof(T);
}

// run, for an element type that is its own copied_as_t.
template <class T>
void run_copied(const copy_plan& p, const T* src, T* dst, copy_options options) {
  if (p.size == 0) return;
  std::uintptr_t s_lo = 0, s_hi = 0, d_lo = 0, d_hi = 0;
  byte_range(p, src, true, s_lo, s_hi);
  byte_range(p, dst, false, d_lo, d_hi);
  if (s_hi <= d_lo || d_hi <= s_lo) {
    execute(p, src, dst, options.threads);
    return;
  }
  // Overlap. Every element onto itself: nothing to do.
  bool identity = src == dst && p.src_offset == p.dst_offset;
  for (std::size_t d = 0; identity && d < p.rank; ++d) identity = p.src_stride[d] == p.dst_stride[d];
  if (identity) return;
  // Interleaved in one buffer (a[:, 0] into a[:, 1]): no element is both read and written, so
  // the copy runs in place, in any order and on any number of threads.
  const auto distance = static_cast<std::intptr_t>(reinterpret_cast<std::uintptr_t>(dst) - reinterpret_cast<std::uintptr_t>(src));
  if (distance % static_cast<std::intptr_t>(sizeof(T)) == 0 && certainly_disjoint(p, static_cast<index_t>(distance / static_cast<std::intptr_t>(sizeof(T))))) {
    execute(p, src, dst, options.threads);
    return;
  }
  // Otherwise through a temporary, dense in the destination's order, so that the second copy
  // is a plain one.
  layout_value temp{};
  temp.rank = p.rank;
  index_t order[max_rank] = {};
  for (std::size_t d = 0; d < p.rank; ++d) {
    temp.shape[d] = p.extent[d];
    order[d] = static_cast<index_t>(d);
  }
  std::sort(order, order + p.rank, [&](index_t a, index_t b) { return p.dst_stride[a] > p.dst_stride[b]; });
  index_t stride = 1;
  for (std::size_t i = p.rank; i-- > 0;) {
    temp.strides[order[i]] = stride;
    stride *= p.extent[order[i]];
  }
  const copy_plan from_temp = make_copy_plan(temp, loops_layout(p, false), sizeof(T));
  const auto count = static_cast<std::size_t>(p.size);
  if constexpr (std::is_trivially_copyable_v<T> && std::is_trivially_default_constructible_v<T>) {
    const copy_plan to_temp = make_copy_plan(loops_layout(p, true), temp, sizeof(T));
    const heap_array<T> buffer(count, typename heap_array<T>::for_overwrite_t{});
    execute(to_temp, src, buffer.get(), options.threads);
    execute(from_temp, static_cast<const T*>(buffer.get()), dst, options.threads);
  } else {
    // Elements that must be constructed: copy-construct them in the temporary's order.
    std::vector<T> buffer;
    buffer.reserve(count);
    copy_plan q = p;  // p's loops in the temporary's order, whose offsets then count 0, 1, 2, ...
    for (std::size_t i = 0; i < p.rank; ++i) {
      q.extent[i] = p.extent[order[i]];
      q.src_stride[i] = p.src_stride[order[i]];
      q.dst_stride[i] = temp.strides[order[i]];
    }
    walk_outer(q, q.rank, 0, q.size, [&](index_t so, index_t) { buffer.push_back(src[so]); });
    execute(from_temp, static_cast<const T*>(buffer.data()), dst, options.threads);
  }
}

/// Copies by plan `p` from `src` to `dst` (the plan's offsets count elements of T from them), as
/// copied_as_t<T>.
template <class T>
void run(const copy_plan& p, const T* src, T* dst, copy_options options) {
  using W = copied_as_t<T>;
  static_assert(sizeof(W) == sizeof(T) && alignof(W) <= alignof(T) && std::is_same_v<copied_as_t<W>, W>);
  run_copied(p, reinterpret_cast<const W*>(src), reinterpret_cast<W*>(dst), options);
}

}  // namespace detail::copy_engine

}  // namespace strider
