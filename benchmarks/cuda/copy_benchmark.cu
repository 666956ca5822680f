// The device copy against the device-to-device cudaMemcpy of the same bytes (the limit), a
// 32x32 shared-memory tiled transpose written here (the hand-written reference, for the 2-D
// transposes) and, where the copy takes the 16-byte tiled kernel, strider's 32x32 tiled kernel on
// the same plan, in one run; PyTorch's out.copy_(x.permute(...)) comes from torch_copy.py (run.sh
// runs both and joins the tables). float32; GB/s counts the bytes read and written (twice the
// output's bytes); the median of `repeats` timings after a warm-up, each of `batch` copies back to
// back between two CUDA events (one copy alone would also time the host's launch latency).
// Build: nvcc -std=c++20 -O3 -DNDEBUG -arch=sm_90 -I include benchmarks/cuda/copy_benchmark.cu (a release
// build: without NDEBUG the kernels keep their index checks). Arguments, if any, keep only the
// cases whose names contain one of them (`copy_benchmark "3x1000000"`), so that a profiler such
// as ncu sees one case's kernels.
#include <strider/cuda.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {
using namespace strider;

constexpr int repeats = 11;
constexpr int batch = 20;

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

// Median milliseconds of one f, over `repeats` batches, after one warm-up.
double median_ms(const std::function<void()>& f) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  f();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<float> times;
  for (int r = 0; r < repeats; ++r) {
    cudaEventRecord(start);
    for (int k = 0; k < batch; ++k) f();
    cudaEventRecord(stop);
    check(cudaEventSynchronize(stop), "timed run");
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    times.push_back(ms / batch);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// The hand-written reference: out (cols x rows) = in (rows x cols) transposed.
__global__ void tiled_transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[32][33];
  const int x = blockIdx.x * 32 + threadIdx.x, y0 = blockIdx.y * 32;
  for (int j = threadIdx.y; j < 32; j += 8)
    if (x < cols && y0 + j < rows) tile[j][threadIdx.x] = in[static_cast<long>(y0 + j) * cols + x];
  __syncthreads();
  const int ox = blockIdx.y * 32 + threadIdx.x, oy0 = blockIdx.x * 32;
  for (int j = threadIdx.y; j < 32; j += 8)
    if (ox < rows && oy0 + j < cols) out[static_cast<long>(oy0 + j) * rows + ox] = tile[threadIdx.x][j];
}

struct bench_case {
  std::string name;
  dynamic_layout source;  // a view of a contiguous input
  index_t input_size;     // elements of that input
  int transpose_rows = 0, transpose_cols = 0;  // for the reference, when a 2-D transpose
};

}  // namespace

