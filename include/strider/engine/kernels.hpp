// strider/engine/kernels.hpp: the copy kernels, the innermost loops of a walk (walk.hpp): rows
// (memcpy'd when contiguous in both layouts, SIMD for reversed, every-other, every-third and
// broadcast rows), short rows packed in tuples (pairs, triples, quads, to 8 floats; unpacked,
// to 16 with AVX-512), and the
// tiles of a transpose moved through an in-register SIMD transpose (simd.hpp); and `kernels`,
// through which copy_engine.hpp runs them. Not a header of its own: copy_engine.hpp includes it
// after simd.hpp, once per instruction set it compiles (isa.hpp).

namespace strider::detail::copy_engine::STRIDER_COPY_KERNELS {


// f.template operator()<Half>() for rows of `bytes` (4 to 256): the size of the two moves,
// possibly overlapping, that copy such a row (half of the next power of two at or above it).
// Example: 50 bytes -> Half = 32, moves of [0, 32) and [18, 50).
template <class F>
[[gnu::always_inline]] inline void short_rows_moves(index_t bytes, F&& f) {
  if (bytes > 128) f.template operator()<128>();
  else if (bytes > 64) f.template operator()<64>();
  else if (bytes > 32) f.template operator()<32>();
  else if (bytes > 16) f.template operator()<16>();
  else if (bytes > 8) f.template operator()<8>();
  else f.template operator()<4>();
}

// d[0, n) = s[0, n) for Half <= n <= 2 * Half: two fixed-size moves that may overlap.
template <std::size_t Half>
[[gnu::always_inline]] inline void two_moves(const std::byte* s, std::byte* d, std::size_t n) {
  std::memcpy(d, s, Half);
  std::memcpy(d + n - Half, s + n - Half, Half);
}

// d[0, n) = s[0, n) for n <= 256 without calling memcpy (short rows, as in a sliding-window
// view or a permute that keeps rows of a few dozen elements, would spend more time in the call
// than in the copy: benchmarks/README.md, "Short rows without memcpy"). run_rows chooses the
// move size once per copy instead of once per row.
inline void copy_small_bytes(const std::byte* s, std::byte* d, std::size_t n) {
  if (n < 4) {
    for (std::size_t i = 0; i < n; ++i) d[i] = s[i];
    return;
  }
  short_rows_moves(static_cast<index_t>(n), [&]<std::size_t Half>() { two_moves<Half>(s, d, n); });
}

// d[0, n) = s[0, n): a memcpy, or streaming stores of whole cache lines (from 4 lines on).
inline void copy_bytes(const std::byte* s, std::byte* d, std::size_t n, bool stream) {
  if (n < 4 * cache_line) {
    copy_small_bytes(s, d, n);
    return;
  }
#if defined(STRIDER_COPY_SSE2)
  if (stream) {
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
// d[k, k + lanes). The elements before the first boundary of a register's width (of a cache line
// with `stream`) are written one by one, so that no vector store straddles two lines; the rest by
// vector stores, streaming ones with `stream`. `vector` must be valid for every k with
// k + lanes <= limit.
template <class V, class T, bool Stream, class Scalar, class Vector>
inline void vector_row(T* d, index_t n, index_t limit, Scalar value, Vector vector) {
  index_t k = 0;
  if (Stream && !aligned_to(d, sizeof(T))) {
    for (; k < n; ++k) d[k] = value(k);  // no alignment reachable: plain stores
  }
  const index_t head = std::min<index_t>(n, elements_to_alignment(d, Stream ? cache_line : sizeof(typename V::reg)));
  for (; k < head; ++k) d[k] = value(k);
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
        scratch<T, static_cast<std::size_t>(V::lanes), 32> room;
        T* chunk = room.data();
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

// Asks for the line at address `at` into every cache level (prefetcht0) or, `Far`, into L2 and
// beyond (prefetcht1). On x86 an asm statement, not __builtin_prefetch: g++ counts the builtin
// free of side effects, so that a function whose loops only prefetch, or such a loop once
// inlined, can be deleted whole (staged_tiles' requests for its next block were, and measured no
// gain at all). The address is an integer: it may lie past the array, where a prefetch is
// harmless but pointer arithmetic would not be.
template <bool Far = false>
inline void request_line(std::uintptr_t at) {
#if defined(__x86_64__) || defined(__i386__)
  if constexpr (Far) asm volatile("prefetcht1 (%0)" : : "r"(at));
  else asm volatile("prefetcht0 (%0)" : : "r"(at));
#else
  __builtin_prefetch(reinterpret_cast<const void*>(at), 0, Far ? 2 : 3);
#endif
}

// Asks for the lines of `bytes` bytes that start `ahead_bytes` bytes past `at` (a run some steps
// on).
inline void prefetch_lines(const void* at, std::ptrdiff_t ahead_bytes, index_t bytes) {
  const std::uintptr_t from = reinterpret_cast<std::uintptr_t>(at) + static_cast<std::uintptr_t>(ahead_bytes);
  for (index_t b = 0; b < bytes; b += static_cast<index_t>(cache_line)) request_line(from + static_cast<std::uintptr_t>(b));
}

// Asks for the lines of `rows` rows of `n` elements from `at`, `stride` elements apart, into
// L2, each line once where one row ends in the line the next begins in (rows ascending).
// Example: 3 rows of 20 floats, 20 apart, from a line boundary: the 4 lines of 240 bytes.
template <class T>
inline void request_rows(const T* at, index_t rows, index_t stride, index_t n) {
  constexpr auto line = static_cast<std::uintptr_t>(cache_line);
  const auto first = reinterpret_cast<std::uintptr_t>(at);
  std::uintptr_t last = 0;  // the last line asked for
  for (index_t r = 0; r < rows; ++r) {
    const std::uintptr_t row = first + static_cast<std::uintptr_t>(r * stride * static_cast<index_t>(sizeof(T)));
    const std::uintptr_t end = row + static_cast<std::uintptr_t>(n) * sizeof(T);
    std::uintptr_t l = row & ~(line - 1);
    if (l <= last && last < end) l = last + line;
    for (; l < end; l += line) request_line<true>(l);
    last = l - line;
  }
}

// Rows [begin, end) of plan `p`. No row asks for a row ahead: the hardware prefetcher follows a
// few dozen streams of rows, and where they are read in more, requests for the next ones cost
// more than they won (benchmarks/README.md, "Rows left to the hardware prefetcher").
template <class T, row_kind Kind, bool Stream>
inline void run_rows(const copy_plan& p, const T* src, T* dst, index_t begin, index_t end) {
  const std::size_t inner = p.rank - 1;
  const index_t n = p.extent[inner], ss = p.src_stride[inner], ds = p.dst_stride[inner];
  const index_t row_bytes = n * static_cast<index_t>(sizeof(T));
  // The whole rows go by walk_outer alone, with no test of where a row starts or ends in the
  // range: rows of a few dozen elements measured 1.15x faster so.
  const auto row = [&](index_t so, index_t dof, index_t k0, index_t k1) { copy_row<T, Kind, Stream>(src + so + k0 * ss, ss, dst + dof + k0 * ds, ds, k1 - k0); };
  const index_t first = begin / n, last = (end - 1) / n;  // the rows touched
  const index_t head = begin - first * n, tail = end - last * n;
  if constexpr (Kind == row_kind::contiguous && trivial_v<T>) {
    // Whole rows of 4 to 256 bytes by moves of one size, chosen once (short_rows_moves).
    if (head == 0 && tail == n && row_bytes >= 4 && row_bytes <= 4 * static_cast<index_t>(cache_line)) {
      short_rows_moves(row_bytes, [&]<std::size_t Half>() {
        const auto bytes = static_cast<std::size_t>(row_bytes);
        walk_outer(p, inner, first, last + 1, [src, dst, bytes](index_t so, index_t dof) {
          two_moves<Half>(reinterpret_cast<const std::byte*>(src + so), reinterpret_cast<std::byte*>(dst + dof), bytes);
        });
      });
      if constexpr (Stream) stream_fence();
      return;
    }
  }
  if (first == last) {
    walk_outer(p, inner, first, first + 1, [row, head, tail](index_t so, index_t dof) { row(so, dof, head, tail); });
  } else {
    if (head > 0) walk_outer(p, inner, first, first + 1, [row, head, n](index_t so, index_t dof) { row(so, dof, head, n); });
    walk_outer(p, inner, head > 0 ? first + 1 : first, tail < n ? last : last + 1, [row, n](index_t so, index_t dof) { row(so, dof, 0, n); });
    if (tail < n) walk_outer(p, inner, last, last + 1, [row, tail](index_t so, index_t dof) { row(so, dof, 0, tail); });
  }
  if constexpr (Stream) stream_fence();
}

// ---- short rows packed in tuples: n x k transposes, k = 2 to 4, or to 8 (walk.hpp's tuples_of) --
// Tuples of 5 to 8 elements go through registers where AVX2 or AVX-512 moves 4-byte elements
// (`wide_tuples` below), and unpacked, 9 to 16 too (`unpack_long_tuples`);
// otherwise through line tiles (narrow tiles, the edge tiles of a short B).
template <class T>
constexpr index_t tuples_up_to() {
#if defined(STRIDER_COPY_AVX2)
  if constexpr (trivial_v<T> && sizeof(T) == 4) return long_tuples_most;
#endif
  return 4;
}

// Whether unpack_long_tuples holds a line of a row in one register (AVX-512), or in two (AVX2).
constexpr bool long_tuples_line_in_register() {
#if defined(STRIDER_COPY_AVX512)
  return true;
#else
  return false;
#endif
}

#if defined(STRIDER_COPY_AVX2)
// Where each lane of K registers of `Lanes` 4-byte elements comes from, moving a block of `Lanes`
// tuples of K (5 to 8) between K rows and the packed run: output o's lane i is source register
// m's lane index[o][m][i] where bit i of mask[o][m] is set (and lane i of lane_mask[o][m] is -1).
// Unpacking, the sources are the run's K registers (element e of the run in register e / Lanes)
// and output o is row o; packing, the sources are the K rows and output o the run's register o.
// Example, unpacking K = 5 on 16 lanes: row 1's lane 3 is the run's element 3 * 5 + 1 = 16, lane
// 0 of register 1.
template <int K, int Lanes>
struct wide_tuples {
  static constexpr std::size_t k = K, lanes = Lanes;
  int index[k][k][lanes] = {};
  int lane_mask[k][k][lanes] = {};
  unsigned mask[k][k] = {};
  constexpr explicit wide_tuples(tuples_kind kind) {
    for (int o = 0; o < K; ++o)
      for (int i = 0; i < Lanes; ++i) {
        const int e = kind == tuples_kind::unpack ? i * K + o : o * Lanes + i;  // the element's place in the run
        const int m = kind == tuples_kind::unpack ? e / Lanes : e % K, lane = kind == tuples_kind::unpack ? e % Lanes : e / K;
        index[o][m][i] = lane;
        lane_mask[o][m][i] = -1;
        mask[o][m] |= 1u << i;
      }
  }
};

// The register kind of wide tuples: AVX-512's where the target has it, else AVX2's.
#if defined(STRIDER_COPY_AVX512)
using wide_vec = avx512_4;
#else
using wide_vec = avx_4;
#endif

#if defined(STRIDER_COPY_AVX512)
// Tuples of 8 on 16 lanes as a bit permutation: element (tuple t, place e) is register t / 2,
// lane (t % 2) * 8 + e in the run, and register e, lane t in the rows. Each of three stages
// swaps one bit of the register number with a bit of the lane number, from pairs of registers
// by two-source permutes (vpermt2ps): 24 permutes for 16 tuples, where wide_tuples takes 64.
// Bits: t0..t3 are 0..3, e0..e2 are 4..6; reg[j] / lane[q] is the bit that register (lane)
// number bit j (q) holds.
struct eight_tuples_network {
  struct bits {
    int reg[3];
    int lane[4];
  };
  int index[3][2][16] = {};  // stage, the new register bit's value, output lane
  constexpr explicit eight_tuples_network(tuples_kind kind) {
    const bits run{{1, 2, 3}, {4, 5, 6, 0}}, rows{{4, 5, 6}, {0, 1, 2, 3}};
    const bits to = kind == tuples_kind::unpack ? rows : run;
    bits at = kind == tuples_kind::unpack ? run : rows;
    for (int j = 0; j < 3; ++j) {
      const int old_bit = at.reg[j], new_bit = to.reg[j];
      bits next = at;
      next.reg[j] = new_bit;
      for (int q = 0; q < 4; ++q)
        if (next.lane[q] == new_bit) next.lane[q] = old_bit;
      if (j == 2)
        for (int q = 0; q < 4; ++q) next.lane[q] = to.lane[q];
      for (int v = 0; v < 2; ++v)
        for (int lane = 0; lane < 16; ++lane) {
          int value[7] = {};
          for (int q = 0; q < 4; ++q) value[next.lane[q]] = (lane >> q) & 1;
          value[new_bit] = v;
          int from = 0;
          for (int q = 0; q < 4; ++q) from |= value[at.lane[q]] << q;
          index[j][v][lane] = from + 16 * value[old_bit];
        }
      at = next;
    }
  }
};
#endif

// The K outputs of one block (wide_tuples) from the K sources x: for each source that feeds an
// output, one masked permute (AVX-512) or a permute and a blend (AVX2); tuples of 8 by an 8 x 8
// transpose (AVX2) or eight_tuples_network (AVX-512).
template <int K, tuples_kind Kind>
[[gnu::always_inline]] inline void move_wide_tuples(const wide_vec::reg* x, wide_vec::reg* out) {
  if constexpr (K == 8) {
#if defined(STRIDER_COPY_AVX512)
    static constexpr eight_tuples_network network{Kind};
    wide_vec::reg a[8];
    STRIDER_COPY_UNROLL
    for (int m = 0; m < 8; ++m) a[m] = x[m];
    STRIDER_COPY_UNROLL
    for (int j = 0; j < 3; ++j) {
      const __m512i low = _mm512_loadu_si512(network.index[j][0]), high = _mm512_loadu_si512(network.index[j][1]);
      wide_vec::reg b[8];
      STRIDER_COPY_UNROLL
      for (int m = 0; m < 8; ++m)
        if ((m >> j & 1) == 0) {
          b[m] = _mm512_permutex2var_ps(a[m], low, a[m | 1 << j]);
          b[m | 1 << j] = _mm512_permutex2var_ps(a[m], high, a[m | 1 << j]);
        }
      STRIDER_COPY_UNROLL
      for (int m = 0; m < 8; ++m) (j == 2 ? out : a)[m] = b[m];
    }
#else
    // On 8 lanes a block is 8 tuples: the run's register m is tuple m, the rows' lane m.
    STRIDER_COPY_UNROLL
    for (int m = 0; m < 8; ++m) out[m] = x[m];
    avx_4::transpose(out);
#endif
    return;
  }
  static constexpr wide_tuples<K, wide_vec::lanes> table{Kind};
  STRIDER_COPY_UNROLL
  for (int o = 0; o < K; ++o) {
#if defined(STRIDER_COPY_AVX512)
    out[o] = _mm512_setzero_ps();
#else
    out[o] = _mm256_setzero_ps();
#endif
    STRIDER_COPY_UNROLL
    for (int m = 0; m < K; ++m)
      if (table.mask[o][m] != 0) {
#if defined(STRIDER_COPY_AVX512)
        out[o] = _mm512_mask_permutexvar_ps(out[o], static_cast<__mmask16>(table.mask[o][m]), _mm512_loadu_si512(table.index[o][m]), x[m]);
#else
        const __m256 moved = _mm256_permutevar8x32_ps(x[m], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.index[o][m])));
        out[o] = _mm256_blendv_ps(out[o], moved, _mm256_castsi256_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(table.lane_mask[o][m]))));
#endif
      }
  }
}
#endif

