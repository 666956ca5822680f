// Static layouts in CUDA device code: built with nvcc -std=c++20 and no --expt-relaxed-constexpr.
// The static_asserts below are evaluated in __device__ and __global__ functions (and at namespace
// scope of a .cu file); building this file is the test. The run-time element access is compiled
// for the device here and run on a GPU by runtime_tests/cuda.
#include <strider/storage.hpp>

#include <type_traits>

namespace {
using namespace strider;

using A = contiguous<64, 256, 256>;
using P = permute_t<A, 2, 0, 1>;
using Crop = slice_t<permute_t<contiguous<2, 3, 8, 8>, 0, 2, 3, 1>, ":, 1:7, 1:7">;  // NCHW to NHWC, cropped
using Windows = unfold_t<contiguous<10>, 0, 3, 2>;
using Tiled = broadcast_to_t<slice_t<contiguous<4>, "None">, 3, 4>;
using Back = view_t<slice_t<contiguous<4, 6>, ":, ::-1">, 4, 6>;
using Strided = as_strided_t<slice_t<contiguous<1000>, ":2">, shape<2>, strides<50>>;
using Qkv = contiguous<16, 3 * 64>;  // a fused projection, split into q, k, v along the last axis
using K = chunk_part_t<Qkv, 3, -1, 1>;
using Patches = sliding_window_view_t<contiguous<8, 8>, shape<3, 3>>;

// Every member a kernel reads, in device code.
__device__ index_t members() {
  static_assert(P::rank == 3 && P::shape[0] == 256 && P::strides[0] == 1 && P::strides[2] == 256);
  static_assert(P::offset == 0 && P::size == 64 * 256 * 256 && !P::is_contiguous && P::is_unique);
  static_assert(P::min_offset == 0 && P::max_offset == 64 * 256 * 256 - 1 && P::required_span == P::size);
  static_assert(Crop::shape[1] == 6 && Crop::strides[3] == 64 && Crop::offset == 9 && Crop::storage_size == 384);
  static_assert(Windows::shape[0] == 4 && Windows::strides[0] == 2 && !Windows::is_unique);
  static_assert(Tiled::strides[0] == 0 && Back::strides[1] == -1 && Back::offset == 5);
  static_assert(Strided{}(1) == 50);
  static_assert(K::shape[1] == 64 && K::offset == 64 && matrix_transpose_t<K>::strides[0] == 1);
  static_assert(Patches::rank == 4 && Patches{}(1, 2, 2, 2) == 8 + 2 + 16 + 2);
  static_assert(P{}(3, 2, 1) == 2 * 65536 + 256 + 3);
  static_assert(A{}(std::integral_constant<int, 1>{}, std::integral_constant<int, 2>{}, std::integral_constant<int, 3>{}) == 65536 + 512 + 3);
  constexpr auto dims = P::shape;
  static_assert(dims.size() == 3 && dims[2] == 256);
  // Arrays are read in constant expressions in device code (CUDA reads a host constexpr array's
  // elements only there); a constexpr copy may then be indexed and iterated at run time.
  constexpr auto strides = P::strides;
  index_t sum = 0;
  for (const index_t s : strides) sum += s;  // 1 + 65536 + 256
  return sum + P{}(1, 1, 1) + P::offset + P::size;
}

// Element access through views of static layouts, with run-time and integral-constant indices.
__global__ void nchw_to_nhwc_crop(const float* src, float* dst) {
  const tensor_view<const float, Crop> in(src);
  const tensor_view<float, contiguous<2, 6, 6, 3>> out(dst);
  const int n = static_cast<int>(blockIdx.x), h = static_cast<int>(threadIdx.y), w = static_cast<int>(threadIdx.x);
  for (int c = 0; c < 3; ++c) out(n, h, w, c) = in(n, h, w, c);
  out(std::integral_constant<int, 0>{}, 0, 0, 0) += static_cast<float>(members() * 0);
}

__global__ void conv1d(const float* x, const float* weights, float* y) {
  const tensor_view<const float, Windows> windows(x);
  const int i = static_cast<int>(threadIdx.x);
  float acc = 0.0f;
  for (int k = 0; k < 3; ++k) acc += windows(i, k) * weights[k];
  y[i] = acc;
}

// A tensor (storage inside the object) in a kernel: a per-thread tile.
// One part of a split, and the windows of sliding_window_view, read in a kernel.
__global__ void keys_and_patches(const float* qkv, const float* image, float* dst) {
  const tensor_view<const float, K> keys(qkv);
  const tensor_view<const float, Patches> patches(image);
  const int i = static_cast<int>(threadIdx.x);
  dst[i] = keys(i, 0) + patches(i % 6, i % 6, 1, 1);
}

// A mixed layout in a kernel: a run-time batch of 64 x 64 images read as a[:, ::-1, 1::2], its
// static strides constants of the code. The view is made (and checked) on the host and passed in
// a struct: nvcc 13's generated launch stubs do not compile a kernel parameter whose own type has
// a class-type template argument (a view of a static or mixed layout).
using Images = slice_t<contiguous<dyn, 64, 64>, ":, ::-1, 1::2">;
static_assert(Images::static_strides[1] == -64 && Images::static_offset == 63 * 64 + 1);
struct image_batch {
  tensor_view<const float, Images> images;
};
__global__ void sum_images(image_batch in, float* dst) {
  const int b = static_cast<int>(blockIdx.x), i = static_cast<int>(threadIdx.x);
  float sum = 0.0f;
  for (int j = 0; j < 32; ++j) sum += in.images(b, i, j);
  dst[b * 64 + i] = sum + static_cast<float>(in.images.layout().offset() * 0);
}

__global__ void tile_sum(const float* src, float* dst) {
  tensor<float, contiguous<4, 4>> tile{};
  const tensor_view<const float, slice_t<contiguous<8, 8>, "2:6, ::2">> in(src);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) tile(i, j) = in(i, j);
  float sum = 0.0f;
  for (int i = 0; i < 4; ++i) sum += tile(i, i) + tile(std::integral_constant<int, 3>{}, std::integral_constant<int, 0>{});
  dst[threadIdx.x] = sum;
}

