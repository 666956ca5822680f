// FlashAttention-2's forward pass in strider's verbs (examples/cuda/flash_attention.hpp): half
// precision, float accumulation, head dimension 64 and 128, the sequence a run-time multiple of
// 64, optional causal mask; sm_90 (the epilogue's stmatrix). Checked against a host loop on
// small sizes; with --time, timed at sequence 4096 and 8192 (batch x heads 16). Exits 77 (skipped) without a GPU;
// runtime_tests/flash_attention_twin_test.cpp runs the same steps on the host in CI.
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

#include "cuda_check.hpp"
#include "flash_attention.hpp"

namespace {
namespace fa = flash_attention;
using fa::index_t;

template <index_t D, bool Causal>
__global__ void __launch_bounds__(fa::threads, 1) attention(fa::problem<D> p) {
  using namespace strider;
  using c = fa::config<D>;
  using qk = typename c::qk_mma;
  using pv = typename c::pv_mma;
  __shared__ alignas(128) std::uint16_t q_shared[c::tile::storage_size], k_shared[c::tile::storage_size], v_shared[c::tile::storage_size];
  const tensor_view<std::uint16_t, typename c::tile> qs(q_shared), ks(k_shared), vs(v_shared);
  const index_t thread = threadIdx.x, qb = blockIdx.x;  // query tile qb of all (batch x heads x sequence) rows
  const index_t first = qb - qb % p.seq_tiles, last = Causal ? qb : first + p.seq_tiles - 1;
  copy(typename c::g2s{}, tile_at(p.q, qb, 0), qs, thread);
  copy(typename c::g2s{}, tile_at(p.k, first, 0), ks, thread);
  cp_async_commit_group();
  auto q = partition_fragment_a(qk{});
  auto k = partition_fragment_b(qk{});
  auto v = partition_fragment_b(pv{});
  auto o = partition_fragment_c(pv{});
  fa::softmax_state<D> state;
  cp_async_wait_group<0>();  // Q landed,
  __syncthreads();           // for every thread
  copy(typename c::s2r_q{}, qs, q, thread);
  for (index_t j = first; j <= last; ++j) {
    cp_async_wait_group<0>();  // K tile j landed,
    __syncthreads();           // for every thread; and V tile j - 1 is read
    copy(typename c::g2s{}, tile_at(p.v, j, 0), vs, thread);
    cp_async_commit_group();
    auto s = partition_fragment_c(qk{});
#pragma unroll
    for (index_t kb = 0; kb < qk::repeats_k; ++kb) {
      copy(typename c::s2r_k{}, permute<1, 0>(ks), k, thread, kb);
      gemm(qk{}, q, k, s, kb);
    }
    if (Causal && j == qb) fa::mask_diagonal<D>(s, thread);
    float tile_max[c::rows], tile_sum[c::rows];
    c::s_rows::allreduce(s.values, tile_max, fa::max_of);
    fa::rescale<D>(state, tile_max, p.scale_log2, s, o);
    c::s_rows::allreduce(s.values, tile_sum, fa::sum_of);
    fa::accumulate<D>(state, tile_sum);
    cp_async_wait_group<0>();  // V tile j landed,
    __syncthreads();           // for every thread; and K tile j is read
    if (j < last) copy(typename c::g2s{}, tile_at(p.k, j + 1, 0), ks, thread);
    cp_async_commit_group();
    const auto a = retile_as_a<pv, qk>(convert<f16>(s));  // P as P V's A operand, proven in registers
#pragma unroll
    for (index_t kb = 0; kb < pv::repeats_k; ++kb) {
      copy(typename c::s2r_v{}, vs, v, thread, kb);
      gemm(pv{}, a, v, o, kb);
    }
  }
  fa::normalize<D>(state, o);
  copy(typename c::r2s_o{}, convert<f16>(o), qs, thread);  // Q's tile, read before the loop's first barrier
  __syncthreads();
  copy(typename c::s2g{}, qs, tile_at(p.o, qb, 0), thread);
}

template <index_t D>
bool launch(const fa::problem<D>& p, index_t batch_heads) {
  const auto blocks = static_cast<unsigned>(batch_heads * p.seq_tiles);
  if (p.causal) attention<D, true><<<blocks, fa::threads>>>(p);
  else attention<D, false><<<blocks, fa::threads>>>(p);
  return cuda_example::check(cudaGetLastError(), "flash_attention launch");
}

struct device_buffers {
  std::uint16_t *q = nullptr, *k = nullptr, *v = nullptr, *o = nullptr;
  ~device_buffers() {
    cudaFree(q), cudaFree(k), cudaFree(v), cudaFree(o);
  }
  bool allocate(std::size_t elements) {
    const std::size_t bytes = elements * 2;
    return cuda_example::check(cudaMalloc(&q, bytes), "cudaMalloc") && cuda_example::check(cudaMalloc(&k, bytes), "cudaMalloc") &&
           cuda_example::check(cudaMalloc(&v, bytes), "cudaMalloc") && cuda_example::check(cudaMalloc(&o, bytes), "cudaMalloc");
  }
};

// One shape against the host loop over the same half inputs (softmax in double).
template <index_t D>
bool correct(index_t batch_heads, index_t seq, bool causal) {
  const auto n = static_cast<std::size_t>(batch_heads * seq * D);
  std::vector<std::uint16_t> q(n), k(n), v(n), o(n);
  for (std::size_t i = 0; i < n; ++i) {
    q[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i * 7 % 17) - 8) / 8.0f);
    k[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i * 5 % 13) - 6) / 8.0f);
    v[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i * 3 % 11) - 5) / 4.0f);
  }
  device_buffers d;
  if (!d.allocate(n) || !cuda_example::check(cudaMemcpy(d.q, q.data(), n * 2, cudaMemcpyHostToDevice), "cudaMemcpy") ||
      !cuda_example::check(cudaMemcpy(d.k, k.data(), n * 2, cudaMemcpyHostToDevice), "cudaMemcpy") ||
      !cuda_example::check(cudaMemcpy(d.v, v.data(), n * 2, cudaMemcpyHostToDevice), "cudaMemcpy") ||
      !launch<D>(fa::make_problem<D>(d.q, d.k, d.v, d.o, batch_heads, seq, causal), batch_heads) || !cuda_example::check(cudaDeviceSynchronize(), "flash_attention") ||
      !cuda_example::check(cudaMemcpy(o.data(), d.o, n * 2, cudaMemcpyDeviceToHost), "cudaMemcpy"))
    return false;
  double worst = 0;
  const auto at = [](const std::vector<std::uint16_t>& x, index_t row, index_t col) { return static_cast<double>(strider::f16::from_bits(x[static_cast<std::size_t>(row * D + col)])); };
  for (index_t b = 0; b < batch_heads; ++b)
    for (index_t i = 0; i < seq; ++i) {
      std::vector<double> w(static_cast<std::size_t>(seq), 0.0);
      double top = -INFINITY, total = 0;
      for (index_t j = 0; j < (causal ? i + 1 : seq); ++j) {
        double dot = 0;
        for (index_t e = 0; e < D; ++e) dot += at(q, b * seq + i, e) * at(k, b * seq + j, e);
        w[static_cast<std::size_t>(j)] = dot / std::sqrt(static_cast<double>(D));
        top = std::fmax(top, w[static_cast<std::size_t>(j)]);
      }
      for (index_t j = 0; j < (causal ? i + 1 : seq); ++j) total += (w[static_cast<std::size_t>(j)] = std::exp(w[static_cast<std::size_t>(j)] - top));
      for (index_t e = 0; e < D; ++e) {
        double out = 0;
        for (index_t j = 0; j < (causal ? i + 1 : seq); ++j) out += w[static_cast<std::size_t>(j)] / total * at(v, b * seq + j, e);
        worst = std::fmax(worst, std::fabs(out - at(o, b * seq + i, e)));
      }
    }
  const bool ok = worst < 1e-2;
  std::printf("flash_attention D = %ld, batch x heads %ld, sequence %ld%s: largest difference from the host loop %.2e%s\n", static_cast<long>(D), static_cast<long>(batch_heads),
              static_cast<long>(seq), causal ? ", causal" : "", worst, ok ? "" : "  WRONG");
  return ok;
}

