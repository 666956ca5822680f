// strider/engine/machine.hpp: what the copy engine (copy_engine.hpp) asks of the machine: the
// largest cache's size (from sysfs, then sysconf), whether a destination is large enough for
// streaming stores, and the element traits the kernels branch on.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>

#include "../core/layout.hpp"

#if defined(__linux__)
#include <unistd.h>
#endif

namespace strider::detail::copy_engine {


/// Bytes of the largest cache: above it, a destination is written with streaming stores.
/// Read once from sysfs (glibc's sysconf figure is wrong under some hypervisors: 320 MiB for
/// a 32 MiB L3 was seen), then sysconf, then a guess.
inline std::size_t last_level_cache_bytes() {
  static const std::size_t bytes = [] {
    std::size_t best = 0;
#if defined(__linux__)
    int best_level = 0;
    for (int i = 0; i < 16; ++i) {
      char path[96];
      std::snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
      std::FILE* f = std::fopen(path, "r");
      if (f == nullptr) break;
      int level = 0;
      const bool has_level = std::fscanf(f, "%d", &level) == 1;
      std::fclose(f);
      std::snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
      f = std::fopen(path, "r");
      if (f == nullptr) continue;
      unsigned long long size = 0;
      char unit = 0;
      const int got = std::fscanf(f, "%llu%c", &size, &unit);
      std::fclose(f);
      if (!has_level || got < 1) continue;
      if (got == 2 && (unit == 'K' || unit == 'k')) size <<= 10;
      if (got == 2 && (unit == 'M' || unit == 'm')) size <<= 20;
      if (level >= best_level && size > 0) {
        best_level = level;
        best = static_cast<std::size_t>(size);
      }
    }
#if defined(_SC_LEVEL3_CACHE_SIZE)
    if (best == 0) {
      const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
      if (l3 > 0) best = static_cast<std::size_t>(l3);
    }
#endif
#endif
    return best > 0 ? best : std::size_t{16} << 20;
  }();
  return bytes;
}

/// The last-level cache as copies count it: at most 32 MiB, so that a machine that reports a
/// huge or shared last-level cache (a virtual machine's sysconf figure, a many-core server's
/// whole-chip L3) still counts what one copy can keep there.
inline std::size_t copy_cache_bytes() { return std::min(last_level_cache_bytes(), std::size_t{32} << 20); }

/// Whether the source and the destination of a copy that writes `written` bytes fit in the cache
/// together (written at most half of copy_cache_bytes): a copy repeated on the same arrays then
/// finds them there. Threads then share it one contiguous part each, the same part for the same
/// member every time (copy_shares::affine), so that each finds its part in its own core's caches.
/// Example: with a 32 MiB L3, a 1000000 x 3 float copy (12 MB written) fits; a 256³ one does not.
inline bool fits_in_cache(std::size_t written) { return written <= copy_cache_bytes() / 2; }

/// Whether copies choose streaming stores themselves (`automatic`, by `stream_pays`) or always
/// or never use them where a kernel can: tests force them to reach the streaming kernels with
/// small arrays, and copy_scaling compares the two.
enum class streaming { automatic, always, never };
inline streaming& stream_mode() {
  static streaming mode = streaming::automatic;
  return mode;
}

/// Whether each of `threads` threads writes at least 256 KiB of a copy's `written` bytes: less
/// stays in the thread's own cache, where streaming stores only cost (stream_pays,
/// short_rows_stream_pays). Example: 1 MiB on two threads, yes; on eight, no.
inline bool each_thread_streams_enough(std::size_t written, unsigned threads) { return written / std::max(1u, threads) >= (std::size_t{256} << 10); }

/// Whether a copy that writes `written` bytes on `threads` threads writes its destination with
/// streaming stores, which skip reading each destination line before overwriting it but leave
/// the result in memory rather than in cache. With plain stores, a copy whose source and
/// destination fit in the last-level cache together runs at the cache's speed when repeated;
/// streamed, its destination goes at the memory's. So:
///  - on several threads, a copy streams once source and destination exceed the cache (written
///    above half of it: no longer fits_in_cache);
///  - one thread's plain stores reach neither speed (each line is read for ownership first), so
///    one thread streams earlier: a transpose (`scattered`: each tile writes one line into each
///    of many rows, a 3-wide one three rows at once) above a quarter of the cache, where its
///    scattered lines start to be read, evicted and written back piecemeal; a copy written front
///    to back above three eighths;
///  - and only when each thread writes at least 256 KiB (less stays in its own cache).
/// The cache is copy_cache_bytes(). benchmarks/README.md has the measurements behind the
/// thresholds (copy_scaling --stream-sweep).
/// Example: with a 32 MiB L3, a 1000000 x 3 float transpose (12 MB written) streams on one
/// thread and not on two; a 25.7 MB contiguous copy streams on both.
inline bool stream_pays(std::size_t written, unsigned threads, bool scattered) {
  if (stream_mode() != streaming::automatic) return stream_mode() == streaming::always;
  const std::size_t cache = copy_cache_bytes();
  const bool beyond_cache = threads > 1 ? !fits_in_cache(written) : written > (scattered ? cache / 4 : cache / 8 * 3);
  return beyond_cache && each_thread_streams_enough(written, threads);
}

/// Whether a staged strips walk (kernels.hpp's staged_tiles) whose destination rows are shorter
/// than a line, writing `written` bytes on `threads` threads, streams. Not streamed, its blocks
/// go straight to the destination; streamed, through the staging buffer. Where the rows' last
/// lanes go by one masked store (`masked`: AVX-512's store_first), from a sixth of the cache
/// written on any number of threads: straight into a destination that the cache does not keep,
/// those stores ran at half the speed of the same squares staged and streamed (permute (0, 2, 1)
/// of N x 10 x 20 floats, 32 MiB counted: 4 MB written 1.12x faster plain, 6 MB level, 8 MB
/// 1.75x faster streamed on one thread, 1.12x on two). Where they go by pieces (AVX2's), only
/// where the destination alone exceeds the cache (copy_cache_bytes): short of that the squares
/// set the pace rather than the memory, and the buffer's copy costs more than plain stores'
/// reads for ownership. Forced streaming still streams (benchmarks/README.md, "Small transposes
/// in registers", "Staged blocks asked for ahead"). Example: with a 32 MiB cache, permute
/// (0, 2, 1) of 10000 x 10 x 20 floats (8 MB written) streams with masked stores, not with
/// pieces; of 20000 x 12 x 40 (38.4 MB), with either.
inline bool short_rows_stream_pays(std::size_t written, unsigned threads, bool masked) {
  if (stream_mode() != streaming::automatic) return stream_mode() == streaming::always;
  if (masked) return written > copy_cache_bytes() / 6 && each_thread_streams_enough(written, threads);
  return stream_pays(written, threads, true) && written > copy_cache_bytes();
}

inline constexpr std::size_t cache_line = 64;

/// The smallest page of memory the TLB maps (x86-64, AArch64 with 4 KiB granules).
inline constexpr index_t page_bytes = 4096;

template <class T>
inline constexpr bool trivial_v = std::is_trivially_copyable_v<T>;

inline bool aligned_to(const void* p, std::size_t alignment) { return reinterpret_cast<std::uintptr_t>(p) % alignment == 0; }

/// Aligned room on the stack for N elements of T (trivially copyable), which the kernels create
/// by copying into it (an array of bytes creates them implicitly), so that T needs no default
/// constructor, as std::copy needs none. Example: `scratch<float, 256> room; float* tile =
/// room.data();` is 1 KiB aligned to a cache line, uninitialised.
template <class T, std::size_t N, std::size_t Align = cache_line>
struct scratch {
  alignas(Align) std::byte bytes[N * sizeof(T)];
  T* data() { return reinterpret_cast<T*>(bytes); }
};

/// Whether rows `pitch` elements of `element_size` bytes apart all start at the same place in
/// their cache lines (the pitch a whole number of lines; a negative pitch as its magnitude), as
/// the aligned or streaming stores of a tile or a block of tuples need for every row once they
/// have it for the first. Example: floats 3312 apart yes (207 lines), 3321 apart no.
constexpr bool whole_lines_apart(index_t pitch, std::size_t element_size) {
  return (static_cast<std::size_t>(pitch) * element_size) % cache_line == 0;
}

/// Elements of T before `d` reaches a multiple of `alignment` bytes (0 when it cannot: d is not
/// aligned to its own element size). With cache_line: the columns of a tiles walk's first,
/// narrower strip (tiles_job::peel), or a row's elements before its first whole line. Example:
/// floats 40 bytes into a line, alignment 64: 6.
template <class T>
inline index_t elements_to_alignment(const T* d, std::size_t alignment) {
  const std::size_t misalign = reinterpret_cast<std::uintptr_t>(d) % alignment;
  return misalign % sizeof(T) == 0 ? static_cast<index_t>((alignment - misalign) % alignment / sizeof(T)) : 0;
}

}  // namespace strider::detail::copy_engine