// Whether elements of T go through registers k at a time (SSE2 has no 3-wide blends: 3-tuples
// of it are unpacked by `third`, three loads per row, and packed one element at a time).
template <class T>
constexpr bool tuples_in_registers(tuples_kind kind, index_t k) {
  if (k > 4) return k <= tuples_up_to<T>();
  if constexpr (simd_v<T>) {
    using reg = typename vec_t<T>::reg;
    return k != 3 || kind == tuples_kind::unpack || requires(reg r) { vec_t<T>::interleave3(r, r, r, r, r, r); };
  } else {
    return false;
  }
}

// Tuples of k elements before d + k * h starts at a multiple of `alignment` bytes: h, at most
// `limit`, or -1 where no tuple does (d not aligned to its own element size, or k pairs of 4-byte
// elements from an odd place).
template <class T>
inline index_t tuples_to_alignment(const T* d, index_t k, std::size_t alignment, index_t limit) {
  for (index_t h = 0; h < static_cast<index_t>(alignment / sizeof(T)); ++h)
    if (h >= limit || aligned_to(d + k * h, alignment)) return std::min(h, limit);
  return -1;
}

// Destination rows r = 0, 1, ... at d + r * ldd (unpack_tuples), or at d + offset[r]
// (unpack_tuples_into from a walk of B', whose rows are found by several loops).
template <class T>
struct pitched_rows {
  T* d;
  index_t ldd;
  T* operator()(index_t r) const { return d + r * ldd; }
};
template <class T>
struct offset_rows {
  T* d;
  const index_t* offset;
  T* operator()(index_t r) const { return d + offset[r]; }
};

// Unpacks `count` tuples of K from s into the K rows row(r) (rows aligned alike for `stream`: the
// caller checks; the head before a line boundary is found from row 0). Streaming is a run-time
// choice here, a branch that the predictor always gets right, where a second instance of each
// kernel would cost compile time.
template <int K, class T, class Rows>
inline void unpack_tuples_into(const T* s, Rows row, index_t count, bool stream) {
  index_t a = 0;
  const auto scalar_to = [&](index_t stop) {
    for (; a < stop; ++a)
      for (index_t r = 0; r < K; ++r) row(r)[a] = s[K * a + r];
  };
#if defined(STRIDER_COPY_AVX2)
  if constexpr (K > 4) {
    // Blocks of a register's width of tuples: K loads of the run, the K rows' registers
    // (wide_tuples), K stores.
    using V = wide_vec;
    constexpr int lanes = V::lanes;
    const auto block = [s, row](index_t at, bool streamed) {
      typename V::reg run[static_cast<std::size_t>(K)], out[static_cast<std::size_t>(K)];
      STRIDER_COPY_UNROLL
      for (int m = 0; m < K; ++m) run[m] = V::load(s + K * at + lanes * m);
      move_wide_tuples<K, tuples_kind::unpack>(run, out);
      STRIDER_COPY_UNROLL
      for (int r = 0; r < K; ++r) {
        if (streamed) V::stream(row(r) + at, out[r]);
        else V::store(row(r) + at, out[r]);
      }
    };
    // The tuples before the rows' first line (or register) boundary: blocks of plain stores from
    // tuple 0 (one, or two where a line is two registers: AVX2 streaming), the last of which the
    // first aligned block overlaps (the same values written twice), where one by one they cost
    // up to a line's elements less one in scalar tuples per run, the most of a short run. Where
    // no whole block follows that boundary, the run's blocks start at tuple 0, stored plainly.
    const index_t head = std::min(count, elements_to_alignment(row(0), stream ? cache_line : sizeof(typename V::reg)));
    bool streamed = stream;
    // AVX2's blocks of 5 to 7 (a permute and a blend per source and row) cost more than the
    // head's tuples one by one (measured: benchmarks/README.md, "An unpack's head by one block").
    constexpr bool block_head = lanes == 16 || K == 8;
    if (block_head && head > 0 && count >= lanes) {
      if (count - head >= lanes) {
        for (; a < head; a += lanes) block(a, false);  // a + lanes < head + lanes <= count
        a = head;
      } else {
        streamed = false;
      }
    } else {
      scalar_to(head);
    }
    for (; a + lanes <= count; a += lanes) block(a, streamed);
    scalar_to(count);
    return;
  }
#endif
  if constexpr (simd_v<T> && K <= 4) {
    using V = vec_t<T>;
    using reg = typename V::reg;
    // The tuples before the first line boundary of the rows (a register's width for plain
    // stores, so that none straddles two lines) are copied one by one.
    scalar_to(std::min(count, elements_to_alignment(row(0), stream ? cache_line : sizeof(reg))));
    // Streamed, only the whole lines from there, the rest one by one: a register is half a line
    // (avx_4 on AVX-512 too), and a half line streamed whose other half a plain store writes
    // (the rest of the run, or the next run where A' continues it) cost more than the line read
    // and written plainly: runs of 14 floats unpacked from tuples of 3, streamed so, ran at half
    // the speed of plain stores (benchmarks/README.md, "Unpacks in blocks of A'").
    const index_t line = static_cast<index_t>(cache_line / sizeof(T));
    const index_t vectors_to = stream ? a + (count - a) / line * line : count;
    const auto put = [stream](T* to, reg v) {
      if (stream) V::stream(to, v);
      else V::store(to, v);
    };
    if constexpr (K != 3 || requires(reg r) { V::deinterleave3(r, r, r, r, r, r); }) {
      for (; a + V::lanes <= vectors_to; a += V::lanes) {
        const T* at = s + K * a;
        reg out[static_cast<std::size_t>(K)];
        if constexpr (K == 2) {
          V::unzip(V::load(at), V::load(at + V::lanes), out[0], out[1]);
        } else if constexpr (K == 3) {
          V::deinterleave3(V::load(at), V::load(at + V::lanes), V::load(at + 2 * V::lanes), out[0], out[1], out[2]);
        } else {
          // The even places hold elements 0 and 2 of each tuple, the odd ones 1 and 3.
          reg even01, odd01, even23, odd23;
          V::unzip(V::load(at), V::load(at + V::lanes), even01, odd01);
          V::unzip(V::load(at + 2 * V::lanes), V::load(at + 3 * V::lanes), even23, odd23);
          V::unzip(even01, even23, out[0], out[2]);
          V::unzip(odd01, odd23, out[1], out[3]);
        }
        for (index_t r = 0; r < K; ++r) put(row(r) + a, out[r]);
      }
    } else {
      // Each row by its own three loads; the last reaches two past the row's last element, so
      // the loop stops one vector early.
      for (; a + V::lanes < vectors_to; a += V::lanes)
        for (index_t r = 0; r < 3; ++r) {
          const T* at = s + 3 * a + r;
          put(row(r) + a, V::third(V::load(at), V::load(at + V::lanes), V::load(at + 2 * V::lanes)));
        }
    }
  }
  scalar_to(count);
}

// Unpacks `count` tuples of K from s into the K rows d + r * ldd (unpack_tuples_into).
template <int K, class T>
inline void unpack_tuples(const T* s, T* d, index_t ldd, index_t count, bool stream) {
  unpack_tuples_into<K, T>(s, pitched_rows<T>{d, ldd}, count, stream);
}

// Unpacks `count` tuples of K from s into the K rows d + r * ldd as unpack_tuples<K> does with
// plain stores, but streaming, where the K destination rows
// are not aligned alike (a row pitch no whole number of lines): a block of tuples goes to rows of
// an aligned buffer first, and each destination row streams from there the whole lines that the
// block completes; the part of a line it leaves waits in the buffer's first line for the next
// block. Streamed so, the rows' lines are written without being read first (benchmarks/README.md,
// "Unpacked tuples through a buffer"). Example: 3321 tuples of 8 floats into rows 3321 floats
// apart, row 0 on a line: row 1 starts 9 floats into one, its first aligned element is 7; of
// the first block (128 tuples) row 0 streams elements [0, 128), row 1 [7, 119).
template <int K, class T>
inline void unpack_tuples_staged(const T* s, T* d, index_t ldd, index_t count) {
  constexpr index_t line = static_cast<index_t>(cache_line / sizeof(T)), block = staged_tuples_lines * line, pitch = line + block;
  scratch<T, static_cast<std::size_t>(K * pitch)> room;
  T* buffer = room.data();  // row r's tuple a + i at buffer[r * pitch + line + i]
  index_t done[static_cast<std::size_t>(K)];  // row r is written up to done[r], a line boundary
  for (index_t r = 0; r < K; ++r) {
    T* row = d + r * ldd;
    done[r] = std::min(count, elements_to_alignment(row, cache_line));
    for (index_t a = 0; a < done[r]; ++a) row[a] = s[K * a + r];
  }
  index_t a = 0;
  for (; a + block <= count; a += block) {
    if (a > 0)
      for (index_t r = 0; r < K; ++r) std::memcpy(buffer + r * pitch, buffer + r * pitch + block, cache_line);
    unpack_tuples<K, T>(s + K * a, buffer + line, pitch, block, false);
    for (index_t r = 0; r < K; ++r) {
      const index_t end = a + block - (a + block - done[r]) % line;
      copy_bytes(reinterpret_cast<const std::byte*>(buffer + r * pitch + line + done[r] - a), reinterpret_cast<std::byte*>(d + r * ldd + done[r]),
                 static_cast<std::size_t>(end - done[r]) * sizeof(T), true);
      done[r] = end;
    }
  }
  // The rest: what the buffer holds of the last block (tuples a - block to a), then the tuples
  // no block took.
  for (index_t r = 0; r < K; ++r)
    if (done[r] < a) std::memcpy(d + r * ldd + done[r], buffer + r * pitch + pitch + done[r] - a, static_cast<std::size_t>(a - done[r]) * sizeof(T));
  unpack_tuples<K, T>(s + K * a, d + a, ldd, count - a, false);
}

