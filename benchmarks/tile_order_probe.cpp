// Issue 70's probe: the full reversal permute(2, 1, 0) of a 256³ float array (d[a][b][c] =
// s[c][b][a]) moved by the engine's own 16 x 16 line tiles (engine/kernels.hpp's line_tile) in
// three loop orders, against memcpy of the same bytes, one thread. The tiled pair's strides
// (256 KiB on both sides) put a tile's 16 source lines, and its 16 destination lines, in one L2
// set; the orders differ in where the next tile's lines fall.
//   current:  for b: for c0: for a0: tile      (the engine's walk today: the (c, a) plane per b)
//   inner b:  for c0: for a0: for b: tile      (the next tile 1 KiB on: other L2 sets)
//   page b:   for b0 (4 b's, one 4 KiB page of each row): for c0: for a0: for b in b0..b0+3: tile
// Prints GB/s (bytes read + written per second, best of 5) per order; each result checked.
#include <strider/strider.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {
using strider::index_t;
using namespace strider::detail::copy_engine;
using namespace strider::detail::copy_engine::target_kernels;  // the kernels this build targets (-march=native)
using V = tile_vec_t<float>;
constexpr index_t n = 256, plane = n * n, tile = 16;

template <bool Stream>
void current_order(const float* s, float* d) {
  for (index_t b = 0; b < n; ++b)
    for (index_t c0 = 0; c0 < n; c0 += tile)
      for (index_t a0 = 0; a0 < n; a0 += tile) {
        if (a0 + 2 * tile < n)
          for (index_t j = 0; j < tile; ++j) __builtin_prefetch(s + (c0 + j) * plane + b * n + a0 + 2 * tile);
        line_tile<V, float, Stream, false>(s + c0 * plane + b * n + a0, plane, d + a0 * plane + b * n + c0, plane);
      }
}
template <bool Stream>
void inner_b_order(const float* s, float* d) {
  for (index_t c0 = 0; c0 < n; c0 += tile)
    for (index_t a0 = 0; a0 < n; a0 += tile)
      for (index_t b = 0; b < n; ++b) {
        if (b + 2 < n)
          for (index_t j = 0; j < tile; ++j) __builtin_prefetch(s + (c0 + j) * plane + (b + 2) * n + a0);
        line_tile<V, float, Stream, false>(s + c0 * plane + b * n + a0, plane, d + a0 * plane + b * n + c0, plane);
      }
}
template <bool Stream>
void page_b_order(const float* s, float* d) {
  for (index_t b0 = 0; b0 < n; b0 += 4)
    for (index_t c0 = 0; c0 < n; c0 += tile)
      for (index_t a0 = 0; a0 < n; a0 += tile)
        for (index_t b = b0; b < b0 + 4; ++b) line_tile<V, float, Stream, false>(s + c0 * plane + b * n + a0, plane, d + a0 * plane + b * n + c0, plane);
}

template <class Copy>
double gb_per_s(Copy copy) {
  double best = 1e30;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    copy();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return 2.0 * static_cast<double>(n * n * n) * sizeof(float) / best / 1e9;
}
}  // namespace

int main() {
  const auto bytes = static_cast<std::size_t>(n * n * n) * sizeof(float);
  const auto buffer = [&] { return std::unique_ptr<float, decltype(&std::free)>(static_cast<float*>(std::aligned_alloc(64, bytes)), &std::free); };
  auto s = buffer(), d = buffer(), m = buffer();
  for (index_t i = 0; i < n * n * n; ++i) s.get()[i] = static_cast<float>(i);
  bool ok = true;
  const auto run = [&](const char* name, auto copy) {
    std::memset(d.get(), 0, bytes);
    const double rate = gb_per_s([&] {
      copy(s.get(), d.get());
      stream_fence();
    });
    for (index_t a = 0; a < n; a += 3)
      for (index_t b = 0; b < n; b += 5)
        for (index_t c = 0; c < n; c += 7) ok = ok && d.get()[(a * n + b) * n + c] == s.get()[(c * n + b) * n + a];
    std::printf("| %s | %.1f |\n", name, rate);
  };
  std::printf("| permute (2,1,0) 256³, one thread | GB/s |\n|---|---:|\n");
  run("current order, streaming stores", current_order<true>);
  run("current order, plain stores", current_order<false>);
  run("inner b, streaming stores", inner_b_order<true>);
  run("inner b, plain stores", inner_b_order<false>);
  run("page b, streaming stores", page_b_order<true>);
  std::printf("| memcpy | %.1f |\n", gb_per_s([&] { std::memcpy(m.get(), s.get(), bytes); }));
  if (!ok) std::printf("a result differs from the reversal\n");
  return ok ? 0 : 1;
}
