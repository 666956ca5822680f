// strider/engine/copy_engine.hpp: the copy engine behind copy_strided (storage/copy.hpp): it runs
// a copy plan (copy_plan.hpp) at close to memory bandwidth. Only copies include it, so views and
// element access pay nothing for its threads, SIMD intrinsics and cache probing.
//
// Rows that are contiguous in both layouts are memcpy'd; reversed, every-other and broadcast
// rows have SIMD kernels; transposes are done in tiles of whole cache lines with an in-register
// SIMD transpose
// (elements of 1, 2, 4 or 8 bytes; SSE2, the x86-64 baseline, or AVX2 for 4- and 8-byte
// elements where the compiler targets it; AVX-512 is not used; plain loops elsewhere). Large
// destinations are written with non-temporal stores, which skip reading their old contents into
// the cache (`stream_pays`). Threads share a copy in equal pieces of one walk through it, cut
// anywhere in the loop nest (`share_copy`), and come from a pool that is started once. Source
// and destination may overlap in memory: the copy then goes through a temporary, as NumPy's
// copyto does, unless no element is both read and written (interleaved layouts of one buffer,
// copy_plan.hpp's certainly_disjoint). benchmarks/README.md has figures.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "../core/heap_array.hpp"
#include "../core/layout.hpp"
#include "copy_plan.hpp"

#if defined(__linux__)
#include <unistd.h>
#endif
// POSIX threads where there are any: <thread> alone costs more to compile than the core.
#if __has_include(<pthread.h>)
#include <pthread.h>
#define STRIDER_COPY_PTHREADS 1
#else
#include <thread>
#endif

// The SSE2 kernels need only <emmintrin.h>; the much larger <immintrin.h> only when the
// compiler targets AVX2.
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define STRIDER_COPY_SSE2 1
#endif
#if defined(STRIDER_COPY_SSE2) && defined(__AVX2__)
#include <immintrin.h>
#define STRIDER_COPY_AVX2 1
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

// ---- machine facts ----------------------------------------------------------------------------

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

/// Whether copies choose streaming stores themselves (`automatic`, by `stream_pays`) or always
/// or never use them where a kernel can: tests force them to reach the streaming kernels with
/// small arrays, and copy_scaling compares the two.
enum class streaming { automatic, always, never };
inline streaming& stream_mode() {
  static streaming mode = streaming::automatic;
  return mode;
}

/// Whether a copy that writes `written` bytes on `threads` threads writes its destination with
/// streaming stores, which skip reading each destination line before overwriting it but leave
/// the result in memory rather than in cache. They pay when the copy would not stay in cache:
///  - a transpose (`scattered`: each tile writes one line into each of many rows, a 3-wide one
///    three rows at once) from a quarter of the last-level cache, and at most 8 MiB: with plain
///    stores its scattered lines are read, evicted and written back piecemeal;
///  - a copy written front to back (rows) from the size of the last-level cache, and at most
///    32 MiB;
///  - and only when each thread writes at least 256 KiB (less stays in its own cache).
/// The caps keep a machine that reports a huge or shared last-level cache (a virtual machine's
/// sysconf figure, a many-core server's whole-chip L3) from never streaming. benchmarks/README.md
/// has the measurements behind the thresholds (copy_scaling --stream-sweep).
inline bool stream_pays(std::size_t written, unsigned threads, bool scattered) {
  if (stream_mode() != streaming::automatic) return stream_mode() == streaming::always;
  const std::size_t cache = last_level_cache_bytes();
  const std::size_t from = scattered ? std::min(cache / 4, std::size_t{8} << 20) : std::min(cache, std::size_t{32} << 20);
  return written > from && written / std::max(1u, threads) >= (std::size_t{256} << 10);
}

inline constexpr std::size_t cache_line = 64;

template <class T>
inline constexpr bool trivial_v = std::is_trivially_copyable_v<T>;

inline bool aligned_to(const void* p, std::size_t alignment) { return reinterpret_cast<std::uintptr_t>(p) % alignment == 0; }

// ---- SIMD registers ---------------------------------------------------------------------------
// One struct per register kind and element size, with the few operations the kernels need.
// They move bits only (loads, stores, shuffles), so any trivially copyable element of 4 or 8
// bytes goes through the float/double forms unchanged.

#if defined(STRIDER_COPY_SSE2)
struct sse_4 {
  using reg = __m128;
  static constexpr int lanes = 4;
  static reg load(const void* p) { return _mm_loadu_ps(static_cast<const float*>(p)); }
  static reg splat(const void* p) { return _mm_load1_ps(static_cast<const float*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_ps(static_cast<float*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_ps(static_cast<float*>(p), v); }
  static reg reverse(reg v) { return _mm_shuffle_ps(v, v, 0x1B); }
  static reg even(reg a, reg b) { return _mm_shuffle_ps(a, b, 0x88); }  // a0 a2 b0 b2
  // Every third element of a|b|c: a0 a3 b2 c1.
  static reg third(reg a, reg b, reg c) {
    const reg t = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 3, 3, 0));  // a0 a3 . .
    const reg u = _mm_shuffle_ps(b, c, _MM_SHUFFLE(1, 1, 2, 2));  // b2 b2 c1 c1
    return _mm_shuffle_ps(t, u, _MM_SHUFFLE(2, 0, 1, 0));
  }
  static void transpose(reg* r) { _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]); }
};