#if defined(STRIDER_COPY_AVX2)
// Unpacks `count` tuples of K (9 to 16) 4-byte elements from s into the K rows d + r * ldd, a
// block of `lanes` tuples (16 on AVX-512, 8 on AVX2) at a time, one part of `lanes` elements of
// each tuple at a time (one part on AVX-512, two on AVX2): `lanes` registers, tuple t's part in
// register t, whose transpose (V::transpose) makes register r row part * lanes + r. A tuple's
// load of a part covers `lanes` elements, the next tuple's first ones too where the tuple ends
// before it, and only the block's last tuple's last part is masked to what is left of K: masked
// loads that miss the cache ran at a third to half the speed of plain ones (benchmarks/README.md,
// "Tuples of 9 to 16 floats"). Example: K = 10 on AVX2, tuples at s, 10 floats apart: part 0's
// register t holds s[10 t] to s[10 t + 7], and after its transpose register 3 holds row 3, s[3],
// s[13], ..., s[73]; part 1's register t holds s[10 t + 8] to s[10 t + 15], and after its
// transpose register 1 holds row 9, s[9], s[19], ..., s[79].
template <int K, class T>
inline void unpack_long_tuples_of(const T* s, T* d, index_t ldd, index_t count, bool stream) {
#if defined(STRIDER_COPY_AVX512)
  using V = avx512_4;
#else
  using V = avx_4;
#endif
  constexpr int lanes = V::lanes, parts = static_cast<int>(long_tuples_most) / lanes;
  constexpr index_t k = K;  // K as an index (strides), n as an int (lanes)
  constexpr int n = K;
  index_t a = 0;
  const auto one_by_one_to = [&](index_t stop) {
    for (; a < stop; ++a)
      for (index_t r = 0; r < k; ++r) d[r * ldd + a] = s[k * a + r];
  };
  // x = rows q * lanes to q * lanes + lanes - 1 of tuples [at, at + m), m <= lanes, from part q
  // of each tuple (lanes past m zero). Part by part, so that a block's registers are one part's
  // (all parts at once spilled registers on AVX2, which slowed runs out of cache). Always
  // inlined: called, the registers went through memory, which took most of the kernel's time.
  const auto part_rows = [s](index_t at, int m, int q, typename V::reg* x) __attribute__((always_inline)) {
    STRIDER_COPY_UNROLL
    for (int t = 0; t < lanes; ++t) {
      const T* part = s + k * (at + t) + q * lanes;
      x[t] = t >= m ? typename V::reg{} : q + 1 < parts || t + 1 < m ? V::load(part) : V::load_first(part, n - q * lanes);
    }
    V::transpose(x);
  };
  // The rows of part q: those of the tuple's elements in it.
  constexpr auto rows_in = [](int q) { return n - q * lanes < lanes ? n - q * lanes : lanes; };
  typename V::reg x[lanes];
  const auto store_block = [&](index_t at, bool streamed) __attribute__((always_inline)) {
    STRIDER_COPY_UNROLL
    for (int q = 0; q < parts; ++q) {
      part_rows(at, lanes, q, x);
      STRIDER_COPY_UNROLL
      for (int r = 0; r < lanes; ++r) {
        if (r >= rows_in(q)) break;
        T* row = d + (q * lanes + r) * ldd + at;
        if (streamed) V::stream(row, x[r]);
        else V::store(row, x[r]);
      }
    }
  };
  constexpr int line = static_cast<int>(cache_line / sizeof(T));
  // Where the rows are aligned alike (as streaming needs), the tuples before their first line
  // boundary one by one, so that no store straddles two lines; where no whole block would
  // follow that boundary, the run's blocks start at tuple 0 instead, stored plainly.
  if (stream || whole_lines_apart(ldd, sizeof(T))) {
    const index_t head = std::min(count, elements_to_alignment(d, cache_line));
    if (head > 0 && count >= lanes && count - head < lanes) {
      stream = false;
    } else {
      one_by_one_to(head);
    }
  }
  // Where a line is two registers (AVX2), two blocks at a time: both halves of each row's line
  // one after the other. Streamed, a line's halves k rows apart in time left partial lines in the
  // write-combining buffers; stored plainly, runs out of cache went slower, and in cache too
  // (benchmarks/README.md, "Tuples of 9 to 16 floats on AVX2", "Short ends of long tuples").
  if constexpr (lanes < line) {
    static_assert(2 * lanes == line);
    typename V::reg first[lanes];
    for (; a + line <= count; a += line)
      STRIDER_COPY_UNROLL
      for (int q = 0; q < parts; ++q) {
        part_rows(a, lanes, q, first);
        part_rows(a + lanes, lanes, q, x);
        STRIDER_COPY_UNROLL
        for (int r = 0; r < lanes; ++r) {
          if (r >= rows_in(q)) break;
          T* row = d + (q * lanes + r) * ldd + a;
          if (stream) {
            V::stream(row, first[r]);
            V::stream(row + lanes, x[r]);
          } else {
            V::store(row, first[r]);
            V::store(row + lanes, x[r]);
          }
        }
      }
  }
  // Whole blocks, then the run's last m < lanes tuples: up to three one by one, where a block's
  // transposes measured dearer than the scalar moves, on AVX2 and AVX-512 alike
  // (benchmarks/README.md, "Short ends of long tuples"), else a block whose rows are stored
  // masked to m lanes.
  for (; a + lanes <= count; a += lanes) store_block(a, stream);
  if (count - a <= 3) {
    one_by_one_to(count);
  } else if (a < count) {
    const int m = static_cast<int>(count - a);
    for (int q = 0; q < parts; ++q) {
      part_rows(a, m, q, x);
      for (int r = 0; r < rows_in(q); ++r) V::store_first(d + (q * lanes + r) * ldd + a, x[r], m);
    }
  }
}

// unpack_long_tuples_of<k>: one instance per k, so that the transposes' rows past k, which are
// never stored, are never computed either (benchmarks/README.md, "Short ends of long tuples").
template <class T>
inline void unpack_long_tuples(const T* s, T* d, index_t ldd, index_t k, index_t count, bool stream) {
  static_assert(long_tuples_most == 16);
  switch (k) {
    case 9: return unpack_long_tuples_of<9>(s, d, ldd, count, stream);
    case 10: return unpack_long_tuples_of<10>(s, d, ldd, count, stream);
    case 11: return unpack_long_tuples_of<11>(s, d, ldd, count, stream);
    case 12: return unpack_long_tuples_of<12>(s, d, ldd, count, stream);
    case 13: return unpack_long_tuples_of<13>(s, d, ldd, count, stream);
    case 14: return unpack_long_tuples_of<14>(s, d, ldd, count, stream);
    case 15: return unpack_long_tuples_of<15>(s, d, ldd, count, stream);
    default: return unpack_long_tuples_of<16>(s, d, ldd, count, stream);
  }
}

#endif

// Packs `count` elements of each of the K rows s + r * lds into tuples at d.
template <int K, class T>
inline void pack_tuples(const T* s, index_t lds, T* d, index_t count, bool stream) {
  index_t b = 0;
  const auto scalar_to = [&](index_t stop) {
    for (; b < stop; ++b)
      for (index_t r = 0; r < K; ++r) d[K * b + r] = s[r * lds + b];
  };
#if defined(STRIDER_COPY_AVX2)
  if constexpr (K > 4) {
    // Blocks of a register's width of tuples: that many elements of each of the K rows, the
    // run's K registers (wide_tuples), K stores; aligned as below.
    using V = wide_vec;
    constexpr int lanes = V::lanes;
    const index_t head = tuples_to_alignment(d, K, stream ? cache_line : sizeof(typename V::reg), count);
    if (head >= 0) scalar_to(head);
    const bool streamed = stream && head >= 0;
    for (; b + lanes <= count; b += lanes) {
      typename V::reg row[static_cast<std::size_t>(K)], run[static_cast<std::size_t>(K)];
      STRIDER_COPY_UNROLL
      for (int r = 0; r < K; ++r) row[r] = V::load(s + r * lds + b);
      move_wide_tuples<K, tuples_kind::pack>(row, run);
      STRIDER_COPY_UNROLL
      for (int m = 0; m < K; ++m) {
        if (streamed) V::stream(d + K * b + lanes * m, run[m]);
        else V::store(d + K * b + lanes * m, run[m]);
      }
    }
    scalar_to(count);
    return;
  }
#endif
  if constexpr (K <= 4 && tuples_in_registers<T>(tuples_kind::pack, K)) {
    using V = vec_t<T>;
    using reg = typename V::reg;
    const auto vectors = [&](bool streamed) {
      for (; b + V::lanes <= count; b += V::lanes) {
        reg row[static_cast<std::size_t>(K)], out[static_cast<std::size_t>(K)];
        for (index_t r = 0; r < K; ++r) row[r] = V::load(s + r * lds + b);
        if constexpr (K == 2) {
          V::zip(row[0], row[1], out[0], out[1]);
        } else if constexpr (K == 3) {
          V::interleave3(row[0], row[1], row[2], out[0], out[1], out[2]);
        } else {
          reg lo02, hi02, lo13, hi13;  // rows 0 and 2, 1 and 3 interleaved, then the two pairs
          V::zip(row[0], row[2], lo02, hi02);
          V::zip(row[1], row[3], lo13, hi13);
          V::zip(lo02, lo13, out[0], out[1]);
          V::zip(hi02, hi13, out[2], out[3]);
        }
        for (index_t j = 0; j < K; ++j) {
          if (streamed) V::stream(d + K * b + j * V::lanes, out[j]);
          else V::store(d + K * b + j * V::lanes, out[j]);
        }
      }
    };
    // The destination is one run: its tuples before the first line boundary (a register's width
    // for plain stores) one by one; where no tuple starts on one, unaligned plain stores.
    const index_t head = tuples_to_alignment(d, K, stream ? cache_line : sizeof(reg), count);
    if (head >= 0) scalar_to(head);
    vectors(stream && head >= 0);
  }
  scalar_to(count);
}

// Positions [begin, end) of an unpack of tuples of k whose runs fill contiguous blocks of the
// destination shape.group_runs at a time (walk.hpp's staged_tuples_runs): each block whole in the
// range is unpacked into an aligned buffer, each run's rows where they lie in the block, and
// written out front to back by copy_bytes, streamed in whole lines where `stream` (where each
// block follows the last in the destination, walk.hpp's blocks_follow, the line where two meet is
// streamed whole too); the runs of blocks the range cuts go directly. Each run asks for the same
// run some blocks on where shape.run_ahead says (copy_engine.hpp's staged_runs_ahead).
// `unpack(s, d, ldd, count)` unpacks count tuples with plain stores. Where rows are no whole
// number of lines apart and the runs are short, the direct stores split lines and the rows
// cannot stream (benchmarks/README.md, "Short runs of tuples in blocks"). Example:
// permute(1, 3, 0, 2) of 2 x 9000 x 37 x 10 floats, 2 runs a block: the runs of item i (j = 0,
// 1) go to buffer rows 74 floats apart, from 0 and from 37, and the 740 floats
// to the destination from 740 i.
template <class T, class Unpack>
inline void unpack_in_blocks(const copy_plan& p, tuples_shape shape, bool stream, const T* src, T* dst, index_t begin, index_t end, Unpack unpack) {
  const std::size_t b_loop = p.rank - 2;
  const index_t n = p.extent[b_loop + 1], ldd = p.dst_stride[b_loop], k = shape.k, positions = shape.group_runs * n;
  const auto direct = [&](index_t from, index_t to) {
    if (from < to)
      walk_positions(p, b_loop, n, from, to, [&](index_t so, index_t dof, index_t a0, index_t a1) { unpack(src + so + k * a0, dst + dof + a0, ldd, a1 - a0); });
  };
  const index_t whole_from = std::min(end, (begin + positions - 1) / positions * positions), whole_to = std::max(whole_from, end / positions * positions);
  direct(begin, whole_from);
  if (whole_from < whole_to) {
    // A line more than a block: streamed, a block lies in the buffer at its destination's place in
    // a line (`at` bytes in), so that the buffer's lines are the destination's.
    scratch<T, static_cast<std::size_t>(staging_bytes + cache_line) / sizeof(T)> room;
    std::byte* const buffer = reinterpret_cast<std::byte*>(room.data());
    const std::size_t bytes = static_cast<std::size_t>(k * positions) * sizeof(T);
    index_t runs = 0;  // of the block at `block`, unpacked into the buffer
    T* block = dst;
    std::size_t at = 0;
    const index_t run_bytes = k * n * static_cast<index_t>(sizeof(T));
    // Streamed: the destination line that the buffer's first line is (an address as an integer:
    // it may start before the array), and the bytes [kept_from, kept_to) of it unpacked but not
    // yet written: the partial line a block ends in, which the next block completes where it
    // continues the destination (blocks streamed one by one wrote the partial lines at both ends
    // of each block plainly, each such line twice).
    const bool lines = stream && aligned_to(dst, sizeof(T)) && blocks_follow(p, shape.group_runs, k * positions);
    std::uintptr_t line_at = 0;
    std::size_t kept_from = 0, kept_to = 0;
    const auto to_destination = [&line_at](std::size_t offset) { return reinterpret_cast<std::byte*>(line_at + offset); };
    const auto write_kept = [&] {
      if (kept_from < kept_to) std::memcpy(to_destination(kept_from), buffer + kept_from, kept_to - kept_from);
      kept_from = kept_to = 0;
    };
    const auto write_block = [&] {
      if (!lines) return copy_bytes(buffer, reinterpret_cast<std::byte*>(block), bytes, stream);
      const std::size_t last = at + bytes, to = last / cache_line * cache_line;
      kept_to = last;
      if (to == 0) return;  // no line completed yet
      std::size_t from = kept_from;
      if (from != 0) {  // a first line partly another's: plain stores
        std::memcpy(to_destination(from), buffer + from, cache_line - from);
        from = cache_line;
      }
      copy_bytes(buffer + from, to_destination(from), to - from, true);
      std::memcpy(buffer, buffer + to, last - to);  // the partial last line to the first (to > last - to)
      line_at += to;
      kept_from = 0;
      kept_to = last - to;
    };
    walk_positions(p, b_loop, n, whole_from, whole_to, [&](index_t so, index_t dof, index_t, index_t) {
      if (runs == 0) {  // a block's first run starts it (strides are positive)
        block = dst + dof;
        if (lines) {
          const std::uintptr_t d = reinterpret_cast<std::uintptr_t>(block);
          if (d != line_at + kept_to) {
            write_kept();
            at = d % cache_line;
            line_at = d - at;
            kept_from = kept_to = at;
          } else {
            at = kept_to;
          }
        }
      }
      // The same run some blocks on (copy_engine.hpp's staged_runs_ahead).
      if (shape.run_ahead != 0) prefetch_lines(src + so, shape.run_ahead * static_cast<std::ptrdiff_t>(sizeof(T)), run_bytes);
      unpack(src + so, reinterpret_cast<T*>(buffer + at) + (dst + dof - block), ldd, n);
      if (++runs == shape.group_runs) {
        write_block();
        runs = 0;
      }
    });
    write_kept();
  }
  direct(whole_to, end);
}

// f.template operator()<K>() for tuples of k, 2 to tuples_up_to<T>() and at most tuples_most:
// one instance of the kernels per k (run_tuples, source_run_tiles).
template <class T, class F>
inline void with_tuples_of(index_t k, F&& f) {
  if (k == 2) f.template operator()<2>();
  else if (k == 3) f.template operator()<3>();
  else if (k == 4 || tuples_up_to<T>() == 4) f.template operator()<4>();
  else if constexpr (tuples_up_to<T>() >= 8) {
    if (k == 5) f.template operator()<5>();
    else if (k == 6) f.template operator()<6>();
    else if (k == 7) f.template operator()<7>();
    else f.template operator()<8>();
  }
}

