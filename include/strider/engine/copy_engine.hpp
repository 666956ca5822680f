// strider/engine/copy_engine.hpp: the copy engine behind copy_strided (storage/copy.hpp): it runs
// a copy plan (copy_plan.hpp) at close to memory bandwidth. Only copies include it, so views and
// element access pay nothing for its threads, SIMD intrinsics and cache probing.
//
// Rows that are contiguous in both layouts are memcpy'd; reversed, every-other and broadcast
// rows have SIMD kernels; transposes are done in tiles of whole cache lines with an in-register
// SIMD transpose
// (elements of 1, 2, 4 or 8 bytes; SSE2, the x86-64 baseline, or AVX2 for 4- and 8-byte
// elements where the compiler targets it; AVX-512 is not used; plain loops elsewhere). A
// destination larger than the last-level cache is written with non-temporal stores, which skip
// reading its old contents into the cache. Source and destination may overlap in memory: the
// copy then goes through a temporary, as NumPy's copyto does. benchmarks/README.md has figures.
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
  /// Threads that share a large copy (POSIX threads, or std::thread elsewhere). 1 (or 0)
  /// creates no thread; copies of less than a few MiB always run on the calling thread.
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

/// Destinations of more bytes than this are written with streaming stores. The last-level
/// cache size; tests lower it to reach the streaming kernels with small arrays.
inline std::size_t& stream_threshold_bytes() {
  static std::size_t bytes = last_level_cache_bytes();
  return bytes;
}

/// Copies smaller than this (bytes read + written) never start threads.
inline constexpr std::size_t thread_threshold_bytes = std::size_t{4} << 20;

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