struct sse_8 {
  using reg = __m128d;
  static constexpr int lanes = 2;
  static reg load(const void* p) { return _mm_loadu_pd(static_cast<const double*>(p)); }
  static reg splat(const void* p) { return _mm_load1_pd(static_cast<const double*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_pd(static_cast<double*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_pd(static_cast<double*>(p), v); }
  static reg reverse(reg v) { return _mm_shuffle_pd(v, v, 1); }
  static reg even(reg a, reg b) { return _mm_unpacklo_pd(a, b); }  // a0 b0
  static reg third(reg a, reg b, reg) { return _mm_shuffle_pd(a, b, 2); }  // a0 b1
  static void transpose(reg* r) {
    const reg t = _mm_unpacklo_pd(r[0], r[1]);
    r[1] = _mm_unpackhi_pd(r[0], r[1]);
    r[0] = t;
  }
};
#endif

#if defined(STRIDER_COPY_AVX2)
struct avx_4 {
  using reg = __m256;
  static constexpr int lanes = 8;
  static reg load(const void* p) { return _mm256_loadu_ps(static_cast<const float*>(p)); }
  static reg splat(const void* p) { return _mm256_broadcast_ss(static_cast<const float*>(p)); }
  static void store(void* p, reg v) { _mm256_storeu_ps(static_cast<float*>(p), v); }
  static void stream(void* p, reg v) { _mm256_stream_ps(static_cast<float*>(p), v); }
  static reg reverse(reg v) { return _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)); }
  static reg even(reg a, reg b) {
    // a0 a2 b0 b2 | a4 a6 b4 b6, then the 64-bit pairs reordered to a0 a2 a4 a6 b0 b2 b4 b6.
    const reg t = _mm256_shuffle_ps(a, b, 0x88);
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(t), 0xD8));
  }
  // The three rows of a 3 x 8 block stored column by column in a|b|c (s[3j + r] is row r's j):
  // each row's lanes come from one of the three registers by two blends, then one permute puts
  // them in order.
  static void deinterleave3(reg a, reg b, reg c, reg& r0, reg& r1, reg& r2) {
    r0 = _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x92), c, 0x24), _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    r1 = _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x24), c, 0x49), _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6));
    r2 = _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x49), c, 0x92), _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
  }
  static reg third(reg a, reg b, reg c) {
    return _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x92), c, 0x24), _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
  }
  static void transpose(reg* r) {
    // 2x2 blocks of single elements, then of pairs, then of 128-bit halves.
    const reg t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    const reg t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    const reg t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    const reg t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    const reg u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    const reg u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    const reg u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    const reg u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    r[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
    r[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
    r[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
    r[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
    r[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
    r[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
    r[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
    r[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
  }
};

struct avx_8 {
  using reg = __m256d;
  static constexpr int lanes = 4;
  static reg load(const void* p) { return _mm256_loadu_pd(static_cast<const double*>(p)); }
  static reg splat(const void* p) { return _mm256_broadcast_sd(static_cast<const double*>(p)); }
  static void store(void* p, reg v) { _mm256_storeu_pd(static_cast<double*>(p), v); }
  static void stream(void* p, reg v) { _mm256_stream_pd(static_cast<double*>(p), v); }
  static reg reverse(reg v) { return _mm256_permute4x64_pd(v, 0x1B); }
  static reg even(reg a, reg b) { return _mm256_permute4x64_pd(_mm256_unpacklo_pd(a, b), 0xD8); }  // a0 a2 b0 b2
  // As avx_4's, for 3 x 4 blocks: s[3j + r] in lane (3j + r) % 4 of register (3j + r) / 4.
  static void deinterleave3(reg a, reg b, reg c, reg& r0, reg& r1, reg& r2) {
    r0 = _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x4), c, 0x2), 0x6C);  // lanes 0 3 2 1
    r1 = _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x9), c, 0x4), 0xB1);  // lanes 1 0 3 2
    r2 = _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x2), c, 0x9), 0xC6);  // lanes 2 1 0 3
  }
  static reg third(reg a, reg b, reg c) { return _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x4), c, 0x2), 0x6C); }
  static void transpose(reg* r) {
    const reg t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
    const reg t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
    r[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    r[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    r[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    r[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
  }
};
#endif

#if defined(STRIDER_COPY_SSE2)
// Transposes n x n elements held in n registers: log2(n) rounds of a perfect shuffle (register
// i paired with i + n/2, interleaved element by element into registers 2i and 2i+1).
template <int N, class Lo, class Hi>
inline void shuffle_transpose(__m128i* r, Lo lo, Hi hi) {
  for (int round = 1; round < N; round *= 2) {
    __m128i t[N];
    for (int i = 0; i < N / 2; ++i) {
      t[2 * i] = lo(r[i], r[i + N / 2]);
      t[2 * i + 1] = hi(r[i], r[i + N / 2]);
    }
    for (int i = 0; i < N; ++i) r[i] = t[i];
  }
}

// 1- and 2-byte elements (uint8 images, float16/bfloat16): transposes only.
struct sse_1 {
  using reg = __m128i;
  static constexpr int lanes = 16;
  static reg load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_si128(static_cast<__m128i*>(p), v); }
  static void transpose(reg* r) {
    shuffle_transpose<16>(r, [](reg a, reg b) { return _mm_unpacklo_epi8(a, b); }, [](reg a, reg b) { return _mm_unpackhi_epi8(a, b); });
  }
};

struct sse_2 {
  using reg = __m128i;
  static constexpr int lanes = 8;
  static reg load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_si128(static_cast<__m128i*>(p), v); }
  static void transpose(reg* r) {
    shuffle_transpose<8>(r, [](reg a, reg b) { return _mm_unpacklo_epi16(a, b); }, [](reg a, reg b) { return _mm_unpackhi_epi16(a, b); });
  }
};
#endif

// The register kind for elements of `Size` bytes, or void when there is none.
template <std::size_t Size>
struct vec_for {
  using type = void;
};
#if defined(STRIDER_COPY_AVX2)
template <>
struct vec_for<4> {
  using type = avx_4;
};
template <>
struct vec_for<8> {
  using type = avx_8;
};
#elif defined(STRIDER_COPY_SSE2)
template <>
struct vec_for<4> {
  using type = sse_4;
};
template <>
struct vec_for<8> {
  using type = sse_8;
};
#endif

template <class T>
using vec_t = typename vec_for<sizeof(T)>::type;

/// Elements that the SIMD row kernels may move as raw bits.
template <class T>
inline constexpr bool simd_v = trivial_v<T> && !std::is_void_v<vec_t<T>>;

// The register kind that transposes elements of `Size` bytes (rows need more operations, which
// the 1- and 2-byte kinds do not have).
template <std::size_t Size>
struct tile_vec_for : vec_for<Size> {};
#if defined(STRIDER_COPY_SSE2)
template <>
struct tile_vec_for<1> {
  using type = sse_1;
};
template <>
struct tile_vec_for<2> {
  using type = sse_2;
};
#endif

template <class T>
using tile_vec_t = typename tile_vec_for<sizeof(T)>::type;

template <class T>
inline constexpr bool tile_simd_v = trivial_v<T> && !std::is_void_v<tile_vec_t<T>>;

/// Orders the streaming stores of this thread before whatever it does next.
inline void stream_fence() {
#if defined(STRIDER_COPY_SSE2)
  _mm_sfence();
#endif
}

// ---- rows: the innermost loop when it is not part of a transpose ------------------------------

// d[0, n) = s[0, n) for n <= 64 without calling memcpy (short rows, as in a sliding-window
// view, would spend more time in the call than in the copy): two fixed-size moves that may
// overlap.
inline void copy_small_bytes(const std::byte* s, std::byte* d, std::size_t n) {
  if (n >= 32) {
    std::memcpy(d, s, 32);
    std::memcpy(d + n - 32, s + n - 32, 32);
  } else if (n >= 16) {
    std::memcpy(d, s, 16);
    std::memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8) {
    std::memcpy(d, s, 8);
    std::memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(d, s, 4);
    std::memcpy(d + n - 4, s + n - 4, 4);
  } else {
    for (std::size_t i = 0; i < n; ++i) d[i] = s[i];
  }
}

// d[0, n) = s[0, n): a memcpy, or streaming stores of whole cache lines.
inline void copy_bytes(const std::byte* s, std::byte* d, std::size_t n, bool stream) {
  if (n <= cache_line) {
    copy_small_bytes(s, d, n);
    return;
  }
#if defined(STRIDER_COPY_SSE2)
  if (stream && n >= 4 * cache_line) {
    const std::size_t head = (cache_line - reinterpret_cast<std::uintptr_t>(d) % cache_line) % cache_line;
    std::memcpy(d, s, head);
    s += head;
    d += head;
    n -= head;
    for (; n >= cache_line; n -= cache_line, s += cache_line, d += cache_line) {
#if defined(STRIDER_COPY_AVX2)
      const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s));
      const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + 32));
      _mm256_stream_si256(reinterpret_cast<__m256i*>(d), a);
      _mm256_stream_si256(reinterpret_cast<__m256i*>(d + 32), b);