// Positions [begin, end) of a tuples walk: units are tuples (unpack: along A, the destination
// rows' loop; pack: along B, the destination's run).
template <class T>
inline void run_tuples(const copy_plan& p, tuples_shape shape, bool stream, const T* src, T* dst, index_t begin, index_t end) {
  const std::size_t inner = p.rank - 1, b_loop = p.rank - 2;
  const auto walk = [&]<int K>() {
    if (shape.kind == tuples_kind::unpack && shape.group_runs > 0)
      return unpack_in_blocks(p, shape, stream, src, dst, begin, end, [](const T* s, T* d, index_t ld, index_t n) { unpack_tuples<K, T>(s, d, ld, n, false); });
    if (shape.kind == tuples_kind::unpack) {
      const index_t ldd = p.dst_stride[b_loop];
      const bool rows_alike = tuples_rows_aligned_alike(p);
      walk_positions(p, b_loop, p.extent[inner], begin, end, [&](index_t so, index_t dof, index_t a0, index_t a1) {
        if constexpr (trivial_v<T> && cache_line % sizeof(T) == 0)
          if (stream && !rows_alike) return unpack_tuples_staged<K, T>(src + so + K * a0, dst + dof + a0, ldd, a1 - a0);
        unpack_tuples<K, T>(src + so + K * a0, dst + dof + a0, ldd, a1 - a0, stream && rows_alike);
      });
    } else {
      const index_t lds = p.src_stride[inner];
      walk_positions(p, b_loop, p.extent[b_loop], begin, end, [&](index_t so, index_t dof, index_t b0, index_t b1) {
        pack_tuples<K, T>(src + so + b0, lds, dst + dof + K * b0, b1 - b0, stream);
      });
    }
  };
#if defined(STRIDER_COPY_AVX2)
  if constexpr (tuples_up_to<T>() > tuples_most) {
    // Unpacking (walk.hpp's tuples_of packs at most tuples_most); streamed only into rows
    // aligned alike (copy_engine.hpp's prepare_for decides).
    if (shape.k > tuples_most) {
      const index_t k = shape.k, ldd = p.dst_stride[b_loop];
      if (shape.group_runs > 0)
        unpack_in_blocks(p, shape, stream, src, dst, begin, end, [k](const T* s, T* d, index_t ld, index_t n) { unpack_long_tuples(s, d, ld, k, n, false); });
      else
        walk_positions(p, b_loop, p.extent[inner], begin, end, [&](index_t so, index_t dof, index_t a0, index_t a1) {
          unpack_long_tuples(src + so + k * a0, dst + dof + a0, ldd, k, a1 - a0, stream);
        });
      if (stream) stream_fence();
      return;
    }
  }
#endif
  with_tuples_of<T>(shape.k, walk);
  if (stream) stream_fence();
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

// A square of one cache line by one cache line, transposed through registers into `out`
// (`width` rows of one line each): out[k * width + j] = source_row(j)[k] (source_row(j)[-k] with
// `Reverse`, each load reversed in its register). The source lines are read `side` rows at a
// time (a register kind's square, simd.hpp), each line whole, so that rows a power-of-two apart
// (which share an L1 set) are not evicted before they are used up. The loops over a square's
// registers are unrolled (STRIDER_COPY_UNROLL), which keeps them in registers.
template <class V, class T, bool Reverse, class SourceRow>
[[gnu::always_inline]] inline void transpose_lines(SourceRow source_row, T* out) {
  constexpr int lanes = V::lanes, side = V::side;
  constexpr int width = static_cast<int>(cache_line / sizeof(T));
  for (int g = 0; g < width / side; ++g)
    for (int bi = 0; bi < width / lanes; ++bi) {
      typename V::reg r[static_cast<std::size_t>(side)];
      STRIDER_COPY_UNROLL
      for (int j = 0; j < side; ++j) {
        const T* row = source_row(g * side + j);
        r[j] = V::load(Reverse ? row - (bi * lanes + lanes - 1) : row + bi * lanes);
        if constexpr (Reverse) r[j] = V::reverse(r[j]);
      }
      V::transpose(r);
      // Row j of the transposed square in lane L of r[j] is out's row bi * lanes + L * side + j.
      T* at = out + (bi * lanes) * width + g * side;
      STRIDER_COPY_UNROLL
      for (int j = 0; j < side; ++j) {
        if constexpr (side == lanes) V::store(at + j * width, r[j]);
        else V::store_lanes(at + j * width, sizeof(T) * side * width, r[j]);
      }
    }
}

// A square of one cache line by one cache line: reads `width` source rows of one line each and
// writes `width` destination rows of one line each, transposing in registers (transpose_lines)
// into a small buffer so that each destination line is then written whole and at once, as
// streaming stores need.
// With `Reverse`, the source runs backwards along B (a transposed flip, as in rot90): each load
// is reversed in its register. `source_row(j)` is the first element of source row j (its last
// with `Reverse`) and `destination_row(b)` that of destination row b: rows evenly spaced in a
// plane (line_tile) or, across the seam between two items of loop C, not (seam_tiles).
// Always inlined, and so is V::transpose: g++ called both out of line in the engine, which put
// the registers of every tile through the stack (benchmarks/README.md, "Two prefetch distances").
template <class V, class T, bool Stream, bool Reverse, class SourceRow, class DestinationRow>
[[gnu::always_inline]] inline void rows_tile(SourceRow source_row, DestinationRow destination_row) {
  constexpr int lanes = V::lanes;
  constexpr int width = static_cast<int>(cache_line / sizeof(T));
  scratch<T, static_cast<std::size_t>(width * width)> room;
  T* buffer = room.data();
  transpose_lines<V, T, Reverse>(source_row, buffer);
  for (int b = 0; b < width; ++b) {
    T* row = destination_row(b);
    STRIDER_COPY_UNROLL
    for (int g = 0; g < width / lanes; ++g) {
      const typename V::reg v = V::load(buffer + b * width + g * lanes);
      if constexpr (Stream) V::stream(row + g * lanes, v);
      else V::store(row + g * lanes, v);
    }
  }
}

template <class V, class T, bool Stream, bool Reverse>
inline void line_tile(const T* s, index_t lds, T* d, index_t ldd) {
  rows_tile<V, T, Stream, Reverse>([&](int j) { return s + j * lds; }, [&](int b) { return d + b * ldd; });
}

// The edge tile of whole lines of A (a line's worth of source rows) by k1 - k0 < a line of
// elements of B, straight through registers, a register's width of B at a time: the squares
// transposed and destination row k given its whole line. Where B is a few elements (a permute
// whose innermost source axis is short: (1,3,2,0) of 80×108×112×10, B = 10), every tile is such a
// tile. Each source row's piece is one masked load (load_first), which reads nothing past it.
// (Measured against reading the aligned chunks that hold a piece and joining them by a permute,
// and against choosing between the two by where each piece lies: each does more work per row,
// and the tile is bound by its instructions, not by memory; benchmarks/README.md, "Narrow
// tiles").
template <class V, class T, class SourceRow, class DestinationRow>
[[gnu::always_inline]] inline void narrow_tile(SourceRow source_row, DestinationRow destination_row, index_t k0, index_t k1) {
  constexpr int lanes = V::lanes, width = static_cast<int>(cache_line / sizeof(T));
  static_assert(V::side == lanes, "narrow_tile: a register kind whose squares are a register wide");
  const int n = static_cast<int>(k1 - k0);
  for (int bi = 0; bi * lanes < n; ++bi) {
    const int count = std::min(lanes, n - bi * lanes);
    const index_t k = k0 + bi * lanes;
    for (int g = 0; g < width / lanes; ++g) {
      typename V::reg r[static_cast<std::size_t>(lanes)];
      STRIDER_COPY_UNROLL
      for (int j = 0; j < lanes; ++j) r[j] = V::load_first(source_row(g * lanes + j) + k, count);
      V::transpose(r);
      // Lane j of r[c] is source row g * lanes + j's element k + c. (Unrolled with a test, not a
      // loop to `count`, which would index the registers at run time and put them in memory.)
      STRIDER_COPY_UNROLL
      for (int c = 0; c < lanes; ++c)
        if (c < count) V::store(destination_row(static_cast<int>(k + c)) + g * lanes, r[c]);
    }
  }
}

// Part of a line tile at an edge of the plane, any alignment: rows [r0, r1) of the source (lines
// of A) by elements [k0, k1) of each (rows of B), d_k[j] = s_j[k] (s_j[-k] with `Reverse`), where
// s_j = source_row(j) and d_k = destination_row(k). The source's pieces are gathered into a
// buffer the size of a line tile, transposed from there (transpose_lines), and each destination
// row's piece written out; what the buffer holds outside those ranges is never written. The
// narrower first and last strips, and the rows of B before the source's first line boundary and
// after its last, go through it; where the rows are a whole line of A and the register kind has
// masked loads (AVX2, AVX-512), narrow_tile instead.
template <class V, class T, bool Reverse, class SourceRow, class DestinationRow>
inline void rows_edge_tile(SourceRow source_row, DestinationRow destination_row, index_t r0, index_t r1, index_t k0, index_t k1) {
  constexpr int width = static_cast<int>(cache_line / sizeof(T));
  if constexpr (!Reverse && requires(const void* p) { V::load_first(p, 1); }) {
    // AVX2's masked loads (vmaskmov) measured slower than the buffer where the source rows share
    // lines (a short B of a contiguous source: rows B elements apart), AVX-512's faster.
    constexpr bool lines_apart_only = sizeof(typename V::reg) < cache_line;
    const auto apart = [&] {
      const std::ptrdiff_t step = source_row(1) - source_row(0);
      return static_cast<std::size_t>(step < 0 ? -step : step) * sizeof(T) >= cache_line;
    };
    if (r0 == 0 && r1 == width && (!lines_apart_only || apart())) {
      narrow_tile<V, T>(source_row, destination_row, k0, k1);
      return;
    }
  }
  alignas(64) std::byte in[cache_line * static_cast<std::size_t>(width)];
  alignas(64) std::byte out[cache_line * static_cast<std::size_t>(width)];
  const auto at = [](std::byte* buffer, index_t row, index_t column) { return buffer + static_cast<std::size_t>(row) * cache_line + static_cast<std::size_t>(column) * sizeof(T); };
  for (index_t j = r0; j < r1; ++j) {
    const T* row = source_row(static_cast<int>(j));
    if constexpr (Reverse) {
      for (index_t k = k0; k < k1; ++k) std::memcpy(at(in, j, k), row - k, sizeof(T));
    } else {
      copy_small_bytes(reinterpret_cast<const std::byte*>(row + k0), at(in, j, k0), static_cast<std::size_t>(k1 - k0) * sizeof(T));
    }
  }
  // (The buffers' bytes are read and written as T's registers, raw bits of trivial elements.)
  transpose_lines<V, T, false>([&](int j) { return reinterpret_cast<const T*>(at(in, j, 0)); }, reinterpret_cast<T*>(out));
  for (index_t k = k0; k < k1; ++k)
    copy_small_bytes(at(out, k, r0), reinterpret_cast<std::byte*>(destination_row(static_cast<int>(k)) + r0), static_cast<std::size_t>(r1 - r0) * sizeof(T));
}

// Whether V moves a staged block's parts that are not whole lines through registers
// (short_parts_in_registers, tail_rows): squares of V's registers (side == lanes) and masked
// stores.
template <class V>
inline constexpr bool short_columns_in_registers = V::side == V::lanes && requires(void* p, typename V::reg r) { V::store_first(p, r, 1); };

// Whether V's store_first is one masked store (AVX-512's), not pieces of 4, 2 and 1 lanes
// (AVX2's). Straight into a destination out of the cache, a staged block's short rows stored so
// ran at half the speed of the same squares stored into the staging buffer and streamed out
// (benchmarks/README.md, "Staged blocks asked for ahead"): machine.hpp's short_rows_stream_pays
// streams them earlier.
template <class V>
inline constexpr bool stores_first_masked = requires { requires V::store_first_masked; };

// Whether the rows of V's squares past the rows they transpose (whose columns are not stored)
// are zero rather than the last row loaded again: in squares of 16 rows (AVX-512's floats), where
// the loads saved are many, zero measured 1.05-1.23x faster; in squares of 8 (AVX2), the loads
// again, which need no branch, 1.02-1.26x faster out of the cache, 1.01-1.04x slower in it
// (benchmarks/README.md, "Small transposes in registers").
template <class V>
inline constexpr bool zero_rows_past = V::side >= 16;

// Whether V transposes half squares (simd.hpp's load_halves_first and transpose_halves).
template <class V>
inline constexpr bool half_squares = requires(typename V::reg* r, const void* p) {
  V::transpose_halves(r);
  V::load_halves_first(p, p, 1);
};

// The rows of B past a block's last whole line of them, all of A: d[k * ldd + a] =
// s[a * ss_a + k] for k < rem (1 to a line - 1), a < na. V's squares, `side` rows of A at a
// time (those past na as zero_rows_past says), each load masked to the rem elements; where rem
// is at most half a register and V has half squares, rows a and a + side / 2 share a register,
// which halves the loads' registers and the shuffles (rows past na zero). Elements one by one,
// these rows took a fifth of a batch of small transposes' time (benchmarks/README.md, "Small
// transposes in registers").
// Example: rem = 4 floats of na = 10 on AVX-512: one half square (8 registers, rows 8 and 9
// paired with rows 0 and 1, rows 2 to 7 loaded alone), 4 masked stores of 10 lanes.
template <class V, class T>
[[gnu::always_inline]] inline void tail_rows(const T* s, index_t ss_a, T* d, index_t ldd, index_t na, int rem) {
  constexpr int lanes = V::lanes, side = V::side;
  using reg = typename V::reg;
  if constexpr (half_squares<V>) {
    static_assert(V::half * 2 == side);
    if (rem <= V::half) {
      for (index_t a = 0; a < na; a += side) {
        const int t = static_cast<int>(std::min<index_t>(side, na - a));
        reg r[static_cast<std::size_t>(V::half)];
        STRIDER_COPY_UNROLL
        for (int j = 0; j < V::half; ++j) {
          if (j >= t) {
            r[j] = reg{};
            continue;
          }
          const T* row = s + (a + j) * ss_a;
          r[j] = j + V::half < t ? V::load_halves_first(row, row + V::half * ss_a, rem) : V::load_first(row, rem);
        }
        V::transpose_halves(r);
        STRIDER_COPY_UNROLL
        for (int k = 0; k < V::half; ++k)
          if (k < rem) V::store_first(d + k * ldd + a, r[k], t);
      }
      return;
    }
  }
  for (int b = 0; b < rem; b += lanes) {
    const int part = std::min(lanes, rem - b);
    for (index_t a = 0; a < na; a += side) {
      const int t = static_cast<int>(std::min<index_t>(side, na - a));
      reg r[static_cast<std::size_t>(side)];
      STRIDER_COPY_UNROLL
      for (int j = 0; j < side; ++j) {
        if constexpr (zero_rows_past<V>) {
          if (j >= t) {
            r[j] = reg{};
            continue;
          }
        }
        const T* row = s + (a + std::min(j, t - 1)) * ss_a + b;
        r[j] = part == lanes ? V::load(row) : V::load_first(row, part);
      }
      V::transpose(r);
      STRIDER_COPY_UNROLL
      for (int k = 0; k < lanes; ++k)
        if (k < part) V::store_first(d + (b + k) * ldd + a, r[k], t);
    }
  }
}

// An edge tile of a plane: `rows` (<= a line) lines of A by `cols` (<= a line) rows of B,
// d[b * ldd + a] = s[a * lds + b] (s[a * lds - b] with `Reverse`).
template <class V, class T, bool Reverse>
inline void edge_tile(const T* s, index_t lds, T* d, index_t ldd, index_t rows, index_t cols) {
  rows_edge_tile<V, T, Reverse>([&](int j) { return s + j * lds; }, [&](int b) { return d + b * ldd; }, 0, rows, 0, cols);
}

// Rows [b_lo, b_hi) of B of `rows` (<= a line) lines of A, from `s` and `d` at b = 0, by edge
// tiles cut where the source's lines are (rows b_peel + k * line).
template <class T>
inline void edge_tiles_down(const T* s, index_t lds, index_t ss_b, T* d, index_t ldd, index_t rows, index_t b_lo, index_t b_hi, index_t b_peel) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  auto tiles = [&]<bool Reverse>() {
    for (index_t b = b_lo; b < b_hi;) {
      const index_t next = line_block_end(b, b_hi, b_peel, w);
      edge_tile<V, T, Reverse>(s + b * ss_b, lds, d + b * ldd, ldd, rows, next - b);
      b = next;
    }
  };
  if (ss_b < 0) tiles.template operator()<true>();
  else tiles.template operator()<false>();
}