// TFLOP/s (4 b s^2 D flops, half of it under the causal mask) at batch x heads 16.
template <index_t D>
bool timed(index_t seq, bool causal) {
  const index_t batch_heads = 16;
  device_buffers d;
  if (!d.allocate(static_cast<std::size_t>(batch_heads * seq * D))) return false;
  const auto p = fa::make_problem<D>(d.q, d.k, d.v, d.o, batch_heads, seq, causal);
  float median = 0;
  if (!cuda_example::median_ms([&] { return launch<D>(p, batch_heads); }, median)) return false;
  const double flops = 4.0 * static_cast<double>(batch_heads) * static_cast<double>(seq) * static_cast<double>(seq) * D * (causal ? 0.5 : 1.0);
  std::printf("flash_attention D = %ld, sequence %ld%s: %.3f ms, %.1f TFLOP/s\n", static_cast<long>(D), static_cast<long>(seq), causal ? ", causal" : "",
              static_cast<double>(median), flops / (static_cast<double>(median) * 1e-3) / 1e12);
  return true;
}
}  // namespace

int main(int argc, char** argv) {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = correct<64>(2, 128, false) && correct<64>(3, 192, true) && correct<128>(2, 128, false) && correct<128>(1, 256, true);
  if (argc > 1 && std::string_view(argv[1]) == "--time")
    for (const index_t seq : {4096, 8192})
      for (const bool causal : {false, true}) ok = timed<64>(seq, causal) && timed<128>(seq, causal) && ok;
  return ok ? 0 : 1;
}
