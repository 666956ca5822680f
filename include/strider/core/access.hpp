// strider/core/access.hpp: how the threads of a kernel touch memory when they read a tile
// through a thread-value layout: the widest vector each thread can use, the shared-memory
// wavefronts and bank conflicts, and the global-memory sectors, computed from the layouts alone
// (the access certificate; docs/access.md has the model and its sources). One rule, a constexpr
// function: static_asserts, `access_t`, the run-time `access(...)` and the command all call it.
#pragma once

#include <cstddef>

#include "layout.hpp"
#include "swizzle.hpp"
#include "thread_value.hpp"

namespace strider {

/// The model's hardware constants (NVIDIA's, from compute capability 5.0 on): warps of 32
/// consecutive thread indices, 32 shared-memory banks of 4-byte words, 32-byte global sectors,
/// vectors of at most 16 bytes per thread.
inline constexpr index_t warp_threads = 32, shared_banks = 32, bank_word_bytes = 4, sector_bytes = 32, max_vector_bytes = 16;

/// The phase that takes the most wavefronts: in instruction `instruction` (warp w's vector k is
/// instruction w * vectors + k), phase `phase`, bank `bank` serves `ways` distinct words, among
/// them those of `thread` and `other_thread`, whose vectors start at element offsets `offset` and
/// `other_offset` of the tile's storage. ways 1: no conflict anywhere (the other fields -1).
struct bank_collision {
  index_t instruction = -1, phase = -1, bank = -1, ways = 0;
  index_t thread = -1, offset = -1, other_thread = -1, other_offset = -1;
  friend constexpr bool operator==(const bank_collision&, const bank_collision&) = default;
};

/// The warp instruction with the most global sectors beyond the fewest possible, and two of its
/// threads whose vectors lie in different sectors (-1 when every instruction is ideal).
struct sector_excess {
  index_t instruction = -1, sectors = 0, ideal_sectors = 0;
  index_t thread = -1, offset = -1, other_thread = -1, other_offset = -1;
  friend constexpr bool operator==(const sector_excess&, const sector_excess&) = default;
};

/// The access certificate, every count summed over all warps and instructions of the tile.
struct access_report {
  index_t vector_width = 1;    // elements per vector, the same for every thread
  index_t instructions = 0;    // warp instructions: warps x vectors per thread
  index_t phases = 0;          // shared-memory phases: per instruction, ceil(threads / threads per phase)
  index_t wavefronts = 0;      // per phase, the most distinct words any one bank serves
  index_t bank_conflicts = 0;  // wavefronts beyond one per phase
  index_t sectors = 0;         // distinct 32-byte sectors per instruction, the tile's start 128-byte aligned
  index_t ideal_sectors = 0;   // per instruction, ceil(bytes the warp reads / 32)
  bank_collision worst{};
  sector_excess worst_global{};
  friend constexpr bool operator==(const access_report&, const access_report&) = default;
};

/// How many threads one shared-memory phase serves for accesses of `bytes` per thread: 32 for 4
/// bytes or fewer, else as many as make 128 bytes (16 for 8 bytes, 8 for 16).
constexpr index_t threads_per_phase(index_t bytes) { return bytes <= bank_word_bytes ? warp_threads : warp_threads * bank_word_bytes / bytes; }

namespace detail {

// A transient array for the constant evaluator (new[] in a constexpr function is freed before it
// returns).
struct access_array {
  index_t* at = nullptr;
  constexpr explicit access_array(index_t n) : at(new index_t[static_cast<std::size_t>(n > 0 ? n : 1)]{}) {}
  access_array(const access_array&) = delete;
  access_array& operator=(const access_array&) = delete;
  constexpr ~access_array() { delete[] at; }
};

// Every (thread, value)'s element offset in the tile's storage, before the swizzle. When each
// axis of the TV layout moves along one tile axis (every thread_value_t), the offset is a sum,
// thread_base[t] + value_base[v], and is never stored per element: the constant evaluator pays
// for every element it writes. Otherwise (a hand-written layout whose axes wrap) every offset is.
struct access_offsets {
  bool strided = false;
  index_t values = 0;
  access_array thread_base, value_base, all;
  constexpr access_offsets(const layout_value& tile, const thread_value_value& tv, const partition_plan& plan)
      : strided(plan.failure == 0), values(tv.values()), thread_base(strided ? tv.threads() : 0), value_base(strided ? values : 0),
        all(strided ? 0 : checked_mul(tv.threads(), values, "access")) {
    if (strided) {
      index_t start = tile.offset, stride[max_rank] = {};
      for (std::size_t k = 0; k < tile.rank; ++k) start += plan.base[k] * tile.strides[k];
      for (std::size_t i = 0; i < tv.layout.rank; ++i) stride[i] = plan.axis[i].step * tile.strides[plan.axis[i].tile_axis];
      walk(thread_base.at, start, stride, tv.layout.shape, 0, tv.thread_rank());
      walk(value_base.at, 0, stride, tv.layout.shape, tv.thread_rank(), tv.layout.rank);
      return;
    }
    for (index_t t = 0; t < tv.threads(); ++t)
      for (index_t v = 0; v < values; ++v) {
        index_t e = tv.element(t, v), offset = tile.offset;
        for (std::size_t d = tile.rank; d-- > 0;) {
          offset += (e % tile.shape[d]) * tile.strides[d];
          e /= tile.shape[d];
        }
        all.at[t * values + v] = offset;
      }
  }
  constexpr index_t operator()(index_t t, index_t v) const { return strided ? thread_base.at[t] + value_base.at[v] : all.at[t * values + v]; }