// Rows [b_lo, b_hi) of B split where the source's lines are (rows b_peel + k * w): the rows
// before the first whole block end at `whole_begin`, the whole blocks at `whole_end`.
struct row_split {
  index_t whole_begin, whole_end;
};
constexpr row_split split_rows(index_t b_lo, index_t b_hi, index_t b_peel, index_t w) {
  const index_t first = std::min(b_hi, b_lo <= b_peel ? b_peel : b_peel + (b_lo - b_peel + w - 1) / w * w);
  return {first, first + (b_hi - first) / w * w};
}

// How many line tiles ahead a transpose asks for its source lines: into L1 (measured best: 1
// or 2), and into L2 (`prefetch_far`, prefetcht1). A strip's source rows are short runs of lines
// (16 in a panel of a 2-D transpose), too short for the hardware's stream prefetcher to follow,
// so the lines far ahead are requested too: L2 keeps more requests in flight than L1, which the
// near requests then find there (benchmarks/README.md, "Two prefetch distances").
inline constexpr index_t prefetch_ahead = 2;
inline constexpr index_t prefetch_far = 8;

// Line tiles down B: `count` rows of B (a multiple of a line) of one line of A, from `s` (the
// source at the line's first column) into `d` (the destination's element there, rows ldd
// apart). The strip's source rows are read front to back, one line of each per tile (few enough
// streams for the hardware prefetcher), the lines `prefetch_ahead` tiles down requested into L1
// and those `prefetch_far` down into L2; each destination row gets one whole line. Past the
// run's end the lines requested are those of the runs read after it, `runs_after` of them, each
// `run_step` elements on from the one before, with the same strides: tile_strip passes the next
// strips over the same rows of B (the next lines of A), whose first tiles would otherwise wait
// for memory; staged_tiles this strip's next rows of B (each measured better than the other
// there, benchmarks/README.md). On a short run (NHWC to NCHW: 64 rows of B) the far requests
// reach two or more runs on.
template <class T, bool Stream>
inline void line_tiles_down(const T* s, index_t ss_a, index_t ss_b, T* d, index_t ldd, index_t count, index_t run_step, index_t runs_after) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  auto tiles = [&]<bool Reverse>() {
    for (index_t b = 0; b < count; b += w) {
      // The requests are written out here, in the loop that stores: g++ 12 drops a loop of
      // prefetches alone that comes in by inlining a helper.
      const index_t far = b + prefetch_far * w, far_run = far / count;
      if (far_run <= runs_after) {
        const T* at = s + far_run * run_step + (far - far_run * count) * ss_b;
        for (index_t j = 0; j < w; ++j) __builtin_prefetch(at + j * ss_a, 0, 2);
      }
      const index_t ahead = b + prefetch_ahead * w, ahead_run = ahead / count;
      if (ahead_run <= runs_after) {
        const T* at = s + ahead_run * run_step + (ahead - ahead_run * count) * ss_b;
        for (index_t j = 0; j < w; ++j) __builtin_prefetch(at + j * ss_a);
      }
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

// The line tiles of one whole, aligned line of A, each walked down a run of `run` items of loop C
// (a deep strips walk, walk.hpp): for every block of a line of rows of B in [b_begin, b_end), the
// tiles at C = 0, 1, ..., run - 1, each `ss_c` (source) and `ds_c` (destination) on from the one
// before, the lines `prefetch_ahead` tiles on requested ahead.
template <class T, bool Stream>
inline void line_tiles_across(const T* s, index_t ss_a, index_t ss_b, index_t ss_c, T* d, index_t ldd, index_t ds_c, index_t b_begin, index_t b_end, index_t run) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  auto tiles = [&]<bool Reverse>() {
    for (index_t b = b_begin; b + w <= b_end; b += w)
      for (index_t c = 0; c < run; ++c) {
        if (c + prefetch_far < run)
          for (index_t j = 0; j < w; ++j) __builtin_prefetch(s + j * ss_a + b * ss_b + (c + prefetch_far) * ss_c, 0, 2);
        if (c + prefetch_ahead < run)
          for (index_t j = 0; j < w; ++j) __builtin_prefetch(s + j * ss_a + b * ss_b + (c + prefetch_ahead) * ss_c);
        line_tile<V, T, Stream, Reverse>(s + b * ss_b + c * ss_c, ss_a, d + b * ldd + c * ds_c, ldd);
      }
  };
  if constexpr (simd_v<T>) {
    if (ss_b < 0) tiles.template operator()<true>();
    else tiles.template operator()<false>();
  } else {
    tiles.template operator()<false>();
  }
}

// The line tiles of `strips` whole, aligned, adjacent lines of A (a panel: one line of A is one
// strip), `count` rows of B (a multiple of a line) of each, block by block of a line of rows of
// B with the strips inner: for each block, one line of each of the panel's source rows, and a
// run of `strips` lines written into each of the block's destination rows. `s` and `d` are at
// the first strip's first column and the first row of B. The writes then go front to back along
// a line's worth of destination rows, and the scattered side is the source, whose lines are
// requested `prefetch_far` tiles ahead into L2; walked strip by strip down B instead, each tile
// writes one line into each of a line's worth of destination rows far apart, which measured
// half as fast (benchmarks/README.md, "Panels across the strips").
template <class T, bool Stream>
inline void line_tiles_panel(const T* s, index_t ss_a, index_t ss_b, T* d, index_t ldd, index_t strips, index_t count) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  const index_t total = count / w * strips;
  const auto source = [&](index_t t) { return s + (t % strips) * w * ss_a + (t / strips) * w * ss_b; };
  auto tiles = [&]<bool Reverse>() {
    for (index_t t = 0; t < total; ++t) {
      // Written out here, in the loop that stores (see line_tiles_down).
      if (t + prefetch_far < total) {
        const T* at = source(t + prefetch_far);
        for (index_t j = 0; j < w; ++j) __builtin_prefetch(at + j * ss_a, 0, 2);
      }
      line_tile<V, T, Stream, Reverse>(source(t), ss_a, d + (t % strips) * w + (t / strips) * w * ldd, ldd);
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
// a = b = 0: a whole, aligned line of A by line tiles, block by block of `line` rows of B from
// the source's first line boundary (job.b_peel); the rows of B outside whole blocks, the peeled
// columns and the last partial line by edge tiles; non-SIMD types one element at a time.
template <class T, bool Stream>
inline void tile_strip(const copy_plan& p, const T* s, T* d, const tiles_job& job, index_t a_lo, index_t a_hi, index_t b_lo, index_t b_hi) {
  const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
  const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop];
  const index_t ds_a = p.dst_stride[a_loop], ds_b = p.dst_stride[b_loop];
  if constexpr (tile_simd_v<T>) {
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    if (job.simd) {
      const T* from = s + a_lo * ss_a;
      T* to = d + a_lo;
      if (a_hi - a_lo == w && a_lo >= job.peel) {  // a whole, aligned line of A
        const auto [whole_begin, whole_end] = split_rows(b_lo, b_hi, job.b_peel, w);
        edge_tiles_down(from, ss_a, ss_b, to, ds_b, w, b_lo, whole_begin, job.b_peel);
        // The next strips, where they are whole lines, are walked next (strip_tiles) over the same rows.
        line_tiles_down<T, Stream>(from + whole_begin * ss_b, ss_a, ss_b, to + whole_begin * ds_b, ds_b, whole_end - whole_begin, w * ss_a, (p.extent[a_loop] - a_hi) / w);
        edge_tiles_down(from, ss_a, ss_b, to, ds_b, w, whole_end, b_hi, job.b_peel);
      } else {
        edge_tiles_down(from, ss_a, ss_b, to, ds_b, a_hi - a_lo, b_lo, b_hi, job.b_peel);
      }
      return;
    }
  }
  // Blocks of rows small enough for the strip to stay in L1.
  const index_t line = std::max<index_t>(1, static_cast<index_t>(cache_line / sizeof(T)));
  for (index_t b = b_lo; b < b_hi; b += line)
    scalar_tile(s + a_lo * ss_a + b * ss_b, ss_a, ss_b, d + a_lo * ds_a + b * ds_b, ds_a, ds_b, std::min(line, b_hi - b), a_hi - a_lo);
}

// The staging buffer of a staged strips walk and the contiguous run of the destination it holds:
// streamed, blocks of rows of B whose destinations follow one another (the items of a batch of
// small transposes) are gathered into one run of up to a page before it is written out, so that
// the writes are runs of whole lines; written block by block, each short run's partial lines at
// both ends (plain stores) held items of 792 bytes to half the speed. Runs of a page measured
// faster than runs of 8 and 16 KB, whose reads and writes overlap less. Not streamed, the blocks
// are written straight to the destination (`take` returns it): through the buffer, each block
// copied out alone, batches of small transposes ran up to 1.33x slower (benchmarks/README.md,
// "Staged blocks written together", "Small transposes in registers").
template <class T, bool Stream>
struct staged_run {
  static constexpr index_t capacity = staging_bytes / static_cast<index_t>(sizeof(T));
  static constexpr index_t gathered = page_bytes / static_cast<index_t>(sizeof(T));
  static_assert(gathered <= capacity);
  scratch<T, static_cast<std::size_t>(capacity)> room;
  T* to = nullptr;  // the destination of room's first element
  index_t held = 0; // elements in room
  // Room for `n` elements (n <= capacity) going to `d`: not streamed, `d` itself; streamed, in
  // the buffer, what is held written out first unless they follow it and fit in a gathered run
  // after it.
  T* take(T* d, index_t n) {
    if constexpr (!Stream) return d;
    if (held > 0 && (d != to + held || held + n > gathered)) write_out();
    if (held == 0) to = d;
    T* at = room.data() + held;
    held += n;
    return at;
  }
  void write_out() {
    if (held > 0) copy_bytes(reinterpret_cast<const std::byte*>(room.data()), reinterpret_cast<std::byte*>(to), static_cast<std::size_t>(held) * sizeof(T), Stream);
    held = 0;
  }
};

// The parts of a staged block (staged_tiles) that are not whole lines, B ascending, into `d`
// (the block's first destination row, rows na apart): d[b * na + a] = s[a * ss_a + b].
//  - The columns of A past its last whole line (a1 to na) of the rows of B in whole lines of
//    them (b < full): V's squares transposed in registers (the rows past na as zero_rows_past
//    says), and each destination row's elements by a masked store. Element by element, the
//    columns past the last whole line of NCHW to NHWC of 24 channels (8 of every 24) took as
//    long as the line tiles of the others (benchmarks/README.md, "Short columns through
//    registers").
//  - The rows past those (full to count), all of A: tail_rows.
// Example: na = 10 floats, count = 20 on AVX-512: one square of 16 rows (6 of them zero), with
// 16 masked stores of 10 lanes, then tail_rows' 4 rows.
// Not inlined, and the squares' pointers computed here from the strides: in the staged loop,
// the squares' registers and the line tiles' pointers spilled each other, and through a helper
// or row lambdas the compiler kept fewer of them in registers (batches of 10 x 20 and 64 x 20
// float transposes 1.1-1.4x slower).
template <class V, class T>
[[gnu::noinline]] inline void short_parts_in_registers(const T* s, index_t ss_a, T* d, index_t na, index_t full, index_t count) {
  constexpr int lanes = V::lanes, side = V::side;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  const index_t a1 = na / w * w;
  const int t = static_cast<int>(na - a1);
  if (a1 < na)
    for (index_t b = 0; b < full; b += lanes)
      for (int g = 0; g * side < t; ++g) {
        typename V::reg r[static_cast<std::size_t>(side)];
        STRIDER_COPY_UNROLL
        for (int j = 0; j < side; ++j) {
          if constexpr (zero_rows_past<V>) r[j] = g * side + j < t ? V::load(s + (a1 + g * side + j) * ss_a + b) : typename V::reg{};
          else r[j] = V::load(s + (a1 + std::min(g * side + j, t - 1)) * ss_a + b);
        }
        V::transpose(r);
        const int n = std::min(side, t - g * side);
        STRIDER_COPY_UNROLL
        for (int j = 0; j < lanes; ++j) V::store_first(d + (b + j) * na + a1 + g * side, r[j], n);
      }
  if (full < count) tail_rows<V, T>(s + full, ss_a, d + full * na, na, na, static_cast<int>(count - full));
}

// The rows [b_lo, b_hi) of B that a staged walk copies at one position of its outer loops, from
// the source `s` at that position (staged_tiles' `next`).
template <class T>
struct staged_rows {
  const T* s = nullptr;
  index_t b_lo = 0, b_hi = 0;
};

// Rows [b_lo, b_hi) of B, all of A, through `run`'s buffer where it streams (see
// staged_row_bytes): d[b * na + a] = s[a * ss_a + b * ss_b], the destination rows adjacent, block
// by block of staged_block_rows rows of B. The caller writes the buffer out
// (staged_run::write_out) after its last block. `Ahead` (copy_engine.hpp's staged_ahead_pays;
// B's source stride 1), each block first asks for the source lines of the block after it: this
// call's next, or past its last the first of `next`, the position the walk copies after this one
// (none where its `s` is null).
template <class T, bool Stream, bool Ahead = false>
inline void staged_tiles(const copy_plan& p, const T* s, T* d, index_t b_lo, index_t b_hi, staged_run<T, Stream>& run, staged_rows<T> next = {}) {
  if constexpr (tile_simd_v<T>) {
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
    const index_t na = p.extent[a_loop], nb = p.extent[b_loop];
    const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop];
    const index_t rows = staged_block_rows(na, sizeof(T));
    const index_t a1 = na / w * w;
    for (index_t b0 = b_lo; b0 < b_hi; b0 += rows) {
      const index_t count = std::min(rows, b_hi - b0), full = count / w * w;
      T* stage = run.take(d + b0 * na, count * na);
      if constexpr (Ahead) {
        if (b0 + rows < b_hi) request_rows(s + b0 + rows, na, ss_a, std::min(rows, b_hi - b0 - rows));
        else if (next.s != nullptr) request_rows(next.s + next.b_lo, na, ss_a, std::min(rows, next.b_hi - next.b_lo));
      }
      for (index_t a = 0; a < a1; a += w)
        line_tiles_down<T, false>(s + a * ss_a + b0 * ss_b, ss_a, ss_b, stage + a, na, full, full * ss_b, full > 0 ? (nb - b0 - full) / full : 0);
      if constexpr (short_columns_in_registers<tile_vec_t<T>>) {
        if (ss_b == 1) {
          short_parts_in_registers<tile_vec_t<T>, T>(s + b0, ss_a, stage, na, full, count);
          continue;
        }
      }
      if (a1 < na) scalar_tile(s + a1 * ss_a + b0 * ss_b, ss_a, ss_b, stage + a1, index_t{1}, na, full, na - a1);
      if (full < count) scalar_tile(s + (b0 + full) * ss_b, ss_a, ss_b, stage + full * na, index_t{1}, na, count - full, na);
    }
  }
}

// A run of `run` items of loop C whose destination is contiguous across C and A (its step in C
// is A's extent na) and whose source is contiguous across C and B (its step in C is nb, B's
// step 1), na and nb whole lines: permute (2,1,0) and (3,1,2,0) of contiguous arrays. A tile
// may then straddle two items. Its source rows are the lines of A at A' = c * na + a from `peel`
// + k * line on, wrapping from an item's last column into the next item's first, and each reads
// the source's whole line from b_peel + m * line on, which runs on into the next item's B; its
// destination rows are B's, each one whole line of the destination at A', one item on where
// its B wrapped. Every tile's lines are whole and aligned on both sides, at any alignment of
// the arrays, and only the tiles at the run's two ends are cut (to the elements inside the run),
// where walking item by item would cut two tiles of every item on each side.
// The tile at item c (from -2: the tiles whose wrapped part reaches the run's first item),
// strip k_a and block m is seam_tile's; seam_tiles walks them in one of two orders:
//  - deep (panel == 0): each tile position (k_a, m) down the run, as line_tiles_across;
//  - panels: the run's strips in order (item by item, A' ascending), `panel` of them at a time
//    over all of B, block by block with the strips inner, as line_tiles_panel, so that each
//    destination row is written front to back (copy_engine.hpp's seam_panels_pay says when).
// Block m of B covers the rows from b_peel + m * line; where b_peel > 0 the last one wraps
// into the next item's first b_peel rows (the run's first item's come from the tile at c = -1).
// A walk takes blocks [m_lo, m_hi) whole, and the last block's rows in its own item
// (`last_unwrapped`) and in the next (`last_wrapped`) where asked: a deep share of rows of B
// (walk.hpp's b_major) from 0 holds the wrapped rows, one that ends at nb the others.
struct seam_shape {
  index_t run, na, nb, ss_a, ds_b, peel, b_peel;
  index_t m_lo, m_hi;
  bool last_unwrapped, last_wrapped;
};

// Source row j's offset (item 0) for strip k_a of a seam walk.
template <class T>
inline void seam_source_offsets(const seam_shape& q, index_t k_a, index_t* offset) {
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  for (index_t j = 0; j < w; ++j) {
    const index_t a = q.peel + k_a * w + j, wraps = a >= q.na ? 1 : 0;
    offset[j] = (a - wraps * q.na) * q.ss_a + wraps * q.nb;
  }
}

// Destination row k's offset (item 0) for block m of a seam walk, and how many of the block's
// elements stay in a source row's item (the rest are the next item's).
template <class T>
inline index_t seam_destination_offsets(const seam_shape& q, index_t m, index_t* offset) {
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  const index_t b0 = q.b_peel + m * w;
  for (index_t k = 0; k < w; ++k) {
    const index_t b = b0 + k, wraps = b >= q.nb ? 1 : 0;
    offset[k] = wraps * q.na + (b - wraps * q.nb) * q.ds_b;
  }
  return std::clamp<index_t>(q.nb - b0, 0, w);
}

// The tile at item c, strip k_a, block m of a seam walk, given its rows' offsets: whole, or cut
// to the elements inside the run and to the parts asked for (`parts`: 1, the elements [0,
// unwrapped) in the row's item; 2, the rest, in the next item's). A row at A' holds elements
// of the run where A' is in [0, run * na) for its elements [0, unwrapped) and in [-na, (run - 1)
// * na) for the rest.
template <class T, bool Stream>
[[gnu::always_inline]] inline void seam_tile(const T* s, T* d, const seam_shape& q, index_t c, index_t k_a, index_t m, const index_t* source_offset,
                                             const index_t* destination_offset, index_t unwrapped, int parts = 3) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  const index_t first_row = c * q.na + q.peel + k_a * w;  // A' of source row 0
  const T* from = s + c * q.nb + q.b_peel + m * w;
  T* to = d + first_row;
  const auto source_row = [&](int j) { return from + source_offset[j]; };
  const auto destination_row = [&](int k) { return to + destination_offset[k]; };
  const index_t run = q.run, na = q.na;
  if (parts == 3 && (unwrapped == 0 || (first_row >= 0 && first_row + w <= run * na)) && (unwrapped == w || (first_row >= -na && first_row + w <= (run - 1) * na))) {
    rows_tile<V, T, Stream, false>(source_row, destination_row);
    return;
  }
  const auto part = [&](index_t k0, index_t k1, index_t lo, index_t hi) {  // elements [k0, k1), rows with A' in [lo, hi)
    const index_t r0 = std::clamp<index_t>(lo - first_row, 0, w), r1 = std::clamp<index_t>(hi - first_row, 0, w);
    if (k0 < k1 && r0 < r1) rows_edge_tile<V, T, false>(source_row, destination_row, r0, r1, k0, k1);
  };
  if (parts & 1) part(0, unwrapped, 0, run * na);
  if (parts & 2) part(unwrapped, w, -na, (run - 1) * na);
}

