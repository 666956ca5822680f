// Helpers shared by the run-time tests: independent, naive references for a layout's offsets
// (loops over every index, written here rather than taken from the library), and error text.
#pragma once

#include <strider/core.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace strider_test {

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
using index_vec = std::vector<index_t>;

// Random layouts for the algebra's brute-force tests, from a fixed seed.
struct random_layouts {
  std::mt19937_64 rng;
  explicit random_layouts(std::uint64_t seed = 20261124) : rng(seed) {}
  index_t pick(index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); }

  dims shape(std::size_t rank, index_t max_extent) {
    dims out;
    for (std::size_t d = 0; d < rank; ++d) out.push_back(pick(1, max_extent));
    return out;
  }

  // A unique layout of `shape` at offset 0 whose strides nest (each a multiple of what the
  // smaller span): the layouts CuTe's complement and left_inverse accept. Axes in a random
  // stride order, random gaps between them.
  dynamic_layout nested(const dims& shape, index_t max_gap) {
    dims strides = shape, order;
    for (std::size_t d = 0; d < shape.size(); ++d) order.push_back(static_cast<index_t>(d));
    std::shuffle(order.begin(), order.end(), rng);
    index_t span = 1;
    for (const index_t d : order) {
      strides[static_cast<std::size_t>(d)] = span * pick(1, max_gap);
      span = strides[static_cast<std::size_t>(d)] * shape[static_cast<std::size_t>(d)];
    }
    return dynamic_layout(shape, strides);
  }
  dynamic_layout nested(std::size_t rank, index_t max_gap) { return nested(shape(rank, 4), max_gap); }

  // Any valid layout: zero, negative and repeated strides, an offset that keeps it in storage.
  dynamic_layout any(std::size_t rank) {
    dims shape = this->shape(rank, 4), strides;
    for (std::size_t d = 0; d < rank; ++d) strides.push_back(pick(-6, 12));
    index_t offset = pick(0, 3);
    for (std::size_t d = 0; d < rank; ++d)
      if (strides[d] < 0) offset -= (shape[d] - 1) * strides[d];
    return dynamic_layout(shape, strides, offset);
  }
};

// Calls f(index) for every index of `shape` in C (row-major) order; nothing for an empty shape.
template <class F>
void for_each_index(const dims& shape, F&& f) {
  for (index_t e : shape)
    if (e == 0) return;
  index_vec index(shape.size(), 0);
  while (true) {
    f(static_cast<const index_vec&>(index));
    std::size_t d = shape.size();
    while (d > 0 && ++index[d - 1] == shape[d - 1]) index[--d] = 0;
    if (d == 0) return;
  }
}

// Storage offset of one element: offset + sum(index * stride), from the raw fields.
inline index_t naive_offset(const dynamic_layout& l, const index_vec& index) {
  index_t off = l.offset();
  for (std::size_t d = 0; d < l.rank(); ++d) off += index[d] * l.stride(d);
  return off;
}

// The whole table of storage offsets in logical (C) order.
inline index_vec offsets(const dynamic_layout& l) {
  index_vec out;
  for_each_index(l.shape(), [&](const index_vec& i) { out.push_back(naive_offset(l, i)); });
  return out;
}

inline index_vec iota(index_t first, index_t count) {
  index_vec out;
  for (index_t k = 0; k < count; ++k) out.push_back(first + k);
  return out;
}

// "(3, 4):(4, 1) @ 0": a layout for test messages.
inline std::string describe(const dynamic_layout& l) {
  std::string out = "(";
  for (std::size_t d = 0; d < l.rank(); ++d) out += (d ? ", " : "") + std::to_string(l.extent(d));
  out += "):(";
  for (std::size_t d = 0; d < l.rank(); ++d) out += (d ? ", " : "") + std::to_string(l.stride(d));
  return out + ") @ " + std::to_string(l.offset());
}

// The text of the layout_error that f() throws, or "(no error)".
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const strider::layout_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace strider_test