 private:
  // The offsets of axes [first, last) in C order, from `start`, without a division.
  static constexpr void walk(index_t* out, index_t start, const index_t* stride, const row_of<index_t>& shape, std::size_t first, std::size_t last) {
    index_t digit[max_rank] = {}, offset = start, n = 1;
    for (std::size_t i = first; i < last; ++i) n *= shape[i];
    for (index_t k = 0; k < n; ++k) {
      out[k] = offset;
      for (std::size_t i = last; i-- > first;) {  // the next coordinate, last axis fastest, never past the end
        if (digit[i] + 1 < shape[i]) {
          ++digit[i], offset += stride[i];
          break;
        }
        offset -= stride[i] * digit[i], digit[i] = 0;
      }
    }
  }
};

// Whether every thread's values, in groups of w in order, are w consecutive (swizzled) offsets
// starting at a multiple of w; the first group that is not is reported through thread, value.
constexpr bool vectors_hold(const access_offsets& o, swizzle_value sw, index_t threads, index_t values, index_t w, index_t& thread, index_t& value) {
  // A swizzle keeps runs of 2^M offsets together and in place modulo 2^M: for w <= 2^M the
  // unswizzled offsets decide, and for strided ones the groups' steps and the threads' residues
  // modulo w are all there is to check.
  if (w == 1) return true;
  if (o.strided && (sw.bits == 0 || w <= (index_t{1} << sw.base))) {
    for (index_t g = 0; g < values; g += w)
      for (index_t j = 1; j < w; ++j)
        if (o.value_base.at[g + j] != o.value_base.at[g] + j) {
          thread = 0;
          value = g;
          return false;
        }
    for (index_t t = 0; t < threads; ++t)
      for (index_t g = 0; g < values; g += w)
        if ((o.thread_base.at[t] + o.value_base.at[g]) % w != 0) {
          thread = t;
          value = g;
          return false;
        }
    return true;
  }
  for (index_t t = 0; t < threads; ++t)
    for (index_t g = 0; g < values; g += w) {
      const index_t first = swizzle_offset(sw, o(t, g));
      bool fits = first % w == 0;
      for (index_t j = 1; j < w && fits; ++j) fits = swizzle_offset(sw, o(t, g + j)) == first + j;
      if (!fits) {
        thread = t;
        value = g;
        return false;
      }
    }
  return true;
}

// A set of at most 32 integers, cleared in O(1): open addressing over 64 cells marked with
// the generation they were written in (sorting or comparing every pair costs the constant
// evaluator far more).
struct distinct_set {
  index_t value[2 * warp_threads] = {}, generation[2 * warp_threads] = {}, current = 0;
  constexpr void clear() { ++current; }
  // Whether v was new.
  constexpr bool insert(index_t v) {
    // A multiplicative hash (unsigned: no overflow) keeps runs of consecutive v apart.
    auto h = static_cast<index_t>((static_cast<unsigned long long>(v) * 0x9E3779B97F4A7C15ull) >> 58);
    for (; generation[h] == current; h = (h + 1) & (2 * warp_threads - 1))
      if (value[h] == v) return false;
    generation[h] = current, value[h] = v;
    return true;
  }
};

}  // namespace detail

namespace detail {
// access_of's element size: 1, 2, 4, 8 or 16 bytes.
constexpr void check_element_bytes(index_t element_bytes) {
  if (element_bytes < 1 || element_bytes > max_vector_bytes || (element_bytes & (element_bytes - 1)) != 0)
    detail::refuse("access: an element of {} bytes is not 1, 2, 4, 8 or 16 bytes", element_bytes);
}
// The counts of access_of (below) for offsets `o` through swizzle `sw` at vector width `w`, which
// holds. `search`: whether the swizzle is conflict-free, and nothing else: stops at the first
// phase of more than one wavefront (its bank_conflicts then nonzero, the other counts partial)
// and counts no sectors, so that conflict_free_swizzle pays a full count only for the swizzle it
// returns.
constexpr access_report count_access(const access_offsets& o, swizzle_value sw, index_t threads, index_t values, index_t element_bytes, index_t w, bool search) {
  access_report r;
  r.vector_width = w;
  const index_t bytes = w * element_bytes, vectors = values / w;
  const index_t per_phase = threads_per_phase(bytes);
  // Per phase, each lane's access is one unit: its 4-byte word (4 bytes or fewer; lanes may share
  // it) or its whole vector (more: 2 or 4 words in consecutive banks, aligned, so two vectors in
  // one slot of 128 / unit bytes collide on all their banks alike). Ways: the most distinct units
  // in one slot.
  const index_t unit = bytes > bank_word_bytes ? bytes : bank_word_bytes, slots = shared_banks * bank_word_bytes / unit;
  index_t begin[warp_threads] = {};
  detail::distinct_set seen;
  index_t slot_units[shared_banks] = {}, slot_stamp[shared_banks] = {}, stamp = 0;
  index_t worst_excess = 0;
  // Without a swizzle, the lanes of an instruction sit at their thread's offset plus the vector's
  // (o.thread_base + o.value_base): shifting them all by a multiple of `unit` bytes permutes the
  // slots and changes no phase's ways, and the sectors depend on the shift modulo 32 bytes only.
  // So an instruction whose warp has the previous warp's arrangement of lanes is counted from a cache.
  const bool translates = o.strided && sw.bits == 0 && !search;
  index_t relative[warp_threads] = {}, previous_lanes = -1, arrangement = 0;
  index_t shared_base = 0, shared_phases = 0, shared_wavefronts = 0;  // the last shared count computed
  index_t sector_cache[sector_bytes] = {}, sector_arrangement[sector_bytes] = {};
  for (index_t warp = 0; warp * warp_threads < threads; ++warp) {
    const index_t first = warp * warp_threads, lanes = threads - first < warp_threads ? threads - first : warp_threads;
    bool same = translates && lanes == previous_lanes;
    for (index_t lane = 0; translates && lane < lanes; ++lane) {
      const index_t rel = o.thread_base.at[first + lane] - o.thread_base.at[first];
      same = same && relative[lane] == rel;
      relative[lane] = rel;
    }
    previous_lanes = lanes;
    if (!same) ++arrangement;  // the caches hold counts of another arrangement: recompute
    bool have_shared = same;
    const index_t ideal = (lanes * bytes + sector_bytes - 1) / sector_bytes;
    for (index_t k = 0; k < vectors; ++k) {
      const index_t instruction = warp * vectors + k;
      ++r.instructions;
      r.ideal_sectors += ideal;
      const index_t base = translates ? o(first, k * w) * element_bytes : 0;
      const index_t residue = ((base % sector_bytes) + sector_bytes) % sector_bytes;
      const bool cached_sectors = translates && sector_arrangement[residue] == arrangement;
      const bool cached_shared = translates && have_shared && (base - shared_base) % unit == 0;
      if (cached_sectors && cached_shared) {
        r.sectors += sector_cache[residue];
        r.phases += shared_phases, r.wavefronts += shared_wavefronts, r.bank_conflicts += shared_wavefronts - shared_phases;
        continue;
      }
      for (index_t lane = 0; lane < lanes; ++lane) begin[lane] = swizzle_offset(sw, o(first + lane, k * w)) * element_bytes;
      // Global: the distinct sectors the warp's vectors touch (one each: a vector is aligned to
      // its size, at most 16 bytes).
      index_t count = 0;
      if (cached_sectors) {
        count = sector_cache[residue];
      } else if (!search) {  // a search counts conflicts only
        seen.clear();
        for (index_t lane = 0; lane < lanes; ++lane) count += seen.insert(begin[lane] / sector_bytes);
        if (translates) sector_cache[residue] = count, sector_arrangement[residue] = arrangement;
      }
      r.sectors += count;
      if (!search && count - ideal > worst_excess) {
        worst_excess = count - ideal;
        index_t other = 1;
        while (other < lanes && begin[other] / sector_bytes == begin[0] / sector_bytes) ++other;
        r.worst_global = {instruction, count, ideal, first, begin[0] / element_bytes, other < lanes ? first + other : -1, other < lanes ? begin[other] / element_bytes : -1};
      }
      if (cached_shared) {
        r.phases += shared_phases, r.wavefronts += shared_wavefronts, r.bank_conflicts += shared_wavefronts - shared_phases;
        continue;
      }
      // Shared, phase by phase: the distinct units of each slot.
      const access_report before = r;
      for (index_t phase = 0; phase * per_phase < lanes; ++phase) {
        ++r.phases;
        ++stamp;
        seen.clear();
        const index_t lo = phase * per_phase, hi = lanes - lo < per_phase ? lanes : lo + per_phase;
        index_t ways = 0, slot = 0;
        for (index_t lane = lo; lane < hi; ++lane) {
          const index_t u = begin[lane] / unit, sl = u % slots;
          if (slot_stamp[sl] != stamp) slot_stamp[sl] = stamp, slot_units[sl] = 0;
          if (seen.insert(u)) ++slot_units[sl];
          if (slot_units[sl] > ways) ways = slot_units[sl], slot = sl;
        }
        r.wavefronts += ways;
        r.bank_conflicts += ways - 1;
        if (search && ways > 1) return r;
        if (ways > r.worst.ways) {
          if (ways == 1) {
            r.worst = {-1, -1, -1, 1, -1, -1, -1, -1};
          } else {
            // Two threads that collide in the slot's first bank: its lowest unit and another.
            index_t a = -1, b = -1;
            for (index_t lane = lo; lane < hi; ++lane)
              if (begin[lane] / unit % slots == slot && (a < 0 || begin[lane] / unit < begin[a] / unit)) a = lane;
            for (index_t lane = lo; lane < hi; ++lane)
              if (begin[lane] / unit % slots == slot && begin[lane] / unit != begin[a] / unit && (b < 0 || begin[lane] / unit < begin[b] / unit)) b = lane;
            r.worst = {instruction, phase, slot * unit / bank_word_bytes, ways, first + a, begin[a] / element_bytes, first + b, begin[b] / element_bytes};
          }
        }
      }
      shared_base = base, shared_phases = r.phases - before.phases, shared_wavefronts = r.wavefronts - before.wavefronts;
      have_shared = translates;
    }
  }
  return r;
}
}  // namespace detail

/// The access certificate of threads reading a tile through a thread-value layout, under the
/// model of docs/access.md: each thread reads its values in order in vectors of W elements (the
/// widest power of two, W * element_bytes <= 16, for which every thread's groups of W values are
/// W consecutive offsets starting at a multiple of W; or `width` when given, which must hold);
/// instruction k of a warp is every thread of it reading its k-th vector; shared memory serves
/// an instruction in phases of 32 threads (accesses of 4 bytes or fewer), 16 (8 bytes) or 8 (16
/// bytes), each phase taking as many wavefronts as the most distinct 4-byte words one bank
/// holds; global memory serves it in the distinct 32-byte sectors it touches.
/// @pre `tile` has the TV layout's tile shape and offsets >= 0 (from the storage start, aligned to
///      128 bytes and to the swizzle's period); element_bytes is 1, 2, 4, 8 or 16; a swizzle meets
///      CuTe's conditions (|S| >= B, B + M + |S| <= 40); `width`, when given, holds for every thread;
///      threads x values is at most max_certificate_pairs (util/limits.hpp).
/// @example a 32 x 32 float tile, thread t reading row t one float at a time
///          (thread_value(contiguous(32, 1), contiguous(1, 32)), width 1): every phase's 32 threads
///          read bank k of 32 different rows, 32 wavefronts per instruction: bank_conflicts = 32 x 31.
constexpr access_report access_of(const layout_value& tile, swizzle_value sw, const thread_value_value& tv, index_t element_bytes, index_t width) {
  detail::check_swizzle(sw);
  detail::check_element_bytes(element_bytes);
  if (tile.rank != tv.tile_rank) detail::refuse("access: the tile has rank {} but the thread-value layout's tile has rank {}", tile.rank, tv.tile_rank);
  for (std::size_t d = 0; d < tile.rank; ++d)
    if (tile.shape[d] != tv.tile_shape[d]) detail::refuse("access: extent {} of tile axis {} is not the thread-value layout's {}", tile.shape[d], d, tv.tile_shape[d]);
  if (tile.offset < 0 || detail::min_offset(tile) < 0) detail::refuse("access: the tile reaches offset {}, before the storage start", detail::min_offset(tile));
  // Byte addresses of up to 16-byte elements, swizzled (which sets bits below 2^40 at most), fit int64.
  if (detail::max_offset(tile) > (index_t{1} << 57)) detail::refuse("access: the tile reaches offset {}, beyond the byte addresses the certificate computes (2^57 elements)", detail::max_offset(tile));
  const index_t threads = tv.threads(), values = tv.values();
  // The count visits every (thread, value): refused before anything is allocated past the limit.
  if (values != 0 && threads > max_certificate_pairs / values)
    detail::refuse("access: {} threads x {} values is more than the certificate counts (max_certificate_pairs, {})", threads, values, max_certificate_pairs);
  const detail::access_offsets o(tile, tv, detail::find_partition_plan(tv));

  access_report r;
  index_t bad_thread = 0, bad_value = 0;
  if (width != 0) {
    if (width < 0 || (width & (width - 1)) != 0 || width > max_vector_bytes / element_bytes)  // divided: width * bytes may overflow
      detail::refuse("access: a vector of {} elements of {} bytes is not a power of two of at most 16 bytes", width, element_bytes);
    if (values % width != 0) detail::refuse("access: {} values per thread do not split into vectors of {}", values, width);
    if (!detail::vectors_hold(o, sw, threads, values, width, bad_thread, bad_value))
      detail::refuse("access: vectors of {} elements do not hold: thread {}'s values {} to {} are not {} consecutive offsets from a multiple of {} (the first is at offset {})",
                     width, bad_thread, bad_value, bad_value + width - 1, width, width, swizzle_offset(sw, o(bad_thread, bad_value)));
    r.vector_width = width;
  } else {
    index_t w = max_vector_bytes / element_bytes;
    while (w > 1 && (values % w != 0 || !detail::vectors_hold(o, sw, threads, values, w, bad_thread, bad_value))) w /= 2;
    r.vector_width = w;
  }

  return detail::count_access(o, sw, threads, values, element_bytes, r.vector_width, false);
}

/// The certificate of a tile whose start is known only at run time to lie on a 128-byte line
/// (`tile_at` or `partition` of a swizzled view): through a swizzle, which XORs bits of the whole
/// offset, the accesses differ from one 128-byte-aligned start to another within the swizzle's
/// period, so every such start in one period is counted, at the widest vector width that holds at
/// all of them (or `width`). The shared-memory fields are the start with the most bank conflicts,
/// the global ones the start with the most excess sectors; `worst` and `worst_global` name
/// offsets that include their start. Without a swizzle it is access_of at the tile's offset (a
/// shift by whole 128-byte lines changes no phase and no sector count).
/// @pre as access_of's, except the start; the pairs counted over all starts are at most
///      max_swizzle_search_pairs (util/limits.hpp).
/// @example halves of a 6 x 16 tile of a swizzle<3, 3, 3> view starting at element 192 (byte
///          384): access_of at offset 0 counts no conflict, but at start 192 (one of the 8
///          starts in the 1024-byte period) a column read is 2-way, and so is this certificate.
constexpr access_report access_of_any_line_start(const layout_value& tile, swizzle_value sw, const thread_value_value& tv, index_t element_bytes, index_t width) {
  detail::check_swizzle(sw);
  if (sw.bits == 0) return access_of(tile, sw, tv, element_bytes, width);
  detail::check_element_bytes(element_bytes);
  const index_t line = shared_banks * bank_word_bytes / element_bytes, period = swizzle_period(sw);
  const index_t starts = period > line ? period / line : 1;
  const index_t pairs = tv.threads() * tv.values();  // each at most max_enumerated_tile: no overflow
  if (pairs != 0 && starts > max_swizzle_search_pairs / pairs)
    detail::refuse("access: a tile at a run-time start through Swizzle<{}, {}, {}> is certified at each of the {} 128-byte line starts of its period, {} (thread, value) pairs each: past max_swizzle_search_pairs ({})",
                   sw.bits, sw.base, sw.shift, starts, pairs, max_swizzle_search_pairs);
  layout_value at = tile;
  index_t w = width;
  if (w == 0) {  // the widest vector that holds at every start
    w = max_vector_bytes / element_bytes;
    for (index_t k = 0; k < starts && w > 1; ++k) {
      at.offset = tile.offset + k * line;
      const index_t here = access_of(at, sw, tv, element_bytes, 0).vector_width;
      w = here < w ? here : w;
    }
  }
  access_report shared, global;
  for (index_t k = 0; k < starts; ++k) {
    at.offset = tile.offset + k * line;
    const access_report r = access_of(at, sw, tv, element_bytes, w);
    if (k == 0 || r.bank_conflicts > shared.bank_conflicts) shared = r;
    if (k == 0 || r.sectors - r.ideal_sectors > global.sectors - global.ideal_sectors || (global.worst_global.instruction < 0 && r.worst_global.instruction >= 0)) global = r;
  }
  access_report out = shared;
  out.sectors = global.sectors, out.ideal_sectors = global.ideal_sectors, out.worst_global = global.worst_global;
  return out;
}

/// The swizzle with the fewest bits that makes several accesses of one tile (a store by rows and
/// a load by fragments, say) each conflict-free at its own plain vector width, or swizzle_value{}
/// (B = 0) when the plain tile already is. It permutes whole units: M at least every access's
/// unit's log2 in elements (its vector, or a 4-byte word for narrower accesses); B from 1 to 5,
/// then M from that least up, then S from B up, are tried in turn.
/// @pre as access_of's for each access, `count` >= 1, and some swizzle of up to 5 bits over the
///      tile's span serves them all; the certificates of the swizzles tried count at most
///      max_swizzle_search_pairs (util/limits.hpp).
/// @example an 8 x 64 tile of 2-byte elements, 8 threads each reading 16 bytes of its own row
///          (8-way), gives swizzle_value{3, 3, 3}, alone or with a second access that reads it
///          by rows of 64 threads.
constexpr swizzle_value conflict_free_swizzle(const layout_value& tile, const thread_value_value* tvs, std::size_t count, index_t element_bytes) {
  if (count == 0 || count > max_rank) detail::refuse("conflict_free_swizzle: {} accesses (1 to {})", count, max_rank);
  index_t widths[max_rank] = {};
  std::size_t order[max_rank] = {}, conflicting = 0;  // the accesses that conflict plain, then the rest
  index_t worst_ways = 1;  // the plain accesses' worst phase
  bool conflicts = false;
  int least_m = 0, span_bits = 0;
  index_t pairs = 0;  // each at most max_certificate_pairs: access_of counted them
  for (std::size_t k = 0; k < count; ++k) {
    const access_report plain = access_of(tile, swizzle_value{}, tvs[k], element_bytes, 0);
    widths[k] = plain.vector_width;
    worst_ways = detail::max_of(worst_ways, plain.worst.ways);
    conflicts = conflicts || plain.bank_conflicts != 0;
    if (plain.bank_conflicts != 0) {
      for (std::size_t j = k; j > conflicting; --j) order[j] = order[j - 1];
      order[conflicting++] = k;
    } else {
      order[k] = k;
    }
    const index_t unit = widths[k] * element_bytes > bank_word_bytes ? widths[k] * element_bytes : bank_word_bytes;
    int m = 0;
    while ((element_bytes << m) < unit) ++m;
    least_m = m > least_m ? m : least_m;
    pairs += tvs[k].threads() * tvs[k].values();
  }
  if (!conflicts) return {};
  while ((index_t{1} << span_bits) < detail::max_offset(tile) + 1) ++span_bits;
  // Each access's offsets, computed once for every swizzle tried.
  struct offsets_of_accesses {
    detail::access_offsets* at[max_rank] = {};
    constexpr ~offsets_of_accesses() {
      for (detail::access_offsets* o : at) delete o;
    }
  } offsets;
  for (std::size_t k = 0; k < count; ++k) offsets.at[k] = new detail::access_offsets(tile, tvs[k], detail::find_partition_plan(tvs[k]));
  index_t counted = pairs;
  for (int b = 1; b <= 5; ++b)
    for (int m = least_m; m + b <= span_bits; ++m)
      for (int shift = b; m + shift + b <= span_bits + b && m + shift + b <= 40; ++shift) {  // the bits read must lie in the span
        if (pairs > max_swizzle_search_pairs - counted)
          detail::refuse("conflict_free_swizzle: the search stops at {} (thread, value) pairs counted in all (max_swizzle_search_pairs), {} per swizzle tried, before Swizzle<{}, {}, {}>",
                         max_swizzle_search_pairs, pairs, b, m, shift);
        counted += pairs;
        // M >= least_m keeps each access's vectors whole (runs of 2^M stay together): only the
        // conflicts decide, counted up to the first phase with one.
        // The accesses that conflict plain go first: most swizzles fail them at once.
        bool serves = true;
        for (std::size_t j = 0; j < count && serves; ++j) {
          const std::size_t k = order[j];
          serves = detail::count_access(*offsets.at[k], swizzle_value{b, m, shift}, tvs[k].threads(), tvs[k].values(), element_bytes, widths[k], true).bank_conflicts == 0;
        }
        if (serves) return {b, m, shift};
      }
  const int unit_bytes = static_cast<int>(element_bytes << least_m);
  if (count == 1)
    detail::refuse("conflict_free_swizzle: no swizzle of up to 5 bits over units of {} bytes makes the access conflict-free at vector width {} (plain, its worst phase is {}-way)", unit_bytes,
                   widths[0], worst_ways);
  detail::refuse("conflict_free_swizzle: no swizzle of up to 5 bits over units of {} bytes or more makes all {} accesses conflict-free at their vector widths (plain, the worst phase is {}-way)",
                 unit_bytes, count, worst_ways);
  return {};
}
/// One access: `conflict_free_swizzle(tile, &tv, 1, element_bytes)`.
constexpr swizzle_value conflict_free_swizzle(const layout_value& tile, const thread_value_value& tv, index_t element_bytes) {
  return conflict_free_swizzle(tile, &tv, 1, element_bytes);
}
/// The run-time forms, over a dynamic_layout: `conflict_free_swizzle(dynamic_layout::contiguous({8,
/// 64}), tv, 2)` is swizzle_value{3, 3, 3} for tv = thread_value(contiguous(8, 1), contiguous(1, 64)).
constexpr swizzle_value conflict_free_swizzle(const dynamic_layout& tile, const thread_value_value& tv, index_t element_bytes) {
  return conflict_free_swizzle(tile.value(), &tv, 1, element_bytes);
}
constexpr swizzle_value conflict_free_swizzle(const dynamic_layout& tile, const thread_value_value* tvs, std::size_t count, index_t element_bytes) {
  return conflict_free_swizzle(tile.value(), tvs, count, element_bytes);
}

/// The certificate of a strided tile, or a swizzled one; width 0 lets the rule pick the widest
/// vector.
/// @pre as access_of's.
/// @example `access(tile, tv, 4)` for floats, `access(tile, swizzle_value{3, 3, 3}, tv, 2)` for
///          2-byte elements through a swizzle.
constexpr access_report access(const dynamic_layout& tile, const thread_value_value& tv, index_t element_bytes, index_t width = 0) {
  return access_of(tile.value(), swizzle_value{}, tv, element_bytes, width);
}
constexpr access_report access(const dynamic_layout& tile, swizzle_value sw, const thread_value_value& tv, index_t element_bytes, index_t width = 0) {
  return access_of(tile.value(), sw, tv, element_bytes, width);
}

/// Refuses (layout_error at run time, a compile error in a constant expression) an access with
/// bank conflicts, naming the worst phase.
/// @pre `r` is a certificate from access or access_of.
/// @example the 32 x 32 float tile read a row per thread (access_of's example) is refused with
///          "shared access: threads 0 and 1 read different words of bank 0 (offsets 0 and 32) in
///          phase 0 of instruction 0: 32-way conflict".
constexpr void require_conflict_free(const access_report& r) {
  const bank_collision& c = r.worst;
  if (r.bank_conflicts != 0)
    detail::refuse("shared access: threads {} and {} read different words of bank {} (offsets {} and {}) in phase {} of instruction {}: {}-way conflict",
                   c.thread, c.other_thread, c.bank, c.offset, c.other_offset, c.phase, c.instruction, c.ways);
}

/// Whether no instruction touches more global sectors than its bytes need. (Not sectors ==
/// ideal_sectors: threads of a replicated layout that read the same bytes need fewer sectors than
/// their count says, and are coalesced.)
/// @example 32 threads each reading one float of a row: 4 sectors, 4 ideal, coalesced; a
///          replicated layout whose 32 threads read one float: 1 sector of 4 ideal, coalesced.
constexpr bool is_coalesced(const access_report& r) { return r.worst_global.instruction < 0; }

/// Refuses an access that touches more global sectors than its bytes need, naming the worst
/// instruction.
/// @pre `r` is a certificate from access or access_of.
/// @example the same tile read a row per thread is refused with "global access: instruction 0
///          touches 32 sectors of 32 bytes where 4 would do (threads 0 and 1 at offsets 0 and 32)".
constexpr void require_coalesced(const access_report& r) {
  const sector_excess& s = r.worst_global;
  if (!is_coalesced(r))
    detail::refuse("global access: instruction {} touches {} sectors of 32 bytes where {} would do (threads {} and {} at offsets {} and {})",
                   s.instruction, s.sectors, s.ideal_sectors, s.thread, s.other_thread, s.offset, s.other_offset);
}

}  // namespace strider
