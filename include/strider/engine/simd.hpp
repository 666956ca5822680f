// strider/engine/simd.hpp: the SIMD registers of the copy kernels (kernels.hpp), one struct per
// register kind and element size with the few operations the kernels need: SSE2 (the x86-64
// baseline), AVX2 (AVX-512 for the transposes where the compiler targets it, AVX-512BW's for 1-
// and 2-byte elements), none elsewhere. Not a header of its own: copy_engine.hpp includes it,
// with kernels.hpp, once per instruction set it compiles (isa.hpp), in the namespace
// STRIDER_COPY_KERNELS and with STRIDER_COPY_SSE2, STRIDER_COPY_AVX2, STRIDER_COPY_AVX512 and
// STRIDER_COPY_AVX512BW saying which registers there are.

namespace strider::detail::copy_engine::STRIDER_COPY_KERNELS {

// One struct per register kind and element size, with the few operations the kernels need.
// They move bits only (loads, stores, shuffles), so any trivially copyable element of 4 or 8
// bytes goes through the float/double forms unchanged.

#if defined(STRIDER_COPY_SSE2)
struct sse_4 {
  using reg = __m128;
  static constexpr int lanes = 4, side = lanes;
  static reg load(const void* p) { return _mm_loadu_ps(static_cast<const float*>(p)); }
  static reg splat(const void* p) { return _mm_load1_ps(static_cast<const float*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_ps(static_cast<float*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_ps(static_cast<float*>(p), v); }
  static reg reverse(reg v) { return _mm_shuffle_ps(v, v, 0x1B); }
  static reg even(reg a, reg b) { return _mm_shuffle_ps(a, b, 0x88); }  // a0 a2 b0 b2
  // The elements of a|b at even and odd places (a0 a2 b0 b2, a1 a3 b1 b3), and its inverse, a
  // and b interleaved (a0 b0 a1 b1, a2 b2 a3 b3): pairs split into two rows and back.
  static void unzip(reg a, reg b, reg& even_out, reg& odd_out) {
    even_out = even(a, b);
    odd_out = _mm_shuffle_ps(a, b, 0xDD);
  }
  static void zip(reg a, reg b, reg& lo, reg& hi) {
    lo = _mm_unpacklo_ps(a, b);
    hi = _mm_unpackhi_ps(a, b);
  }
  // Every third element of a|b|c: a0 a3 b2 c1.
  static reg third(reg a, reg b, reg c) {
    const reg t = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 3, 3, 0));  // a0 a3 . .
    const reg u = _mm_shuffle_ps(b, c, _MM_SHUFFLE(1, 1, 2, 2));  // b2 b2 c1 c1
    return _mm_shuffle_ps(t, u, _MM_SHUFFLE(2, 0, 1, 0));
  }
  [[gnu::always_inline]] static void transpose(reg* r) { _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]); }
};

