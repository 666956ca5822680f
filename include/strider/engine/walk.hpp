// strider/engine/walk.hpp: a copy plan's loop nest walked as one line of work (copy_plan.hpp's
// loops, the innermost one or two left to a kernel), and that line cut into equal shares for
// the threads of one copy.
#pragma once

#include <algorithm>
#include <cstddef>

#include "copy_plan.hpp"
#include "machine.hpp"

namespace strider::detail::copy_engine {


// Walks the outer loops 0..outer-1 of the plan as one linear range of items: `body(src_off,
// dst_off)` runs once per item in [begin, end). The innermost of them is a plain counted loop,
// the odometer of the others steps once per run of it, and the loops are copied into locals
// first: a body that stores through a byte pointer may alias the plan, and would make every
// step reload it (rows of a few dozen bytes measured up to 1.3x slower so).
template <class Body>
inline void walk_outer(const copy_plan& p, std::size_t outer, index_t begin, index_t end, Body body) {
  if (outer == 0) {
    for (index_t w = begin; w < end; ++w) body(p.src_offset, p.dst_offset);
    return;
  }
  index_t index[max_rank] = {}, extent[max_rank] = {}, src_step[max_rank] = {}, dst_step[max_rank] = {};
  index_t rest = begin;
  index_t so = p.src_offset, dof = p.dst_offset;
  for (std::size_t d = outer; d-- > 0;) {
    extent[d] = p.extent[d];
    src_step[d] = p.src_stride[d];
    dst_step[d] = p.dst_stride[d];
    index[d] = rest % extent[d];
    rest /= extent[d];
    so += index[d] * src_step[d];
    dof += index[d] * dst_step[d];
  }
  const std::size_t last = outer - 1;
  const index_t inner_extent = extent[last], inner_src = src_step[last], inner_dst = dst_step[last];
  for (index_t w = begin;;) {
    const index_t count = std::min(inner_extent - index[last], end - w);
    for (index_t k = 0; k < count; ++k) body(so + k * inner_src, dof + k * inner_dst);
    w += count;
    if (w >= end) return;
    // Back to the innermost loop's first item, and one odometer step of the loops outside it
    // (there is a next item: no step past the last element).
    so -= index[last] * inner_src;
    dof -= index[last] * inner_dst;
    index[last] = 0;
    for (std::size_t d = last; d-- > 0;) {
      if (++index[d] < extent[d]) {
        so += src_step[d];
        dof += dst_step[d];
        break;
      }
      so -= (extent[d] - 1) * src_step[d];
      dof -= (extent[d] - 1) * dst_step[d];
      index[d] = 0;
    }
  }
}

// Positions [begin, end) of a walk (below) whose items of the outer loops 0..outer-1 are `block`
// positions each: `body(src_off, dst_off, lo, hi)` for every item touched, [lo, hi) being the
// item's part of the range within [0, block).
template <class Body>
inline void walk_positions(const copy_plan& p, std::size_t outer, index_t block, index_t begin, index_t end, Body body) {
  const index_t first = begin / block, last = (end - 1) / block;
  index_t item = first;
  walk_outer(p, outer, first, last + 1, [&](index_t so, index_t dof) {
    body(so, dof, item == first ? begin - first * block : 0, item == last ? end - last * block : block);
    ++item;
  });
}

// ---- the walk: a copy's work in one line, cut into equal shares for threads -------------------
// Each kernel walks the plan in one order: the outer loops, then
//  - rows: along the innermost loop (a unit is one element);
//  - tuples: along the loop of the packed tuples (a unit is one tuple, kernels.hpp's run_tuples);
//  - strips: strip after strip of A, each one cache line wide (the first one narrower where the
//    destination's rows start inside a line), each walked down all of B in blocks of one line of
//    rows (a unit is one element; the first block narrower where the source's rows start inside
//    a line); where the destination's rows are short and adjacent, one strip
//    of all of A, staged (see `staged_tiles`); where B is short (under a line, or four where
//    the rule holds) and outer loops continue the
//    source's run across it, a plane of A' by B' (tiles_job::source_run; copy_engine.hpp's
//    source_run_pays), B' = B and those loops, A' = A and, where A is short, the loops that
//    continue the destination's run, numbered row of B' by row (`b_major`: a unit is one
//    element, all of A' in each row), so that a thread's share is blocks of rows of B' with all
//    their strips, which a single thread walks in panels of strips inner too; where no loop
//    continues B but two or more continue a short A, a plane of A' by B, numbered as strips
//    (copy_engine.hpp's destination_run_alone_pays), so that threads share A'.
// Deep strips (`copy_walk::deep`, a full reversal such as permute(2, 1, 0): loop C, the one
// outside the tiled pair, steps a short way on both sides) number their positions as strips do,
// but a range's whole blocks (planes of A x B) are walked tile position by tile position, each
// down the run of C in the range: the next tile is then a short step on in every source and
// destination row, where the plane's next tile would be in rows far away, which a power-of-two
// pitch puts in the same few cache sets (benchmarks/README.md, "Full reversals"). Where every
// tile is whole, aligned lines plane by plane and the destination's rows are a page apart, the
// planes go in panels instead (copy_engine.hpp's prepare_for; "Panels or deep strips"); at other
// alignments, a wide plane's seam tiles go in panels (seam_panel_strips); neither where the
// panel's source rows are a power of two apart (copy_engine.hpp's source_rows_collide). A run of C whose
// destination is contiguous across C and A, with A or B no whole number of lines, is walked
// along A' = c * na + a by ragged seam tiles instead, and so is one whose C steps far where A or
// B is short (copy_engine.hpp's ragged_seams_below_lines): deep strips too, C being the run.
// Shared by threads where its planes are too few for whole ones in every piece (deep_rows_pay), a
// deep walk numbers its positions row of B by row instead, all of C by A in each (`b_major` with
// `nc`), and walks a range's whole rows deep down all of C (kernels.hpp's deep_rows).
// A position in that line counts units of equal work, so that equal ranges of positions are
// equal shares whatever the shape, and a share may start and end inside any loop: in the middle
// of a row, of a strip, of the outer loops. Shares start and end at snapped positions (whole
// lines of a row, whole blocks of one line of rows of B within a strip), so that threads do not
// write the same cache line (where the destination's alignment permits) and the tile kernels see
// whole blocks.
enum class walk_kind { rows, tuples, strips };

struct copy_walk {
  walk_kind kind = walk_kind::rows;
  index_t outer = 1;  // items of the loops outside the kernel's
  index_t n = 1;      // rows, tuples: units per outer item; strips: the extent of A
  index_t nb = 1;     // strips: the extent of B
  index_t line = 1;   // elements in a cache line; strips: rows of B per block
  index_t width = 1;  // strips: columns of A per strip
  index_t peel = 0;   // strips: width of a first, narrower strip (0: none)
  bool deep = false;  // strips: whole blocks walked with loop C inside each tile position (above)
  index_t b_peel = 0; // strips: rows of B before the first block of a line of rows (0: none)
  bool b_major = false;  // strips of A' by B' (tiles_job::source_run): positions row of B' by row, all of A' in each (below)
  index_t nc = 1;     // deep strips by rows (b_major): the extent of loop C, walked whole in each row of B