#else
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
      const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16));
      const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 32));
      const __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 48));
      _mm_stream_si128(reinterpret_cast<__m128i*>(d), a);
      _mm_stream_si128(reinterpret_cast<__m128i*>(d + 16), b);
      _mm_stream_si128(reinterpret_cast<__m128i*>(d + 32), c);
      _mm_stream_si128(reinterpret_cast<__m128i*>(d + 48), e);
#endif
    }
  }
#else
  (void)stream;
#endif
  std::memcpy(d, s, n);
}

// Writes d[k] = value(k) for k in [0, n), with `vector(k)` producing the register for
// d[k, k + lanes). With `stream`, the elements up to the first cache-line boundary are written
// one by one and the rest by streaming stores; `vector` must be valid for every k with
// k + lanes <= limit.
template <class V, class T, bool Stream, class Scalar, class Vector>
inline void vector_row(T* d, index_t n, index_t limit, Scalar value, Vector vector) {
  index_t k = 0;
  if constexpr (Stream) {
    const std::size_t misalign = reinterpret_cast<std::uintptr_t>(d) % cache_line;
    if (misalign % sizeof(T) == 0) {
      const index_t head = std::min<index_t>(n, static_cast<index_t>((cache_line - misalign) % cache_line / sizeof(T)));
      for (; k < head; ++k) d[k] = value(k);
    } else {
      for (; k < n; ++k) d[k] = value(k);  // no alignment reachable: plain stores
    }
  }
  for (; k + V::lanes <= limit; k += V::lanes) {
    if constexpr (Stream) V::stream(d + k, vector(k));
    else V::store(d + k, vector(k));
  }
  for (; k < n; ++k) d[k] = value(k);
}

enum class row_kind { contiguous, fill, reverse, every_other, every_third, gather, scatter };

// One row of n elements: d[k * ds] = s[k * ss]; the kind says which ss and ds it has.
template <class T, row_kind Kind, bool Stream>
inline void copy_row(const T* s, [[maybe_unused]] index_t ss, T* d, [[maybe_unused]] index_t ds, index_t n) {
  if constexpr (Kind == row_kind::contiguous) {
    if constexpr (trivial_v<T>) copy_bytes(reinterpret_cast<const std::byte*>(s), reinterpret_cast<std::byte*>(d), static_cast<std::size_t>(n) * sizeof(T), Stream);
    else std::copy_n(s, n, d);
  } else if constexpr (Kind == row_kind::fill) {
    if constexpr (simd_v<T> && Stream) {
      using V = vec_t<T>;
      const T value = *s;
      const auto v = V::splat(s);
      vector_row<V, T, true>(d, n, n, [&](index_t) { return value; }, [&](index_t) { return v; });
    } else {
      std::fill_n(d, n, *s);
    }
  } else if constexpr (Kind == row_kind::reverse) {
    if constexpr (simd_v<T>) {
      using V = vec_t<T>;
      vector_row<V, T, Stream>(d, n, n, [&](index_t k) { return s[-k]; }, [&](index_t k) { return V::reverse(V::load(s - k - (V::lanes - 1))); });
    } else {
      for (index_t k = 0; k < n; ++k) d[k] = s[-k];
    }
  } else if constexpr (Kind == row_kind::every_other) {
    if constexpr (simd_v<T>) {
      using V = vec_t<T>;
      // The second load reaches s[2k + 2 lanes - 1], one past the last element used, so the
      // vector loop stops one element early.
      vector_row<V, T, Stream>(d, n, n - 1, [&](index_t k) { return s[2 * k]; }, [&](index_t k) { return V::even(V::load(s + 2 * k), V::load(s + 2 * k + V::lanes)); });
    } else {
      for (index_t k = 0; k < n; ++k) d[k] = s[2 * k];
    }
  } else if constexpr (Kind == row_kind::every_third) {
    if constexpr (simd_v<T>) {
      using V = vec_t<T>;
      // A de-interleave in registers (NumPy's a[..., ::3], channel 0 of packed RGB): three loads
      // give lanes elements; the last load reaches two past the last element used.
      vector_row<V, T, Stream>(d, n, n - 1, [&](index_t k) { return s[3 * k]; }, [&](index_t k) {
        const T* at = s + 3 * k;
        return V::third(V::load(at), V::load(at + V::lanes), V::load(at + 2 * V::lanes));
      });
    } else {
      for (index_t k = 0; k < n; ++k) d[k] = s[3 * k];
    }
  } else if constexpr (Kind == row_kind::gather) {
    if constexpr (simd_v<T> && Stream) {
      using V = vec_t<T>;
      vector_row<V, T, true>(d, n, n, [&](index_t k) { return s[k * ss]; }, [&](index_t k) {
        alignas(32) T chunk[V::lanes];
        for (int j = 0; j < V::lanes; ++j) chunk[j] = s[(k + j) * ss];
        return V::load(chunk);
      });
    } else {
      for (index_t k = 0; k < n; ++k) d[k] = s[k * ss];
    }
  } else {
    for (index_t k = 0; k < n; ++k) d[k * ds] = s[k * ss];
  }
}

