// A statically shaped CUDA pipeline written with strider layouts: an NCHW batch is cropped and
// turned into NHWC by strider::cuda::copy (the layouts say what moves where), then a kernel runs
// a 1-D convolution along each image row, reading its sliding windows through unfold_t. Every
// shape, stride and window is a compile-time constant, and a wrong one is a compile error.
// The result is checked against a plain host loop. Exits 77 (skipped) without a GPU.
#include <strider/cuda.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cuda_check.hpp"

namespace {
using namespace strider;

constexpr index_t N = 4, C = 3, H = 34, W = 34, K = 5;  // batch, channels, image, filter width

using Nchw = contiguous<N, C, H, W>;
// The 32x32 centre of each image, as NHWC: a view of the NCHW storage.
using CentreNhwc = slice_t<permute_t<Nchw, 0, 2, 3, 1>, ":, 1:33, 1:33, :">;
using Nhwc = contiguous<N, 32, 32, C>;
// Each NHWC row (n, h) holds 32 pixels of C channels; windows of K pixels along w, step 1, give
// shape (N, 32, 28, C, K): out(n, h, w, c) = sum_k in(n, h, w + k, c) * filter[k].
using Windows = unfold_t<Nhwc, 2, K, 1>;
using Output = contiguous<N, 32, 32 - K + 1, C>;
static_assert(Windows::rank == 5 && Windows::shape[2] == 28 && Windows::shape[4] == K && !Windows::is_unique);

__global__ void row_convolution(const float* nhwc, const float* filter, float* out) {
  const tensor_view<const float, Windows> windows(nhwc);
  const tensor_view<float, Output> result(out);
  const auto n = static_cast<index_t>(blockIdx.x), h = static_cast<index_t>(blockIdx.y);
  for (index_t w = threadIdx.x; w < Output::shape[2]; w += blockDim.x) {
    for (index_t c = 0; c < C; ++c) {
      float sum = 0.0f;
      for (index_t k = 0; k < K; ++k) sum += windows(n, h, w, c, k) * filter[k];
      result(n, h, w, c) = sum;
    }
  }
}

using cuda_example::check;
}  // namespace

int main() {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  std::vector<float> image(Nchw::size), filter = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f}, out(Output::size);
  for (std::size_t i = 0; i < image.size(); ++i) image[i] = std::sin(0.01f * static_cast<float>(i));
  float *d_image = nullptr, *d_nhwc = nullptr, *d_filter = nullptr, *d_out = nullptr;
  if (!check(cudaMalloc(&d_image, image.size() * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&d_nhwc, Nhwc::size * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&d_filter, filter.size() * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&d_out, out.size() * sizeof(float)), "cudaMalloc"))
    return 1;
  cudaMemcpy(d_image, image.data(), image.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_filter, filter.data(), filter.size() * sizeof(float), cudaMemcpyHostToDevice);

  // Crop and NCHW -> NHWC in one device copy; then the convolution kernel.
  if (!check(cuda::copy(tensor_view<const float, CentreNhwc>(d_image), tensor_view<float, Nhwc>(d_nhwc)), "cuda::copy")) return 1;
  row_convolution<<<dim3(N, 32), 32>>>(d_nhwc, d_filter, d_out);
  if (!check(cudaDeviceSynchronize(), "row_convolution")) return 1;
  cudaMemcpy(out.data(), d_out, out.size() * sizeof(float), cudaMemcpyDeviceToHost);

  // The host reference, by plain index arithmetic on the NCHW input.
  double worst = 0.0;
  for (index_t n = 0; n < N; ++n)
    for (index_t h = 0; h < 32; ++h)
      for (index_t w = 0; w < 32 - K + 1; ++w)
        for (index_t c = 0; c < C; ++c) {
          double sum = 0.0;
          for (index_t k = 0; k < K; ++k)
            sum += double(image[static_cast<std::size_t>(((n * C + c) * H + (h + 1)) * W + (w + k + 1))]) * filter[static_cast<std::size_t>(k)];
          const double got = out[static_cast<std::size_t>(((n * 32 + h) * (32 - K + 1) + w) * C + c)];
          worst = std::fmax(worst, std::fabs(got - sum));
        }
  std::printf("NCHW %ldx%ldx%ldx%ld cropped to NHWC, convolved along w: largest difference from the host loop %.2e\n",
              static_cast<long>(N), static_cast<long>(C), static_cast<long>(H), static_cast<long>(W), worst);
  cudaFree(d_image);
  cudaFree(d_nhwc);
  cudaFree(d_filter);
  cudaFree(d_out);
  return worst < 1e-5 ? 0 : 1;
}