struct sse_8 {
  using reg = __m128d;
  static constexpr int lanes = 2, side = lanes;
  static reg load(const void* p) { return _mm_loadu_pd(static_cast<const double*>(p)); }
  static reg splat(const void* p) { return _mm_load1_pd(static_cast<const double*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_pd(static_cast<double*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_pd(static_cast<double*>(p), v); }
  static reg reverse(reg v) { return _mm_shuffle_pd(v, v, 1); }
  static reg even(reg a, reg b) { return _mm_unpacklo_pd(a, b); }  // a0 b0
  static void unzip(reg a, reg b, reg& even_out, reg& odd_out) {
    even_out = even(a, b);
    odd_out = _mm_unpackhi_pd(a, b);  // a1 b1
  }
  static void zip(reg a, reg b, reg& lo, reg& hi) { unzip(a, b, lo, hi); }  // the same for two lanes
  static reg third(reg a, reg b, reg) { return _mm_shuffle_pd(a, b, 2); }  // a0 b1
  [[gnu::always_inline]] static void transpose(reg* r) {
    const reg t = _mm_unpacklo_pd(r[0], r[1]);
    r[1] = _mm_unpackhi_pd(r[0], r[1]);
    r[0] = t;
  }
};
#endif

#if defined(STRIDER_COPY_AVX2)
struct avx_4 {
  using reg = __m256;
  static constexpr int lanes = 8, side = lanes;
  static reg load(const void* p) { return _mm256_loadu_ps(static_cast<const float*>(p)); }
  static reg splat(const void* p) { return _mm256_broadcast_ss(static_cast<const float*>(p)); }
  static void store(void* p, reg v) { _mm256_storeu_ps(static_cast<float*>(p), v); }
  static void stream(void* p, reg v) { _mm256_stream_ps(static_cast<float*>(p), v); }
  static reg reverse(reg v) { return _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)); }
  // The n (0 to lanes) elements at p in lanes [0, n), the others zero: a masked load, which
  // reads no memory for the lanes past n (nor faults there, as at the end of a page), at any
  // alignment. Example: n = 3 gives p[0] p[1] p[2] 0 0 0 0 0.
  static reg load_first(const void* p, int n) {
    return _mm256_maskload_ps(static_cast<const float*>(p), _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
  }
  // Lanes [0, n) of v to p[0, n), writing (and touching) no memory past them: by pieces of 4, 2
  // and 1 lanes, not by vmaskmovps, whose stores measured several times slower than the pieces
  // on AMD's Zen (benchmarks/README.md, "Short ends of long tuples"). Example: n = 7 stores
  // lanes 0-3, then 4-5, then 6.
  static void store_first(void* p, reg v, int n) {
    float* f = static_cast<float*>(p);
    if (n >= lanes) return store(f, v);
    __m128 part = _mm256_castps256_ps128(v);
    if (n & 4) {
      _mm_storeu_ps(f, part);
      f += 4;
      part = _mm256_extractf128_ps(v, 1);
    }
    // (By the unaligned integer stores: _mm_store_ss writes through a float*, which p, at any
    // alignment, need not be.)
    if (n & 2) {
      _mm_storeu_si64(f, _mm_castps_si128(part));
      f += 2;
      part = _mm_movehl_ps(part, part);
    }
    if (n & 1) _mm_storeu_si32(f, _mm_castps_si128(part));
  }
  static reg even(reg a, reg b) {
    // a0 a2 b0 b2 | a4 a6 b4 b6, then the 64-bit pairs reordered to a0 a2 a4 a6 b0 b2 b4 b6.
    const reg t = _mm256_shuffle_ps(a, b, 0x88);
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(t), 0xD8));
  }
  // As sse_4's: the even and odd places in the same two steps as `even`.
  static void unzip(reg a, reg b, reg& even_out, reg& odd_out) {
    even_out = even(a, b);
    odd_out = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0xDD)), 0xD8));
  }
  // Interleaved within 128-bit halves (a0 b0 a1 b1 | a4 b4 a5 b5 and a2 b2 a3 b3 | a6 b6 a7 b7),
  // then the halves put in order.
  static void zip(reg a, reg b, reg& lo, reg& hi) {
    const reg l = _mm256_unpacklo_ps(a, b), h = _mm256_unpackhi_ps(a, b);
    lo = _mm256_permute2f128_ps(l, h, 0x20);
    hi = _mm256_permute2f128_ps(l, h, 0x31);
  }
  // The three rows of a 3 x 8 block stored column by column in a|b|c (s[3j + r] is row r's j):
  // each row's lanes come from one of the three registers by two blends, then one permute puts
  // them in order.
  static void deinterleave3(reg a, reg b, reg c, reg& r0, reg& r1, reg& r2) {
    r0 = _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x92), c, 0x24), _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    r1 = _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x24), c, 0x49), _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6));
    r2 = _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x49), c, 0x92), _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
  }
  // Its inverse, three rows into a 3 x 8 block column by column: each row's lanes permuted to
  // where deinterleave3 found them, then each of a, b, c blended from the three by the same masks.
  static void interleave3(reg r0, reg r1, reg r2, reg& a, reg& b, reg& c) {
    const reg x0 = _mm256_permutevar8x32_ps(r0, _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    const reg x1 = _mm256_permutevar8x32_ps(r1, _mm256_setr_epi32(5, 0, 3, 6, 1, 4, 7, 2));
    const reg x2 = _mm256_permutevar8x32_ps(r2, _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
    a = _mm256_blend_ps(_mm256_blend_ps(x0, x1, 0x92), x2, 0x24);
    b = _mm256_blend_ps(_mm256_blend_ps(x0, x1, 0x24), x2, 0x49);
    c = _mm256_blend_ps(_mm256_blend_ps(x0, x1, 0x49), x2, 0x92);
  }
  static reg third(reg a, reg b, reg c) {
    return _mm256_permutevar8x32_ps(_mm256_blend_ps(_mm256_blend_ps(a, b, 0x92), c, 0x24), _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
  }
  // Half squares (kernels.hpp's tail_rows): register j < 4 holds the first n (1 to 4) elements
  // of rows j and j + 4 in its two 128-bit halves; transpose_halves leaves column k (k < 4) of
  // the 8 rows in register k: the first two rounds of transpose, on half the registers.
  static constexpr int half = 4;
  static reg load_halves_first(const void* lo, const void* hi, int n) {
    const __m128i m = _mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(0, 1, 2, 3));
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_maskload_ps(static_cast<const float*>(lo), m)), _mm_maskload_ps(static_cast<const float*>(hi), m), 1);
  }
  [[gnu::always_inline]] static void transpose_halves(reg* r) {
    const reg t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    const reg t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    r[0] = _mm256_shuffle_ps(t0, t2, 0x44);
    r[1] = _mm256_shuffle_ps(t0, t2, 0xEE);
    r[2] = _mm256_shuffle_ps(t1, t3, 0x44);
    r[3] = _mm256_shuffle_ps(t1, t3, 0xEE);
  }
  [[gnu::always_inline]] static void transpose(reg* r) {
    // 2x2 blocks of single elements, then of pairs (rows 0-3 and 4-7 as half squares), then of
    // 128-bit halves.
    transpose_halves(r);
    transpose_halves(r + 4);
    STRIDER_COPY_UNROLL
    for (int c = 0; c < 4; ++c) {
      const reg low = r[c], high = r[4 + c];
      r[c] = _mm256_permute2f128_ps(low, high, 0x20);
      r[4 + c] = _mm256_permute2f128_ps(low, high, 0x31);
    }
  }
};

