// Shared-memory reads of the published cases (bank_conflicts.hpp, docs/access.md), timed on the
// GPU, against the access certificate's wavefronts: for each pair of tile layouts read by the same
// threads in the same vectors (a conflicting one and a conflict-free one), the ratio of the two
// times next to the ratio of their wavefronts. Every block of 256 threads fills its shared tile
// with element ids, then each thread (as thread threadIdx.x % threads of the TV layout) reads its
// vectors `passes` times with ld.shared of the certificate's width; the sums of the ids read are
// checked against the TV layout's elements. Median of 11 timings after a warm-up.
// Build: nvcc -std=c++20 -O3 -arch=sm_90 -I include benchmarks/cuda/bank_conflicts.cu
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include <strider/storage.hpp>

#include "bank_conflicts.hpp"

namespace {
using namespace strider;
using namespace bank_cases;

constexpr int block_threads = 256, timed_passes = 256, repeats = 11;

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

// One shared load of `Bytes` bytes (a vector), summed as element ids of `Element` bytes, with
// exactly this width. Every pass must load again, and ptxas hoists a plain ld.shared of a
// loop-invariant address out of the loop: ld.volatile (Plain false), or a plain ld.shared at an
// address XORed with a run-time zero that depends on the pass (Plain true: one more integer
// instruction per load, to tell whether volatile loads issue slower).
template <int Bytes, int Element, bool Ids, bool Plain = false>
__device__ unsigned load_sum(unsigned address) {
  unsigned w[4] = {};
  if constexpr (Plain) {
    if constexpr (Bytes == 4) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(w[0]) : "r"(address));
    else if constexpr (Bytes == 8) asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(w[0]), "=r"(w[1]) : "r"(address));
    else asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3]) : "r"(address));
  } else {
    if constexpr (Bytes == 4) asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(w[0]) : "r"(address));
    else if constexpr (Bytes == 8) asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(w[0]), "=r"(w[1]) : "r"(address));
    else asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3]) : "r"(address));
  }
  unsigned sum = 0;
  if constexpr (Ids)  // the element ids read, to check them
    for (int i = 0; i < Bytes / 4; ++i) sum += Element == 4 ? w[i] : (w[i] & 0xffffu) + (w[i] >> 16);
  else  // timed: the fewest other instructions, so that the loads set the pace
    for (int i = 0; i < Bytes / 4; ++i) sum ^= w[i];
  return sum;
}

// A case: the tile's layout, the threads' layout, the element's bytes and the vector width.
template <class Tile, class TV, int Element, int Width>
struct shared_read {
  using tile = Tile;
  using tv = TV;
  static constexpr int element = Element, width = Width;
};

using columns_plain = shared_read<floats, by_columns, 4, 1>;
using columns_padded = shared_read<padded_floats, by_columns, 4, 1>;
using columns_swizzled = shared_read<swizzled_floats, by_columns, 4, 1>;
using column_vectors_plain = shared_read<floats, by_columns, 4, 4>;
using column_vectors_swizzled = shared_read<chunk_swizzled_floats, by_columns, 4, 4>;
using half_rows_plain = shared_read<halves, own_rows, 2, 8>;
using half_rows_swizzled = shared_read<swizzled_halves, own_rows, 2, 8>;
using rows_plain = shared_read<floats, by_rows, 4, 1>;

template <class Case, bool Ids, bool Plain = false>
__global__ void read_tile(unsigned* out, int passes, unsigned zero) {
  using Tile = typename Case::tile;
  using TV = typename Case::tv;
  constexpr int Element = Case::element, Width = Case::width;
  extern __shared__ __align__(16) unsigned char storage[];
  constexpr index_t elements = TV::tile_shape[0] * TV::tile_shape[1], vectors = TV::values / Width;
  // The tile as a view of its layout (a swizzled one writes through its swizzle), filled with ids.
  using E = std::conditional_t<Element == 4, unsigned, unsigned short>;
  const tensor_view<E, Tile> tile(reinterpret_cast<E*>(storage));
  constexpr index_t cols = TV::tile_shape[1];
  for (index_t e = threadIdx.x; e < elements; e += blockDim.x) tile(e / cols, e % cols) = static_cast<E>(e);
  __syncthreads();
  const index_t thread = threadIdx.x % TV::threads;
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(storage));
  unsigned address[vectors];