  // Positions in a row of B of a b_major walk: all of A' (source runs), or all of C by A (deep).
  constexpr index_t row() const { return nc * n; }
  constexpr index_t block() const { return kind == walk_kind::strips ? row() * nb : n; }
  constexpr index_t total() const { return outer * block(); }
  // Strips: the strip that holds column a of A, and a strip's columns [begin, end).
  constexpr index_t strip_of(index_t a) const { return peel == 0 ? a / width : a < peel ? 0 : 1 + (a - peel) / width; }
  constexpr index_t strip_begin(index_t s) const { return peel == 0 ? s * width : s == 0 ? 0 : peel + (s - 1) * width; }
  constexpr index_t strip_end(index_t s) const { return std::min(n, peel == 0 ? (s + 1) * width : s == 0 ? peel : peel + s * width); }
  // Units by which a snapped position can move: a cache line of a row or a block of a line of
  // rows of B in a strip; with `whole`, a row (rows, tuples), a strip (strips) or a block (deep
  // strips), as a single thread walks them.
  constexpr index_t granule(bool whole) const {
    if (kind == walk_kind::strips && b_major) return whole ? block() : row() * std::min(nb, line);
    if (kind == walk_kind::strips && whole && deep) return block();
    if (kind == walk_kind::strips) return width * (whole ? nb : std::min(nb, line));
    return whole ? n : std::min(n, line);
  }