struct avx_8 {
  using reg = __m256d;
  static constexpr int lanes = 4, side = lanes;
  static reg load(const void* p) { return _mm256_loadu_pd(static_cast<const double*>(p)); }
  static reg splat(const void* p) { return _mm256_broadcast_sd(static_cast<const double*>(p)); }
  static void store(void* p, reg v) { _mm256_storeu_pd(static_cast<double*>(p), v); }
  static void stream(void* p, reg v) { _mm256_stream_pd(static_cast<double*>(p), v); }
  static reg reverse(reg v) { return _mm256_permute4x64_pd(v, 0x1B); }
  // As avx_4's.
  static reg load_first(const void* p, int n) {
    return _mm256_maskload_pd(static_cast<const double*>(p), _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3)));
  }
  static void store_first(void* p, reg v, int n) {
    double* f = static_cast<double*>(p);
    if (n >= lanes) return store(f, v);
    __m128d part = _mm256_castpd256_pd128(v);
    if (n & 2) {
      _mm_storeu_pd(f, part);
      f += 2;
      part = _mm256_extractf128_pd(v, 1);
    }
    if (n & 1) _mm_storeu_si64(f, _mm_castpd_si128(part));
  }
  static reg even(reg a, reg b) { return _mm256_permute4x64_pd(_mm256_unpacklo_pd(a, b), 0xD8); }  // a0 a2 b0 b2
  static void unzip(reg a, reg b, reg& even_out, reg& odd_out) {
    even_out = even(a, b);
    odd_out = _mm256_permute4x64_pd(_mm256_unpackhi_pd(a, b), 0xD8);  // a1 a3 b1 b3
  }
  static void zip(reg a, reg b, reg& lo, reg& hi) {
    const reg l = _mm256_unpacklo_pd(a, b), h = _mm256_unpackhi_pd(a, b);  // a0 b0 | a2 b2, a1 b1 | a3 b3
    lo = _mm256_permute2f128_pd(l, h, 0x20);
    hi = _mm256_permute2f128_pd(l, h, 0x31);
  }
  // As avx_4's, for 3 x 4 blocks: s[3j + r] in lane (3j + r) % 4 of register (3j + r) / 4.
  static void deinterleave3(reg a, reg b, reg c, reg& r0, reg& r1, reg& r2) {
    r0 = _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x4), c, 0x2), 0x6C);  // lanes 0 3 2 1
    r1 = _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x9), c, 0x4), 0xB1);  // lanes 1 0 3 2
    r2 = _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x2), c, 0x9), 0xC6);  // lanes 2 1 0 3
  }
  // Its inverse, as avx_4's (each of the three lane orders is its own inverse).
  static void interleave3(reg r0, reg r1, reg r2, reg& a, reg& b, reg& c) {
    const reg x0 = _mm256_permute4x64_pd(r0, 0x6C), x1 = _mm256_permute4x64_pd(r1, 0xB1), x2 = _mm256_permute4x64_pd(r2, 0xC6);
    a = _mm256_blend_pd(_mm256_blend_pd(x0, x1, 0x2), x2, 0x4);
    b = _mm256_blend_pd(_mm256_blend_pd(x0, x1, 0x9), x2, 0x2);
    c = _mm256_blend_pd(_mm256_blend_pd(x0, x1, 0x4), x2, 0x9);
  }
  static reg third(reg a, reg b, reg c) { return _mm256_permute4x64_pd(_mm256_blend_pd(_mm256_blend_pd(a, b, 0x4), c, 0x2), 0x6C); }
  // As avx_4's: rows j and j + 2 (j < 2), n (1 or 2) elements each; one round.
  static constexpr int half = 2;
  static reg load_halves_first(const void* lo, const void* hi, int n) {
    // One element each (the first lane's mask alone), or two: plain loads.
    if (n == 1) return _mm256_set_m128d(_mm_load_sd(static_cast<const double*>(hi)), _mm_load_sd(static_cast<const double*>(lo)));
    return _mm256_set_m128d(_mm_loadu_pd(static_cast<const double*>(hi)), _mm_loadu_pd(static_cast<const double*>(lo)));
  }
  [[gnu::always_inline]] static void transpose_halves(reg* r) {
    const reg low = _mm256_unpacklo_pd(r[0], r[1]);
    r[1] = _mm256_unpackhi_pd(r[0], r[1]);
    r[0] = low;
  }
  [[gnu::always_inline]] static void transpose(reg* r) {
    const reg t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
    const reg t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
    r[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    r[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    r[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    r[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
  }
};
#endif

#if defined(STRIDER_COPY_AVX512)
// The last rounds of a 16 x 16 (floats) or 8 x 8 (doubles) transpose: after the rounds within
// 128-bit lanes, register x[step * M + c] (M < 4, c < step) holds in its 128-bit lane L the block
// that belongs in lane M of register step * L + c. For each c, a 4 x 4 transpose of 128-bit
// blocks across the registers x[c], x[step + c], x[2 step + c], x[3 step + c].
template <class Reg, class Shuffle>
[[gnu::always_inline]] inline void transpose_blocks_4x4(Reg* x, int step, Shuffle shuffle) {
  STRIDER_COPY_UNROLL
  for (int c = 0; c < step; ++c) {
    const Reg v0 = shuffle(x[c], x[step + c], std::integral_constant<int, 0x44>{});            // X0[0] X0[1] X1[0] X1[1]
    const Reg v1 = shuffle(x[c], x[step + c], std::integral_constant<int, 0xEE>{});            // X0[2] X0[3] X1[2] X1[3]
    const Reg v2 = shuffle(x[2 * step + c], x[3 * step + c], std::integral_constant<int, 0x44>{});
    const Reg v3 = shuffle(x[2 * step + c], x[3 * step + c], std::integral_constant<int, 0xEE>{});
    x[c] = shuffle(v0, v2, std::integral_constant<int, 0x88>{});             // X0[0] X1[0] X2[0] X3[0]
    x[step + c] = shuffle(v0, v2, std::integral_constant<int, 0xDD>{});      // X0[1] X1[1] X2[1] X3[1]
    x[2 * step + c] = shuffle(v1, v3, std::integral_constant<int, 0x88>{});  // lane 2 of each
    x[3 * step + c] = shuffle(v1, v3, std::integral_constant<int, 0xDD>{});  // lane 3 of each
  }
}

// The operations are written in their zero-masking forms with every lane kept: the same
// instructions, but g++ 12 warns (-Wuninitialized) on the unmasked forms' undefined operand.
struct avx512_4 {
  using reg = __m512;
  static constexpr __mmask16 all = 0xFFFF;
  static constexpr int lanes = 16, side = lanes;
  static reg load(const void* p) { return _mm512_loadu_ps(p); }
  static void store(void* p, reg v) { _mm512_storeu_ps(p, v); }
  static void stream(void* p, reg v) { _mm512_stream_ps(static_cast<float*>(p), v); }
  static reg reverse(reg v) { return _mm512_maskz_permutexvar_ps(all, _mm512_setr_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0), v); }
  // As avx_4's.
  static reg load_first(const void* p, int n) { return _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << n) - 1), p); }
  static void store_first(void* p, reg v, int n) { _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1), v); }
  static constexpr bool store_first_masked = true;  // one masked store (kernels.hpp's stores_first_masked)
  // As avx_4's: rows j and j + 8 (j < 8), n (1 to 8) elements each, in the 256-bit halves; the
  // rounds within 128-bit lanes, then 2 x 2 blocks of them within each half.
  static constexpr int half = 8;
  static reg load_halves_first(const void* lo, const void* hi, int n) {
    const __mmask16 m = static_cast<__mmask16>((1u << n) - 1);
    return _mm512_maskz_shuffle_f32x4(all, _mm512_maskz_loadu_ps(m, lo), _mm512_maskz_loadu_ps(m, hi), 0x44);
  }
  [[gnu::always_inline]] static void transpose_halves(reg* r) {
    rounds_in_lanes<8>(r);
    // r[4m + c] holds column 4L + c of rows 4m to 4m + 3 in 128-bit lane L (lanes 0, 1 from
    // rows j, lanes 2, 3 from rows j + 8): blocks 0 and 2 of r[c] with those of r[4 + c], 1 and 3.
    STRIDER_COPY_UNROLL
    for (int c = 0; c < 4; ++c) {
      const reg a = r[c], b = r[4 + c];
      r[c] = _mm512_mask_shuffle_f32x4(a, 0xF0F0, b, b, 0xA0);      // a0 b0 a2 b2
      r[4 + c] = _mm512_mask_shuffle_f32x4(b, 0x0F0F, a, a, 0xF5);  // a1 b1 a3 b3
    }
  }
  // Within 128-bit lanes, as avx_4's first two rounds, on N registers: t[2k] / t[2k + 1]
  // interleave rows 2k and 2k + 1 (columns 4L, 4L + 1 / 4L + 2, 4L + 3 of lane L); then
  // r[4m + c] holds column 4L + c of rows 4m to 4m + 3 in lane L.
  template <int N>
  [[gnu::always_inline]] static void rounds_in_lanes(reg* r) {
    reg t[static_cast<std::size_t>(N)];
    STRIDER_COPY_UNROLL
    for (int k = 0; k < N / 2; ++k) {
      t[2 * k] = _mm512_maskz_unpacklo_ps(all, r[2 * k], r[2 * k + 1]);
      t[2 * k + 1] = _mm512_maskz_unpackhi_ps(all, r[2 * k], r[2 * k + 1]);
    }
    STRIDER_COPY_UNROLL
    for (int m = 0; m < N / 4; ++m) {
      r[4 * m] = _mm512_maskz_shuffle_ps(all, t[4 * m], t[4 * m + 2], 0x44);
      r[4 * m + 1] = _mm512_maskz_shuffle_ps(all, t[4 * m], t[4 * m + 2], 0xEE);
      r[4 * m + 2] = _mm512_maskz_shuffle_ps(all, t[4 * m + 1], t[4 * m + 3], 0x44);
      r[4 * m + 3] = _mm512_maskz_shuffle_ps(all, t[4 * m + 1], t[4 * m + 3], 0xEE);
    }
  }
  [[gnu::always_inline]] static void transpose(reg* r) {
    rounds_in_lanes<16>(r);
    transpose_blocks_4x4(r, 4, []<int Imm>(reg a, reg b, std::integral_constant<int, Imm>) { return _mm512_maskz_shuffle_f32x4(all, a, b, Imm); });
  }
};

