// Indexing through a static layout costs what a raw pointer loop costs: the sum of a 512 x 512
// float array, three ways, each in its own non-inlined function so that callgrind can count the
// instructions of each loop alone (benchmarks/indexing_callgrind.sh):
//
//   sum_raw       p[i * 512 + j] over a raw pointer, written by hand
//   sum_view      v(i, j) through tensor_view<const float, contiguous<512, 512>>
//   sum_for_each  strider::for_each over the same view
//   sum_range_for `for (float x : v)` over the same view
//   sum_raw_t, sum_range_for_t   the transposed view (permute_t<..., 1, 0>): p[j * 512 + i] by
//                 hand, and range-for in its logical order
//   sum_raw_mixed, sum_view_mixed   a batch of 64 x 64 images whose count is a run-time value,
//                 read as `a[:, ::-1, 1::2]`: by hand, and through a view of the mixed layout
//                 slice_t<contiguous<dyn, 64, 64>, ":, ::-1, 1::2"> (static strides, run-time batch)
//
// Build with NDEBUG (as a release build does): without it, run-time indices are checked.
#include <cstdio>
#include <strider/storage.hpp>
#include <vector>

namespace {
constexpr int n = 512;
using matrix = strider::tensor_view<const float, strider::contiguous<n, n>>;
using transposed = strider::tensor_view<const float, strider::permute_t<strider::contiguous<n, n>, 1, 0>>;
constexpr int tile = 64;
using images = strider::slice_t<strider::contiguous<strider::dyn, tile, tile>, ":, ::-1, 1::2">;
}  // namespace

__attribute__((noinline)) float sum_raw(const float* p) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) s += p[i * n + j];
  return s;
}

__attribute__((noinline)) float sum_view(matrix v) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) s += v(i, j);
  return s;
}

__attribute__((noinline)) float sum_for_each(matrix v) {
  float s = 0;
  strider::for_each(v, [&s](float x) { s += x; });
  return s;
}

__attribute__((noinline)) float sum_range_for(matrix v) {
  float s = 0;
  for (const float x : v) s += x;
  return s;
}

__attribute__((noinline)) float sum_raw_t(const float* p) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) s += p[j * n + i];
  return s;
}

__attribute__((noinline)) float sum_range_for_t(transposed v) {
  float s = 0;
  for (const float x : v) s += x;
  return s;
}

__attribute__((noinline)) float sum_raw_mixed(const float* p, long batch) {
  float s = 0;
  for (long b = 0; b < batch; ++b)
    for (int i = 0; i < tile; ++i)
      for (int j = 0; j < tile / 2; ++j) s += p[b * tile * tile + (tile - 1 - i) * tile + 1 + 2 * j];
  return s;
}

__attribute__((noinline)) float sum_view_mixed(strider::tensor_view<const float, images> v) {
  float s = 0;
  const long batch = v.extent(0);
  for (long b = 0; b < batch; ++b)
    for (int i = 0; i < tile; ++i)
      for (int j = 0; j < tile / 2; ++j) s += v(b, i, j);
  return s;
}

int main(int argc, char**) {
  std::vector<float> data(n * n);
  for (std::size_t k = 0; k < data.size(); ++k) data[k] = static_cast<float>(k % 7);
  const matrix v(data);
  const transposed t(data);
  const float a = sum_raw(data.data()), b = sum_view(v), c = sum_for_each(v), d = sum_range_for(v);
  const float e = sum_raw_t(data.data()), f = sum_range_for_t(t);
  // The batch is a run-time value (argc keeps the compiler from knowing it).
  const long batch = n * n / (tile * tile) - 1 + argc;
  const strider::tensor_view<const float, images> m(data.data(), strider::slice<":, ::-1, 1::2">(strider::contiguous<strider::dyn, tile, tile>(batch)));
  const float g = sum_raw_mixed(data.data(), batch), h = sum_view_mixed(m);
  std::printf("sum_raw %.1f  sum_view %.1f  sum_for_each %.1f  sum_range_for %.1f  sum_raw_t %.1f  sum_range_for_t %.1f  sum_raw_mixed %.1f  sum_view_mixed %.1f\n",
              static_cast<double>(a), static_cast<double>(b), static_cast<double>(c), static_cast<double>(d), static_cast<double>(e),
              static_cast<double>(f), static_cast<double>(g), static_cast<double>(h));
  return a == b && b == c && c == d && e == f && g == h ? 0 : 1;
}