  // The snapped position nearest to `e`.
  constexpr index_t snap(index_t e, bool whole) const {
    if (e <= 0) return 0;
    if (e >= total()) return total();
    const index_t base = e / block() * block(), r = e - base;
    if (kind != walk_kind::strips) {
      if (whole || n <= line) return base + (2 * r >= n ? n : 0);
      const index_t k = (r + line / 2) / line * line;
      return base + std::min(k, n);
    }
    if (whole && (deep || b_major)) return base + (2 * r >= block() ? block() : 0);
    if (b_major) {  // a block of a line of rows of B', all of A' (or of C by A) in each
      const index_t at = r / row();
      const index_t b = at < b_peel ? (2 * at >= b_peel ? b_peel : 0) : b_peel + (at - b_peel + line / 2) / line * line;
      return b >= nb ? base + block() : base + b * row();
    }
    const index_t s = strip_of(r / nb), lo = strip_begin(s), cols = strip_end(s) - lo;
    if (whole) return base + nb * (2 * (r - nb * lo) >= nb * cols ? strip_end(s) : lo);
    const index_t row = (r - nb * lo) / cols;
    const index_t b = row < b_peel ? (2 * row >= b_peel ? b_peel : 0) : b_peel + (row - b_peel + line / 2) / line * line;
    return b >= nb ? base + nb * strip_end(s) : base + nb * lo + b * cols;
  }
};

/// How a copy is shared among threads: its walk cut into `pieces` ranges of nearly equal size,
/// piece k run by member k % threads where the members run alike, so that each member has the
/// same number of pieces. The members claim the pieces in order from a counter, so that a member
/// that starts late or is held up leaves its pieces to the others; an `affine` share is one piece
/// per member, piece k run by member k (no claiming): for a copy that fits in the cache
/// (machine.hpp's fits_in_cache), each member then finds its part in its own core's caches when
/// the copy is repeated (benchmarks/README.md, "One part per thread"). Pieces keep whole rows or
/// strips, as a single thread walks them, where they are large enough for that to keep the
/// balance; otherwise they are cut inside rows and strips.
struct copy_shares {
  copy_walk walk;
  unsigned threads = 1;
  index_t pieces = 1;
  bool whole = false;
  bool affine = false;