// ---- the loop nest ----------------------------------------------------------------------------

// Walks the outer loops 0..outer-1 of the plan as one linear range of items: `body(src_off,
// dst_off)` runs once per item in [begin, end).
template <class Body>
inline void walk_outer(const copy_plan& p, std::size_t outer, index_t begin, index_t end, Body body) {
  index_t index[max_rank] = {};
  index_t rest = begin;
  index_t so = p.src_offset, dof = p.dst_offset;
  for (std::size_t d = outer; d-- > 0;) {
    index[d] = rest % p.extent[d];
    rest /= p.extent[d];
    so += index[d] * p.src_stride[d];
    dof += index[d] * p.dst_stride[d];
  }
  for (index_t w = begin; w < end; ++w) {
    body(so, dof);
    for (std::size_t d = outer; d-- > 0;) {  // odometer step of the outer loops (no step past the last element)
      if (++index[d] < p.extent[d]) {
        so += p.src_stride[d];
        dof += p.dst_stride[d];
        break;
      }
      so -= (p.extent[d] - 1) * p.src_stride[d];
      dof -= (p.extent[d] - 1) * p.dst_stride[d];
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
//  - triples: along the de-interleaved loop (a unit is one triple);
//  - strips: strip after strip of A, each one cache line wide (the first one narrower where the
//    destination's rows start inside a line), each walked down all of B in blocks of one line of
//    rows (a unit is one element); where the destination's rows are short and adjacent, one strip
//    of all of A, staged (see `staged_tiles`).
// A position in that line counts units of equal work, so that equal ranges of positions are
// equal shares whatever the shape, and a share may start and end inside any loop: in the middle
// of a row, of a strip, of the outer loops. Shares start and end at snapped positions (whole
// lines of a row, whole blocks of one line of rows of B within a strip), so that threads do not
// write the same cache line (where the destination's alignment permits) and the tile kernels see
// whole blocks.
enum class walk_kind { rows, triples, strips };

struct copy_walk {
  walk_kind kind = walk_kind::rows;
  index_t outer = 1;  // items of the loops outside the kernel's
  index_t n = 1;      // rows, triples: units per outer item; strips: the extent of A
  index_t nb = 1;     // strips: the extent of B
  index_t line = 1;   // elements in a cache line; strips: rows of B per block
  index_t width = 1;  // strips: columns of A per strip
  index_t peel = 0;   // strips: width of a first, narrower strip (0: none)

  constexpr index_t block() const { return kind == walk_kind::strips ? n * nb : n; }
  constexpr index_t total() const { return outer * block(); }
  // Strips: the strip that holds column a of A, and a strip's columns [begin, end).
  constexpr index_t strip_of(index_t a) const { return peel == 0 ? a / width : a < peel ? 0 : 1 + (a - peel) / width; }
  constexpr index_t strip_begin(index_t s) const { return peel == 0 ? s * width : s == 0 ? 0 : peel + (s - 1) * width; }
  constexpr index_t strip_end(index_t s) const { return std::min(n, peel == 0 ? (s + 1) * width : s == 0 ? peel : peel + s * width); }
  // Units by which a snapped position can move: a cache line of a row or a block of a line of
  // rows of B in a strip; with `whole`, a row (rows, triples) or a strip (strips), as a single
  // thread walks them.
  constexpr index_t granule(bool whole) const {
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
    const index_t s = strip_of(r / nb), lo = strip_begin(s), cols = strip_end(s) - lo;
    if (whole) return base + nb * (2 * (r - nb * lo) >= nb * cols ? strip_end(s) : lo);
    const index_t b = ((r - nb * lo) / cols + line / 2) / line * line;
    return b >= nb ? base + nb * strip_end(s) : base + nb * lo + b * cols;
  }
};

/// How a copy is shared among threads: its walk cut into `pieces` ranges of nearly equal size,
/// piece k run by member k % threads, so that each member has the same number of pieces and the
/// members work on neighbouring parts of the arrays at the same time (in a transpose,
/// neighbouring strips), which the memory system serves better than one block per thread. Pieces
/// keep whole rows or strips, as a single thread walks them, where they are large enough for that
/// to keep the balance; otherwise they are cut inside rows and strips.
struct copy_shares {
  copy_walk walk;
  unsigned threads = 1;
  index_t pieces = 1;
  bool whole = false;

  /// First position of piece k (the total for k = pieces).
  constexpr index_t boundary(index_t k) const {
    const index_t total = walk.total();
    if (k >= pieces) return total;
    return walk.snap(total / pieces * k + total % pieces * k / pieces, whole);
  }
};

// Snapping moves a piece's ends by up to a granule: pieces of at least `piece_granules` granules
// keep every member's share within a few per cent of the mean. Up to `pieces_per_thread` pieces
// per member spread each member over the arrays.
inline constexpr index_t pieces_per_thread = 64;
inline constexpr index_t piece_granules = 32;

constexpr copy_shares share_copy(const copy_walk& walk, unsigned threads) {
  copy_shares s{walk, std::max(1u, threads), 1, false};
  if (s.threads == 1) return s;
  const auto members = static_cast<index_t>(s.threads);
  const auto per_member = [&](bool whole) { return walk.total() / (piece_granules * walk.granule(whole)) / members; };
  s.whole = per_member(true) >= 1;
  s.pieces = members * std::clamp<index_t>(per_member(s.whole), 1, pieces_per_thread);
  return s;
}

// ---- rows: the innermost loop, positions [begin, end) of a rows walk ---------------------------

template <class T, row_kind Kind, bool Stream>
inline void run_rows(const copy_plan& p, const T* src, T* dst, index_t begin, index_t end) {
  const std::size_t inner = p.rank - 1;
  const index_t n = p.extent[inner], ss = p.src_stride[inner], ds = p.dst_stride[inner];
  // Short contiguous rows far apart in the source (a permute that keeps the last axis: rows of
  // 1 KiB, 256 KiB apart): the hardware prefetcher does not cross to the next row, so ask for
  // the row two steps of the next outer loop ahead (a prefetch of a wrong address is harmless).
  const index_t row_bytes = n * static_cast<index_t>(sizeof(T));
  const index_t next = inner > 0 ? p.src_stride[inner - 1] : 0;
  const bool prefetch = Kind == row_kind::contiguous && row_bytes <= 4096 && (next < 0 ? -next : next) * static_cast<index_t>(sizeof(T)) > 4096;
  // Two instances of the loop, so that rows of a few bytes pay no test for it.
  const auto rows = [&]<bool Prefetch>() {
    walk_positions(p, inner, n, begin, end, [&](index_t so, index_t dof, index_t k0, index_t k1) {
      if constexpr (Prefetch) {
        const char* ahead = reinterpret_cast<const char*>(src + so + 2 * next);
        for (index_t b = 0; b < row_bytes; b += static_cast<index_t>(cache_line)) __builtin_prefetch(ahead + b);
      }
      copy_row<T, Kind, Stream>(src + so + k0 * ss, ss, dst + dof + k0 * ds, ds, k1 - k0);
    });
  };
  if (prefetch) rows.template operator()<true>();
  else rows.template operator()<false>();
  if constexpr (Stream) stream_fence();
}

// ---- three rows packed in triples: a 3 x n transpose ------------------------------------------
// The two innermost loops of a blocked plan whose short loop B has 3 elements, adjacent in the
// source (s[3a + b]): interleaved triples (an n x 3 matrix, packed RGB) into three destination
// rows d[b * ldd + a]. Read once, de-interleaved in registers, instead of a tile of 3 x 16 at a
// time or three passes of stride-3 gathers.
inline constexpr bool is_deinterleave3(const copy_plan& p) {
  return p.blocked && p.rank >= 2 && p.extent[p.rank - 2] == 3 && p.src_stride[p.rank - 2] == 1 && p.src_stride[p.rank - 1] == 3 &&
         p.dst_stride[p.rank - 1] == 1;
}

template <class T, bool Stream>
inline void run_deinterleave3(const copy_plan& p, const T* src, T* dst, index_t begin, index_t end) {
  const std::size_t inner = p.rank - 1, b_loop = p.rank - 2;
  const index_t na = p.extent[inner], ldd = p.dst_stride[b_loop];
  walk_positions(p, b_loop, na, begin, end, [&](index_t so, index_t dof, index_t a0, index_t a_end) {
    const index_t count = a_end - a0;
    const T* s = src + so + 3 * a0;
    T* d0 = dst + dof + a0;
    T* d1 = d0 + ldd;
    T* d2 = d1 + ldd;
    index_t a = 0;
    const auto scalar_to = [&](index_t stop) {
      for (; a < stop; ++a) {
        d0[a] = s[3 * a];
        d1[a] = s[3 * a + 1];
        d2[a] = s[3 * a + 2];
      }
    };
    if constexpr (simd_v<T>) {
      using V = vec_t<T>;
      // Streaming stores need the three rows aligned alike (the caller checks): the triples
      // before the first line boundary are copied one by one.
      if constexpr (Stream) scalar_to(std::min(count, static_cast<index_t>((cache_line - reinterpret_cast<std::uintptr_t>(d0) % cache_line) % cache_line / sizeof(T))));
      const auto put = [](T* d, typename V::reg v) {
        if constexpr (Stream) V::stream(d, v);
        else V::store(d, v);
      };
      if constexpr (requires(typename V::reg r) { V::deinterleave3(r, r, r, r, r, r); }) {
        for (; a + V::lanes <= count; a += V::lanes) {
          typename V::reg r0, r1, r2;
          V::deinterleave3(V::load(s + 3 * a), V::load(s + 3 * a + V::lanes), V::load(s + 3 * a + 2 * V::lanes), r0, r1, r2);
          put(d0 + a, r0);
          put(d1 + a, r1);
          put(d2 + a, r2);
        }
      } else {
        // Each row by its own three loads (SSE2 has no blends); the last reaches two past the
        // row's last element, so the loop stops one vector early.
        for (; a + V::lanes < count; a += V::lanes) {
          const T* at = s + 3 * a;
          put(d0 + a, V::third(V::load(at), V::load(at + V::lanes), V::load(at + 2 * V::lanes)));
          put(d1 + a, V::third(V::load(at + 1), V::load(at + 1 + V::lanes), V::load(at + 1 + 2 * V::lanes)));
          put(d2 + a, V::third(V::load(at + 2), V::load(at + 2 + V::lanes), V::load(at + 2 + 2 * V::lanes)));
        }
      }
    }
    scalar_to(count);
  });
  if constexpr (Stream) stream_fence();
}

// ---- tiles: the two innermost loops of a transpose --------------------------------------------
// Loop B (= rank-2) is the source's fastest axis, loop A (= rank-1) the destination's. With the
// source contiguous along B and the destination along A, d[b*ldd + a] = s[a*lds + b].

// General strides, one element at a time, in a tile small enough for L1.
template <class T>
inline void scalar_tile(const T* s, index_t ss_a, index_t ss_b, T* d, index_t ds_a, index_t ds_b, index_t nb, index_t na) {
  for (index_t b = 0; b < nb; ++b)
    for (index_t a = 0; a < na; ++a) d[b * ds_b + a * ds_a] = s[a * ss_a + b * ss_b];
}

// A square of one cache line by one cache line: reads `width` source rows of one line each and
// writes `width` destination rows of one line each, transposing lanes x lanes blocks in
// registers. The source lines are read a group of `lanes` rows at a time, each line whole, so
// that rows a power-of-two apart (which share an L1 set) are not evicted before they are used
// up; the transposed blocks go through a small buffer so that each destination line is then
// written whole and at once, as streaming stores need.
// With `Reverse`, the source runs backwards along B (a transposed flip, as in rot90): each load
// is reversed in its register.
template <class V, class T, bool Stream, bool Reverse>
inline void line_tile(const T* s, index_t lds, T* d, index_t ldd) {
  constexpr int lanes = V::lanes;
  constexpr int width = static_cast<int>(cache_line / sizeof(T));
  constexpr int groups = width / lanes;
  alignas(64) T buffer[width][width];
  for (int g = 0; g < groups; ++g)
    for (int bi = 0; bi < groups; ++bi) {
      typename V::reg r[lanes];
      const T* block = Reverse ? s - (bi * lanes + lanes - 1) : s + bi * lanes;
      for (int j = 0; j < lanes; ++j) {
        r[j] = V::load(block + (g * lanes + j) * lds);
        if constexpr (Reverse) r[j] = V::reverse(r[j]);
      }
      V::transpose(r);
      for (int j = 0; j < lanes; ++j) V::store(&buffer[bi * lanes + j][g * lanes], r[j]);
    }
  for (int b = 0; b < width; ++b)
    for (int g = 0; g < groups; ++g) {
      const typename V::reg v = V::load(&buffer[b][g * lanes]);
      if constexpr (Stream) V::stream(d + b * ldd + g * lanes, v);
      else V::store(d + b * ldd + g * lanes, v);
    }
}

// How many line tiles ahead a transpose asks for its source lines (measured best: 1 or 2).
inline constexpr index_t prefetch_ahead = 2;

// Destination rows of at most this many bytes, adjacent in memory (NCHW to NHWC), are transposed
// through a small buffer: line tiles fill the buffer strip by strip, each strip reading few source
// rows (which the hardware prefetcher follows), and the buffer, a contiguous run of the
// destination, is then written out front to back. Written straight to the destination, each strip
// would put one line into every short row, and the memory would see the same pages written once
// per strip.
inline constexpr index_t staged_row_bytes = 1024;
inline constexpr index_t staging_bytes = 16384;

struct tiles_job {
  bool staged = false; // all of A per strip, through a buffer (see staged_row_bytes)
  index_t peel = 0;    // columns of A before the first cache-line-aligned one
  bool simd = false;   // line_tile applies: unit strides on both sides (B may run backwards)
};

// Line tiles down B: `count` rows of B (a multiple of a line) of one line of A, from `s` (the
// source at the line's first column, at row b0 of B's nb rows) into `d` (the destination's
// element there, rows ldd apart). The strip's source rows are read front to back, one line of
// each per tile (few enough streams for the hardware prefetcher), the lines `prefetch_ahead`
// tiles down requested ahead; each destination row gets one whole line.
template <class T, bool Stream>
inline void line_tiles_down(const T* s, index_t ss_a, index_t ss_b, T* d, index_t ldd, index_t b0, index_t count, index_t nb) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  auto tiles = [&]<bool Reverse>() {
    for (index_t b = 0; b < count; b += w) {
      if (b0 + b + prefetch_ahead * w < nb)
        for (index_t j = 0; j < w; ++j) __builtin_prefetch(s + j * ss_a + (b + prefetch_ahead * w) * ss_b);
      line_tile<V, T, Stream, Reverse>(s + b * ss_b, ss_a, d + b * ldd, ldd);
    }
  };
  if constexpr (simd_v<T>) {
    if (ss_b < 0) tiles.template operator()<true>();
    else tiles.template operator()<false>();
  } else {
    tiles.template operator()<false>();
  }
}

// Columns [a_lo, a_hi) of A (one strip) and rows [b_lo, b_hi) of B, from the element at
// a = b = 0: a whole, aligned line of A by line tiles, block by block of `line` rows of B; the
// peeled columns, the last partial line and non-SIMD types one element at a time.
template <class T, bool Stream>
inline void tile_strip(const copy_plan& p, const T* s, T* d, const tiles_job& job, index_t a_lo, index_t a_hi, index_t b_lo, index_t b_hi) {
  const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
  const index_t nb = p.extent[b_loop];
  const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop];
  const index_t ds_a = p.dst_stride[a_loop], ds_b = p.dst_stride[b_loop];
  if constexpr (tile_simd_v<T>) {
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    if (job.simd && a_hi - a_lo == w && a_lo >= job.peel) {  // a whole, aligned line of A
      const index_t b1 = b_lo + (b_hi - b_lo) / w * w;
      const T* from = s + a_lo * ss_a;
      T* to = d + a_lo;
      line_tiles_down<T, Stream>(from + b_lo * ss_b, ss_a, ss_b, to + b_lo * ds_b, ds_b, b_lo, b1 - b_lo, nb);
      if (b1 < b_hi) scalar_tile(from + b1 * ss_b, ss_a, ss_b, to + b1 * ds_b, ds_a, ds_b, b_hi - b1, w);
      return;
    }
  }
  // Blocks of rows small enough for the strip to stay in L1.
  const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
  for (index_t b = b_lo; b < b_hi; b += line)
    scalar_tile(s + a_lo * ss_a + b * ss_b, ss_a, ss_b, d + a_lo * ds_a + b * ds_b, ds_a, ds_b, std::min(line, b_hi - b), a_hi - a_lo);
}

// Rows [b_lo, b_hi) of B, all of A, through a buffer of `staging_bytes` (see staged_row_bytes):
// d[b * na + a] = s[a * ss_a + b * ss_b], the destination rows adjacent.
template <class T, bool Stream>
inline void staged_tiles(const copy_plan& p, const T* s, T* d, index_t b_lo, index_t b_hi) {
  if constexpr (tile_simd_v<T>) {
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
    const index_t na = p.extent[a_loop], nb = p.extent[b_loop];
    const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop];
    const index_t rows = std::max<index_t>(w, staging_bytes / (na * static_cast<index_t>(sizeof(T))) / w * w);
    const index_t a1 = na / w * w;
    alignas(64) T stage[staging_bytes / sizeof(T)];  // rows * na elements at most (see prepare)
    for (index_t b0 = b_lo; b0 < b_hi; b0 += rows) {
      const index_t count = std::min(rows, b_hi - b0), full = count / w * w;
      for (index_t a = 0; a < a1; a += w) line_tiles_down<T, false>(s + a * ss_a + b0 * ss_b, ss_a, ss_b, stage + a, na, b0, full, nb);
      if (a1 < na) scalar_tile(s + a1 * ss_a + b0 * ss_b, ss_a, ss_b, stage + a1, index_t{1}, na, full, na - a1);
      if (full < count) scalar_tile(s + (b0 + full) * ss_b, ss_a, ss_b, stage + full * na, index_t{1}, na, count - full, na);
      copy_bytes(reinterpret_cast<const std::byte*>(stage), reinterpret_cast<std::byte*>(d + b0 * na), static_cast<std::size_t>(count * na) * sizeof(T), Stream);
    }
  }
}

