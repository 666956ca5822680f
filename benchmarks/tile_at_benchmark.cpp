// tile_at against the hand-indexed loop (issue 30, item 2): the sum of every 64 x 64 tile of a
// 256 x 256 float matrix (leading dimension ld = 256), tile (bi, bj) read once through
// tile_at(tile<64, 64>(m), bi, bj) and once through `a + bi * 64 * ld + bj * 64`. And a
// thread's share of staging that tile (issue 32): 256 threads of a 4 x 4 block each, thread t's
// block copied into a 64 x 64 buffer through partition(tile, tv, t) and through the hand-written
// `(t / 16) * 4`, `(t % 16) * 4`. Measured by benchmarks/tile_at_callgrind.sh (instruction
// counts of each function under callgrind).
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
using staging = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;

__attribute__((noinline)) void stage_hand(const float* a, float* staged, strider::index_t bi, strider::index_t bj, strider::index_t t) {
  const float* tile = a + bi * 64 * ld + bj * 64;
  const strider::index_t r0 = (t / 16) * 4, c0 = (t % 16) * 4;
  for (strider::index_t i = 0; i < 4; ++i)
    for (strider::index_t j = 0; j < 4; ++j) staged[(r0 + i) * 64 + c0 + j] = tile[(r0 + i) * ld + c0 + j];
}

__attribute__((noinline)) void stage_partition(strider::tensor_view<const float, matrix> m, strider::tensor_view<float, strider::contiguous<64, 64>> staged,
                                               strider::index_t bi, strider::index_t bj, strider::index_t t) {
  const auto from = strider::partition(strider::tile_at(strider::tile<64, 64>(m), bi, bj), staging{}, t);
  const auto to = strider::partition(staged, staging{}, t);
  for (strider::index_t i = 0; i < 4; ++i)
    for (strider::index_t j = 0; j < 4; ++j) to(i, j) = from(i, j);
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
  std::vector<float> by_hand(64 * 64), by_partition(64 * 64);
  const strider::tensor_view<float, strider::contiguous<64, 64>> staged(by_partition);
  for (strider::index_t bi = 0; bi < blocks; ++bi)
    for (strider::index_t t = 0; t < staging::threads; ++t) {
      stage_hand(a.data(), by_hand.data(), bi, 1, t);
      stage_partition(view, staged, bi, 1, t);
    }
  std::printf("%g %g\n", total_hand, total_tile_at);
  return total_hand == total_tile_at && by_hand == by_partition ? 0 : 1;
}