// The blocks of B a seam walk takes, in order (seam_shape): [m_lo, m_hi), then the last block
// where any of its parts is asked for; and the parts of each.
struct seam_blocks {
  index_t first, count, last;  // blocks first, first + 1, ...; the count in all; the last block
  int last_parts;
  constexpr seam_blocks(const seam_shape& q, index_t w)
      : first(q.m_lo), count(q.m_hi - q.m_lo), last(q.nb / w - 1), last_parts((q.last_unwrapped ? 1 : 0) | (q.last_wrapped ? 2 : 0)) {
    if (last_parts != 0) ++count;
  }
  constexpr index_t block(index_t i) const { return last_parts != 0 && i == count - 1 ? last : first + i; }
  constexpr int parts(index_t i) const { return last_parts != 0 && i == count - 1 ? last_parts : 3; }
};

template <class T, bool Stream>
inline void seam_tiles(const T* s, T* d, const seam_shape& q, index_t panel) {
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  const index_t strips = q.na / w;
  const seam_blocks walked(q, w);
  const index_t blocks = walked.count;
  if (panel == 0) {
    index_t source_offset[static_cast<std::size_t>(w)], destination_offset[static_cast<std::size_t>(w)];
    for (index_t k_a = 0; k_a < strips; ++k_a) {
      seam_source_offsets<T>(q, k_a, source_offset);
      for (index_t i = 0; i < blocks; ++i) {
        const index_t m = walked.block(i);
        const int parts = walked.parts(i);
        const index_t unwrapped = seam_destination_offsets<T>(q, m, destination_offset);
        const T* from = s + q.b_peel + m * w;
        for (index_t c = -2; c < q.run; ++c) {
          if (c + prefetch_far < q.run)
            for (index_t j = 0; j < w; ++j) __builtin_prefetch(from + (c + prefetch_far) * q.nb + source_offset[j], 0, 2);
          if (c + prefetch_ahead < q.run)
            for (index_t j = 0; j < w; ++j) __builtin_prefetch(from + (c + prefetch_ahead) * q.nb + source_offset[j]);
          seam_tile<T, Stream>(s, d, q, c, k_a, m, source_offset, destination_offset, unwrapped, parts);
        }
      }
    }
    return;
  }
  // Panels of `panel` strips in the run's order of strips (item by item, A' ascending), which
  // may span items: the strips' items, their rows' offsets, and a block's destination rows.
  panel = std::min(panel, seam_panel_strips);
  index_t item[static_cast<std::size_t>(seam_panel_strips)], strip[static_cast<std::size_t>(seam_panel_strips)];
  index_t source_offset[static_cast<std::size_t>(seam_panel_strips * w)], destination_offset[static_cast<std::size_t>(w)];
  for (index_t k0 = -2 * strips; k0 < q.run * strips; k0 += panel) {
    const index_t count = std::min(panel, q.run * strips - k0), total = count * blocks;
    for (index_t i = 0; i < count; ++i) {
      item[i] = (k0 + i + 2 * strips) / strips - 2;
      strip[i] = k0 + i - item[i] * strips;
      seam_source_offsets<T>(q, strip[i], source_offset + i * w);
    }
    for (index_t b = 0, t = 0; b < blocks; ++b) {
      const index_t m = walked.block(b);
      const int parts = walked.parts(b);
      const index_t unwrapped = seam_destination_offsets<T>(q, m, destination_offset);
      for (index_t i = 0; i < count; ++i, ++t) {
        // The source lines `prefetch_far` tiles on in this order, into L2 (see line_tiles_panel).
        if (t + prefetch_far < total) {
          const index_t u = t + prefetch_far, v = u % count;
          const T* at = s + item[v] * q.nb + q.b_peel + walked.block(u / count) * w;
          for (index_t j = 0; j < w; ++j) __builtin_prefetch(at + source_offset[v * w + j], 0, 2);
        }
        seam_tile<T, Stream>(s, d, q, item[i], strip[i], m, source_offset + i * w, destination_offset, unwrapped, parts);
      }
    }
  }
}

