// B = A transposed on the GPU for a run-time M x N matrix A, one 64 x 64 tile per block staged
// through shared memory by 256 threads: the kernel is examples/cuda/staged_transpose.hpp's
// load_thread and store_thread around a __syncthreads, called with blockIdx and threadIdx. Each
// thread's 4 x 4 values come from thread_value_t and partition, the tile from a masked tiling's
// tile(...), the tail from in_bounds; a thread's block moves through registers as four 128-bit
// rows where the extents allow. The result is checked against a plain host loop for several
// shapes; with --time, the kernel is timed at 8192 x 8192 beside transpose_hand below, the same
// algorithm with its indices written by hand (cuda_check.hpp's median_ms each, and their ratio).
// Exits 77 (skipped) without a GPU.
#include <cstdio>
#include <string_view>
#include <vector>

#include "cuda_check.hpp"
#include "staged_transpose.hpp"

namespace {
using staged_transpose::index_t;

__global__ void __launch_bounds__(staged_transpose::threads) transpose(staged_transpose::problem p) {
  __shared__ alignas(16) float shared[staged_transpose::staged_elements];
  const staged_transpose::index2 block{static_cast<index_t>(blockIdx.x), static_cast<index_t>(blockIdx.y)};
  staged_transpose::load_thread(p, block, static_cast<index_t>(threadIdx.x), shared);
  __syncthreads();
  staged_transpose::store_thread(p, block, static_cast<index_t>(threadIdx.x), shared);
}

// The same algorithm with its indices written by hand: the same 64 x 64 tiles, 4 x 4 blocks per
// thread, rows padded to 68 floats, a block of four 128-bit rows through registers where it is
// whole and the extents allow, one value at a time elsewhere, int coordinates.
__global__ void __launch_bounds__(staged_transpose::threads) transpose_hand(const float* a, float* b, int m, int n, bool vectors) {
  __shared__ alignas(16) float shared[64 * 68];
  const int t = threadIdx.x, r0 = t / 16 * 4, c0 = t % 16 * 4;
  const int row = blockIdx.y * 64 + r0, col = blockIdx.x * 64 + c0;  // A's
  if (vectors && row + 3 < m && col + 3 < n) {
    strider::vector_of<float, 4> rows[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) rows[i] = strider::load_vector<4>(&a[static_cast<long>(row + i) * n + col]);
#pragma unroll
    for (int i = 0; i < 4; ++i) strider::store_vector(&shared[(r0 + i) * 68 + c0], rows[i]);
  } else {
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (row + i < m && col + j < n) shared[(r0 + i) * 68 + c0 + j] = a[static_cast<long>(row + i) * n + col + j];
  }
  __syncthreads();
  const int b_row = blockIdx.x * 64 + r0, b_col = blockIdx.y * 64 + c0;  // B's: element (i, j) is staged (j, i)
  if (vectors && b_row + 3 < n && b_col + 3 < m) {
    strider::vector_of<float, 4> rows[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) rows[i] = {{shared[c0 * 68 + r0 + i], shared[(c0 + 1) * 68 + r0 + i], shared[(c0 + 2) * 68 + r0 + i], shared[(c0 + 3) * 68 + r0 + i]}};
#pragma unroll
    for (int i = 0; i < 4; ++i) strider::store_vector(&b[static_cast<long>(b_row + i) * m + b_col], rows[i]);
  } else {
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (b_row + i < n && b_col + j < m) b[static_cast<long>(b_row + i) * m + b_col + j] = shared[(c0 + j) * 68 + r0 + i];
  }
}

using cuda_example::check;

// One shape: run the kernel, compare with the host loop. False on a CUDA error or a wrong result.
bool run(index_t m, index_t n) {
  using staged_transpose::matrix;
  const auto size = static_cast<std::size_t>(m * n);
  std::vector<float> a(size), b(size, -1.0f);
  for (std::size_t i = 0; i < size; ++i) a[i] = static_cast<float>(i) * 0.5f + 1.0f;
  float *d_a = nullptr, *d_b = nullptr;
  if (!check(cudaMalloc(&d_a, (size + 1) * sizeof(float)), "cudaMalloc") || !check(cudaMalloc(&d_b, (size + 1) * sizeof(float)), "cudaMalloc")) return false;
  bool ok = check(cudaMemcpy(d_a, a.data(), size * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d_b, b.data(), size * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  bool vectors = false;
  if (ok) {
    const auto p = staged_transpose::make_problem(strider::tensor_view<const float, matrix>(d_a, matrix(m, n)), strider::tensor_view<float, matrix>(d_b, matrix(n, m)));
    vectors = p.vectors;
    const auto grid = staged_transpose::grid_of(p);
    if (grid.x > 0 && grid.y > 0) {
      transpose<<<dim3(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y)), staged_transpose::threads>>>(p);
      ok = check(cudaGetLastError(), "transpose launch") && check(cudaDeviceSynchronize(), "transpose");
    }
    ok = ok && check(cudaMemcpy(b.data(), d_b, size * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(d_a);
  cudaFree(d_b);
  if (!ok) return false;
  std::size_t wrong = 0;
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < m; ++j)
      if (b[static_cast<std::size_t>(i * m + j)] != a[static_cast<std::size_t>(j * n + i)]) ++wrong;
  std::printf("%5ld x %5ld (%s): %zu elements wrong%s\n", static_cast<long>(m), static_cast<long>(n), vectors ? "128-bit rows" : "scalar rows", wrong,
              wrong == 0 ? "" : "  WRONG");
  return wrong == 0;
}
}  // namespace

namespace {
// Milliseconds to transpose an n x n matrix (median_ms); the hand-written kernel's result is
// checked against the strider kernel's.
bool timed(index_t n, float& strider_ms, float& hand_ms) {
  using staged_transpose::matrix;
  const auto size = static_cast<std::size_t>(n * n);
  float *d_a = nullptr, *d_b = nullptr, *d_h = nullptr;
  bool ok = check(cudaMalloc(&d_a, size * 4), "cudaMalloc") && check(cudaMalloc(&d_b, size * 4), "cudaMalloc") && check(cudaMalloc(&d_h, size * 4), "cudaMalloc");
  std::vector<float> a(size);
  for (std::size_t i = 0; i < size; ++i) a[i] = static_cast<float>(i % 1000);
  ok = ok && check(cudaMemcpy(d_a, a.data(), size * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
  const auto p = staged_transpose::make_problem(strider::tensor_view<const float, matrix>(d_a, matrix(n, n)), strider::tensor_view<float, matrix>(d_b, matrix(n, n)));
  const auto grid = staged_transpose::grid_of(p);
  const dim3 blocks(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y));
  const auto launch = [&](bool hand) {
    if (hand) transpose_hand<<<blocks, staged_transpose::threads>>>(d_a, d_h, static_cast<int>(n), static_cast<int>(n), p.vectors);
    else transpose<<<blocks, staged_transpose::threads>>>(p);
    return check(cudaGetLastError(), "transpose launch");
  };
  for (const bool hand : {false, true}) {
    float& median = hand ? hand_ms : strider_ms;
    ok = ok && cuda_example::median_ms([&] { return launch(hand); }, median);
    if (!ok) break;
    std::printf("%s %ld x %ld: %.3f ms, %.1f GB/s\n", hand ? "transpose_hand" : "transpose (strider)", static_cast<long>(n), static_cast<long>(n),
                static_cast<double>(median), 2.0 * static_cast<double>(size) * 4 / (static_cast<double>(median) * 1e-3) / 1e9);
  }
  std::vector<float> b(size), h(size);
  ok = ok && check(cudaMemcpy(b.data(), d_b, size * 4, cudaMemcpyDeviceToHost), "cudaMemcpy") && check(cudaMemcpy(h.data(), d_h, size * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
  if (ok && b != h) {
    std::printf("transpose_hand differs from the strider kernel  WRONG\n");
    ok = false;
  }
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_h);
  return ok;
}
}  // namespace

int main(int argc, char** argv) {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = true;
  for (const auto& [m, n] : {std::pair<index_t, index_t>{64, 64}, {4096, 2048}, {1000, 996}, {37, 70}, {1, 5}, {0, 8}}) ok = run(m, n) && ok;
  if (argc > 1 && std::string_view(argv[1]) == "--time") {
    float strider_ms = 0, hand_ms = 0;
    ok = timed(8192, strider_ms, hand_ms) && ok;
    if (hand_ms > 0) std::printf("transpose 8192 x 8192: strider / hand-written time %.3f\n", static_cast<double>(strider_ms / hand_ms));
  }
  return ok ? 0 : 1;
}