  /// First position of piece k (the total for k = pieces).
  constexpr index_t boundary(index_t k) const {
    const index_t total = walk.total();
    if (k >= pieces) return total;
    return walk.snap(total / pieces * k + total % pieces * k / pieces, whole);
  }
};

// Snapping moves a piece's ends by up to a granule: pieces of at least `piece_granules` granules
// keep every member's share within a few per cent of the mean. Up to `pieces_per_thread` pieces
// per member: cut finer (64 a member, until 2026-12-05), two-thread copies ran 0.6-1.0x as fast
// on the Zen 5 VM, and in halves the deep walks of ragged full reversals 0.7-0.8x
// (benchmarks/README.md, "Four pieces per member").
inline constexpr index_t pieces_per_thread = 4;
inline constexpr index_t piece_granules = 32;

constexpr copy_shares share_copy(const copy_walk& walk, unsigned threads, bool affine = false) {
  copy_shares s{walk, std::max(1u, threads), 1, false, affine};
  if (s.threads == 1) return s;
  const auto members = static_cast<index_t>(s.threads);
  const auto per_member = [&](bool whole) { return walk.total() / (piece_granules * walk.granule(whole)) / members; };
  s.whole = per_member(true) >= 1;
  s.pieces = members * (affine ? 1 : std::clamp<index_t>(per_member(s.whole), 1, pieces_per_thread));
  return s;
}

/// Whether a deep strips walk (outer loops `walk.outer` items, loop C of `nc` among them) shared
/// by `threads` members numbers its positions row of B by row, all of C's run by A in each
/// (copy_walk::b_major with copy_walk::nc): where its planes (blocks of A by B) are too few for
/// every member's pieces to hold whole ones, which a single thread walks deep, so that pieces
/// cut inside planes would walk strip by strip, each pass over C writing a few lines of every
/// destination row; and where its blocks of a line of rows of B are enough for the balance.
/// Each piece is then rows of B walked deep down all of C. Example: permute (2,3,1,0) of
/// 14x15x2296x10 floats (15 planes of 14 x 22960) on two threads.
constexpr bool deep_rows_pay(const copy_walk& walk, index_t nc, unsigned threads) {
  const index_t enough = piece_granules * static_cast<index_t>(threads);
  const index_t b_blocks = walk.outer / nc * ceil_div(walk.nb, walk.line);
  return threads > 1 && walk.outer < enough && b_blocks >= enough;
}

/// A deep strips walk numbered row of B by row (deep_rows_pay): the same positions in another
/// order, `nc` being the extent of loop C, the innermost of the walk's outer loops.
constexpr copy_walk deep_by_rows(copy_walk walk, index_t nc) {
  walk.b_major = true;
  walk.nc = nc;
  walk.outer /= nc;
  return walk;
}

// ---- short rows packed in tuples: n x k transposes, k = 2 to 4 (to `up_to`) ---------------------
// The two innermost loops of a blocked plan whose short loop has k = 2 to 4 elements (to 8 where
// the kernels move such tuples in registers: kernels.hpp's tuples_up_to; unpacking, to 16), adjacent
// on one side: packed tuples (an n x k matrix: complex pairs, RGB, RGBA pixels) unpacked into k
// destination rows, d[b * ldd + a] = s[k * a + b], or k source rows packed into tuples,
// d[k * b + a] = s[a * lds + b]. Each run of tuples is read once and moved in registers
// (unzips and zips, the 3-wide blends), instead of line tiles of which k rows are used or k
// passes of strided gathers or scatters.
enum class tuples_kind { none, unpack, pack };

struct tuples_shape {
  tuples_kind kind = tuples_kind::none;
  index_t k = 0;
  index_t group_runs = 0;  // unpack: the runs of one staged block (staged_tuples_runs), 0 for none
  index_t run_ahead = 0;   // staged blocks: the source distance at which each run is asked for ahead (copy_engine.hpp's staged_runs_ahead), 0 for none
};

// The longest tuples that AVX2's and AVX-512's kernels pack in registers, and unpack with one
// register a row (kernels.hpp's wide_tuples; longer ones: unpack_long_tuples); the planner's
// tests for a tuples walk take at least this many (copy_engine.hpp's source_run_pays).
inline constexpr index_t tuples_most = 8;
// AVX2's and AVX-512's, for 4-byte elements, unpacking: a tuple in one register of 16 lanes or
// two of 8 (kernels.hpp's unpack_long_tuples). Packing stays at tuples_most: packed so, tuples of
// 10 and 12 floats ran at half the speed of the tiles' short columns (benchmarks/README.md,
// "Tuples of 9 to 16 floats").
inline constexpr index_t long_tuples_most = 16;
// Streamed runs of two lines or more of such long tuples but shorter than this many, into
// destination rows aligned alike, go by the tiles where a line of a row is two of the kernels'
// registers (AVX2): copy_engine.hpp's tuples_up_to_for.
inline constexpr index_t long_tuples_short_run_lines = 4;
// Tuples a block of kernels.hpp's unpack_tuples_staged takes, in destination lines of T.
inline constexpr index_t staged_tuples_lines = 8;

/// Whether an unpack's k destination rows (B's loop) are a whole number of lines apart
/// (machine.hpp's whole_lines_apart), so that they all start at one place in their lines and k
/// rows at once stream without a buffer: the planner (copy_engine.hpp's prepare_for) and the
/// kernel (kernels.hpp's run_tuples) both ask this. Preconditions: p unpacks tuples. Example:
/// the transpose of 320 x 12 floats (rows 320 floats, 20 lines, apart): true; of 333 x 12: false.
constexpr bool tuples_rows_aligned_alike(const copy_plan& p) { return whole_lines_apart(p.dst_stride[p.rank - 2], p.element_size); }

/// The most runs of an unpack (tuples_of: B holds the tuples' k, A is the runs' n) that fill
/// one contiguous block of the destination together, the block at most `bytes` bytes: 1 where a
/// run's k rows are adjacent (B's destination stride n), the product of the extents of the
/// loops just outside B that continue the block (their destination strides and B's, in some
/// order, each the block's size so far), 0 where not even one run's rows are adjacent. Such a
/// block unpacked in a buffer is written out front to back (kernels.hpp's unpack_in_blocks).
/// Preconditions: p unpacks tuples.
/// Example: permute(1, 3, 0, 2) of 2 x 9000 x 37 x 10 floats: plan loops 9000, 2 (destination
/// stride 37), 10 (B, 74), 37 (A, 1): B's 74 continues the loop of 2 (37 x 2), so 2 runs of
/// 37 x 10 floats, 2960 bytes, one item of the 9000.
constexpr index_t staged_tuples_runs(const copy_plan& p, std::size_t bytes) {
  const std::size_t b = p.rank - 2;
  index_t most = 0, runs = 1;
  for (std::size_t m = 0; m <= b; runs *= m < b ? p.extent[b - m - 1] : 1, ++m) {  // B and the m loops outside it
    const index_t elements = p.extent[b + 1] * p.extent[b] * runs;
    if (static_cast<std::size_t>(elements) * p.element_size > bytes) break;
    index_t size = p.extent[b + 1];  // the block so far: loops placed in it by their strides
    for (std::size_t placed = 0; placed <= m; ++placed)
      for (std::size_t d = b - m; d <= b; ++d)
        if (p.dst_stride[d] == size) {
          size *= p.extent[d];
          break;
        }
    if (size == elements) most = runs;
  }
  return most;
}

// Whether each block of `group_runs` runs of an unpack in blocks (staged_tuples_runs)
// is followed in the walk by the block that continues it in the destination: the loop outside
// the block's steps the destination by the block's `block_elements`. Example: permute(0, 1, 3,
// 2) of 300 x 107 x 17 x 11, one run of 187 floats a block, loop 0 (32100 runs, merged) steps 187.
constexpr bool blocks_follow(const copy_plan& p, index_t group_runs, index_t block_elements) {
  std::size_t d = p.rank - 2;
  for (index_t runs = 1; runs < group_runs && d > 0;) runs *= p.extent[--d];
  return d > 0 && p.dst_stride[d - 1] == block_elements;
}

constexpr tuples_shape tuples_of(const copy_plan& p, index_t up_to = 4) {
  if (!p.blocked || p.rank < 2) return {};
  const std::size_t a = p.rank - 1, b = p.rank - 2;
  const auto short_loop = [up_to](index_t extent) { return extent >= 2 && extent <= up_to; };
  if (short_loop(p.extent[b]) && p.src_stride[b] == 1 && p.src_stride[a] == p.extent[b] && p.dst_stride[a] == 1) return {tuples_kind::unpack, p.extent[b]};
  if (short_loop(p.extent[a]) && p.extent[a] <= tuples_most && p.dst_stride[a] == 1 && p.dst_stride[b] == p.extent[a] && p.src_stride[b] == 1)
    return {tuples_kind::pack, p.extent[a]};
  return {};
}

// Destination rows of at most this many bytes, adjacent in memory (NCHW to NHWC), are transposed
// through a small buffer: line tiles fill the buffer strip by strip, each strip reading few source
// rows (which the hardware prefetcher follows), the columns past A's last whole line through
// registers too (kernels.hpp's short_parts_in_registers), and the buffer, a contiguous run of the
// destination, is then written out front to back. Written straight to the destination, each strip
// would put one line into every short row, and the memory would see the same pages written once
// per strip. Rows shorter than a line of 4- or 8-byte elements (past the tuples kernels: 9 to 15
// floats, 5 to 7 doubles) go this way too, so that their run is written in whole lines, streamed
// where streaming pays; as edge tiles straight to the destination they measured 0.5-0.75 of this
// (benchmarks/README.md, "Short columns through registers").
inline constexpr index_t staged_row_bytes = 1024;
inline constexpr index_t staging_bytes = 16384;

/// Rows of B per block of a staged walk whose destination rows (A) are `na` elements of
/// `element_size` bytes: as many whole lines of them as fill staging_bytes, at least one line.
/// Example: na = 28 floats: 144 rows (16128 bytes); na = 200 floats: 16 (a line of rows).
constexpr index_t staged_block_rows(index_t na, std::size_t element_size) {
  const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / element_size));
  return std::max(line, staging_bytes / static_cast<index_t>(element_size) / na / line * line);
}