// The layout algebra on run-time layouts in device code: its shared checks refuse through their
// caller's pointer (detail::check_caller), which must compile for the device too (the rules' host
// behaviour is runtime_tests/algebra_test.cpp's).
__global__ void algebra_sizes(index_t n, index_t* out) {
  const dynamic_layout l = dynamic_layout::contiguous({n, 2});
  const dynamic_layout tile = dynamic_layout::contiguous({2});
  out[0] = coalesce(l).size();
  out[1] = composition(l, tile).size();
  out[2] = complement(tile, 4).size();
  out[3] = right_inverse(l).size();
  out[4] = left_inverse(l).size();
  out[5] = logical_divide(l, tile).size();
  out[6] = logical_product(tile, l).size();
  out[7] = blocked_product(tile, l).size();
  out[8] = raked_product(tile, l).size();
}

static_assert(sizeof(tensor_view<float, P>) == sizeof(float*));
}  // namespace

// Referenced, so that the kernels are compiled for the device.
void strider_device_static_test_launch(const float* src, float* dst, const float* w) {
  nchw_to_nhwc_crop<<<2, dim3(6, 6)>>>(src, dst);
  conv1d<<<1, 4>>>(src, w, dst);
  tile_sum<<<1, 1>>>(src, dst);
  keys_and_patches<<<1, 16>>>(src, src, dst);
  algebra_sizes<<<1, 1>>>(4, nullptr);
  sum_images<<<3, 64>>>(image_batch{{src, strider::slice<":, ::-1, 1::2">(contiguous<dyn, 64, 64>(3))}}, dst);
}