// Seam tiles for items of any length: the run of a deep walk where, as for seam_tiles, the
// destination is contiguous across C and A (A' = c * na + a), but A or B is not a whole number of
// lines, so that the items' seams fall inside lines, or the source is not contiguous across C and
// B (each source row is found by its own a and c, `ss_a` and `ss_c` apart). A tile is a
// destination line of A' (aligned where the destination's rows are aligned alike; the first
// block is the `peel` elements before the first boundary, the last what the run leaves) by a
// line's worth of B; source row j of a tile is the row at its own (a, c), read from any place in
// its line (the next block's read finds the rest of that line in L1). The rows of B past the last
// whole block, and the A' blocks at the run's two ends, go through edge tiles. Walked in panels of
// `panel_blocks` blocks of A' (walk.hpp's ragged_panel_blocks, at most panel_rows rows), block of
// B by block with the panel inner, so that each destination row is written front to back, a
// panel's run at a time; rows [b_lo, b_hi) of B, in blocks of a line from b_lo. Example:
// permute(2,1,0) of 255×256×257 floats (na = 255, nb = 257): the tile at A' in [peel + 16t,
// peel + 16t + 16) reads rows from items (peel + 16t) / 255 and, past the seam, the next one.
template <class T, bool Stream>
inline void ragged_seam_tiles(const T* s, T* d, index_t run, index_t na, index_t ss_a, index_t ss_c, index_t ds_b, index_t b_lo, index_t b_hi,
                              index_t panel_blocks) {
  using V = tile_vec_t<T>;
  constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
  panel_blocks = std::clamp<index_t>(panel_blocks, 1, panel_rows / w);
  const index_t total = run * na;
  const index_t peel = std::min(elements_to_alignment(d, cache_line), total);
  index_t row_offset[static_cast<std::size_t>(panel_rows)];  // each A' row's source offset at b = 0
  // The next A' block's end after `at`: blocks start at 0, peel, peel + w, ...
  const auto block_end = [&](index_t at) { return std::min(total, at < peel ? peel : at + w); };
  for (index_t begin = 0; begin < total;) {
    // A panel: up to panel_blocks blocks, [begin, end).
    index_t end = begin;
    for (index_t k = 0; k < panel_blocks && end < total; ++k) end = block_end(end);
    for (index_t at = begin, c = begin / na, a = begin % na; at < end; ++at) {
      row_offset[at - begin] = a * ss_a + c * ss_c;
      if (++a == na) a = 0, ++c;
    }
    for (index_t b = b_lo; b < b_hi; b += w) {
      const index_t width = std::min(w, b_hi - b);
      for (index_t lo = begin; lo < end;) {
        const index_t hi = block_end(lo);
        const auto source_row = [&](int j) { return s + row_offset[lo - begin + j] + b; };
        const auto destination_row = [&](int k) { return d + (b + k) * ds_b + lo; };
        if (hi - lo == w && width == w) rows_tile<V, T, Stream, false>(source_row, destination_row);
        else rows_edge_tile<V, T, false>(source_row, destination_row, 0, hi - lo, 0, width);
        lo = hi;
      }
    }
    begin = end;
  }
}

// Blocks [first, last) of a deep strips walk (walk.hpp), rows [b_lo, b_hi) of B in each (from
// the source's line boundaries, or 0 and nb): each tile position of the (A, B) plane walked down
// every run of loop C (rank-3) within one item of the loops outside it. Edge tiles go in pairs
// down the run: the rows of B before the first whole block with those after the last, the
// narrower first strip with the last; where the steps of C are not whole lines, one item's last
// edge shares a line with the next item's first, which is then read, and written, once.
template <class T, bool Stream>
inline void deep_tiles(const copy_plan& p, const T* src, T* dst, const tiles_job& job, const copy_walk& walk, index_t first, index_t last, index_t b_lo,
                       index_t b_hi) {
  if constexpr (tile_simd_v<T>) {
    const std::size_t c_loop = p.rank - 3, b_loop = p.rank - 2, a_loop = p.rank - 1;
    const index_t nc = p.extent[c_loop], nb = walk.nb, na = walk.n;
    const index_t ss_c = p.src_stride[c_loop], ds_c = p.dst_stride[c_loop];
    const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop], ds_b = p.dst_stride[b_loop];
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    // (No structured bindings: clang 14 does not let the lambda below capture them.)
    const row_split rows = split_rows(b_lo, b_hi, job.b_peel, w);
    const index_t whole_begin = rows.whole_begin, whole_end = rows.whole_end;
    // Seam tiles' blocks (seam_shape), for rows [b_lo, b_hi) that start and end at their
    // boundaries: where b_peel > 0, the last block's rows are those from nb - w + b_peel and,
    // wrapped, the first b_peel rows of every item.
    seam_shape seam{0, na, nb, ss_a, ds_b, job.peel, job.b_peel, b_lo / w, b_hi / w, false, false};
    if (job.seams && job.b_peel > 0) {
      const index_t regular = nb / w - 1;
      seam.m_lo = std::min(regular, b_lo <= job.b_peel ? 0 : (b_lo - job.b_peel) / w);
      seam.m_hi = std::max(seam.m_lo, b_hi <= job.b_peel ? 0 : std::min(regular, (b_hi - job.b_peel) / w));
      seam.last_unwrapped = b_hi == nb && b_lo < nb;
      seam.last_wrapped = b_lo == 0 && b_hi >= job.b_peel;
    }
    const index_t ragged_panel = ragged_panel_blocks(sizeof(T), nb, ds_b);
    // Columns [0, peel) and [a_end, na) are the narrower strips; the whole strips lie between.
    const index_t peel = std::min(job.peel, na), a_end = peel + (na - peel) / w * w;
    for (index_t item = first; item < last;) {
      const index_t c0 = item % nc, run = std::min(nc - c0, last - item);
      walk_outer(p, c_loop, item / nc, item / nc + 1, [&](index_t so, index_t dof) {
        const T* s = src + so + c0 * ss_c;
        T* d = dst + dof + c0 * ds_c;
        if (job.seams) {
          seam.run = run;
          seam_tiles<T, Stream>(s, d, seam, job.panel);
          return;
        }
        if (job.ragged_seams) {
          ragged_seam_tiles<T, Stream>(s, d, run, na, ss_a, ss_c, ds_b, b_lo, b_hi, ragged_panel);
          return;
        }
        // Rows of B outside whole blocks, in the whole strips.
        if (whole_begin > b_lo || whole_end < b_hi)
          for (index_t a = peel; a < a_end; a += w)
            for (index_t c = 0; c < run; ++c) {
              const T* from = s + a * ss_a + c * ss_c;
              T* to = d + a + c * ds_c;
              edge_tiles_down(from, ss_a, ss_b, to, ds_b, w, b_lo, whole_begin, job.b_peel);
              edge_tiles_down(from, ss_a, ss_b, to, ds_b, w, whole_end, b_hi, job.b_peel);
            }
        // The narrower strips, all of the rows, block by block.
        if (peel > 0 || a_end < na)
          for (index_t b = b_lo; b < b_hi;) {
            const index_t next = line_block_end(b, b_hi, job.b_peel, w);
            for (index_t c = 0; c < run; ++c) {
              if (peel > 0) edge_tiles_down(s + c * ss_c, ss_a, ss_b, d + c * ds_c, ds_b, peel, b, next, job.b_peel);
              if (a_end < na) edge_tiles_down(s + a_end * ss_a + c * ss_c, ss_a, ss_b, d + a_end + c * ds_c, ds_b, na - a_end, b, next, job.b_peel);
            }
            b = next;
          }
        for (index_t a = peel; a < a_end; a += w) line_tiles_across<T, Stream>(s + a * ss_a, ss_a, ss_b, ss_c, d + a, ds_b, ds_c, whole_begin, whole_end, run);
      });
      item += run;
    }
  }
}

// A panel of whole strips [first, last) over all of B (strip_tiles): the whole, aligned lines of
// A by line_tiles_panel, their rows of B outside whole blocks by edge tiles, and any narrower
// strip (the first, before the first aligned column; the last, past the last whole line) alone.
template <class T, bool Stream>
inline void panel_tiles(const copy_plan& p, const T* s, T* d, const tiles_job& job, const copy_walk& walk, index_t first, index_t last) {
  if constexpr (tile_simd_v<T>) {
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    const std::size_t b_loop = p.rank - 2, a_loop = p.rank - 1;
    const index_t ss_a = p.src_stride[a_loop], ss_b = p.src_stride[b_loop], ds_b = p.dst_stride[b_loop], nb = walk.nb;
    const auto whole = [&](index_t strip) { return walk.strip_end(strip) - walk.strip_begin(strip) == w && walk.strip_begin(strip) >= job.peel; };
    index_t lo = first, hi = last;
    for (; lo < last && !whole(lo); ++lo) tile_strip<T, Stream>(p, s, d, job, walk.strip_begin(lo), walk.strip_end(lo), 0, nb);
    for (; hi > lo && !whole(hi - 1); --hi) tile_strip<T, Stream>(p, s, d, job, walk.strip_begin(hi - 1), walk.strip_end(hi - 1), 0, nb);
    if (lo == hi) return;
    const index_t a = walk.strip_begin(lo);
    const auto [whole_begin, whole_end] = split_rows(0, nb, job.b_peel, w);
    for (index_t strip = lo; strip < hi; ++strip) {
      const index_t at = walk.strip_begin(strip);
      edge_tiles_down(s + at * ss_a, ss_a, ss_b, d + at, ds_b, w, 0, whole_begin, job.b_peel);
      edge_tiles_down(s + at * ss_a, ss_a, ss_b, d + at, ds_b, w, whole_end, nb, job.b_peel);
    }
    line_tiles_panel<T, Stream>(s + a * ss_a + whole_begin * ss_b, ss_a, ss_b, d + a + whole_begin * ds_b, ds_b, hi - lo, whole_end - whole_begin);
  } else {
    for (index_t strip = first; strip < last; ++strip) tile_strip<T, Stream>(p, s, d, job, walk.strip_begin(strip), walk.strip_end(strip), 0, walk.nb);
  }
}

// Positions [begin, end) of a strips walk, plane by plane. Where the job has panels, a plane's
// run of whole strips is walked `job.panel` strips at a time, each panel over all of B with its
// strips inner (panel_tiles): walked strip by strip, each tile writes one line into each of a
// line's worth of destination rows a page or more apart.
template <class T, bool Stream>
inline void strip_tiles(const copy_plan& p, const T* src, T* dst, const tiles_job& job, const copy_walk& walk, index_t begin, index_t end) {
  const index_t nb = walk.nb;
  if constexpr (tile_simd_v<T>) {
    if (job.staged) {
      staged_run<T, Stream> run;
      if (job.staged_ahead) {
        // Each position is copied once the walk has found the next, whose source lines its last
        // block asks for.
        index_t held_dof = 0;
        staged_rows<T> held;
        walk_positions(p, p.rank - 2, walk.block(), begin, end, [&](index_t so, index_t dof, index_t lo, index_t hi) {
          const staged_rows<T> rows{src + so, lo / walk.width, hi / walk.width};
          if (rows.b_lo >= rows.b_hi) return;
          if (held.s != nullptr) staged_tiles<T, Stream, true>(p, held.s, dst + held_dof, held.b_lo, held.b_hi, run, rows);
          held = rows;
          held_dof = dof;
        });
        if (held.s != nullptr) staged_tiles<T, Stream, true>(p, held.s, dst + held_dof, held.b_lo, held.b_hi, run);
        run.write_out();
        return;
      }
      walk_positions(p, p.rank - 2, walk.block(), begin, end, [&](index_t so, index_t dof, index_t lo, index_t hi) {
        // One strip of all of A: a row of B cut by [lo, hi) is taken by the range holding its end.
        const index_t b_lo = lo / walk.width, b_hi = hi / walk.width;
        if (b_lo < b_hi) staged_tiles<T, Stream>(p, src + so, dst + dof, b_lo, b_hi, run);
      });
      run.write_out();
      return;
    }
  }
  walk_positions(p, p.rank - 2, walk.block(), begin, end, [&](index_t so, index_t dof, index_t lo, index_t hi) {
    const auto strip_rows = [&](index_t strip, index_t b_lo, index_t b_hi) {
      tile_strip<T, Stream>(p, src + so, dst + dof, job, walk.strip_begin(strip), walk.strip_end(strip), b_lo, b_hi);
    };
    // Strips [whole_lo, whole_hi) lie whole in [lo, hi); the others are cut by it.
    const index_t first = walk.strip_of(lo / nb), last = walk.strip_of((hi - 1) / nb);
    const index_t whole_lo = lo == nb * walk.strip_begin(first) ? first : first + 1;
    const index_t whole_hi = hi == nb * walk.strip_end(last) ? last + 1 : last;
    const auto cut = [&](index_t strip) {
      const index_t a_lo = walk.strip_begin(strip), width = walk.strip_end(strip) - a_lo, start = nb * a_lo, stop = start + nb * width;
      const index_t b_lo = lo > start ? (lo - start) / width : 0, b_hi = hi >= stop ? nb : (hi - start) / width;
      if (b_lo < b_hi) strip_rows(strip, b_lo, b_hi);
    };
    if (job.panel == 0 || whole_hi - whole_lo < 2) {
      for (index_t strip = first; strip <= last; ++strip) cut(strip);
      return;
    }
    if (first < whole_lo) cut(first);
    for (index_t strip = whole_lo; strip < whole_hi; strip += job.panel) panel_tiles<T, Stream>(p, src + so, dst + dof, job, walk, strip, std::min(whole_hi, strip + job.panel));
    if (whole_hi <= last) cut(last);
  });
}

