// The types and per-thread steps of examples/cuda/flash_attention.cu: FlashAttention-2's forward
// pass, O = softmax(Q K^T / sqrt(D)) V, in half precision with float accumulation, for head
// dimension D (64 or 128), Q, K, V and O of (batch x heads x sequence) rows of D halves
// (row-major, heads one after another), the sequence a run-time multiple of 64, with an optional
// causal mask. A block of 4 warps takes 64 query rows (16 a warp) and walks the keys 64 at a time:
// S = Q K^T by one tiled MMA, the online softmax over S's rows, and O += P V by a second tiled MMA
// whose A operand is P, S's accumulators converted to f16 and retiled in registers.
//
// Every step is a verb whose proof is its own: the cp.async tiled copy certifies its shared
// writes (and its global reads coalesced: the rows' stride is static), the ldmatrix tiled copies
// their rows (K read as K^T's (D, keys) view, not transposed; V by .trans), the epilogue's
// stmatrix its rows and its vector stores coalesced, retile_as_a that P's
// registers are the next A fragment, row_reduction that the lanes sharing a row are a butterfly,
// and same_rows below that S's and O's row slots are the same rows. The host twin
// (runtime_tests/flash_attention_twin_test.cpp) runs these steps with the verbs' twins.
#pragma once

#include <cmath>
#include <cstdint>

#include <strider/atom.hpp>
#include <strider/storage/view.hpp>