// Walks the outer loops 0..outer-1 of the plan as one linear range of `items` work items, each
// item being `per_outer` consecutive pieces of the same outer index. `body(src_off, dst_off,
// piece)` runs once per work item in [begin, end).
template <class Body>
inline void walk_outer(const copy_plan& p, std::size_t outer, index_t per_outer, index_t begin, index_t end, Body body) {
  index_t index[max_rank] = {};
  index_t rest = begin / per_outer, piece = begin % per_outer;
  index_t so = p.src_offset, dof = p.dst_offset;
  for (std::size_t d = outer; d-- > 0;) {
    index[d] = rest % p.extent[d];
    rest /= p.extent[d];
    so += index[d] * p.src_stride[d];
    dof += index[d] * p.dst_stride[d];
  }
  for (index_t w = begin; w < end; ++w) {
    body(so, dof, piece);
    if (++piece < per_outer) continue;
    piece = 0;
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

struct rows_job {
  index_t chunk;   // elements of the innermost loop per work item
  index_t pieces;  // work items per row
  index_t items;
};

template <class T, row_kind Kind, bool Stream>
inline void run_rows(const copy_plan& p, const T* src, T* dst, const rows_job& job, index_t begin, index_t end) {
  const std::size_t inner = p.rank - 1;
  const index_t n = p.extent[inner], ss = p.src_stride[inner], ds = p.dst_stride[inner];
  // Short contiguous rows far apart in the source (a permute that keeps the last axis: rows of
  // 1 KiB, 256 KiB apart): the hardware prefetcher does not cross to the next row, so ask for
  // the row two steps of the next outer loop ahead (a prefetch of a wrong address is harmless).
  const index_t row_bytes = job.chunk * static_cast<index_t>(sizeof(T));
  const index_t next = inner > 0 && job.pieces == 1 ? p.src_stride[inner - 1] : 0;
  const bool prefetch = Kind == row_kind::contiguous && row_bytes <= 4096 && (next < 0 ? -next : next) * static_cast<index_t>(sizeof(T)) > 4096;
  // Two instances of the loop, so that rows of a few bytes pay no test for it.
  const auto rows = [&]<bool Prefetch>() {
    walk_outer(p, inner, job.pieces, begin, end, [&](index_t so, index_t dof, index_t piece) {
      const index_t k0 = piece * job.chunk, count = std::min(job.chunk, n - k0);
      if constexpr (Prefetch) {
        const char* ahead = reinterpret_cast<const char*>(src + so + 2 * next);
        for (index_t b = 0; b < row_bytes; b += static_cast<index_t>(cache_line)) __builtin_prefetch(ahead + b);
      }
      copy_row<T, Kind, Stream>(src + so + k0 * ss, ss, dst + dof + k0 * ds, ds, count);
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

template <class T>
inline void run_deinterleave3(const copy_plan& p, const T* src, T* dst, const rows_job& job, index_t begin, index_t end) {
  const std::size_t inner = p.rank - 1, b_loop = p.rank - 2;
  const index_t na = p.extent[inner], ldd = p.dst_stride[b_loop];
  walk_outer(p, b_loop, job.pieces, begin, end, [&](index_t so, index_t dof, index_t piece) {
    const index_t a0 = piece * job.chunk, count = std::min(job.chunk, na - a0);
    const T* s = src + so + 3 * a0;
    T* d0 = dst + dof + a0;
    T* d1 = d0 + ldd;
    T* d2 = d1 + ldd;
    index_t a = 0;
    if constexpr (simd_v<T>) {
      using V = vec_t<T>;
      if constexpr (requires(typename V::reg r) { V::deinterleave3(r, r, r, r, r, r); }) {
        for (; a + V::lanes <= count; a += V::lanes) {
          typename V::reg r0, r1, r2;
          V::deinterleave3(V::load(s + 3 * a), V::load(s + 3 * a + V::lanes), V::load(s + 3 * a + 2 * V::lanes), r0, r1, r2);
          V::store(d0 + a, r0);
          V::store(d1 + a, r1);
          V::store(d2 + a, r2);
        }
      } else {
        // Each row by its own three loads (SSE2 has no blends); the last reaches two past the
        // row's last element, so the loop stops one vector early.
        for (; a + V::lanes < count; a += V::lanes) {
          const T* at = s + 3 * a;
          V::store(d0 + a, V::third(V::load(at), V::load(at + V::lanes), V::load(at + 2 * V::lanes)));
          V::store(d1 + a, V::third(V::load(at + 1), V::load(at + 1 + V::lanes), V::load(at + 1 + 2 * V::lanes)));
          V::store(d2 + a, V::third(V::load(at + 2), V::load(at + 2 + V::lanes), V::load(at + 2 + 2 * V::lanes)));
        }
      }
    }
    for (; a < count; ++a) {
      d0[a] = s[3 * a];
      d1[a] = s[3 * a + 1];
      d2[a] = s[3 * a + 2];
    }
  });
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

struct tiles_job {
  index_t peel = 0;        // columns of A before the first cache-line-aligned one
  index_t tile_a = 0;      // columns of A per work item
  index_t tile_b = 0;      // rows of B per scalar tile
  index_t a_tiles = 0;     // work items per outer index
  index_t items = 0;
  bool simd = false;       // line_tile applies: unit strides on both sides (B may run backwards)
};

template <class T, bool Stream>
inline void run_tiles(const copy_plan& p, const T* src, T* dst, const tiles_job& job, index_t begin, index_t end) {
  const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
  const index_t nb = p.extent[b_loop], na = p.extent[a_loop];
  const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop];
  const index_t ds_a = p.dst_stride[a_loop], ds_b = p.dst_stride[b_loop];
  walk_outer(p, b_loop, job.a_tiles, begin, end, [&](index_t so, index_t dof, index_t tile) {
    const T* s = src + so;
    T* d = dst + dof;
    // Columns [a_lo, a_hi) of A, all of B. The first item also takes the peeled columns.
    const index_t a_lo = tile == 0 ? 0 : job.peel + tile * job.tile_a;
    const index_t a_hi = std::min(na, job.peel + (tile + 1) * job.tile_a);
    if constexpr (tile_simd_v<T>) {
      if (job.simd) {
        using V = tile_vec_t<T>;
        constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
        const index_t a0 = std::max(a_lo, std::min(job.peel, a_hi));
        const index_t a1 = a0 + (a_hi - a0) / w * w;
        const index_t b1 = nb / w * w;
        if (a_lo < a0) scalar_tile(s + a_lo * ss_a, ss_a, ss_b, d + a_lo * ds_a, ds_a, ds_b, nb, a0 - a_lo);
        // A strip of one line's width walks down all of B: `width` source rows read front to
        // back (few enough streams for the hardware prefetcher), the next lines of each
        // requested a little ahead; each destination row gets one whole line.
        auto strips = [&]<bool Reverse>() {
          for (index_t a = a0; a < a1; a += w)
            for (index_t b = 0; b < b1; b += w) {
              if (b + prefetch_ahead * w < nb)
                for (index_t j = 0; j < w; ++j) __builtin_prefetch(s + (a + j) * ss_a + (b + prefetch_ahead * w) * ss_b);
              line_tile<V, T, Stream, Reverse>(s + a * ss_a + b * ss_b, ss_a, d + b * ds_b + a, ds_b);
            }
        };
        if constexpr (simd_v<T>) {
          if (ss_b < 0) strips.template operator()<true>();
          else strips.template operator()<false>();
        } else {
          strips.template operator()<false>();
        }
        if (b1 < nb) scalar_tile(s + a0 * ss_a + b1 * ss_b, ss_a, ss_b, d + b1 * ds_b + a0 * ds_a, ds_a, ds_b, nb - b1, a1 - a0);
        if (a1 < a_hi) scalar_tile(s + a1 * ss_a, ss_a, ss_b, d + a1 * ds_a, ds_a, ds_b, nb, a_hi - a1);
        return;
      }
    }
    for (index_t b = 0; b < nb; b += job.tile_b)
      scalar_tile(s + a_lo * ss_a + b * ss_b, ss_a, ss_b, d + a_lo * ds_a + b * ds_b, ds_a, ds_b, std::min(job.tile_b, nb - b), a_hi - a_lo);
  });
  if constexpr (Stream) stream_fence();
}

// ---- threads ----------------------------------------------------------------------------------

// Runs work(begin, end) over [0, items) on `threads` threads, the calling thread being one.
// The range is dealt out round-robin in about 64 chunks per thread rather than cut into one
// block per thread: the threads then work on neighbouring parts of the arrays at the same time
// (in a transpose, neighbouring lines of the same destination rows), which the memory system
// serves better than equal blocks. A thread that cannot be started leaves its chunks to the
// calling thread; every started thread is joined before returning.
template <class Work>
inline void parallel_for(index_t items, unsigned threads, Work work) {
  const auto parts = static_cast<index_t>(std::min<index_t>(static_cast<index_t>(threads), items));
  if (parts <= 1) {
    work(index_t{0}, items);
    return;
  }
  const index_t grain = std::max<index_t>(1, (items + 64 * parts - 1) / (64 * parts));
  struct dealer {
    Work* work;
    index_t parts, items, grain, first;
    void operator()() const {
      for (index_t begin = first * grain; begin < items; begin += parts * grain) (*work)(begin, std::min(items, begin + grain));
    }
  };
  std::vector<dealer> deals;
  deals.reserve(static_cast<std::size_t>(parts));
  for (index_t t = 0; t < parts; ++t) deals.push_back({&work, parts, items, grain, t});
#if defined(STRIDER_COPY_PTHREADS)
  std::vector<pthread_t> helpers(static_cast<std::size_t>(parts));
  std::vector<bool> started(static_cast<std::size_t>(parts), false);
  const auto run_deal = [](void* d) -> void* {
    (*static_cast<const dealer*>(d))();
    return nullptr;
  };
  for (std::size_t t = 1; t < deals.size(); ++t) started[t] = pthread_create(&helpers[t], nullptr, run_deal, &deals[t]) == 0;
  deals[0]();
  for (std::size_t t = 1; t < deals.size(); ++t) {
    if (started[t]) pthread_join(helpers[t], nullptr);
    else deals[t]();
  }
#else
  std::vector<std::thread> helpers;
  helpers.reserve(deals.size() - 1);
  for (std::size_t t = 1; t < deals.size(); ++t) helpers.emplace_back(deals[t]);
  deals[0]();
  for (std::thread& helper : helpers) helper.join();
#endif
}

// ---- running a plan ---------------------------------------------------------------------------

template <class T>
void execute(const copy_plan& p, const T* src, T* dst, unsigned threads) {
  if (p.size == 0) return;
  if (p.rank == 0) {
    dst[p.dst_offset] = src[p.src_offset];
    return;
  }
  const std::size_t bytes = static_cast<std::size_t>(p.size) * sizeof(T);
  if (threads > 1 && 2 * bytes < thread_threshold_bytes) threads = 1;
  if (threads == 0) threads = 1;
  const std::size_t inner = p.rank - 1;
  // Streaming pays only when the destination would not stay in cache anyway, and needs it
  // contiguous in the innermost loop to write whole lines.
  const bool stream = trivial_v<T> && p.dst_stride[inner] == 1 && bytes > stream_threshold_bytes();
  index_t outer_items = 1;
  for (std::size_t d = 0; d + (p.blocked ? 2 : 1) < p.rank; ++d) outer_items *= p.extent[d];

  if (is_deinterleave3(p) && trivial_v<T>) {
    rows_job job{};
    job.chunk = 4096;  // triples per work item: 48 KiB of float source, enough items to share
    job.pieces = (p.extent[inner] + job.chunk - 1) / job.chunk;
    job.items = outer_items * job.pieces;
    parallel_for(job.items, threads, [&](index_t b, index_t e) { run_deinterleave3<T>(p, src, dst, job, b, e); });
    return;
  }
  if (p.blocked) {
    tiles_job job;
    const std::size_t b_loop = p.rank - 2;
    const index_t na = p.extent[inner];
    const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
    job.simd = tile_simd_v<T> && p.dst_stride[inner] == 1 && (p.src_stride[b_loop] == 1 || (simd_v<T> && p.src_stride[b_loop] == -1));
    // Destination rows aligned alike: skip the columns before the first line boundary, so that
    // every tile writes whole, aligned lines.
    const T* first = dst + p.dst_offset;
    if (job.simd && (static_cast<std::size_t>(p.dst_stride[b_loop]) * sizeof(T)) % cache_line == 0 && aligned_to(first, sizeof(T)))
      job.peel = std::min(na, static_cast<index_t>((cache_line - reinterpret_cast<std::uintptr_t>(first) % cache_line) % cache_line / sizeof(T)));
    const bool stream_tiles = stream && job.simd && job.peel < na && aligned_to(first + job.peel, cache_line) &&
                              (static_cast<std::size_t>(p.dst_stride[b_loop]) * sizeof(T)) % cache_line == 0;
    job.tile_a = line;
    job.tile_b = line;
    job.a_tiles = std::max<index_t>(1, (na - job.peel + job.tile_a - 1) / job.tile_a);
    job.items = outer_items * job.a_tiles;
    if (stream_tiles) parallel_for(job.items, threads, [&](index_t b, index_t e) { run_tiles<T, true>(p, src, dst, job, b, e); });
    else parallel_for(job.items, threads, [&](index_t b, index_t e) { run_tiles<T, false>(p, src, dst, job, b, e); });
    return;
  }

  rows_job job{};
  const index_t n = p.extent[inner];
  job.chunk = n;
  if (threads > 1 && outer_items < 8 * static_cast<index_t>(threads)) {
    // Few rows: cut them into pieces (whole lines each) so that every thread gets work.
    const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
    const index_t want = (n + 8 * threads - 1) / (8 * threads);
    job.chunk = std::max(line, (want + line - 1) / line * line);
  }
  job.pieces = (n + job.chunk - 1) / job.chunk;
  job.items = outer_items * job.pieces;
  const index_t ss = p.src_stride[inner], ds = p.dst_stride[inner];
  auto run = [&]<row_kind Kind>() {
    if (stream) parallel_for(job.items, threads, [&](index_t b, index_t e) { run_rows<T, Kind, true>(p, src, dst, job, b, e); });
    else parallel_for(job.items, threads, [&](index_t b, index_t e) { run_rows<T, Kind, false>(p, src, dst, job, b, e); });
  };
  if (ds != 1) run.template operator()<row_kind::scatter>();
  else if (ss == 1) run.template operator()<row_kind::contiguous>();
  else if (ss == 0) run.template operator()<row_kind::fill>();
  else if (ss == -1) run.template operator()<row_kind::reverse>();
  else if (ss == 2) run.template operator()<row_kind::every_other>();
  else if (ss == 3) run.template operator()<row_kind::every_third>();
  else run.template operator()<row_kind::gather>();
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
    walk_outer(q, q.rank, 1, 0, q.size, [&](index_t so, index_t, index_t) { buffer.push_back(src[so]); });
    execute(from_temp, static_cast<const T*>(buffer.data()), dst, options.threads);
  }
}

}  // namespace detail::copy_engine

}  // namespace strider
