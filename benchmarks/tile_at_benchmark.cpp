// tile_at against the hand-indexed loop (issue 30, item 2): the sum of every 64 x 64 tile of a
// 256 x 256 float matrix (leading dimension ld = 256), tile (bi, bj) read once through
// tile_at(tile<64, 64>(m), bi, bj) and once through `a + bi * 64 * ld + bj * 64`. Measured by
// benchmarks/tile_at_callgrind.sh (instruction counts of each function under callgrind).
#include <cstdio>
#include <vector>

#include "strider/strider.hpp"

namespace {
constexpr strider::index_t n = 256, ld = 256;
using matrix = strider::contiguous<n, ld>;

__attribute__((noinline)) float sum_tiles_hand(const float* a, strider::index_t bi, strider::index_t bj) {
  const float* t = a + bi * 64 * ld + bj * 64;
  float s = 0.0f;
  for (strider::index_t r = 0; r < 64; ++r)
    for (strider::index_t c = 0; c < 64; ++c) s += t[r * ld + c];
  return s;
}

// The view is made once by the caller, as a kernel makes it once (its pointer checks are not
// tile_at's cost).
__attribute__((noinline)) float sum_tiles_tile_at(strider::tensor_view<const float, matrix> m, strider::index_t bi, strider::index_t bj) {
  const auto t = strider::tile_at(strider::tile<64, 64>(m), bi, bj);
  float s = 0.0f;
  for (strider::index_t r = 0; r < 64; ++r)
    for (strider::index_t c = 0; c < 64; ++c) s += t(r, c);
  return s;
}
}  // namespace

int main(int argc, char**) {
  std::vector<float> a(static_cast<std::size_t>(n * ld), 1.0f);
  const strider::tensor_view<const float, matrix> view(a);
  float total_hand = 0.0f, total_tile_at = 0.0f;
  const strider::index_t blocks = n / 64 + (argc > 5 ? 1 : 0);  // not a constant to the compiler
  for (strider::index_t bi = 0; bi < blocks; ++bi)
    for (strider::index_t bj = 0; bj < blocks; ++bj) {
      total_hand += sum_tiles_hand(a.data(), bi, bj);
      total_tile_at += sum_tiles_tile_at(view, bi, bj);
    }
  std::printf("%g %g\n", total_hand, total_tile_at);
  return total_hand == total_tile_at ? 0 : 1;
}