#pragma unroll
  for (index_t k = 0; k < vectors; ++k) address[k] = base + static_cast<unsigned>(vector_offset<Tile, TV, Width>(thread, k) * Element);
  unsigned sum = 0;
  for (int p = 0; p < passes; ++p) {
    const unsigned moved = static_cast<unsigned>(p) & zero;  // 0, unknown to ptxas
#pragma unroll
    for (index_t k = 0; k < vectors; ++k) sum += load_sum<Element * Width, Element, Ids, Plain>(Plain ? address[k] ^ moved : address[k]);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

struct result {
  double ms;
  index_t wavefronts;
};

template <class Case, bool Plain = false>
result run(int blocks, unsigned* out) {
  using Tile = typename Case::tile;
  using TV = typename Case::tv;
  constexpr int Element = Case::element, Width = Case::width;
  using certificate = access_t<Tile, TV, Element, Width>;
  static_assert(certificate::vector_width == Width);
  const std::size_t bytes = static_cast<std::size_t>(Tile::required_span * Element);  // swizzled: the composed span
  const auto launch = [&] { read_tile<Case, false, Plain><<<blocks, block_threads, bytes>>>(out, timed_passes, 0u); };
  read_tile<Case, true, Plain><<<blocks, block_threads, bytes>>>(out, 1, 0u);
  check(cudaDeviceSynchronize(), "the check");
  // Each thread read its own values once: check the ids.
  std::vector<unsigned> got(static_cast<std::size_t>(blocks) * block_threads);
  check(cudaMemcpy(got.data(), out, got.size() * sizeof(unsigned), cudaMemcpyDeviceToHost), "copy back");
  for (index_t t = 0; t < block_threads; ++t) {
    unsigned expected = 0;
    for (index_t v = 0; v < TV::values; ++v) expected += static_cast<unsigned>(TV::tv_value.element(t % TV::threads, v));
    if (got[static_cast<std::size_t>(t)] != expected) {
      std::fprintf(stderr, "thread %lld read the wrong elements\n", static_cast<long long>(t));
      std::exit(1);
    }
  }
  launch();
  check(cudaDeviceSynchronize(), "warm-up");
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  std::vector<float> times;
  for (int r = 0; r < repeats; ++r) {
    cudaEventRecord(start);
    launch();
    cudaEventRecord(stop);
    check(cudaEventSynchronize(stop), "timed run");
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  // Wavefronts of one block: the certificate counts the TV layout's threads; the block runs
  // block_threads / threads copies of them.
  return {times[times.size() / 2], certificate::wavefronts * (block_threads / TV::threads)};
}

// Each row: both times, the wavefronts per block and pass, the SM clocks each wavefront took
// (all blocks resident at once: blocks per SM x passes x wavefronts per block), and the ratios.
void row(const char* name, result slow, result fast, double clock_ghz, int blocks_per_sm) {
  const double measured = slow.ms / fast.ms, predicted = static_cast<double>(slow.wavefronts) / static_cast<double>(fast.wavefronts);
  const auto clocks = [&](const result& r) { return r.ms * 1e6 * clock_ghz / (static_cast<double>(blocks_per_sm) * timed_passes * static_cast<double>(r.wavefronts)); };
  std::printf("| %s | %.3f | %.3f | %lld / %lld | %.2f / %.2f | %.2f | %.2f | %+.0f %% |\n", name, slow.ms, fast.ms, static_cast<long long>(slow.wavefronts),
              static_cast<long long>(fast.wavefronts), clocks(slow), clocks(fast), measured, predicted, 100.0 * (measured / predicted - 1));
}

}  // namespace

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("no CUDA device visible\n");
    return 77;
  }
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "device properties");
  const int blocks = prop.multiProcessorCount * 8;
  unsigned* out = nullptr;
  check(cudaMalloc(&out, static_cast<std::size_t>(blocks) * block_threads * sizeof(unsigned)), "cudaMalloc");
  int clock_khz = 0;
  check(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0), "clock rate");
  const double ghz = clock_khz / 1e6;
  std::printf("# %s (%.2f GHz), %d blocks of %d threads, %d passes, median of %d\n\n", prop.name, ghz, blocks, block_threads, timed_passes, repeats);
  std::printf("| case | conflicting ms | conflict-free ms | wavefronts per block and pass | clocks per wavefront | measured ratio | certificate's ratio | difference |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
  row("32x32 floats by columns, 4 B: plain / padded", run<columns_plain>(blocks, out), run<columns_padded>(blocks, out), ghz, 8);
  row("32x32 floats by columns, 4 B: plain / swizzle<5,0,5>", run<columns_plain>(blocks, out), run<columns_swizzled>(blocks, out), ghz, 8);
  row("32x32 floats by columns, 16 B: plain / swizzle<3,2,3>", run<column_vectors_plain>(blocks, out), run<column_vectors_swizzled>(blocks, out), ghz, 8);
  row("8x64 halves by rows, 16 B: plain / swizzle<3,3,3>", run<half_rows_plain>(blocks, out), run<half_rows_swizzled>(blocks, out), ghz, 8);
  row("32x32 floats, 4 B: by columns / by rows", run<columns_plain>(blocks, out), run<rows_plain>(blocks, out), ghz, 8);
  // The same with plain ld.shared (a pass-dependent address): whether volatile loads set the pace.
  row("plain ld.shared: 32x32 floats by columns, 4 B: plain / swizzle<5,0,5>", run<columns_plain, true>(blocks, out), run<columns_swizzled, true>(blocks, out), ghz, 8);
  row("plain ld.shared: 32x32 floats by columns, 16 B: plain / swizzle<3,2,3>", run<column_vectors_plain, true>(blocks, out), run<column_vectors_swizzled, true>(blocks, out), ghz, 8);
  cudaFree(out);
  return 0;
}
