// C = A * B in single precision on the GPU (A: M x K, B: K x N, C: M x N, row-major, every
// extent at run time), written with partitions and tiles: the kernel is examples/cuda/sgemm.hpp's
// load_tiles, multiply and store_c around __syncthreads, called with blockIdx and threadIdx. Its
// body states what the compiler proves of it: the shared tiles' stores and fragment reads
// conflict-free, each at its vector width. Checked against a host loop on ragged shapes; with
// --time, timed at 4096^3 beside sgemm_hand below, the same algorithm with its indices written by
// hand (cuda_check.hpp's median_ms each, and their ratio). Exits 77 (skipped) without a GPU. Build:
// nvcc -std=c++20 -O3 -DNDEBUG -arch=sm_90 -I include examples/cuda/sgemm.cu.
#include <cstdio>
#include <string_view>
#include <vector>

#include "cuda_check.hpp"
#include "sgemm.hpp"

namespace {
using sgemm::index_t;

__global__ void __launch_bounds__(sgemm::threads) sgemm_kernel(sgemm::problem p) {
  using namespace strider;
  using L = sgemm::layouts<>;
  // The shared A tile: written down its columns, read by fragments; B's: written and read by rows.
  static_assert(require_conflict_free_t<typename L::a_shared, typename L::a_store, 4>::conflict_free);
  static_assert(require_conflict_free_t<typename L::a_shared, typename L::a_fragments, 4, 4>::vector_width == 4);
  static_assert(require_conflict_free_t<typename L::b_shared, typename L::b_load, 4, 4>::vector_width == 4);
  static_assert(require_conflict_free_t<typename L::b_shared, typename L::b_fragments, 4, 4>::vector_width == 4);
  __shared__ alignas(16) float a_shared[sgemm::shared_elements];
  __shared__ alignas(16) float b_shared[sgemm::shared_elements];
  const sgemm::index2 block{static_cast<index_t>(blockIdx.x), static_cast<index_t>(blockIdx.y)};
  const index_t thread = threadIdx.x;
  sgemm::accumulators acc;
  for (index_t kt = 0; kt < p.k_tiles; ++kt) {
    sgemm::load_tiles(p, block, kt, thread, a_shared, b_shared);
    __syncthreads();
    sgemm::multiply(a_shared, b_shared, thread, acc);
    __syncthreads();
  }
  sgemm::store_c(p, block, thread, acc);
}

// The same algorithm with its indices written by hand, as a kernel author would without a layout
// library: the same tiles, thread arrangement, swizzle (Swizzle<1, 4, 5>: bit 4 of an offset
// XORed with bit 9) and vector accesses, int coordinates.
__device__ __forceinline__ int swizzled(int o) { return o ^ ((o >> 5) & 16); }

__global__ void __launch_bounds__(sgemm::threads) sgemm_hand(const float* a, const float* b, float* c, int m, int n, int k, bool a_vectors, bool b_vectors, bool c_vectors) {
  __shared__ alignas(16) float as[8 * 128];
  __shared__ alignas(16) float bs[8 * 128];
  const int t = threadIdx.x, tx = t % 16, ty = t / 16, row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
  float acc[2][4][2][4] = {};
  for (int k0 = 0; k0 < k; k0 += 8) {
    {
      const int r = t / 2, kk = (t % 2) * 4, gr = row0 + r;
      float v[4];
      if (a_vectors && gr < m && k0 + kk + 3 < k) {
        const auto x = strider::load_vector<4>(&a[static_cast<long>(gr) * k + k0 + kk]);
        v[0] = x.value[0], v[1] = x.value[1], v[2] = x.value[2], v[3] = x.value[3];
      } else {
    #pragma unroll
        for (int j = 0; j < 4; ++j) v[j] = gr < m && k0 + kk + j < k ? a[static_cast<long>(gr) * k + k0 + kk + j] : 0.0f;
      }
#pragma unroll
      for (int j = 0; j < 4; ++j) as[swizzled((kk + j) * 128 + r)] = v[j];
    }
    {
      const int kk = t / 32, cc = (t % 32) * 4, gk = k0 + kk;
      strider::vector_of<float, 4> x;
      if (b_vectors && gk < k && col0 + cc + 3 < n) {
        x = strider::load_vector<4>(&b[static_cast<long>(gk) * n + col0 + cc]);
      } else {
#pragma unroll
        for (int j = 0; j < 4; ++j) x.value[j] = gk < k && col0 + cc + j < n ? b[static_cast<long>(gk) * n + col0 + cc + j] : 0.0f;
      }
      strider::store_vector(&bs[kk * 128 + cc], x);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < 8; ++kk) {
      strider::vector_of<float, 4> af[2], bf[2];
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        af[h] = strider::load_vector<4>(&as[swizzled(kk * 128 + h * 64 + ty * 4)]);
        bf[h] = strider::load_vector<4>(&bs[kk * 128 + h * 64 + tx * 4]);
      }
#pragma unroll
      for (int hm = 0; hm < 2; ++hm)
#pragma unroll
        for (int hn = 0; hn < 2; ++hn) {
          const float* ai = af[hm].value;
          const float* bj = bf[hn].value;
#pragma unroll
          for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc[hm][i][hn][j] += ai[i] * bj[j];
        }
    }
    __syncthreads();
  }
#pragma unroll
  for (int hm = 0; hm < 2; ++hm)
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int r = row0 + hm * 64 + ty * 4 + i;
      if (r >= m) continue;
#pragma unroll
      for (int hn = 0; hn < 2; ++hn) {
        const int cc = col0 + hn * 64 + tx * 4;
        if (c_vectors && cc + 3 < n) {
          strider::store_vector(&c[static_cast<long>(r) * n + cc], strider::vector_of<float, 4>{{acc[hm][i][hn][0], acc[hm][i][hn][1], acc[hm][i][hn][2], acc[hm][i][hn][3]}});
          continue;
        }
#pragma unroll
        for (int j = 0; j < 4; ++j)
          if (cc + j < n) c[static_cast<long>(r) * n + cc + j] = acc[hm][i][hn][j];
      }
    }
}

