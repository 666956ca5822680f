// The PTX of a kernel that sums one 64 x 64 tile per block through tile_at, beside the
// hand-indexed kernel (a + bi * 64 * ld + bj * 64): benchmarks/cuda/tile_at_ptx.sh counts the
// instructions of each. No GPU needed.
#include <strider/storage.hpp>

namespace {
constexpr strider::index_t ld = 256;
using matrix = strider::contiguous<256, ld>;
}  // namespace

__global__ void sum_tile_hand(const float* a, float* out) {
  const float* t = a + blockIdx.y * 64 * ld + blockIdx.x * 64;
  float s = 0.0f;
  for (int c = 0; c < 64; ++c) s += t[threadIdx.x * ld + c];
  out[(blockIdx.y * 4 + blockIdx.x) * 64 + threadIdx.x] = s;
}

__global__ void sum_tile_tile_at(const float* a, float* out) {
  const strider::tensor_view<const float, matrix> m(a);
  const auto row = strider::select<0>(strider::tile_at(strider::tile<64, 64>(m), blockIdx.y, blockIdx.x), threadIdx.x);
  float s = 0.0f;
  for (int c = 0; c < 64; ++c) s += row(c);
  out[(blockIdx.y * 4 + blockIdx.x) * 64 + threadIdx.x] = s;
}
