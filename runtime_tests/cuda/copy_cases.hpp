// The device copy's cases, shared by the GPU test (device_copy_test.cu) and the host run of the
// same kernels (runtime_tests/cuda_copy_kernels_test.cpp), so that both check the same list.
// Plain C++: no CUDA, no test framework.
#pragma once

#include <strider/core.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace strider_copy_cases {

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;

// Elements of any size and alignment: the copy moves their bytes.
template <std::size_t Size, std::size_t Align>
struct alignas(Align) bytes_of {
  unsigned char bytes[Size];
};

// Calls visit.template operator()<T>(name, src, dst, src_shift) for every case: copy the view
// src (of storage starting src_shift elements in) into dst, elements of type T.
template <class Visit>
void for_each_case(Visit&& visit) {
  const auto c = [](const dims& shape) { return dynamic_layout::contiguous(shape); };
  const auto permuted = [&](const std::string& name, const dims& shape, const dims& axes) {
    const dynamic_layout src = strider::permute(c(shape), axes);
    visit.template operator()<float>(name, src, c(src.shape()), 0);
  };
  // The benchmark's cases, smaller and with odd sizes.
  permuted("transpose", {300, 500}, {1, 0});
  permuted("transpose 1000000x3", {100003, 3}, {1, 0});
  permuted("transpose 3x1000000", {3, 100003}, {1, 0});
  permuted("permute (2,0,1)", {33, 17, 65}, {2, 0, 1});
  permuted("permute (2,1,0)", {33, 17, 65}, {2, 1, 0});
  permuted("permute (1,0,2)", {33, 17, 64}, {1, 0, 2});
  permuted("permute (1,0,2) odd", {33, 17, 63}, {1, 0, 2});
  permuted("NCHW to NHWC", {2, 5, 7, 9}, {0, 2, 3, 1});
  permuted("NHWC to NCHW", {2, 7, 9, 5}, {0, 3, 1, 2});
  permuted("permute (3,1,2,0)", {5, 6, 7, 8}, {3, 1, 2, 0});
  // Tiles with outer loops.
  permuted("batched transpose", {4, 70, 45}, {0, 2, 1});
  permuted("NCHW to NHWC, 40 channels", {3, 40, 9, 11}, {0, 2, 3, 1});
  permuted("NHWC to NCHW, 40 channels", {3, 9, 11, 40}, {0, 3, 1, 2});
  // tiled_vectors (1-, 2- and 4-byte elements, both sides a tile or more, rows aligned to a
  // vector), with masked edges; and the same shapes where a row or the pointer is not aligned
  // (tiled).
  permuted("transpose, 16-byte rows", {264, 136}, {1, 0});
  permuted("NCHW to NHWC, 64 channels", {2, 64, 8, 10}, {0, 2, 3, 1});
  permuted("NHWC to NCHW, 64 channels", {2, 8, 10, 64}, {0, 3, 1, 2});
  visit.template operator()<std::uint16_t>("halves transposed", strider::permute(c({264, 136}), {1, 0}), c({136, 264}), 0);
  visit.template operator()<std::uint16_t>("halves, 8-byte rows", strider::permute(c({260, 136}), {1, 0}), c({136, 260}), 0);
  visit.template operator()<std::uint8_t>("bytes transposed", strider::permute(c({264, 136}), {1, 0}), c({136, 264}), 0);
  visit.template operator()<std::uint8_t>("NCHW to NHWC, 128 channels of bytes", strider::permute(c({2, 128, 8, 20}), {0, 2, 3, 1}), c({2, 8, 20, 128}), 0);
  visit.template operator()<float>("transpose, a flipped source", strider::flip(strider::permute(c({264, 136}), {1, 0}), {1}), c({136, 264}), 0);
  visit.template operator()<float>("transpose, a pitch of 301", strider::permute(strider::slice(c({136, 301}), ":, :300"), {1, 0}), c({300, 136}), 0);
  visit.template operator()<float>("transpose, a shifted source", strider::permute(c({136, 264}), {1, 0}), c({264, 136}), 1);
  // Thin transposes (not tiled up to 8 channels): pixels to planes and back.
  for (const index_t channels : {2, 3, 4, 5, 8, 9}) {
    const std::string n = std::to_string(channels);
    permuted("pixels to planes, " + n, {1003, channels}, {1, 0});
    permuted("planes to pixels, " + n, {channels, 1003}, {1, 0});
    permuted("batched pixels to planes, " + n, {3, 300, channels}, {0, 2, 1});
  }
  const dynamic_layout a = c({37, 200});
  visit.template operator()<float>("a[:, ::2]", strider::slice(a, ":, ::2"), c({37, 100}), 0);
  visit.template operator()<float>("a[:, ::-1]", strider::slice(a, ":, ::-1"), c({37, 200}), 0);
  visit.template operator()<float>("broadcast", strider::broadcast_to(c({200}), {50, 200}), c({50, 200}), 0);
  visit.template operator()<float>("broadcast column", strider::broadcast_to(c({50, 1}), {50, 200}), c({50, 200}), 0);
  // Contiguous rows, vectorized when aligned, not when shifted by one element.
  visit.template operator()<float>("rows aligned", strider::slice(c({40, 128}), ":, 64:"), c({40, 64}), 0);
  visit.template operator()<float>("rows unaligned", strider::slice(c({40, 128}), ":, 1:65"), c({40, 64}), 0);
  visit.template operator()<float>("rows shifted source", c({40, 64}), c({40, 64}), 1);
  visit.template operator()<float>("rows of 8-byte vectors", strider::slice(c({40, 130}), ":, 2:"), c({40, 128}), 0);
  // Element types: moved as their bytes; those over 16 bytes are not tiled.
  const dynamic_layout t = strider::permute(c({70, 45}), {1, 0});
  visit.template operator()<double>("doubles transposed", c({70, 45}), strider::permute(c({45, 70}), {1, 0}), 0);
  visit.template operator()<std::uint8_t>("bytes", strider::permute(c({64, 96}), {1, 0}), c({96, 64}), 0);
  visit.template operator()<std::int16_t>("shorts rows", c({9, 256}), strider::slice(c({9, 512}), ":, ::2"), 0);
  visit.template operator()<bytes_of<12, 4>>("12-byte elements", t, c({45, 70}), 0);
  visit.template operator()<bytes_of<16, 16>>("16-byte elements", t, c({45, 70}), 0);
  visit.template operator()<bytes_of<64, 8>>("64-byte elements", t, c({45, 70}), 0);
  visit.template operator()<bytes_of<16, 16>>("16-byte rows", c({20, 64}), strider::slice(c({20, 128}), ":, ::2"), 0);
  // Corners.
  visit.template operator()<float>("rank 0", dynamic_layout{}, dynamic_layout{}, 0);
  visit.template operator()<float>("rank 0 at an offset", dynamic_layout({}, {}, 5), dynamic_layout({}, {}, 2), 0);
  visit.template operator()<float>("empty", c({3, 0, 4}), c({3, 0, 4}), 0);
  visit.template operator()<float>("negative strides", strider::flip(c({13, 31})), c({13, 31}), 0);
  visit.template operator()<float>("into negative strides", c({13, 31}), strider::flip(c({13, 31}), {0}), 0);
  visit.template operator()<float>("zero strides", dynamic_layout({4, 5, 6}, {0, 6, 1}), c({4, 5, 6}), 0);
  visit.template operator()<float>("unfold", strider::unfold(c({100}), 0, 7, 3), c({32, 7}), 0);
  visit.template operator()<float>("as_strided", strider::as_strided(1000, {10, 10}, {97, 3}, 5), dynamic_layout::column_major({10, 10}), 0);
  visit.template operator()<float>("one element", c({1, 1, 1}), c({1, 1, 1}), 0);
}