// Positions [begin, end) of a strips walk of B' (copy_engine.hpp's source_run_pays): tile planes
// of A' by B' under the loops outside them. B' is B (loop rank-2) with the job.source_run loops
// outside it that continue the source's run (none: B alone, copy_engine.hpp's
// destination_run_alone_pays), A' is A with the job.destination_run loops outside those that
// continue the destination's. Source row a' of a plane is contiguous along B' (its
// elements at offset(a') + b'), destination row b' along A' (offset(b') + a'), each offset found
// from its own indices in its loops. Positions go row of B' by row (walk.hpp's b_major), so a
// range is rows of B', walked in panels of job.panel strips of A', block by block of a line of
// rows with the strips inner: each block's destination rows then get a run of the panel's lines
// each, and each offset is found once per panel or block. A' alone (B' = B) goes strip by strip
// (not b_major): a range is strips of A' over all of B, in the same panels. Blocks start where the source's lines
// do (job.b_peel). Every tile reads and writes whole lines, except at the ends of A' and B'; the
// partial tiles there go through edge tiles, and a row cut by a thread's share element by
// element.
template <class T, bool Stream>
inline void source_run_tiles(const copy_plan& p, const T* src, T* dst, const tiles_job& job, const copy_walk& walk, index_t begin, index_t end) {
  if constexpr (tile_simd_v<T>) {
    using V = tile_vec_t<T>;
    constexpr index_t w = static_cast<index_t>(cache_line / sizeof(T));
    // Loops [b_first, a_first) are B''s outside B, [a_first, b_loop) A''s outside A.
    const std::size_t a_loop = p.rank - 1, b_loop = p.rank - 2, a_first = b_loop - job.destination_run, b_first = a_first - job.source_run;
    const index_t nb = walk.nb;
    // Offsets on one side of `count` consecutive indices from `first` of the loops
    // [lo, hi) then `last` (innermost), odometer-stepped.
    const auto offsets = [&](std::size_t lo, std::size_t hi, std::size_t last, bool source, index_t first, index_t count, index_t* out) {
      const auto extent = [&](std::size_t k) { return p.extent[k == hi ? last : k]; };
      const auto stride = [&](std::size_t k) { return source ? p.src_stride[k == hi ? last : k] : p.dst_stride[k == hi ? last : k]; };
      index_t digit[max_rank + 1] = {};
      index_t rest = first, at = 0;
      for (std::size_t k = hi + 1; k-- > lo;) {
        digit[k] = rest % extent(k);
        rest /= extent(k);
        at += digit[k] * stride(k);
      }
      // The innermost loop's runs in registers, the carries into the outer digits between
      // them: stepped one index at a time through the digits in memory, this took most of the
      // walk's time where B' is a few elements (benchmarks/README.md, "B' of a tuple").
      const index_t inner_extent = extent(hi), inner_stride = stride(hi);
      for (index_t i = 0, inner = digit[hi]; i < count;) {
        for (; i < count && inner < inner_extent; ++i, ++inner, at += inner_stride) out[i] = at;
        if (i == count) break;
        at -= inner_extent * inner_stride;
        inner = 0;
        for (std::size_t k = hi; k-- > lo;) {
          at += stride(k);
          if (++digit[k] < extent(k)) break;
          at -= extent(k) * stride(k);
          digit[k] = 0;
        }
      }
    };
    index_t row_offset[static_cast<std::size_t>(panel_rows)];  // the source offsets of a panel's rows of A'
    index_t offset[static_cast<std::size_t>(w)];              // the destination offsets of a block's rows of B'
    // Strips [s_lo, s_hi) over rows [b_lo, b_hi) of B', block by block, the strips inner; the
    // lines of the strip's rows a few blocks on requested into L2 (many rows are read at once,
    // more than the hardware's prefetcher follows).
    // A panel's source row offsets depend on its strips alone: where one panel holds every
    // strip, they are found once for the whole walk rather than at each position.
    const index_t na = walk.n, strips = walk.strip_of(na - 1) + 1, panel_strips = std::clamp<index_t>(job.panel, 1, panel_rows / w);
    const bool one_panel = strips <= panel_strips;
    if (one_panel) offsets(a_first, b_loop, a_loop, true, 0, na, row_offset);
    const auto panel = [&](const T* s, T* d, index_t s_lo, index_t s_hi, index_t b_lo, index_t b_hi) {
      // row_offset[k] is row a0 + k of A': the panel's first, or row 0 where one panel holds all.
      const index_t a0 = one_panel ? 0 : walk.strip_begin(s_lo), ahead = std::max<index_t>(1, prefetch_far / (s_hi - s_lo)) * w;
      if (!one_panel) offsets(a_first, b_loop, a_loop, true, a0, walk.strip_end(s_hi - 1) - a0, row_offset);
      for (index_t b = b_lo; b < b_hi;) {
        const index_t next = line_block_end(b, b_hi, job.b_peel, w), count = next - b;
        offsets(b_first, a_first, b_loop, false, b, count, offset);
        for (index_t strip = s_lo; strip < s_hi; ++strip) {
          const index_t a_lo = walk.strip_begin(strip), rows = walk.strip_end(strip) - a_lo;
          const index_t* from = row_offset + (a_lo - a0);
          const T* at = s + b;
          if (b + ahead < nb)
            for (index_t j = 0; j < rows; ++j) __builtin_prefetch(at + from[j] + ahead, 0, 2);
          const auto source_row = [&](int j) { return at + from[j]; };
          const auto destination_row = [&](int k) { return d + a_lo + offset[k]; };
          if (rows == w && count == w) rows_tile<V, T, Stream, false>(source_row, destination_row);
          else rows_edge_tile<V, T, false>(source_row, destination_row, 0, rows, 0, count);
        }
        b = next;
      }
    };
    // Elements [a_lo, a_hi) of row b of B', one at a time (a share's end inside a row).
    const auto part_row = [&](const T* s, T* d, index_t b, index_t a_lo, index_t a_hi) {
      index_t to = 0;
      offsets(b_first, a_first, b_loop, false, b, 1, &to);
      for (index_t a = a_lo; a < a_hi; ++a) {
        index_t from = 0;
        offsets(a_first, b_loop, a_loop, true, a, 1, &from);
        d[to + a] = s[from + b];
      }
    };
    // Where B' is a tuple (copy_engine.hpp's source_run_tuples), each whole item is an unpack of
    // A's tuples into the rows of B', at the same offsets in every item (streamed only where
    // every destination row is aligned alike: prepare_source_run).
    const index_t tuple_k = job.source_run_tuples;
    index_t tuple_row[static_cast<std::size_t>(tuples_most)] = {};
    if (tuple_k > 0) offsets(b_first, a_first, b_loop, false, 0, tuple_k, tuple_row);
    walk_positions(p, b_first, walk.block(), begin, end, [&](index_t so, index_t dof, index_t lo, index_t hi) {
      const T* s = src + so;
      T* d = dst + dof;
      if (tuple_k > 0 && lo == 0 && hi == nb * na) {
        if (job.source_run_ahead > 0) prefetch_lines(s, job.source_run_ahead, nb * na * static_cast<index_t>(sizeof(T)));
        with_tuples_of<T>(tuple_k, [&]<int K>() { unpack_tuples_into<K, T>(s, offset_rows<T>{d, tuple_row}, na, Stream); });
        return;
      }
      if (!walk.b_major) {
        // A' alone: positions strip by strip (walk.hpp's strips), nb * strip_begin(s) + b * cols + c,
        // so that threads share A' rather than B's few rows. Runs of whole strips go in panels
        // as above; a strip cut by a share, by its whole rows and the parts of rows at either end.
        for (index_t at = lo; at < hi;) {
          const index_t strip = walk.strip_of(at / nb), a_lo = walk.strip_begin(strip), cols = walk.strip_end(strip) - a_lo;
          const index_t start = nb * a_lo, stop = std::min(hi, start + nb * cols);
          if (at == start && stop == start + nb * cols) {
            index_t last = strip + 1;
            while (last < strips && nb * walk.strip_end(last) <= hi) ++last;
            for (index_t q = strip; q < last; q += panel_strips) panel(s, d, q, std::min(last, q + panel_strips), 0, nb);
            at = nb * walk.strip_end(last - 1);
            continue;
          }
          index_t r_lo = (at - start) / cols;
          const index_t c_lo = (at - start) % cols, r_hi = (stop - start) / cols, c_hi = (stop - start) % cols;
          if (r_lo == r_hi) {
            part_row(s, d, r_lo, a_lo + c_lo, a_lo + c_hi);
          } else {
            if (c_lo > 0) part_row(s, d, r_lo++, a_lo + c_lo, a_lo + cols);
            if (r_lo < r_hi) panel(s, d, strip, strip + 1, r_lo, r_hi);
            if (c_hi > 0) part_row(s, d, r_hi, a_lo, a_lo + c_hi);
          }
          at = stop;
        }
        return;
      }
      // Positions b * na + a (walk.hpp's b_major): whole rows [b_lo, b_hi), and the parts of
      // rows at either end where a share's boundary falls inside one.
      const index_t b_lo = (lo + na - 1) / na, b_hi = hi / na;
      if (b_lo > b_hi) {
        part_row(s, d, b_hi, lo - b_hi * na, hi - b_hi * na);
        return;
      }
      if (lo < b_lo * na) part_row(s, d, b_lo - 1, lo - (b_lo - 1) * na, na);
      if (b_lo < b_hi)
        for (index_t strip = 0; strip < strips; strip += panel_strips) panel(s, d, strip, std::min(strips, strip + panel_strips), b_lo, b_hi);
      if (b_hi * na < hi) part_row(s, d, b_hi, 0, hi - b_hi * na);
    });
  }
}

// Positions [begin, end) of a deep strips walk numbered row of B by row (walk.hpp's b_major, nc
// items of C by A in each row): in each item of the loops outside C, the whole rows by
// deep_tiles over all of C's run, and the parts of rows at either end (only where a range is not
// snapped) element by element.
template <class T, bool Stream>
inline void deep_rows(const copy_plan& p, const T* src, T* dst, const tiles_job& job, const copy_walk& walk, index_t begin, index_t end) {
  const std::size_t c_loop = p.rank - 3, b_loop = p.rank - 2, a_loop = p.rank - 1;
  const index_t block = walk.block(), row = walk.row(), nc = walk.nc, na = walk.n, nb = walk.nb, line = walk.line;
  // Positions [lo, hi) of an item, element by element.
  const auto elements = [&](index_t item, index_t lo, index_t hi) {
    if (lo >= hi) return;
    walk_outer(p, c_loop, item, item + 1, [&](index_t so, index_t dof) {
      for (index_t at = lo; at < hi; ++at) {
        const index_t b = at / row, c = at % row / na, a = at % na;
        dst[dof + b * p.dst_stride[b_loop] + c * p.dst_stride[c_loop] + a * p.dst_stride[a_loop]] =
            src[so + b * p.src_stride[b_loop] + c * p.src_stride[c_loop] + a * p.src_stride[a_loop]];
      }
    });
  };
  // The rows at which deep_tiles may start and stop: any, or for seam tiles, their blocks'
  // boundaries (0, b_peel, b_peel + k * line, nb), the nearest at or past b and at or before it.
  const auto up = [&](index_t b) {
    if (!job.seams || b <= 0) return b;
    return b <= walk.b_peel ? walk.b_peel : std::min(nb, walk.b_peel + ceil_div(b - walk.b_peel, line) * line);
  };
  const auto down = [&](index_t b) {
    if (!job.seams || b >= nb) return b;
    return b < walk.b_peel ? 0 : walk.b_peel + (b - walk.b_peel) / line * line;
  };
  for (index_t item = begin / block; item * block < end; ++item) {
    const index_t lo = std::max(begin, item * block) - item * block, hi = std::min(end, (item + 1) * block) - item * block;
    const index_t b_lo = up((lo + row - 1) / row), b_hi = down(hi / row);
    if (b_lo >= b_hi) {
      elements(item, lo, hi);
      continue;
    }
    elements(item, lo, b_lo * row);
    deep_tiles<T, Stream>(p, src, dst, job, walk, item * nc, (item + 1) * nc, b_lo, b_hi);
    elements(item, b_hi * row, hi);
  }
}

// Positions [begin, end) of a strips walk; in a deep one, the whole blocks by deep_tiles.
template <class T, bool Stream>
inline void run_tiles(const copy_plan& p, const T* src, T* dst, const tiles_job& job, const copy_walk& walk, index_t begin, index_t end) {
  if (job.source_run > 0 || job.destination_run > 0) {
    source_run_tiles<T, Stream>(p, src, dst, job, walk, begin, end);
    if constexpr (Stream) stream_fence();
    return;
  }
  const index_t block = walk.block(), first = (begin + block - 1) / block, last = end / block;
  // Parts of planes, strip by strip. Where ragged seam tiles stream, the destination's lines are
  // aligned along A' only, not plane by plane, so those parts take plain stores.
  const auto parts = [&](index_t from, index_t to) {
    if (job.ragged_seams) strip_tiles<T, false>(p, src, dst, job, walk, from, to);
    else strip_tiles<T, Stream>(p, src, dst, job, walk, from, to);
  };
  if (walk.deep && walk.b_major) {
    deep_rows<T, Stream>(p, src, dst, job, walk, begin, end);
  } else if (walk.deep && first < last) {
    if (begin < first * block) parts(begin, first * block);
    deep_tiles<T, Stream>(p, src, dst, job, walk, first, last, 0, walk.nb);
    if (last * block < end) parts(last * block, end);
  } else {
    parts(begin, end);
  }
  if constexpr (Stream) stream_fence();
}

/// Positions [begin, end) of the job's walk.
template <class T>
void run_range(const copy_job<T>& job, index_t begin, index_t end) {
  const copy_plan& p = *job.plan;
  if (job.walk.kind == walk_kind::tuples) {
    run_tuples(p, job.tuples, job.stream, job.src, job.dst, begin, end);
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

/// The kernels of this instruction set as copy_engine.hpp asks for them: which element types
/// each kind of kernel moves in registers (its `prepare` decides by them), and the running of a
/// prepared job.
struct kernels {
  template <class T>
  static constexpr bool rows_in_registers = simd_v<T>;
  template <class T>
  static constexpr bool tiles_in_registers = tile_simd_v<T>;
  template <class T>
  static constexpr index_t tuples_up_to = STRIDER_COPY_KERNELS::tuples_up_to<T>();
  // Whether a staged block's rows under a line go by masked stores (stores_first_masked).
  template <class T>
  static constexpr bool short_rows_masked = [] {
    if constexpr (tile_simd_v<T>) return short_columns_in_registers<tile_vec_t<T>> && stores_first_masked<tile_vec_t<T>>;
    else return false;
  }();
  static constexpr bool long_tuples_line_in_register = STRIDER_COPY_KERNELS::long_tuples_line_in_register();
  template <class T>
  static constexpr bool tuples_in_registers(tuples_kind kind, index_t k) {
    return STRIDER_COPY_KERNELS::tuples_in_registers<T>(kind, k);
  }
  template <class T>
  static void run(const copy_job<T>& job, index_t begin, index_t end) {
    STRIDER_COPY_KERNELS::run_range(job, begin, end);  // not copy_engine::run_range, which ADL would find too
  }
};

}  // namespace strider::detail::copy_engine