struct avx512_8 {
  using reg = __m512d;
  static constexpr __mmask8 all = 0xFF;
  static constexpr int lanes = 8, side = lanes;
  static reg load(const void* p) { return _mm512_loadu_pd(p); }
  static void store(void* p, reg v) { _mm512_storeu_pd(p, v); }
  static void stream(void* p, reg v) { _mm512_stream_pd(static_cast<double*>(p), v); }
  static reg reverse(reg v) { return _mm512_maskz_permutexvar_pd(all, _mm512_setr_epi64(7, 6, 5, 4, 3, 2, 1, 0), v); }
  // As avx_4's.
  static reg load_first(const void* p, int n) { return _mm512_maskz_loadu_pd(static_cast<__mmask8>((1u << n) - 1), p); }
  static void store_first(void* p, reg v, int n) { _mm512_mask_storeu_pd(p, static_cast<__mmask8>((1u << n) - 1), v); }
  static constexpr bool store_first_masked = true;
  // As avx512_4's: rows j and j + 4 (j < 4), n (1 to 4) elements each.
  static constexpr int half = 4;
  static reg load_halves_first(const void* lo, const void* hi, int n) {
    const __mmask8 m = static_cast<__mmask8>((1u << n) - 1);
    return _mm512_maskz_shuffle_f64x2(all, _mm512_maskz_loadu_pd(m, lo), _mm512_maskz_loadu_pd(m, hi), 0x44);
  }
  [[gnu::always_inline]] static void transpose_halves(reg* r) {
    const reg t0 = _mm512_maskz_unpacklo_pd(all, r[0], r[1]), t1 = _mm512_maskz_unpackhi_pd(all, r[0], r[1]);
    const reg t2 = _mm512_maskz_unpacklo_pd(all, r[2], r[3]), t3 = _mm512_maskz_unpackhi_pd(all, r[2], r[3]);
    // t0 holds columns 0 (lanes 0, 2) and 2 (lanes 1, 3) of rows 0, 1 and 4, 5 by 128-bit lane.
    r[0] = _mm512_mask_shuffle_f64x2(t0, 0xCC, t2, t2, 0xA0);
    r[2] = _mm512_mask_shuffle_f64x2(t2, 0x33, t0, t0, 0xF5);
    r[1] = _mm512_mask_shuffle_f64x2(t1, 0xCC, t3, t3, 0xA0);
    r[3] = _mm512_mask_shuffle_f64x2(t3, 0x33, t1, t1, 0xF5);
  }
  [[gnu::always_inline]] static void transpose(reg* r) {
    // t[2k + c] holds column 2L + c of rows 2k, 2k + 1 in lane L: the 4 x 4 block transpose with
    // registers 2 apart.
    reg t[8];
    STRIDER_COPY_UNROLL
    for (int k = 0; k < 4; ++k) {
      t[2 * k] = _mm512_maskz_unpacklo_pd(all, r[2 * k], r[2 * k + 1]);
      t[2 * k + 1] = _mm512_maskz_unpackhi_pd(all, r[2 * k], r[2 * k + 1]);
    }
    transpose_blocks_4x4(t, 2, []<int Imm>(reg a, reg b, std::integral_constant<int, Imm>) { return _mm512_maskz_shuffle_f64x2(all, a, b, Imm); });
    STRIDER_COPY_UNROLL
    for (int k = 0; k < 8; ++k) r[k] = t[k];
  }
};
#endif

