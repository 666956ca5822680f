// The host twin of examples/cuda/flash_attention.cu: the kernel's steps in its order for every
// block, each verb by its host twin (host_copy of the tiled copies, stmatrix's and the vector
// stores' included, host_gemm, row_reduction's
// host_allreduce over each warp) and the per-thread steps (flash_attention.hpp) for every thread.
// O is compared with a plain attention loop in double over the same half inputs, for head
// dimensions 64 and 128, with and without the causal mask, on several sequences.
#include <cmath>
#include <cstdint>
#include <vector>

#include "../examples/cuda/flash_attention.hpp"
#include "catch.hpp"

namespace {
namespace fa = flash_attention;
using fa::index_t;

template <index_t D>
void attention_twin(const fa::problem<D>& p, index_t batch_heads) {
  using namespace strider;
  using c = fa::config<D>;
  using qk = typename c::qk_mma;
  using pv = typename c::pv_mma;
  constexpr auto threads = static_cast<std::size_t>(fa::threads);
  std::vector<std::uint16_t> q_shared(c::tile::storage_size), k_shared(c::tile::storage_size), v_shared(c::tile::storage_size);
  const tensor_view<std::uint16_t, typename c::tile> qs(q_shared.data()), ks(k_shared.data()), vs(v_shared.data());
  // Each warp's collective: row_reduction over its 32 lanes' fragments.
  const auto allreduce = [](std::vector<fa::s_fragment<D>>& s, std::vector<std::array<float, c::rows>>& out, auto op) {
    for (std::size_t w = 0; w < threads / 32; ++w) {
      float in[32][c::s_rows::value_count] = {}, totals[32][c::rows] = {};
      for (std::size_t l = 0; l < 32; ++l)
        for (std::size_t v = 0; v < c::s_rows::value_count; ++v) in[l][v] = s[w * 32 + l].values[v];
      c::s_rows::host_allreduce(in, totals, op);
      for (std::size_t l = 0; l < 32; ++l)
        for (std::size_t r = 0; r < c::rows; ++r) out[w * 32 + l][r] = totals[l][r];
    }
  };
  for (index_t qb = 0; qb < batch_heads * p.seq_tiles; ++qb) {
    const index_t first = qb - qb % p.seq_tiles, last = p.causal ? qb : first + p.seq_tiles - 1;
    for (index_t t = 0; t < fa::threads; ++t) {
      host_copy(typename c::g2s{}, tile_at(p.q, qb, 0), qs, t);
      host_copy(typename c::g2s{}, tile_at(p.k, first, 0), ks, t);
    }
    std::vector<a_fragment_t<qk>> q(threads);
    std::vector<b_fragment_t<qk>> k(threads);
    std::vector<b_fragment_t<pv>> v(threads);
    std::vector<c_fragment_t<pv>> o(threads);
    std::vector<fa::softmax_state<D>> state(threads);
    host_copy(typename c::s2r_q{}, qs, q.data());
    for (index_t j = first; j <= last; ++j) {
      for (index_t t = 0; t < fa::threads; ++t) host_copy(typename c::g2s{}, tile_at(p.v, j, 0), vs, t);
      std::vector<c_fragment_t<qk>> s(threads);
      for (index_t kb = 0; kb < qk::repeats_k; ++kb) {
        host_copy(typename c::s2r_k{}, permute<1, 0>(ks), k.data(), kb);
        host_gemm(qk{}, q.data(), k.data(), s.data(), kb);
      }
      if (p.causal && j == qb)
        for (std::size_t t = 0; t < threads; ++t) fa::mask_diagonal<D>(s[t], static_cast<index_t>(t));
      std::vector<std::array<float, c::rows>> tile_max(threads), tile_sum(threads);
      allreduce(s, tile_max, fa::max_of);
      for (std::size_t t = 0; t < threads; ++t) {
        float m[c::rows];
        for (std::size_t r = 0; r < c::rows; ++r) m[r] = tile_max[t][r];
        fa::rescale<D>(state[t], m, p.scale_log2, s[t], o[t]);
      }
      allreduce(s, tile_sum, fa::sum_of);
      for (std::size_t t = 0; t < threads; ++t) {
        float total[c::rows];
        for (std::size_t r = 0; r < c::rows; ++r) total[r] = tile_sum[t][r];
        fa::accumulate<D>(state[t], total);
      }
      if (j < last)
        for (index_t t = 0; t < fa::threads; ++t) host_copy(typename c::g2s{}, tile_at(p.k, j + 1, 0), ks, t);
      std::vector<a_fragment_t<pv>> a(threads);
      for (std::size_t t = 0; t < threads; ++t) a[t] = retile_as_a<pv, qk>(convert<f16>(s[t]));
      for (index_t kb = 0; kb < pv::repeats_k; ++kb) {
        host_copy(typename c::s2r_v{}, vs, v.data(), kb);
        host_gemm(pv{}, a.data(), v.data(), o.data(), kb);
      }
    }
    std::vector<typename c::r2s_o::fragment_type> o16(threads);
    for (std::size_t t = 0; t < threads; ++t) {
      fa::normalize<D>(state[t], o[t]);
      o16[t] = convert<f16>(o[t]);
    }
    host_copy(typename c::r2s_o{}, o16.data(), qs);
    for (index_t t = 0; t < fa::threads; ++t) host_copy(typename c::s2g{}, qs, tile_at(p.o, qb, 0), t);
  }
}

template <index_t D>
double largest_difference(index_t batch_heads, index_t seq, bool causal) {
  const auto n = static_cast<std::size_t>(batch_heads * seq * D);
  std::vector<std::uint16_t> q(n), k(n), v(n), o(n, 0xffffu);
  for (std::size_t i = 0; i < n; ++i) {
    q[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i * 7 % 17) - 8) / 8.0f);
    k[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i * 5 % 13) - 6) / 8.0f);
    v[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i * 3 % 11) - 5) / 4.0f);
  }
  attention_twin<D>(fa::make_problem<D>(q.data(), k.data(), v.data(), o.data(), batch_heads, seq, causal), batch_heads);
  const auto at = [](const std::vector<std::uint16_t>& x, index_t row, index_t col) { return static_cast<double>(strider::f16::from_bits(x[static_cast<std::size_t>(row * D + col)])); };
  double worst = 0;
  for (index_t b = 0; b < batch_heads; ++b)
    for (index_t i = 0; i < seq; ++i) {
      const index_t keys = causal ? i + 1 : seq;
      std::vector<double> w(static_cast<std::size_t>(keys));
      double top = -INFINITY, total = 0;
      for (index_t j = 0; j < keys; ++j) {
        double dot = 0;
        for (index_t e = 0; e < D; ++e) dot += at(q, b * seq + i, e) * at(k, b * seq + j, e);
        w[static_cast<std::size_t>(j)] = dot / std::sqrt(static_cast<double>(D));
        top = std::fmax(top, w[static_cast<std::size_t>(j)]);
      }
      for (auto& x : w) total += (x = std::exp(x - top));
      for (index_t e = 0; e < D; ++e) {
        double out = 0;
        for (index_t j = 0; j < keys; ++j) out += w[static_cast<std::size_t>(j)] / total * at(v, b * seq + j, e);
        worst = std::fmax(worst, std::fabs(out - at(o, b * seq + i, e)));
      }
    }
  return worst;
}

// P is rounded to f16 before P V and O is stored as f16: differences of a few 1e-3 at these
// magnitudes (|V| <= 1.25); a wrong fragment, row or mask is off by 1e-1 or more.
TEST_CASE("flash_attention's kernel body, run on the host, is attention, head dimension 64", "[flash_attention]") {
  CHECK(largest_difference<64>(2, 128, false) < 3e-3);
  CHECK(largest_difference<64>(3, 192, true) < 3e-3);
  CHECK(largest_difference<64>(1, 64, true) < 3e-3);
}

TEST_CASE("flash_attention's kernel body, run on the host, is attention, head dimension 128", "[flash_attention]") {
  CHECK(largest_difference<128>(2, 128, false) < 3e-3);
  CHECK(largest_difference<128>(1, 256, true) < 3e-3);
}

TEST_CASE("flash_attention refuses a sequence that is not a multiple of 64", "[flash_attention]") {
  std::vector<std::uint16_t> x(100 * 64);
  CHECK_THROWS_WITH(fa::make_problem<64>(x.data(), x.data(), x.data(), x.data(), 1, 100, false), "flash_attention: the sequence is 100; it must be a multiple of 64");
}
}  // namespace