// Positions [begin, end) of a strips walk.
template <class T, bool Stream>
inline void run_tiles(const copy_plan& p, const T* src, T* dst, const tiles_job& job, const copy_walk& walk, index_t begin, index_t end) {
  const index_t nb = walk.nb;
  walk_positions(p, p.rank - 2, walk.block(), begin, end, [&](index_t so, index_t dof, index_t lo, index_t hi) {
    for (index_t strip = walk.strip_of(lo / nb);; ++strip) {
      const index_t a_lo = walk.strip_begin(strip), a_hi = walk.strip_end(strip), width = a_hi - a_lo;
      const index_t start = nb * a_lo, stop = nb * a_hi;
      if (start >= hi) break;
      const index_t b_lo = lo > start ? (lo - start) / width : 0, b_hi = hi >= stop ? nb : (hi - start) / width;
      if (b_lo >= b_hi) continue;
      if (job.staged) staged_tiles<T, Stream>(p, src + so, dst + dof, b_lo, b_hi);
      else tile_strip<T, Stream>(p, src + so, dst + dof, job, a_lo, a_hi, b_lo, b_hi);
      if (stop >= hi) break;
    }
  });
  if constexpr (Stream) stream_fence();
}

// ---- threads ----------------------------------------------------------------------------------

#if defined(STRIDER_COPY_PTHREADS)
// Threads started once and reused by every copy, so that a copy of a few MiB pays a wake-up
// (microseconds), not a thread start, per helper. The pool grows to the largest number of
// threads asked for and is never destroyed: its threads sleep until the process ends. One copy
// uses it at a time; a copy that finds it busy (another thread's copy, or a copy started from
// inside one) runs on its calling thread alone.
class thread_pool {
 public:
  using work_fn = void (*)(void* context, unsigned member);