/// Source rows (elements of A) per panel of strips (kernels.hpp's panel_tiles and
/// source_run_tiles): a whole number of lines of any element size, and few enough source pages
/// for the TLB (measured: 128, 256 and 512 alike for floats, benchmarks/README.md).
inline constexpr index_t panel_rows = 256;

// Strips in a panel of seam tiles (kernels.hpp's seam_tiles; copy_engine.hpp's seam_panels_pay):
// a run of 4 lines of each destination row at a time. Panels of 2, 8 and 16 strips measured
// slower on permute(2,1,0) of 256³ floats and doubles, whose rows are a power of two apart.
inline constexpr index_t seam_panel_strips = 4;

/// Blocks of A' in a panel of ragged seam tiles (kernels.hpp's ragged_seam_tiles) of elements of
/// `size` bytes, down B of `nb` rows whose destination rows are `ds_b` elements apart: for 4-byte
/// elements where B holds two blocks of a line or more and its destination rows span more than
/// ragged_wide_panels_from_bytes, panel_rows rows of A' (16 blocks), so that each destination row
/// is written in runs of 16 lines rather than visited again a pass down B later, after the pass
/// has evicted it; otherwise seam_panel_strips blocks. Wider panels measured slower for 8-byte
/// elements, mixed for 2-byte ones, and slower where B is one block or its rows are few
/// (benchmarks/README.md, "Ragged seam tiles in wider panels"). Example: (2,3,1,0) of
/// 14x15x2296x10 floats (B 22960 rows, 840 bytes apart): 16 blocks, all of A' (210 rows) in one.
inline constexpr std::size_t ragged_wide_panels_from_bytes = std::size_t{256} << 10;
constexpr index_t ragged_panel_blocks(std::size_t size, index_t nb, index_t ds_b) {
  const auto w = static_cast<index_t>(cache_line / size);
  const bool wide = size == 4 && nb >= 2 * w && static_cast<std::size_t>(nb) * static_cast<std::size_t>(ds_b < 0 ? -ds_b : ds_b) * size > ragged_wide_panels_from_bytes;
  return wide ? panel_rows / w : seam_panel_strips;
}