namespace flash_attention {

using strider::index_t;

inline constexpr index_t block_q = 64, block_kv = 64, threads = 128;

template <index_t D>
struct config {
  static_assert(D == 64 || D == 128, "flash_attention: head dimension 64 or 128");
  using atom = strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>;
  /// S (64 x 64) = Q (64 x D) K^T (D x 64), and O (64 x D) += P (64 x 64) V (64 x D): 4 warps along M.
  using qk_mma = strider::tiled_mma<atom, strider::shape<4, 1>, strider::shape<block_q, block_kv, D>>;
  using pv_mma = strider::tiled_mma<atom, strider::shape<4, 1>, strider::shape<block_q, D, block_kv>>;
  /// A tile of Q, K or V in shared memory: 64 rows of D halves, the 16-byte chunks of row r XORed
  /// with r % 8 (rows of 128 bytes) or (r / 2) % 8 (256 bytes).
  using tile = strider::swizzled_t<strider::contiguous<block_kv, D>, strider::swizzle<3, 3, D == 64 ? 3 : 4>>;
  /// The rows in global memory: (rows, D), the rows a run-time multiple of 64; tiles of 64 x D.
  using matrix = strider::layout<strider::shape<strider::dyn_multiple<block_q>, D>, strider::strides<D, 1>>;
  using tiles = strider::tile_t<matrix, block_q, D>;
  /// The copies: 16-byte cp.async of a tile, each row by D / 8 threads; Q's fragment by
  /// ldmatrix.x4, K's as the B operand of Q K^T (K^T is (D, keys), K's D contiguous: not
  /// transposed), V's as the B operand of P V (V is (keys, D), D contiguous: .trans).
  using g2s = strider::tiled_copy<strider::cp_async<16, strider::cache_operator::cg>,
                                  strider::thread_value_t<strider::contiguous<threads * 8 / D, D / 8>, strider::contiguous<1, 8>>, std::uint16_t>;
  using s2r_q = strider::tiled_copy_a_t<strider::ldmatrix_x4, qk_mma>;
  using s2r_k = strider::tiled_copy_b_t<strider::ldmatrix_x4, qk_mma>;
  using s2r_v = strider::tiled_copy_b_t<strider::ldmatrix_x4_trans, pv_mma>;
  /// The epilogue: O's fragment as halves into a shared tile by stmatrix.x4, then the tile to
  /// global memory by 16-byte vectors (the global side certified coalesced: its strides are static).
  using r2s_o = strider::tiled_copy_c_t<strider::stmatrix_x4, pv_mma>;
  using s2g = strider::tiled_copy<strider::universal_copy<16, strider::memory_space::shared, strider::memory_space::global>, typename g2s::thread_value, std::uint16_t>;
  /// Row max and row sum over S's fragment (each row's 4 lanes of a quad); O's rows by the same slots.
  using s_rows = strider::row_reduction<typename qk_mma::c_layout>;
  using o_rows = strider::row_reduction<typename pv_mma::c_layout>;
  static constexpr std::size_t rows = s_rows::row_count;
};

/// Whether each thread's row slot r of S's fragment and of O's is the same row of the block: the
/// softmax's per-row state (max, sum, correction) is kept by slot and applied to O by slot.
template <class S, class O>
constexpr bool same_rows() {
  using sr = strider::row_reduction<S>;
  using orow = strider::row_reduction<O>;
  if (sr::rows != orow::rows) return false;
  // Each slot's values share one row (row_reduction proves it), so its first value stands for it.
  index_t s_first[sr::row_count] = {}, o_first[sr::row_count] = {};
  for (index_t v = S::values; v-- > 0;) s_first[sr::slot(v)] = v;
  for (index_t v = O::values; v-- > 0;) o_first[orow::slot(v)] = v;
  for (index_t t = 0; t < S::threads; ++t)
    for (std::size_t r = 0; r < sr::row_count; ++r)
      if (S::element(t, s_first[r]) / S::tile_shape[1] != O::element(t, o_first[r]) / O::tile_shape[1]) return false;
  return true;
}
static_assert(same_rows<config<64>::qk_mma::c_layout, config<64>::pv_mma::c_layout>());
static_assert(same_rows<config<128>::qk_mma::c_layout, config<128>::pv_mma::c_layout>());

/// The problem as the kernel takes it, made on the host: the tilings of Q, K, V and O, the
/// key tiles per sequence, and the softmax's scale in base 2.
template <index_t D>
struct problem {
  strider::tensor_view<const std::uint16_t, typename config<D>::tiles> q, k, v;
  strider::tensor_view<std::uint16_t, typename config<D>::tiles> o;
  index_t seq_tiles = 0;
  float scale_log2 = 0.0f;  // log2(e) / sqrt(D)
  bool causal = false;      // each query attends to the keys up to its own position
};
/// The tilings (a sequence that is not a multiple of 64 is refused by the matrix layout).
template <index_t D>
problem<D> make_problem(const std::uint16_t* q, const std::uint16_t* k, const std::uint16_t* v, std::uint16_t* o, index_t batch_heads, index_t seq, bool causal) {
  using matrix = typename config<D>::matrix;
  if (seq % block_kv != 0) throw strider::layout_error("flash_attention: the sequence is {}; it must be a multiple of {}", seq, block_kv);
  const matrix rows(batch_heads * seq);
  const auto tiles_of = [&](auto* data) { return strider::tile<block_q, D>(strider::tensor_view<std::remove_pointer_t<decltype(data)>, matrix>(data, rows)); };
  return {tiles_of(q), tiles_of(k), tiles_of(v), tiles_of(o), seq / block_kv, static_cast<float>(1.4426950408889634 / std::sqrt(static_cast<double>(D))), causal};
}

// max.f32 and fma.rn.f32 on the device (fmaxf, fmaf), the same functions on the host.
STRIDER_HOST_DEVICE inline float max_of(float a, float b) {
#ifdef __CUDA_ARCH__
  return fmaxf(a, b);
#else
  return std::fmax(a, b);
#endif
}
STRIDER_HOST_DEVICE inline float sum_of(float a, float b) { return a + b; }
STRIDER_HOST_DEVICE inline float fma_of(float a, float b, float c) {
#ifdef __CUDA_ARCH__
  return fmaf(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

/// One thread's online-softmax state: per row slot, the running max (scaled, base 2), the running
/// sum, and the last step's correction of both.
template <index_t D>
struct softmax_state {
  static constexpr std::size_t rows = config<D>::rows;
  float max[rows], sum[rows], correction[rows];
  STRIDER_HOST_DEVICE constexpr softmax_state() : max{}, sum{}, correction{} {
    for (std::size_t r = 0; r < rows; ++r) max[r] = -__builtin_huge_valf();
  }
};

template <index_t D>
using s_fragment = strider::c_fragment_t<typename config<D>::qk_mma>;
template <index_t D>
using o_fragment = strider::c_fragment_t<typename config<D>::pv_mma>;

/// The causal mask of the diagonal tile: S's elements of a key after the query are -infinity.
/// Element (t, v) of the C layout is thread t's first element moved by value v's constant step
/// (a partition moves each axis along one tile axis, without carrying), so the key's column
/// passes the query's row where col(t) - row(t) > row step(v) - column step(v).
template <index_t D>
STRIDER_HOST_DEVICE void mask_diagonal(s_fragment<D>& s, index_t thread) {
  using C = typename config<D>::qk_mma::c_layout;
  const index_t first = C::element(thread, 0), past_diagonal = first % block_kv - first / block_kv;
  STRIDER_UNROLL
  for (index_t v = 0; v < C::values; ++v) {
    const index_t step = C::element(0, v) - C::element(0, 0);  // a constant where v is
    if (past_diagonal > step / block_kv - step % block_kv) s[v] = -__builtin_huge_valf();
  }
}

/// After the tile's row maxima (`tile_max`, S's unscaled values, across the quad): the new running
/// max, the correction of the old state, O rescaled by it, and S turned into P = exp2(S scale - max).
template <index_t D>
STRIDER_HOST_DEVICE void rescale(softmax_state<D>& st, const float (&tile_max)[config<D>::rows], float scale_log2, s_fragment<D>& s, o_fragment<D>& o) {
  using c = config<D>;
  STRIDER_UNROLL
  for (std::size_t r = 0; r < c::rows; ++r) {
    const float m = max_of(st.max[r], tile_max[r] * scale_log2);
    st.correction[r] = strider::exp2_approx(st.max[r] - m);  // 0 on the first tile (max -infinity)
    st.max[r] = m;
  }
  STRIDER_UNROLL
  for (index_t v = 0; v < s_fragment<D>::size; ++v) s[v] = strider::exp2_approx(fma_of(s[v], scale_log2, -st.max[c::s_rows::slot(v)]));
  STRIDER_UNROLL
  for (index_t v = 0; v < o_fragment<D>::size; ++v) o[v] *= st.correction[c::o_rows::slot(v)];
}
/// After P's row sums (across the quad): the running sum.
template <index_t D>
STRIDER_HOST_DEVICE void accumulate(softmax_state<D>& st, const float (&tile_sum)[config<D>::rows]) {
  STRIDER_UNROLL
  for (std::size_t r = 0; r < config<D>::rows; ++r) st.sum[r] = st.sum[r] * st.correction[r] + tile_sum[r];
}
/// The end: O divided by its rows' sums.
template <index_t D>
STRIDER_HOST_DEVICE void normalize(const softmax_state<D>& st, o_fragment<D>& o) {
  STRIDER_UNROLL
  for (index_t v = 0; v < o_fragment<D>::size; ++v) o[v] /= st.sum[config<D>::o_rows::slot(v)];
}



}  // namespace flash_attention