  static thread_pool& instance() {
    static thread_pool* pool = [] {
      auto* created = new thread_pool;  // never destroyed: see above
      // A child of fork() has none of the pool's threads: it starts its own. The pool's lock is
      // held across the fork so that the child's copy of it is in a known state.
      pthread_atfork([] { pthread_mutex_lock(&instance().mutex_); }, [] { pthread_mutex_unlock(&instance().mutex_); }, [] { instance().forget_threads(); });
      return created;
    }();
    return *pool;
  }

  // Runs work(context, m) for every member m in [0, members), member 0 on the calling thread;
  // members whose thread could not be started run there too. Returns false, running nothing,
  // when the pool is busy.
  bool run(unsigned members, work_fn work, void* context) {
    pthread_mutex_lock(&mutex_);
    if (busy_) {
      pthread_mutex_unlock(&mutex_);
      return false;
    }
    busy_ = true;
    while (started_ + 1 < members && start_one()) {
    }
    const unsigned helpers = std::min(started_, members - 1);
    work_ = work;
    context_ = context;
    members_ = helpers + 1;
    pending_ = helpers;
    ++generation_;
    pthread_cond_broadcast(&wake_);
    pthread_mutex_unlock(&mutex_);
    work(context, 0);
    for (unsigned m = helpers + 1; m < members; ++m) work(context, m);
    pthread_mutex_lock(&mutex_);
    while (pending_ > 0) pthread_cond_wait(&done_, &mutex_);
    busy_ = false;
    pthread_mutex_unlock(&mutex_);
    return true;
  }

