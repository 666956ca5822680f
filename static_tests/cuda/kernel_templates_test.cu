// strider as written, under nvcc (issue 51): kernel templates over every kind of layout and
// view, launched with no wrapper of the user's, the README's tour chain as namespace-scope aliases,
// and thread-value layouts in certificates, compiled with nvcc -std=c++20, no
// --expt-relaxed-constexpr and every warning an error. nvcc's host stub spells each kernel
// template's arguments in C++ for the host compiler: a layout value's rows are named entries
// under nvcc (util/config.hpp) so that it can. Building this file is the test (the launches are
// in a host function that nothing calls); runtime_tests/cuda/kernel_templates_test.cu runs two of
// them on a GPU.
#include <strider/access.hpp>
#include <strider/storage.hpp>
#include <strider/strider.hpp>

#include <array>

namespace {
using namespace strider;

// The README's tour, at namespace scope.
using image = contiguous<3, 4, 5>;
using cropped = slice_t<image, "1:, ::-1">;
using channels_first = permute_t<cropped, 2, 0, 1>;
static_assert(channels_first::shape == std::array<index_t, 3>{5, 2, 4});
static_assert(channels_first::offset == 35);
using stepped = permute_t<slice_t<contiguous<32, 128>, ":, ::2">, 1, 0>;
static_assert(stepped::shape == std::array<index_t, 2>{64, 32} && stepped::strides == std::array<index_t, 2>{2, 128});

// Thread-value layouts and their certificates (README, docs/algebra.md), and a user's alias
// template over as_thread_value_t.
using rows_of_threads = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;
using padded_rows = layout<shape<32, 32>, strides<33, 1>>;
using swizzled = swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>;
static_assert(access_t<padded_rows, rows_of_threads, 4, 1>::bank_conflicts == 0);
static_assert(require_conflict_free_t<swizzled, rows_of_threads, 4, 1>::wavefronts == 32);
template <class L>
using pairs_of = as_thread_value_t<L, 1, shape<4, 2>>;
using rows_tv = pairs_of<layout<shape<4, 2>, strides<2, 1>>>;
static_assert(rows_tv::threads == 4 && rows_tv::values == 2);
static_assert(access_t<contiguous<4, 2>, rows_tv, 4>::vector_width == 2);

using mixed = contiguous<dyn, 64>;

template <class L>
__global__ void scale2(tensor_view<float, L> v, float a) {
  v(static_cast<index_t>(threadIdx.x) % v.extent(0), 0) *= a;
}
template <class L>
__global__ void scale3(tensor_view<float, L> v, float a) {
  v(0, 0, static_cast<index_t>(threadIdx.x) % v.extent(2)) *= a;
}
template <class L>
__global__ void by_layout_type(float* out) {
  out[L{}(0, 1)] = 1.0f;
}
template <class TV, class Tile>
__global__ void by_partition(tensor_view<float, Tile> tile) {  // each thread's first value
  const auto mine = partition(tile, TV{}, static_cast<index_t>(threadIdx.x));
  if constexpr (TV::value_rank == 1) mine(0) = static_cast<float>(threadIdx.x);
  else mine(0, 0) = static_cast<float>(threadIdx.x);
}

// The spellings in a kernel's body: aliases of a slice text and of a thread-value layout, a
// certificate over it, and views a kernel template takes from partition, select and tile_at.
template <class L>
__global__ void spelled_in_kernel(tensor_view<float, L> v) {
  using flipped = slice_t<L, "::-1, :">;
  using local_tv = as_thread_value_t<layout<shape<4, 2>, strides<2, 1>>, 1, shape<4, 2>>;
  static_assert(access_t<contiguous<4, 2>, local_tv, 4>::bank_conflicts == 0);
  const tensor_view<float, flipped> f(v.data());
  f(0, 0) = v(L::extent(0) - 1, 0);
}
template <class View>
__global__ void over_a_view_type(View v) {
  v(0) = 1.0f;
}

template <class Tiles>
__global__ void over_masked_tiles(Tiles tiles) {
  const auto t = tile_at(tiles, static_cast<index_t>(blockIdx.x), 0);
  if (t.in_bounds(static_cast<index_t>(threadIdx.x), 0)) t(static_cast<index_t>(threadIdx.x), 0) = 0.0f;
}

[[maybe_unused]] void launch_every_kind(float* d) {
  spelled_in_kernel<contiguous<4, 8>><<<1, 1>>>(tensor_view<float, contiguous<4, 8>>(d));
  const tensor_view<float, contiguous<32, 32>> square(d);
  const auto row = select<0>(square, 3);
  over_a_view_type<decltype(row)><<<1, 1>>>(row);
  const auto mine = partition(tensor_view<float, contiguous<4, 2>>(d), rows_tv{}, 1);
  over_a_view_type<decltype(mine)><<<1, 1>>>(mine);
  const auto block = tile_at(strider::tile<exact, 8, 8>(square), 1, 2);
  const auto tile_row = select<0>(block, 0);
  over_a_view_type<decltype(tile_row)><<<1, 1>>>(tile_row);
  const tensor_view<float, mixed> tall(d, mixed(100));
  const auto masked_tiles = strider::tile<masked, 16, 64>(tall);  // a masked tiling made on the host
  over_masked_tiles<decltype(masked_tiles)><<<1, 16>>>(masked_tiles);
  scale2<contiguous<4, 8>><<<1, 4>>>(tensor_view<float, contiguous<4, 8>>(d), 2.0f);
  scale2<stepped><<<1, 4>>>(tensor_view<float, stepped>(d), 2.0f);
  scale3<channels_first><<<1, 4>>>(tensor_view<float, channels_first>(d), 2.0f);
  scale2<mixed><<<1, 4>>>(tensor_view<float, mixed>(d, mixed(3)), 2.0f);
  scale2<swizzled><<<1, 4>>>(tensor_view<float, swizzled>(d), 2.0f);
  scale2<dynamic_layout><<<1, 4>>>(tensor_view<float, dynamic_layout>(d, dynamic_layout::contiguous({4, 8})), 2.0f);
  by_layout_type<stepped><<<1, 1>>>(d);
  by_layout_type<swizzled><<<1, 1>>>(d);
  by_partition<rows_of_threads, padded_rows><<<1, 32>>>(tensor_view<float, padded_rows>(d));
  by_partition<rows_tv, contiguous<4, 2>><<<1, 4>>>(tensor_view<float, contiguous<4, 2>>(d));
  // Text aliases written inside a launch's template arguments (issue 63).
  scale2<slice_t<contiguous<8, 8>, "::2, 1:">><<<1, 4>>>(tensor_view<float, slice_t<contiguous<8, 8>, "::2, 1:">>(d), 2.0f);
  scale3<rearrange_t<contiguous<4, 6>, "a (b c) -> c a b", "b=2">><<<1, 4>>>(tensor_view<float, rearrange_t<contiguous<4, 6>, "a (b c) -> c a b", "b=2">>(d), 2.0f);
  scale3<permute_t<slice_t<contiguous<8, 8, 2>, "::2, 1:">, 2, 0, 1>><<<1, 4>>>(tensor_view<float, permute_t<slice_t<contiguous<8, 8, 2>, "::2, 1:">, 2, 0, 1>>(d), 2.0f);
}
}  // namespace
