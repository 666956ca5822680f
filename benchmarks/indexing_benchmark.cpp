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
//
// Build with NDEBUG (as a release build does): without it, run-time indices are checked.
#include <cstdio>
#include <strider/storage.hpp>
#include <vector>

namespace {
constexpr int n = 512;
using matrix = strider::tensor_view<const float, strider::contiguous<n, n>>;
using transposed = strider::tensor_view<const float, strider::permute_t<strider::contiguous<n, n>, 1, 0>>;
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

int main() {
  std::vector<float> data(n * n);
  for (std::size_t k = 0; k < data.size(); ++k) data[k] = static_cast<float>(k % 7);
  const matrix v(data);
  const transposed t(data);
  const float a = sum_raw(data.data()), b = sum_view(v), c = sum_for_each(v), d = sum_range_for(v);
  const float e = sum_raw_t(data.data()), f = sum_range_for_t(t);
  std::printf("sum_raw %.1f  sum_view %.1f  sum_for_each %.1f  sum_range_for %.1f  sum_raw_t %.1f  sum_range_for_t %.1f\n",
              static_cast<double>(a), static_cast<double>(b), static_cast<double>(c), static_cast<double>(d), static_cast<double>(e),
              static_cast<double>(f));
  return a == b && b == c && c == d && e == f ? 0 : 1;
}
