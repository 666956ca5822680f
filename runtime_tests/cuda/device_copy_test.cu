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
#include <random>
#include <string>
#include <vector>

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

// Copies src_layout into dst_layout on the device and compares with the host loop.
template <class T>
void check(const std::string& name, const dynamic_layout& src_layout, const dynamic_layout& dst_layout, index_t src_shift = 0) {
  ++cases;
  const index_t src_span = src_layout.required_span() + src_shift, dst_span = dst_layout.required_span();
  std::vector<T> src(static_cast<std::size_t>(src_span > 0 ? src_span : 1)), dst(static_cast<std::size_t>(dst_span > 0 ? dst_span : 1), T(-1));
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(i % 100000);
  std::vector<T> expected = dst;
  for_each_index(dst_layout, [&](const std::vector<index_t>& index, index_t d) {
    expected[static_cast<std::size_t>(d)] = src[static_cast<std::size_t>(src_shift + offset_of(src_layout, index))];
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
  if (dst != expected) {
    std::size_t first = 0;
    while (dst[first] == expected[first]) ++first;
    fail(name + ": " + to_string(src_layout) + " -> " + to_string(dst_layout) + ", first difference at storage " + std::to_string(first));
  }
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
  // The benchmark's cases, smaller and with odd sizes.
  check_permute("transpose", {300, 500}, {1, 0});
  check_permute("transpose 1000000x3", {100003, 3}, {1, 0});
  check_permute("transpose 3x1000000", {3, 100003}, {1, 0});
  check_permute("permute (2,0,1)", {33, 17, 65}, {2, 0, 1});
  check_permute("permute (2,1,0)", {33, 17, 65}, {2, 1, 0});
  check_permute("permute (1,0,2)", {33, 17, 64}, {1, 0, 2});
  check_permute("permute (1,0,2) odd", {33, 17, 63}, {1, 0, 2});
  check_permute("NCHW to NHWC", {2, 5, 7, 9}, {0, 2, 3, 1});
  check_permute("NHWC to NCHW", {2, 7, 9, 5}, {0, 3, 1, 2});
  check_permute("permute (3,1,2,0)", {5, 6, 7, 8}, {3, 1, 2, 0});
  const auto a = dynamic_layout::contiguous({37, 200});
  check<float>("a[:, ::2]", slice(a, ":, ::2"), dynamic_layout::contiguous({37, 100}));
  check<float>("a[:, ::-1]", slice(a, ":, ::-1"), dynamic_layout::contiguous({37, 200}));
  check<float>("broadcast", broadcast_to(dynamic_layout::contiguous({200}), {50, 200}), dynamic_layout::contiguous({50, 200}));
  check<float>("broadcast column", broadcast_to(dynamic_layout::contiguous({50, 1}), {50, 200}), dynamic_layout::contiguous({50, 200}));
  // Contiguous rows, vectorized when aligned, not when shifted by one element.
  check<float>("rows aligned", slice(dynamic_layout::contiguous({40, 128}), ":, 64:"), dynamic_layout::contiguous({40, 64}));
  check<float>("rows unaligned", slice(dynamic_layout::contiguous({40, 128}), ":, 1:65"), dynamic_layout::contiguous({40, 64}));
  check<float>("rows shifted source", dynamic_layout::contiguous({40, 64}), dynamic_layout::contiguous({40, 64}), 1);
  check<double>("doubles transposed", dynamic_layout::contiguous({70, 45}), permute(dynamic_layout::contiguous({45, 70}), {1, 0}));
  check<unsigned char>("bytes", permute(dynamic_layout::contiguous({64, 96}), {1, 0}), dynamic_layout::contiguous({96, 64}));
  check<short>("shorts rows", dynamic_layout::contiguous({9, 256}), slice(dynamic_layout::contiguous({9, 512}), ":, ::2"));
  // Corners.
  check<float>("rank 0", dynamic_layout{}, dynamic_layout{});
  check<float>("rank 0 at an offset", dynamic_layout({}, {}, 5), dynamic_layout({}, {}, 2));
  check<float>("empty", dynamic_layout::contiguous({3, 0, 4}), dynamic_layout::contiguous({3, 0, 4}));
  check<float>("negative strides", flip(dynamic_layout::contiguous({13, 31})), dynamic_layout::contiguous({13, 31}));
  check<float>("into negative strides", dynamic_layout::contiguous({13, 31}), flip(dynamic_layout::contiguous({13, 31}), {0}));
  check<float>("zero strides", dynamic_layout({4, 5, 6}, {0, 6, 1}), dynamic_layout::contiguous({4, 5, 6}));
  check<float>("unfold", unfold(dynamic_layout::contiguous({100}), 0, 7, 3), dynamic_layout::contiguous({32, 7}));
  check<float>("as_strided", as_strided(1000, {10, 10}, {97, 3}, 5), dynamic_layout::column_major({10, 10}));
  check<float>("one element", dynamic_layout::contiguous({1, 1, 1}), dynamic_layout::contiguous({1, 1, 1}));
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
  // Random layouts: a contiguous base permuted, flipped and sliced with steps, into contiguous or
  // permuted destinations.
  std::mt19937 rng(20261123);
  for (int i = 0; i < 300; ++i) {
    const std::size_t rank = 1 + rng() % 5;
    dims shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(static_cast<index_t>(1 + rng() % (rank <= 2 ? 90 : 13)));
    dims axes;
    for (std::size_t d = 0; d < rank; ++d) axes.push_back(static_cast<index_t>(d));
    std::shuffle(axes.begin(), axes.end(), rng);
    dynamic_layout src = permute(dynamic_layout::contiguous(shape), axes);
    if (rng() % 2) src = flip(src, {static_cast<index_t>(rng() % rank)});
    std::string index;
    for (std::size_t d = 0; d < rank; ++d) index += (d ? "," : "") + std::string(rng() % 3 == 0 ? "::2" : rng() % 5 == 0 ? "1:" : ":");
    src = slice(src, index);
    std::shuffle(axes.begin(), axes.end(), rng);
    const dynamic_layout dst = rng() % 2 ? dynamic_layout::contiguous(src.shape())
                                         : permute(dynamic_layout::contiguous(permute(src, axes).shape()), [&] {
                                             dims inverse(axes);
                                             for (std::size_t d = 0; d < rank; ++d) inverse[static_cast<std::size_t>(axes[d])] = static_cast<index_t>(d);
                                             return inverse;
                                           }());
    check<float>("random " + std::to_string(i), src, dst);
  }
  check_mixed_kernels();
  std::printf("%d cases, %d failures\n", cases, failures);
  return failures == 0 ? 0 : 1;
}