struct tiles_job {
  bool staged = false; // all of A per strip, through a buffer (see staged_row_bytes)
  bool staged_ahead = false;  // staged: each block asks for the next one's source lines (copy_engine.hpp's staged_ahead_pays)
  index_t peel = 0;    // columns of A before the first cache-line-aligned one
  index_t b_peel = 0;  // rows of B before the source's first line boundary (0 where the source's rows are not aligned alike)
  bool seams = false;  // deep strips by seam_tiles
  bool ragged_seams = false;  // deep strips by ragged_seam_tiles (A or B not whole lines long)
  index_t panel = 0;   // whole strips per panel, walked together over all of B (0: strip by strip; deep strips: tile position by tile position)
  bool simd = false;   // line_tile applies: unit strides on both sides (B may run backwards)
  std::size_t source_run = 0;       // loops outside B walked as part of it, B' (copy_engine.hpp's source_run_pays; 0: none)
  std::size_t destination_run = 0;  // loops outside B walked as part of A, A' (with B', or alone: copy_engine.hpp's destination_run_alone_pays)
  index_t source_run_tuples = 0;    // B' of this many elements unpacked as tuples (copy_engine.hpp's source_run_tuples; 0: by tiles)
  index_t source_run_ahead = 0;     // with source_run_tuples, bytes ahead at which each item asks for its source lines (0: none)
};

/// The end of the block of rows of B that starts at row `b`, where the source's lines cut B
/// (rows b_peel + k * w, w elements a line; tiles_job::b_peel), at most `b_hi`: the kernels'
/// edge and line tiles then read whole source lines. Example: b_peel 5, w 16: from row 0, 5;
/// from 5, 21; from 9, 21.
constexpr index_t line_block_end(index_t b, index_t b_hi, index_t b_peel, index_t w) {
  return std::min(b_hi, b < b_peel ? b_peel : b_peel + ((b - b_peel) / w + 1) * w);
}

// A plan with the kernel chosen: what every member of a copy needs.
template <class T>
struct copy_job {
  const copy_plan* plan = nullptr;
  const T* src = nullptr;
  T* dst = nullptr;
  copy_walk walk;
  tiles_job tiles;
  bool stream = false;
  tuples_shape tuples;  // walk_kind::tuples: which
};

}  // namespace strider::detail::copy_engine