using cuda_example::check;

struct device_buffers {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  ~device_buffers() {
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
  }
};

bool launch(const sgemm::problem& p, bool hand, index_t m, index_t n, index_t k, const float* a, const float* b, float* c) {
  const auto grid = sgemm::grid_of(p);
  if (grid.x == 0 || grid.y == 0) return true;
  const dim3 blocks(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y));
  if (hand) sgemm_hand<<<blocks, sgemm::threads>>>(a, b, c, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), p.a_vectors, p.b_vectors, p.c_vectors);
  else sgemm_kernel<<<blocks, sgemm::threads>>>(p);
  return check(cudaGetLastError(), hand ? "sgemm_hand launch" : "sgemm launch");
}

sgemm::problem problem_of(const device_buffers& d, index_t m, index_t n, index_t k) {
  using sgemm::matrix;
  using strider::tensor_view;
  return sgemm::make_problem(tensor_view<const float, matrix>(d.a, matrix(m, k)), tensor_view<const float, matrix>(d.b, matrix(k, n)), tensor_view<float, matrix>(d.c, matrix(m, n)));
}

// One shape, both kernels, against a host loop (small integers and halves: exact sums).
bool correct(index_t m, index_t n, index_t k) {
  std::vector<float> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(k * n)), c(static_cast<std::size_t>(m * n));
  for (index_t i = 0; i < m * k; ++i) a[static_cast<std::size_t>(i)] = static_cast<float>((i * 7) % 9 - 4) / 2.0f;
  for (index_t i = 0; i < k * n; ++i) b[static_cast<std::size_t>(i)] = static_cast<float>((i * 5) % 7 - 3);
  bool ok = true;
  for (const bool hand : {false, true}) {
    device_buffers d;
    ok = ok && check(cudaMalloc(&d.a, a.size() * 4 + 16), "cudaMalloc") && check(cudaMalloc(&d.b, b.size() * 4 + 16), "cudaMalloc") &&
         check(cudaMalloc(&d.c, c.size() * 4 + 16), "cudaMalloc") && check(cudaMemcpy(d.a, a.data(), a.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy") &&
         check(cudaMemcpy(d.b, b.data(), b.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy") && check(cudaMemset(d.c, 0xff, c.size() * 4 + 16), "cudaMemset") &&
         launch(problem_of(d, m, n, k), hand, m, n, k, d.a, d.b, d.c) && check(cudaDeviceSynchronize(), "sgemm") &&
         check(cudaMemcpy(c.data(), d.c, c.size() * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
    if (!ok) return false;
    index_t wrong = 0;
    for (index_t i = 0; i < m; ++i)
      for (index_t j = 0; j < n; ++j) {
        float expected = 0.0f;
        for (index_t kk = 0; kk < k; ++kk) expected += a[static_cast<std::size_t>(i * k + kk)] * b[static_cast<std::size_t>(kk * n + j)];
        if (!(c[static_cast<std::size_t>(i * n + j)] == expected)) ++wrong;
      }
    std::printf("%s M = %ld, N = %ld, K = %ld: %ld of %ld elements differ from the host loop%s\n", hand ? "sgemm_hand" : "sgemm (strider)", static_cast<long>(m),
                static_cast<long>(n), static_cast<long>(k), static_cast<long>(wrong), static_cast<long>(m * n), wrong ? "  WRONG" : "");
    ok = wrong == 0;
  }
  return ok;
}

// Milliseconds at m = n = k = size (median_ms).
bool timed(index_t size, bool hand, float& median) {
  device_buffers d;
  const auto elements = static_cast<std::size_t>(size * size);
  if (!check(cudaMalloc(&d.a, elements * 4), "cudaMalloc") || !check(cudaMalloc(&d.b, elements * 4), "cudaMalloc") || !check(cudaMalloc(&d.c, elements * 4), "cudaMalloc"))
    return false;
  cudaMemset(d.a, 0, elements * 4);
  cudaMemset(d.b, 0, elements * 4);
  const sgemm::problem p = problem_of(d, size, size, size);
  if (!cuda_example::median_ms([&] { return launch(p, hand, size, size, size, d.a, d.b, d.c); }, median)) return false;
  const double tflops = 2.0 * static_cast<double>(size) * static_cast<double>(size) * static_cast<double>(size) / (static_cast<double>(median) * 1e-3) / 1e12;
  std::printf("%s %ld^3: %.3f ms, %.1f TFLOP/s\n", hand ? "sgemm_hand" : "sgemm (strider)", static_cast<long>(size), static_cast<double>(median), tflops);
  return true;
}
}  // namespace

int main(int argc, char** argv) {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = true;
  for (const auto& s : {std::array<index_t, 3>{128, 128, 8}, {1000, 1000, 1000}, {130, 70, 37}, {257, 132, 64}, {1, 1, 1}, {3, 4, 0}}) ok = correct(s[0], s[1], s[2]) && ok;
  if (argc > 1 && std::string_view(argv[1]) == "--time") {
    float strider_ms = 0, hand_ms = 0;
    ok = timed(4096, false, strider_ms) && timed(4096, true, hand_ms) && ok;
    if (hand_ms > 0) std::printf("sgemm 4096^3: strider / hand-written time %.3f\n", static_cast<double>(strider_ms / hand_ms));
  }
  return ok ? 0 : 1;
}