#if defined(STRIDER_COPY_SSE2)
// Transposes n x n elements held in n registers, each 128-bit lane on its own: log2(n)
// rounds of a perfect shuffle (register i paired with i + n/2, interleaved element by element
// into registers 2i and 2i+1 by V's unpack_lo and unpack_hi; each round moves the row index's
// bits one place on). V's functions, not lambdas: g++ compiles a lambda here without the AVX2
// target of the dispatch kernels (isa.hpp), and warns that its ABI changes.
template <class V>
[[gnu::always_inline]] inline void shuffle_transpose(typename V::reg* r) {
  constexpr int N = V::side;
  STRIDER_COPY_UNROLL
  for (int round = 1; round < N; round *= 2) {
    typename V::reg t[static_cast<std::size_t>(N)];
    STRIDER_COPY_UNROLL
    for (int i = 0; i < N / 2; ++i) {
      t[2 * i] = V::unpack_lo(r[i], r[i + N / 2]);
      t[2 * i + 1] = V::unpack_hi(r[i], r[i + N / 2]);
    }
    STRIDER_COPY_UNROLL
    for (int i = 0; i < N; ++i) r[i] = t[i];
  }
}

// 1- and 2-byte elements (uint8 images, float16/bfloat16): transposes only. A square is 16
// bytes on a side, one 128-bit lane: SSE2's registers hold one (side == lanes); AVX2's and
// AVX-512's hold two or four side by side, transposed at once by the same in-lane shuffles, and
// `store_lanes` puts lane L of a transposed row `step` bytes on from lane 0's place (the rows of
// the square L squares on).
template <int Size>
struct sse_small {
  using reg = __m128i;
  static constexpr int lanes = 16 / Size, side = lanes;
  static reg load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store(void* p, reg v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  static void stream(void* p, reg v) { _mm_stream_si128(static_cast<__m128i*>(p), v); }
  static reg unpack_lo(reg a, reg b) { return Size == 1 ? _mm_unpacklo_epi8(a, b) : _mm_unpacklo_epi16(a, b); }
  static reg unpack_hi(reg a, reg b) { return Size == 1 ? _mm_unpackhi_epi8(a, b) : _mm_unpackhi_epi16(a, b); }
  [[gnu::always_inline]] static void transpose(reg* r) { shuffle_transpose<sse_small>(r); }
};
#endif

#if defined(STRIDER_COPY_AVX2)
// Two squares side by side (see sse_small).
template <int Size>
struct avx_small {
  using reg = __m256i;
  static constexpr int lanes = 32 / Size, side = 16 / Size;
  static reg load(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static void store(void* p, reg v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
  static void stream(void* p, reg v) { _mm256_stream_si256(static_cast<__m256i*>(p), v); }
  static void store_lanes(void* p, std::size_t step, reg v) {
    _mm_storeu_si128(static_cast<__m128i*>(p), _mm256_castsi256_si128(v));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(static_cast<char*>(p) + step), _mm256_extracti128_si256(v, 1));
  }
  static reg unpack_lo(reg a, reg b) { return Size == 1 ? _mm256_unpacklo_epi8(a, b) : _mm256_unpacklo_epi16(a, b); }
  static reg unpack_hi(reg a, reg b) { return Size == 1 ? _mm256_unpackhi_epi8(a, b) : _mm256_unpackhi_epi16(a, b); }
  [[gnu::always_inline]] static void transpose(reg* r) { shuffle_transpose<avx_small>(r); }
};
#endif

#if defined(STRIDER_COPY_AVX512BW)
// Four squares side by side (see sse_small): a tile row is one register. Zero-masking forms with
// every lane kept, as avx512_4's.
template <int Size>
struct avx512_small {
  using reg = __m512i;
  static constexpr __mmask64 all = ~__mmask64{0};
  static constexpr int lanes = 64 / Size, side = 16 / Size;
  static reg load(const void* p) { return _mm512_loadu_si512(p); }
  static void store(void* p, reg v) { _mm512_storeu_si512(p, v); }
  static void stream(void* p, reg v) { _mm512_stream_si512(static_cast<__m512i*>(p), v); }
  // (Merge-masking extracts with every lane kept: g++ 12's unmasked ones, and its 512-to-128-bit
  // cast, which it makes an extract, warn as above.)
  static void store_lanes(void* p, std::size_t step, reg v) {
    char* at = static_cast<char*>(p);
    const __m128i zero = _mm_setzero_si128();
    _mm_storeu_si128(reinterpret_cast<__m128i*>(at), _mm512_mask_extracti32x4_epi32(zero, 0xF, v, 0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(at + step), _mm512_mask_extracti32x4_epi32(zero, 0xF, v, 1));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(at + 2 * step), _mm512_mask_extracti32x4_epi32(zero, 0xF, v, 2));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(at + 3 * step), _mm512_mask_extracti32x4_epi32(zero, 0xF, v, 3));
  }
  static reg unpack_lo(reg a, reg b) { return Size == 1 ? _mm512_maskz_unpacklo_epi8(all, a, b) : _mm512_maskz_unpacklo_epi16(static_cast<__mmask32>(all), a, b); }
  static reg unpack_hi(reg a, reg b) { return Size == 1 ? _mm512_maskz_unpackhi_epi8(all, a, b) : _mm512_maskz_unpackhi_epi16(static_cast<__mmask32>(all), a, b); }
  [[gnu::always_inline]] static void transpose(reg* r) { shuffle_transpose<avx512_small>(r); }
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
#if defined(STRIDER_COPY_AVX512)
template <>
struct tile_vec_for<4> {
  using type = avx512_4;
};
template <>
struct tile_vec_for<8> {
  using type = avx512_8;
};
#endif
#if defined(STRIDER_COPY_SSE2)
template <std::size_t Size>
  requires(Size == 1 || Size == 2)
struct tile_vec_for<Size> {
#if defined(STRIDER_COPY_AVX512BW)
  using type = avx512_small<static_cast<int>(Size)>;
#elif defined(STRIDER_COPY_AVX2)
  using type = avx_small<static_cast<int>(Size)>;
#else
  using type = sse_small<static_cast<int>(Size)>;
#endif
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

}  // namespace strider::detail::copy_engine