 private:
  struct helper_start {
    thread_pool* pool;
    unsigned member;
  };

  bool start_one() {  // with mutex_ held
    auto* start = new helper_start{this, started_ + 1};
    pthread_t thread;
    if (pthread_create(&thread, nullptr, &serve, start) != 0) {
      delete start;
      return false;
    }
    pthread_detach(thread);
    ++started_;
    return true;
  }

  static void* serve(void* arg) {
    const helper_start start = *static_cast<helper_start*>(arg);
    delete static_cast<helper_start*>(arg);
    thread_pool& pool = *start.pool;
    pthread_mutex_lock(&pool.mutex_);
    unsigned long seen = pool.generation_ - 1;  // started inside run(): the current job is this helper's
    for (;;) {
      while (pool.generation_ == seen) pthread_cond_wait(&pool.wake_, &pool.mutex_);
      seen = pool.generation_;
      if (start.member >= pool.members_) continue;
      const work_fn work = pool.work_;
      void* const context = pool.context_;
      pthread_mutex_unlock(&pool.mutex_);
      work(context, start.member);
      pthread_mutex_lock(&pool.mutex_);
      if (--pool.pending_ == 0) pthread_cond_signal(&pool.done_);
    }
  }

  thread_pool() = default;

  void forget_threads() {  // in a child of fork(), which holds mutex_ (see instance)
    pthread_cond_init(&wake_, nullptr);
    pthread_cond_init(&done_, nullptr);
    started_ = members_ = pending_ = 0;
    busy_ = false;
    pthread_mutex_unlock(&mutex_);
  }

  pthread_mutex_t mutex_ = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t wake_ = PTHREAD_COND_INITIALIZER, done_ = PTHREAD_COND_INITIALIZER;
  unsigned started_ = 0, members_ = 0, pending_ = 0;
  unsigned long generation_ = 0;
  bool busy_ = false;
  work_fn work_ = nullptr;
  void* context_ = nullptr;
};
#endif

// Runs member(m) for m in [0, members) on that many threads, the calling thread being one.
// Returns false, running nothing, when the pool is busy with another copy.
template <class Member>
inline bool run_members(unsigned members, Member& member) {
  if (members <= 1) {
    member(0u);
    return true;
  }
#if defined(STRIDER_COPY_PTHREADS)
  const auto work = [](void* context, unsigned m) { (*static_cast<Member*>(context))(m); };
  return thread_pool::instance().run(members, work, &member);
#else
  std::vector<std::thread> helpers;
  helpers.reserve(members - 1);
  for (unsigned m = 1; m < members; ++m) helpers.emplace_back([&member, m] { member(m); });
  member(0u);
  for (std::thread& helper : helpers) helper.join();
  return true;
#endif
}

// ---- running a plan ---------------------------------------------------------------------------

/// Bytes moved (read + written) per thread below which a copy takes fewer threads than asked:
/// a thread's share must outweigh waking it.
inline constexpr std::size_t bytes_per_thread = std::size_t{2} << 20;

/// The threads a copy of `bytes` bytes (read + written) takes when `asked` are allowed.
constexpr unsigned threads_for(std::size_t bytes, unsigned asked) {
  const std::size_t most = std::max<std::size_t>(1, bytes / bytes_per_thread);
  return static_cast<unsigned>(std::min<std::size_t>(std::max(1u, asked), most));
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
};