int main(int argc, char** argv) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device visible\n");
    return 77;
  }
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  int runtime = 0;
  cudaRuntimeGetVersion(&runtime);
  const auto c = [](dims shape) { return dynamic_layout::contiguous(shape); };
  std::vector<bench_case> cases = {
      {"transpose 4096^2", permute(c({4096, 4096}), {1, 0}), 4096 * 4096, 4096, 4096},
      {"transpose 8192^2", permute(c({8192, 8192}), {1, 0}), 8192 * 8192, 8192, 8192},
      {"permute (2,0,1) 256^3", permute(c({256, 256, 256}), {2, 0, 1}), 256 * 256 * 256},
      {"permute (2,1,0) 256^3", permute(c({256, 256, 256}), {2, 1, 0}), 256 * 256 * 256},
      {"permute (1,0,2) 256^3", permute(c({256, 256, 256}), {1, 0, 2}), 256 * 256 * 256},
      {"NCHW to NHWC 32x64x56x56", permute(c({32, 64, 56, 56}), {0, 2, 3, 1}), 32 * 64 * 56 * 56},
      {"NHWC to NCHW 32x56x56x64", permute(c({32, 56, 56, 64}), {0, 3, 1, 2}), 32 * 56 * 56 * 64},
      {"permute (3,1,2,0) 64^4", permute(c({64, 64, 64, 64}), {3, 1, 2, 0}), 64 * 64 * 64 * 64},
      {"a[:, ::2] of 8192^2", slice(c({8192, 8192}), ":, ::2"), 8192 * 8192},
      {"a[:, ::-1] of 8192^2", slice(c({8192, 8192}), ":, ::-1"), 8192 * 8192},
      {"broadcast 8192 to 8192^2", broadcast_to(c({8192}), {8192, 8192}), 8192},
      {"transpose 1000000x3", permute(c({1000000, 3}), {1, 0}), 3000000},
      {"transpose 3x1000000", permute(c({3, 1000000}), {1, 0}), 3000000},
  };
  if (argc > 1)
    std::erase_if(cases, [&](const bench_case& b) { return std::none_of(argv + 1, argv + argc, [&](const char* part) { return b.name.find(part) != std::string::npos; }); });
  std::printf("# %s, CUDA runtime %d.%d, float32, GB/s read+written, median of %d batches of %d copies\n", prop.name, runtime / 1000, runtime % 1000 / 10, repeats, batch);
  std::printf("case\tmemcpy_gbs\treference_gbs\tstrider_gbs\tstrider_tiled32_gbs\n");
  for (const bench_case& b : cases) {
    const dynamic_layout dst = dynamic_layout::contiguous(b.source.shape());
    const auto bytes = static_cast<std::size_t>(dst.size()) * sizeof(float);
    float *in = nullptr, *out = nullptr, *copy_in = nullptr;
    check(cudaMalloc(&in, static_cast<std::size_t>(b.input_size) * sizeof(float)), "cudaMalloc");
    check(cudaMalloc(&out, bytes), "cudaMalloc");
    check(cudaMalloc(&copy_in, bytes), "cudaMalloc");
    cudaMemset(in, 0, static_cast<std::size_t>(b.input_size) * sizeof(float));
    const double gb = 2.0 * static_cast<double>(bytes) / 1e9;
    const double memcpy_ms = median_ms([&] { cudaMemcpyAsync(out, copy_in, bytes, cudaMemcpyDeviceToDevice); });
    double reference_ms = 0;
    if (b.transpose_rows > 0) {
      const dim3 grid((b.transpose_cols + 31) / 32, (b.transpose_rows + 31) / 32);
      reference_ms = median_ms([&] {
        tiled_transpose<<<grid, dim3(32, 8)>>>(in, out, b.transpose_rows, b.transpose_cols);
        check(cudaGetLastError(), "reference transpose");
      });
    }
    const double strider_ms = median_ms([&] { check(cuda::copy_strided(in, b.source, out, dst), b.name.c_str()); });
    // Where the copy takes tiled_vectors, the 32x32 tiled kernel on the same plan, the same run:
    // what the 16-byte kernel gains.
    double tiled32_ms = 0;
    const copy_plan plan = make_copy_plan(b.source.value(), dst.value(), sizeof(float));
    const cuda::detail::copy_launch l = cuda::detail::plan_launch(plan, reinterpret_cast<std::uintptr_t>(in), reinterpret_cast<std::uintptr_t>(out));
    if (l.kind == cuda::detail::kernel_kind::tiled_vectors && !l.wide) {
      const auto tiles_a = static_cast<std::uint32_t>((plan.extent[plan.rank - 2] + cuda::detail::tile - 1) / cuda::detail::tile);
      const auto tiles_b = static_cast<std::uint32_t>((plan.extent[plan.rank - 1] + cuda::detail::tile - 1) / cuda::detail::tile);
      const std::uint32_t tiles = static_cast<std::uint32_t>(plan.size / (plan.extent[plan.rank - 2] * plan.extent[plan.rank - 1])) * tiles_a * tiles_b;
      const dim3 grid(std::min<std::uint32_t>(tiles, static_cast<std::uint32_t>(cuda::detail::max_blocks))), block(cuda::detail::tile, cuda::detail::tile_rows);
      const auto* s = reinterpret_cast<const std::uint32_t*>(in);
      auto* d = reinterpret_cast<std::uint32_t*>(out);
      tiled32_ms = median_ms([&] {
        cuda::detail::copy_tiled<std::uint32_t, std::uint32_t><<<grid, block>>>(s, d, plan, tiles_a, tiles_b, tiles);
        check(cudaGetLastError(), "32x32 tiled kernel");
      });
    }
    const auto gbs_or_dash = [&](double ms) { return ms > 0 ? std::to_string(static_cast<int>(gb / ms * 1e3)) : std::string("-"); };
    std::printf("%s\t%.0f\t%s\t%.0f\t%s\n", b.name.c_str(), gb / memcpy_ms * 1e3, gbs_or_dash(reference_ms).c_str(), gb / strider_ms * 1e3, gbs_or_dash(tiled32_ms).c_str());
    cudaFree(in);
    cudaFree(out);
    cudaFree(copy_in);
  }
  return 0;
}
