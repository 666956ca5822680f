// Views in CUDA device code (issue 30, item 1): everything a kernel does with a view that does
// not allocate, compiled for the device with nvcc -std=c++20, no --expt-relaxed-constexpr and
// every warning an error (so a call of a host-only function, nvcc's #20013, fails the build).
// Building this file is the test; runtime_tests/cuda and examples/cuda run such kernels on a GPU,
// and the host builds run the same functions (they are the library's host code too).
#include <strider/access.hpp>
#include <strider/print.hpp>
#include <strider/storage.hpp>

#include <array>
#include <type_traits>

namespace {
using namespace strider;

// Views made on the host, passed in one struct (kernel_templates_test.cu passes them one by one).
struct mixed_views {
  tensor_view<float, contiguous<dyn, 4>> rows;
  tensor_view<const float, contiguous<dyn, 32>> wide;
  tensor_view<const float, contiguous<dyn, 64>> tall;
  tensor_view<float, dynamic_layout> any;  // a dynamic layout: element access and queries
  masked_view<const float, tile_t<contiguous<dyn, 64>, masked, 4, 48>> tall_tiles;  // made on the host
};

// Construction from a pointer, a __shared__ array (static layouts: the size checked at compile
// time), and writes through static and mixed mutable views.
__global__ void construct_and_write(float* out, mixed_views views) {
  __shared__ float smem[64];
  tensor_view<float, contiguous<8, 8>> tile(smem);
  const tensor_view<const float, contiguous<64>> flat(smem);
  const int i = static_cast<int>(threadIdx.x);
  tile(i % 8, i / 8) = static_cast<float>(i);
  __syncthreads();
  const tensor_view<float, contiguous<dyn, 4>> o = views.rows;  // a mixed view, made on the host
  o(i % o.extent(0), 0) = flat(i);                          // a write through a run-time extent
  tensor_view<float, contiguous<dyn, 4>> made(out, contiguous<dyn, 4>(16));  // and one made here
  made(i % 16, 3) = 1.0f;
  views.any(i % views.any.extent(0), 0) = views.any(0, i % views.any.extent(1));
}

// Every query of static and mixed views.
__global__ void queries(mixed_views views, index_t* out) {
  const auto v = views.wide;
  const tensor_view<const float, permute_t<contiguous<4, 8>, 1, 0>> s(nullptr);
  out[0] = v.extent(0) + v.stride(0) + v.size() + v.offset() + v.required_span() + v.storage_size() + static_cast<index_t>(v.rank());
  out[1] = s.extent(0) + s.stride(1) + s.size() + static_cast<index_t>(v.is_contiguous()) + static_cast<index_t>(v.is_unique());
  out[2] = v.shape()[0] + v.strides()[1] + s.shape()[1] + s.strides()[0] + v.layout().extent(0);
  out[3] = static_cast<index_t>(v.as_const().data() == v.data());
}

// The view operations' function forms on a static view (the result's layout is the static alias).
__global__ void static_view_operations(const float* p, float* out) {
  const tensor_view<const float, contiguous<32, 32>> v(p);
  const auto a = permute<1, 0>(v);
  const auto b = tile<16, 16>(v);
  const auto c = slice<"1:, ::2">(v);
  const auto d = rearrange<"(h p) w -> h w p", "p=4">(v);
  const auto e = narrow<0, 2, 8>(v);
  const auto f = select<1, 3>(v);
  const auto g = flip<0>(transpose<0, 1>(v));
  const auto h = unsqueeze<0>(matrix_transpose(v));
  const auto i = diagonal(v);
  const auto j = view<1024>(v);
  const auto k = unfold<1, 4, 2>(v);
  out[threadIdx.x] = a(1, 2) + b(1, 1, 2, 3) + c(2, 3) + d(1, 2, 3) + e(1, 1) + f(4) + g(0, 0) + h(0, 1, 1) + i(3) + j(5) + k(1, 2, 3);
}

// The same on a mixed view (a run-time number of rows): the rule runs on the run-time extents.
__global__ void mixed_view_operations(mixed_views views, float* out) {
  const auto v = views.wide;
  const auto a = permute<1, 0>(v);
  const auto b = slice<"1:, ::-1">(v);
  const auto c = rearrange<"b (h w) -> b h w", "w=8">(v);
  const auto d = tile<4, 8>(v);
  const auto e = narrow<1, 0, 16>(v);
  const auto f = flatten(v);
  const auto g = unsqueeze<1>(v);
  out[threadIdx.x] = a(1, 2) + b(0, 0) + c(0, 1, 2) + d(0, 0, 1, 1) + e(0, 15) + f(7) + g(0, 0, 1);
}

// Run-time block selection: the tile stays static, the offset is run-time.
__global__ void runtime_selection(const float* p, mixed_views views, float* out) {
  const tensor_view<const float, contiguous<128, 64>> s(p);
  const auto t = tile_at(tile<16, 16>(s), blockIdx.x, blockIdx.y);
  static_assert(decltype(t)::layout_type::static_strides == index_array<2>{64, 1});
  const auto row = select<0>(t, threadIdx.x);
  const auto part = narrow<0, 4>(row, threadIdx.y);
  const auto m = tile_at(tile<8, 16>(views.tall), blockIdx.x, 1);
  out[threadIdx.x] = part(1) + m(1, 2) + select<1>(views.tall, 3)(0);
}

// Thread-value layouts: each thread's values of a tile of a mixed matrix, of a __shared__ tile
// and of a masked tail tile (partition), the thread index threadIdx.x; a hand-written layout's
// element().
__global__ void thread_values(mixed_views views, float* out) {
  using tv = thread_value_t<contiguous<4, 16>, contiguous<1, 4>>;  // 64 threads over a (4, 64) tile
  static_assert(tv::threads == 64 && tv::tile_shape == index_array<2>{4, 64});
  __shared__ float staged[4 * 64];
  const tensor_view<float, contiguous<4, 64>> s(staged);
  const auto mine = partition(tile_at(tile<4, 64>(views.tall), blockIdx.x, 0), tv{}, threadIdx.x);
  const auto into = partition(s, tv{}, threadIdx.x);
  for (index_t v = 0; v < 4; ++v) into(0, v) = mine(0, v);
  using hand = as_thread_value_t<layout<shape<4, 2>, strides<2, 1>>, 1, shape<4, 2>>;
  const auto tail = partition(views.tall_tiles.tile(blockIdx.x, 1), thread_value_t<contiguous<4, 12>, contiguous<1, 4>>{}, threadIdx.x % 48);
  const float last = tail.in_bounds(0, 3) ? tail(0, 3) : 0.0f;
  out[threadIdx.x] = s(threadIdx.x % 4, 0) + static_cast<float>(hand::element(3, 1)) + last;
}

// A swizzled shared tile (static/swizzled.hpp): element access, view operations that keep the
// swizzle, each thread's partition, the run-time indices and iteration, in device code.
__global__ void swizzled_tiles(const float* p, float* out) {
  using tile_layout = swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>;
  using rows_of_threads = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;
  __shared__ float staged[tile_layout::storage_size];
  const tensor_view<float, tile_layout> s(staged);
  const int i = static_cast<int>(threadIdx.x);
  for (int j = 0; j < 32; ++j) s(i, j) = p[i * 32 + j];
  __syncthreads();
  const auto mine = partition(s, rows_of_threads{}, threadIdx.x);  // thread i's row, swizzled
  const auto column = select<1>(s, threadIdx.x);                    // a run-time column
  const auto t = permute<1, 0>(slice<"::2, 1:">(s));
  float sum = mine(0, 3) + column(5) + t(2, 3) + tile_at(tile<8, 8>(s), 1, 2)(3, 4);
  for_each(narrow<0, 2, 4>(s), [&](float x) { sum += x; });
  out[threadIdx.x] = sum;
}

// Iteration: for_each, for_each_indexed, static_for_each, fill, range-for.
__global__ void iteration(float* p, mixed_views views) {
  const tensor_view<float, contiguous<4, 4>> s(p);
  float sum = 0.0f;
  for_each(s, [&](float x) { sum += x; });
  for_each_indexed(s, [&](const auto& index, float x) { sum += x * static_cast<float>(index[0]); });
  static_for_each(s, [&](float x) { sum += x; });
  for (const float x : s) sum += x;
  for_each(views.rows, [&](float x) { sum += x; });
  fill(views.rows, sum);
  fill(s, 0.0f);
}

// Static members and index_array in device constant expressions, against std::array too.
__global__ void constants() {
  using channels_first = permute_t<contiguous<2, 4, 5>, 2, 0, 1>;
  static_assert(channels_first::shape == std::array<index_t, 3>{5, 2, 4});
  static_assert(channels_first::strides == index_array<3>{1, 20, 5});
  static_assert(!(channels_first::shape == std::array<index_t, 3>{5, 2, 3}));
  constexpr std::array<index_t, 3> converted = channels_first::shape;
  static_assert(index_array<3>{5, 2, 4} == converted);
}

static_assert(std::is_trivially_copyable_v<tensor_view<float, contiguous<dyn, 64>>>);
static_assert(std::is_trivially_copyable_v<tensor_view<const float, contiguous<64, 64>>>);

// A masked tiling made in the kernel (issue 52, item 3): tile<masked, T...> of a mixed view is a
// __host__ __device__ function that copies the view's entries (benchmarks/cuda/zero_overhead_ptx
// counts it), and tile_at takes it as it takes an exact tiling.
__global__ void masked_tiling_in_kernel(mixed_views views, float* out) {
  const auto tiles = tile<masked, 4, 32>(views.wide);
  const auto t = tile_at(tiles, blockIdx.x, 0);
  const auto row = select<0>(t, static_cast<index_t>(threadIdx.x % 4));
  if (row.in_bounds(threadIdx.x % 32)) out[threadIdx.x] = row(threadIdx.x % 32);
}

// print_layout in a kernel (issue 53, item 5): every layout kind and a view, with printf.
__global__ void printing(float* p, mixed_views views) {
  if (threadIdx.x != 0) return;
  print_layout(contiguous<2, 3>{});
  print_layout(permute_t<contiguous<2, 3, 4>, 2, 0, 1>{});
  print_layout(views.rows.layout());
  print_layout(views.rows);
  print_layout(views.any);
  print_layout(swizzled_t<contiguous<8, 8>, swizzle<3, 0, 3>>{});
  print_layout(tensor_view<float, contiguous<4, 4>>(p));
  print_layout(thread_value_t<contiguous<4, 2>, contiguous<1, 4>>{});
  // print_tensor (issue 65): values of a static, a swizzled and a mixed view, and a masked tile.
  print_tensor(tensor_view<float, contiguous<4, 4>>(p));
  print_tensor(tensor_view<float, swizzled_t<contiguous<8, 8>, swizzle<3, 0, 3>>>(p));
  print_tensor(views.rows);
  print_tensor(tile_at(tile<masked, 2, 3>(tensor_view<float, contiguous<dyn, 4>>(p, contiguous<dyn, 4>(3))), 1, 1));
}

// Referenced, so that the kernels are compiled for the device.
void strider_device_views_test_launch(float* p, index_t* q, const mixed_views& views) {
  construct_and_write<<<1, 64>>>(p, views);
  queries<<<1, 1>>>(views, q);
  static_view_operations<<<1, 32>>>(p, p);
  mixed_view_operations<<<1, 32>>>(views, p);
  runtime_selection<<<dim3(8, 4), dim3(16, 4)>>>(p, views, p);
  thread_values<<<4, 64>>>(views, p);
  iteration<<<1, 1>>>(p, views);
  swizzled_tiles<<<1, 32>>>(p, p);
  constants<<<1, 1>>>();
  printing<<<1, 1>>>(p, views);
  masked_tiling_in_kernel<<<1, 32>>>(views, p);
}
}  // namespace

void strider_device_views_test(float* p, index_t* q, float* rows) {
  const tensor_view<const float, contiguous<dyn, 64>> tall(p, contiguous<dyn, 64>(16));
  const mixed_views views{{rows, contiguous<dyn, 4>(16)}, {p, contiguous<dyn, 32>(4)}, tall, {rows, dynamic_layout::contiguous({8, 8})}, tile<masked, 4, 48>(tall)};
  strider_device_views_test_launch(p, q, views);
}