// A random case: a contiguous base permuted, flipped and sliced with steps, into a contiguous or a
// permuted destination. Extents up to 90 for rank 1 and 2, up to `small` above.
template <class Rng>
std::pair<dynamic_layout, dynamic_layout> random_case(Rng& rng, index_t small) {
  const std::size_t rank = 1 + rng() % 5;
  dims shape;
  for (std::size_t d = 0; d < rank; ++d) shape.push_back(static_cast<index_t>(1 + rng() % static_cast<std::uint64_t>(rank <= 2 ? 90 : small)));
  dims axes;
  for (std::size_t d = 0; d < rank; ++d) axes.push_back(static_cast<index_t>(d));
  std::shuffle(axes.begin(), axes.end(), rng);
  dynamic_layout src = strider::permute(dynamic_layout::contiguous(shape), axes);
  if (rng() % 2) src = strider::flip(src, {static_cast<index_t>(rng() % rank)});
  std::string index;
  for (std::size_t d = 0; d < rank; ++d) {
    if (d > 0) index += ",";
    index += rng() % 3 == 0 ? "::2" : rng() % 5 == 0 ? "1:" : ":";
  }
  src = strider::slice(src, index);
  if (rng() % 2) return {src, dynamic_layout::contiguous(src.shape())};
  std::shuffle(axes.begin(), axes.end(), rng);
  dims inverse(axes);
  for (std::size_t d = 0; d < rank; ++d) inverse[static_cast<std::size_t>(axes[d])] = static_cast<index_t>(d);
  return {src, strider::permute(dynamic_layout::contiguous(strider::permute(src, axes).shape()), inverse)};
}

}  // namespace strider_copy_cases