/// True when every loop of `p` but the innermost steps the destination by whole cache lines, so
/// that every row of the destination starts at the same place in its cache line as the first.
/// Streaming stores of a tile are proved aligned from that and the first row alone: an outer
/// loop whose destination step is not a whole line (a pitch of 35 floats) would move later tiles
/// off alignment, and a misaligned streaming store faults.
inline bool destination_rows_aligned_alike(const copy_plan& p) {
  for (std::size_t d = 0; d + 1 < p.rank; ++d)
    if ((static_cast<std::size_t>(p.dst_stride[d]) * p.element_size) % cache_line != 0) return false;
  return true;
}

/// The kernel, walk and streaming decision for copying by plan `p` into `dst` on `threads`
/// threads (p.size > 0, p.rank > 0).
template <class T>
copy_job<T> prepare(const copy_plan& p, const T* src, T* dst, unsigned threads) {
  copy_job<T> job{&p, src, dst, {}, {}, false};
  const std::size_t inner = p.rank - 1;
  const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
  const std::size_t kernel_loops = is_deinterleave3(p) || p.blocked ? 2 : 1;
  index_t outer = 1;
  for (std::size_t d = 0; d + kernel_loops < p.rank; ++d) outer *= p.extent[d];
  job.walk.outer = outer;
  job.walk.line = line;
  job.walk.width = line;
  job.walk.n = p.extent[inner];
  const T* first = dst + p.dst_offset;
  const std::size_t written = static_cast<std::size_t>(p.size) * sizeof(T);
  job.stream = trivial_v<T> && p.dst_stride[inner] == 1 && stream_pays(written, threads, p.blocked);
  if (is_deinterleave3(p) && trivial_v<T>) {
    job.walk.kind = walk_kind::triples;
    // A transpose, streamed as one (measured: as good with two threads, faster with one), where
    // the three destination rows are aligned alike.
    job.stream = stream_pays(written, threads, true) && simd_v<T> && aligned_to(first, sizeof(T)) && (static_cast<std::size_t>(p.dst_stride[p.rank - 2]) * sizeof(T)) % cache_line == 0;
  } else if (p.blocked) {
    const std::size_t b_loop = p.rank - 2;
    const index_t na = p.extent[inner];
    job.walk.kind = walk_kind::strips;
    job.walk.nb = p.extent[b_loop];
    job.tiles.simd = tile_simd_v<T> && p.dst_stride[inner] == 1 && (p.src_stride[b_loop] == 1 || (simd_v<T> && p.src_stride[b_loop] == -1));
    // Destination rows aligned alike: a first, narrower strip takes the columns before the first
    // line boundary, so that every other strip writes whole, aligned lines.
    const bool rows_aligned_alike = (static_cast<std::size_t>(p.dst_stride[b_loop]) * sizeof(T)) % cache_line == 0;
    if (job.tiles.simd && rows_aligned_alike && aligned_to(first, sizeof(T)))
      job.tiles.peel = std::min(na, static_cast<index_t>((cache_line - reinterpret_cast<std::uintptr_t>(first) % cache_line) % cache_line / sizeof(T)));
    job.tiles.staged = job.tiles.simd && p.dst_stride[b_loop] == na && na >= line && na * static_cast<index_t>(sizeof(T)) <= staged_row_bytes &&
                       na * line * static_cast<index_t>(sizeof(T)) <= staging_bytes;
    job.walk.width = job.tiles.staged ? na : line;
    job.walk.peel = job.tiles.staged ? 0 : job.tiles.peel;
    // The staged kernel writes its buffer out front to back, aligned by copy_bytes.
    if (job.tiles.staged) return job;
    // The streaming invariant: line_tile streams whole lines at `first + peel` plus multiples of
    // every loop's destination stride but the innermost, so those are all whole cache lines.
    job.stream = job.stream && job.tiles.simd && job.tiles.peel < na && aligned_to(first + job.tiles.peel, cache_line) && destination_rows_aligned_alike(p);
  }
  return job;
}

/// Positions [begin, end) of the job's walk.
template <class T>
void run_range(const copy_job<T>& job, index_t begin, index_t end) {
  const copy_plan& p = *job.plan;
  if (job.walk.kind == walk_kind::triples) {
    if (job.stream) run_deinterleave3<T, true>(p, job.src, job.dst, begin, end);
    else run_deinterleave3<T, false>(p, job.src, job.dst, begin, end);
    return;
  }
  if (job.walk.kind == walk_kind::strips) {
    if (job.stream) run_tiles<T, true>(p, job.src, job.dst, job.tiles, job.walk, begin, end);
    else run_tiles<T, false>(p, job.src, job.dst, job.tiles, job.walk, begin, end);
    return;
  }
  const std::size_t inner = p.rank - 1;
  const index_t ss = p.src_stride[inner], ds = p.dst_stride[inner];
  auto run = [&]<row_kind Kind>() {
    if (job.stream) run_rows<T, Kind, true>(p, job.src, job.dst, begin, end);
    else run_rows<T, Kind, false>(p, job.src, job.dst, begin, end);
  };
  if (ds != 1) run.template operator()<row_kind::scatter>();
  else if (ss == 1) run.template operator()<row_kind::contiguous>();
  else if (ss == 0) run.template operator()<row_kind::fill>();
  else if (ss == -1) run.template operator()<row_kind::reverse>();
  else if (ss == 2) run.template operator()<row_kind::every_other>();
  else if (ss == 3) run.template operator()<row_kind::every_third>();
  else run.template operator()<row_kind::gather>();
}

/// Member m's share of a copy: pieces m, m + threads, ...
template <class T>
void run_share(const copy_job<T>& job, const copy_shares& shares, unsigned member) {
  for (index_t k = member; k < shares.pieces; k += static_cast<index_t>(shares.threads)) {
    const index_t begin = shares.boundary(k), end = shares.boundary(k + 1);
    if (begin < end) run_range(job, begin, end);
  }
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
  const copy_job<T> job = prepare(p, src, dst, threads);
  if (threads == 1) return run_range(job, 0, job.walk.total());
  const copy_shares shares = share_copy(job.walk, threads);
  auto member = [&](unsigned m) { run_share(job, shares, m); };
  // With the pool busy (another thread's copy), this one runs on its own thread, in order.
  if (!run_members(shares.threads, member)) run_range(job, 0, job.walk.total());
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

template <class T>
void run(const copy_plan& p, const T* src, T* dst, copy_options options) {
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

}  // namespace detail::copy_engine

}  // namespace strider
