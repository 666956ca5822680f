// The device copy against a host reference written here: for every case, the destination storage
// after strider::cuda::copy_strided must equal a naive loop over every index (offsets from the
// definition offset + sum(index * stride)), untouched slots keeping their fill value. Cases: the
// benchmark's shapes (smaller), odd sizes, rank 0, empty, negative and zero strides, unaligned
// rows, random permuted, flipped and strided layouts, and the refusals. Needs no test framework
// (the GPU machine has none); exits 77 (skipped) when no GPU is visible.
#include <strider/cuda.hpp>
#include <strider/table.hpp>  // to_string, for messages

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <complex>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "copy_cases.hpp"

namespace {

using namespace strider;

int failures = 0;
int cases = 0;

void fail(const std::string& what) {
  if (++failures <= 20) std::printf("FAIL %s\n", what.c_str());
}

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    std::printf("CUDA error in %s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

// Every logical index of `shape` in row-major order, and its offset in `l` by the definition.
template <class Visit>
void for_each_index(const dynamic_layout& l, Visit visit) {
  const dims shape = l.shape(), strides = l.strides();
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (shape[d] == 0) return;
  std::vector<index_t> index(shape.size(), 0);
  while (true) {
    index_t src = l.offset();
    for (std::size_t d = 0; d < shape.size(); ++d) src += index[d] * strides[d];
    visit(index, src);
    std::size_t d = shape.size();
    while (d > 0 && ++index[d - 1] == shape[d - 1]) index[--d] = 0;
    if (d == 0) return;
  }
}

index_t offset_of(const dynamic_layout& l, const std::vector<index_t>& index) {
  index_t o = l.offset();
  for (std::size_t d = 0; d < index.size(); ++d) o += index[d] * l.stride(d);
  return o;
}

// Copies src_layout into dst_layout on the device and compares with the host loop. The source's
// bytes count up (so every element differs, whatever T is); the copy must move them unchanged.
template <class T>
void check(const std::string& name, const dynamic_layout& src_layout, const dynamic_layout& dst_layout, index_t src_shift = 0) {
  ++cases;
  const index_t src_span = src_layout.required_span() + src_shift, dst_span = dst_layout.required_span();
  std::vector<T> src(static_cast<std::size_t>(src_span > 0 ? src_span : 1)), dst(static_cast<std::size_t>(dst_span > 0 ? dst_span : 1));
  auto* src_bytes = reinterpret_cast<unsigned char*>(src.data());
  for (std::size_t i = 0; i < src.size() * sizeof(T); ++i) src_bytes[i] = static_cast<unsigned char>(i * 7 + i / 251);
  std::memset(static_cast<void*>(dst.data()), 0xEE, dst.size() * sizeof(T));
  std::vector<T> expected = dst;
  for_each_index(dst_layout, [&](const std::vector<index_t>& index, index_t d) {
    std::memcpy(&expected[static_cast<std::size_t>(d)], &src[static_cast<std::size_t>(src_shift + offset_of(src_layout, index))], sizeof(T));
  });
  T *device_src = nullptr, *device_dst = nullptr;
  check_cuda(cudaMalloc(&device_src, src.size() * sizeof(T)), "cudaMalloc");
  check_cuda(cudaMalloc(&device_dst, dst.size() * sizeof(T)), "cudaMalloc");
  check_cuda(cudaMemcpy(device_src, src.data(), src.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  check_cuda(cudaMemcpy(device_dst, dst.data(), dst.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  const cudaError_t status = cuda::copy_strided(device_src + src_shift, src_layout, device_dst, dst_layout);
  check_cuda(status, name.c_str());
  check_cuda(cudaDeviceSynchronize(), name.c_str());
  check_cuda(cudaMemcpy(dst.data(), device_dst, dst.size() * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  cudaFree(device_src);
  cudaFree(device_dst);
  if (std::memcmp(dst.data(), expected.data(), dst.size() * sizeof(T)) != 0) {
    std::size_t first = 0;
    while (std::memcmp(&dst[first], &expected[first], sizeof(T)) == 0) ++first;
    fail(name + ": " + to_string(src_layout) + " -> " + to_string(dst_layout) + ", first difference at storage " + std::to_string(first));
  }
}

// More elements than a 32-bit index counts: a flip of 2^31 + 4099 bytes (the 64-bit kernels),
// checked with a formula rather than the index loop. Needs about 4.3 GB of host and of device
// memory; skipped (with a line) where the device has less free.
void check_wide_copy() {
  const std::size_t n = (std::size_t{1} << 31) + 4099;
  std::size_t free_bytes = 0, total_bytes = 0;
  check_cuda(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  if (free_bytes < 2 * n + (std::size_t{512} << 20)) {
    std::printf("wide copy: skipped (%zu MiB of device memory free)\n", free_bytes >> 20);
    return;
  }
  ++cases;
  const auto pattern = [](std::size_t i) { return static_cast<unsigned char>(i * 7 + i / 251); };
  std::vector<unsigned char> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = pattern(i);
  unsigned char *s = nullptr, *d = nullptr;
  check_cuda(cudaMalloc(&s, n), "cudaMalloc");
  check_cuda(cudaMalloc(&d, n), "cudaMalloc");
  check_cuda(cudaMemcpy(s, host.data(), n, cudaMemcpyHostToDevice), "cudaMemcpy");
  const dynamic_layout line = dynamic_layout::contiguous({static_cast<index_t>(n)});
  check_cuda(cuda::copy_strided(s, flip(line), d, line), "wide copy");
  check_cuda(cudaDeviceSynchronize(), "wide copy");
  check_cuda(cudaMemcpy(host.data(), d, n, cudaMemcpyDeviceToHost), "cudaMemcpy");
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i) wrong += host[i] != pattern(n - 1 - i);
  if (wrong != 0) fail("wide copy: " + std::to_string(wrong) + " elements differ");
  cudaFree(s);
  cudaFree(d);
}

// Column 0 of an array into column 1 of the same array: the storage ranges overlap, the elements
// do not (engine/copy_plan.hpp, certainly_disjoint), so the copy runs in place.
void check_interleaved_in_place() {
  ++cases;
  const dynamic_layout a = dynamic_layout::contiguous({300, 10});
  std::vector<float> host(3000);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i);
  float* d = nullptr;
  check_cuda(cudaMalloc(&d, host.size() * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMemcpy(d, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  check_cuda(cuda::copy_strided(static_cast<const float*>(d), select(a, 1, 0), d, select(a, 1, 1)), "interleaved in place");
  std::vector<float> back(host.size());
  check_cuda(cudaMemcpy(back.data(), d, back.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  std::vector<float> expected = host;
  for (std::size_t r = 0; r < 300; ++r) expected[r * 10 + 1] = host[r * 10];
  if (back != expected) fail("interleaved in place");
  cudaFree(d);
}

// A source in pinned host memory (cudaMallocHost), which the device reads at the same address.
void check_pinned_source() {
  ++cases;
  const dynamic_layout t = permute(dynamic_layout::contiguous({64, 48}), {1, 0});
  float* pinned = nullptr;
  float* d = nullptr;
  check_cuda(cudaMallocHost(&pinned, 64 * 48 * sizeof(float)), "cudaMallocHost");
  check_cuda(cudaMalloc(&d, 64 * 48 * sizeof(float)), "cudaMalloc");
  for (int i = 0; i < 64 * 48; ++i) pinned[i] = static_cast<float>(i);
  check_cuda(cuda::copy_strided(static_cast<const float*>(pinned), t, d, dynamic_layout::contiguous({48, 64})), "pinned source");
  std::vector<float> back(64 * 48);
  check_cuda(cudaMemcpy(back.data(), d, back.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  bool same = true;
  for (int i = 0; i < 48; ++i)
    for (int j = 0; j < 64; ++j) same = same && back[static_cast<std::size_t>(i * 64 + j)] == static_cast<float>(j * 48 + i);
  if (!same) fail("pinned source");
  cudaFreeHost(pinned);
  cudaFree(d);
}

// src viewed as the permutation `axes` of a contiguous array, copied into a contiguous one.
void check_permute(const std::string& name, const dims& shape, const dims& axes) {
  const dynamic_layout src = permute(dynamic_layout::contiguous(shape), axes);
  check<float>(name, src, dynamic_layout::contiguous(src.shape()));
}

template <class F>
void expect_refusal(const std::string& name, F f, const std::string& start) {
  ++cases;
  try {
    f();
    fail(name + ": not refused");
  } catch (const layout_error& e) {
    if (std::string(e.what()).rfind(start, 0) != 0) fail(name + ": refused with '" + e.what() + "'");
  }
}

// Mixed layouts in device code: a run-time batch of 64 x 64 images read as a[:, ::-1, 1::2] (its
// static strides constants of the kernel), and tiles of a run-time number of rows. The views are
// made and checked on the host and passed in structs (nvcc's launch stubs do not take a kernel
// parameter whose type has a class-type template argument).
using Images = slice_t<contiguous<dyn, 64, 64>, ":, ::-1, 1::2">;
struct image_batch {
  tensor_view<const float, Images> images;
};
__global__ void sum_image_rows(image_batch in, float* dst) {
  const index_t b = blockIdx.x, i = threadIdx.x;
  float sum = 0.0f;
  for (index_t j = 0; j < 32; ++j) sum += in.images(b, i, j);
  dst[b * 64 + i] = sum;
}
using Rows = contiguous<dyn_multiple<4>, 64>;
using RowTiles = tile_t<Rows, 4, 16>;  // (which row group, which column group, row, column)
struct row_tiles {
  tensor_view<const float, RowTiles> tiles;
};
__global__ void sum_tiles(row_tiles in, float* dst) {
  const index_t i = blockIdx.x, j = threadIdx.x;
  float sum = 0.0f;
  for (index_t r = 0; r < 4; ++r)
    for (index_t k = 0; k < 16; ++k) sum += in.tiles(i, j, r, k);
  dst[i * 4 + j] = sum;
}

// Runs both kernels on a batch and compares with host loops over the storage.
void check_mixed_kernels() {
  ++cases;
  const index_t batch = 3, rows = 12;
  std::vector<float> host(static_cast<std::size_t>(batch * 64 * 64));
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i % 1000) * 0.5f;
  float *s = nullptr, *d = nullptr;
  check_cuda(cudaMalloc(&s, host.size() * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMalloc(&d, host.size() * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMemcpy(s, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  sum_image_rows<<<static_cast<unsigned>(batch), 64>>>(image_batch{{s, slice<":, ::-1, 1::2">(contiguous<dyn, 64, 64>(batch))}}, d);
  check_cuda(cudaGetLastError(), "sum_image_rows");
  std::vector<float> back(static_cast<std::size_t>(batch * 64));
  check_cuda(cudaMemcpy(back.data(), d, back.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  for (index_t b = 0; b < batch; ++b)
    for (index_t i = 0; i < 64; ++i) {
      float sum = 0.0f;  // a[b, i, j] of a[:, ::-1, 1::2] is a[b, 63 - i, 1 + 2 j]
      for (index_t j = 0; j < 32; ++j) sum += host[static_cast<std::size_t>(b * 4096 + (63 - i) * 64 + 1 + 2 * j)];
      if (back[static_cast<std::size_t>(b * 64 + i)] != sum) fail("mixed view in a kernel, batch " + std::to_string(b) + " row " + std::to_string(i));
    }
  sum_tiles<<<static_cast<unsigned>(rows / 4), 4>>>(row_tiles{{s, tile<4, 16>(Rows(rows))}}, d);
  check_cuda(cudaGetLastError(), "sum_tiles");
  back.assign(static_cast<std::size_t>(rows / 4 * 4), 0.0f);
  check_cuda(cudaMemcpy(back.data(), d, back.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  for (index_t i = 0; i < rows / 4; ++i)
    for (index_t j = 0; j < 4; ++j) {
      float sum = 0.0f;  // rows 4 i to 4 i + 3, columns 16 j to 16 j + 15
      for (index_t r = 0; r < 4; ++r)
        for (index_t k = 0; k < 16; ++k) sum += host[static_cast<std::size_t>((4 * i + r) * 64 + 16 * j + k)];
      if (back[static_cast<std::size_t>(i * 4 + j)] != sum) fail("mixed tiles in a kernel, tile " + std::to_string(i) + ", " + std::to_string(j));
    }
  // The device copy of a mixed view plans from its values.
  const auto crop = slice<":, ::-1, 1::2">(contiguous<dyn, 64, 64>(batch));
  check_cuda(cuda::copy(tensor_view<const float, Images>(s, crop), tensor_view<float, contiguous<dyn, 64, 32>>(d, contiguous<dyn, 64, 32>(batch))), "mixed copy");
  back.assign(static_cast<std::size_t>(batch * 64 * 32), 0.0f);
  check_cuda(cudaMemcpy(back.data(), d, back.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  bool same = true;
  for (index_t b = 0; b < batch; ++b)
    for (index_t i = 0; i < 64; ++i)
      for (index_t j = 0; j < 32; ++j) same = same && back[static_cast<std::size_t>((b * 64 + i) * 32 + j)] == host[static_cast<std::size_t>(b * 4096 + (63 - i) * 64 + 1 + 2 * j)];
  if (!same) fail("mixed copy");
  cudaFree(s);
  cudaFree(d);
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device visible: skipped\n");
    return 77;
  }
  // The cases the host run of the kernels checks too (copy_cases.hpp).
  strider_copy_cases::for_each_case([&]<class T>(const std::string& name, const dynamic_layout& src, const dynamic_layout& dst, index_t shift) {
    check<T>(name, src, dst, shift);
  });
  // Past the launch limits, where only the grid-stride loops reach: more tiles than blocks,
  // more row blocks than a grid's height, more elements than one pass of the flat kernel, more
  // than a 32-bit index counts.
  check_permute("transpose 8200^2", {8200, 8200}, {1, 0});
  check<float>("600000 rows", slice(dynamic_layout::contiguous({600000, 80}), ":, 1:41"), dynamic_layout::contiguous({600000, 40}));
  check<float>("flat, 18000000 elements", slice(dynamic_layout::contiguous({9000000, 4}), ":, ::-2"), dynamic_layout::contiguous({9000000, 2}));
  check_wide_copy();
  // A type with constructors of its own (not device code), and a pinned host source.
  check<std::complex<float>>("complex transposed", permute(dynamic_layout::contiguous({70, 45}), {1, 0}), dynamic_layout::contiguous({45, 70}));
  check_pinned_source();
  check_interleaved_in_place();
  // Static layouts: the plan from the compiler.
  {
    ++cases;
    using S = permute_t<contiguous<16, 24, 40>, 2, 0, 1>;
    using D = contiguous<40, 16, 24>;
    std::vector<float> host(S::required_span), back(D::required_span);
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i);
    float *s = nullptr, *d = nullptr;
    check_cuda(cudaMalloc(&s, host.size() * sizeof(float)), "cudaMalloc");
    check_cuda(cudaMalloc(&d, back.size() * sizeof(float)), "cudaMalloc");
    check_cuda(cudaMemcpy(s, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    check_cuda(cuda::copy(tensor_view<const float, S>(s), tensor_view<float, D>(d)), "static copy");
    check_cuda(cudaMemcpy(back.data(), d, back.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
    bool same = true;
    for (index_t i = 0; i < 40; ++i)
      for (index_t j = 0; j < 16; ++j)
        for (index_t k = 0; k < 24; ++k) same = same && back[static_cast<std::size_t>(D{}(i, j, k))] == host[static_cast<std::size_t>(S{}(i, j, k))];
    if (!same) fail("static permute (2,0,1)");
    // Refusals: a host pointer, different shapes, overlap, a destination that is not unique.
    expect_refusal("host source", [&] { (void)cuda::copy_strided(host.data(), D{}, d, D{}); }, "cuda::copy_strided: the source is not device memory");
    expect_refusal("shapes differ", [&] { (void)cuda::copy_strided(s, dynamic_layout::contiguous({4, 5}), d, dynamic_layout::contiguous({5, 4})); }, "copy:");
    expect_refusal("overlap", [&] { (void)cuda::copy_strided(s, dynamic_layout::contiguous({100}), s + 50, dynamic_layout::contiguous({100})); },
                   "cuda::copy_strided: source and destination overlap");
    expect_refusal("not unique", [&] {
      (void)cuda::copy_strided(s, dynamic_layout::contiguous({4, 5}), d, broadcast_to(dynamic_layout::contiguous({5}), {4, 5}));
    }, "copy:");
    cudaFree(s);
    cudaFree(d);
  }
  // Random layouts (copy_cases.hpp).
  std::mt19937 rng(20261123);
  for (int i = 0; i < 300; ++i) {
    const auto [src, dst] = strider_copy_cases::random_case(rng, 13);
    check<float>("random " + std::to_string(i), src, dst);
  }
  check_mixed_kernels();
  std::printf("%d cases, %d failures\n", cases, failures);
  return failures == 0 ? 0 : 1;
}
