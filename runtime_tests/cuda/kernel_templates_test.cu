// Kernel templates over strider layouts, launched with no wrapper and run on a GPU (issue 51):
// a view of a sliced and permuted static layout, one of a mixed layout, and a slice alias written
// inside the launch's template arguments (issue 63), each element doubled by its own thread; the result is compared with the same doubling on the host, element by
// element through a plain index loop. Exits 77 (skipped) without a GPU.
#include <strider/storage.hpp>
#include <strider/strider.hpp>

#include <cstdio>
#include <vector>

#include "../../examples/cuda/cuda_check.hpp"

namespace {
using namespace strider;

using stepped = permute_t<slice_t<contiguous<32, 128>, ":, ::2">, 1, 0>;  // 64 x 32, strides (2, 128)
using rows = contiguous<dyn, 64>;

// Element (i, j) of v, for every i and j of a grid of i-blocks by j-threads, times a.
template <class L>
__global__ void scale(tensor_view<float, L> v, float a) {
  const index_t i = blockIdx.x, j = threadIdx.x;
  if (i < v.extent(0) && j < v.extent(1)) v(i, j) *= a;
}

using cuda_example::check;

// Doubles every element of L's view of a buffer of `span` floats on the GPU, and on the host the
// elements at offset_of(i, j) (the layout's formula written out); true when the two agree.
// `launch(d)` runs scale over the view of d it names.
template <class L, class Offset, class Launch>
bool doubled(const char* name, const L& layout, index_t span, Offset offset_of, Launch launch) {
  std::vector<float> host(static_cast<std::size_t>(span));
  for (std::size_t k = 0; k < host.size(); ++k) host[k] = static_cast<float>(k);
  std::vector<float> expected = host, got(host.size());
  for (index_t i = 0; i < layout.extent(0); ++i)
    for (index_t j = 0; j < layout.extent(1); ++j) expected[static_cast<std::size_t>(offset_of(i, j))] *= 2.0f;
  float* d = nullptr;
  const std::size_t bytes = host.size() * sizeof(float);
  bool ok = check(cudaMalloc(&d, bytes), "cudaMalloc") && check(cudaMemcpy(d, host.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  if (ok) {
    launch(d);
    ok = check(cudaGetLastError(), "launch") && check(cudaMemcpy(got.data(), d, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(d);
  std::size_t wrong = 0;
  for (std::size_t k = 0; ok && k < got.size(); ++k) wrong += got[k] != expected[k];
  std::printf("scale<%s>: %zu of %zu elements wrong\n", name, wrong, got.size());
  return ok && wrong == 0;
}
}  // namespace

int main() {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  // a[:, ::2] of a 32 x 128 array, transposed: element (i, j) is a[j][2 i].
  bool ok = doubled("permute_t<slice_t<contiguous<32, 128>, \":, ::2\">, 1, 0>", stepped{}, 32 * 128, [](index_t i, index_t j) { return j * 128 + 2 * i; },
                    [](float* d) { scale<stepped><<<64, 32>>>(tensor_view<float, stepped>(d), 2.0f); });
  ok = doubled("contiguous<dyn, 64>", rows(5), 5 * 64, [](index_t i, index_t j) { return i * 64 + j; },
               [](float* d) { scale<rows><<<5, 64>>>(tensor_view<float, rows>(d, rows(5)), 2.0f); }) && ok;
  // a[::2, 1:] of an 8 x 8 array, the alias written in the launch: element (i, j) is a[2 i][j + 1].
  ok = doubled("slice_t<contiguous<8, 8>, \"::2, 1:\"> in the launch", slice_t<contiguous<8, 8>, "::2, 1:">{}, 64,
               [](index_t i, index_t j) { return 16 * i + j + 1; },
               [](float* d) { scale<slice_t<contiguous<8, 8>, "::2, 1:">><<<4, 7>>>(tensor_view<float, slice_t<contiguous<8, 8>, "::2, 1:">>(d), 2.0f); }) && ok;
  return ok ? 0 : 1;
}
