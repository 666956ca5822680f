// strider/static/print.hpp: print_layout, CuTe's print_layout for every layout kind and view,
// with printf, so that one function prints on the host and in device code. The text is the
// table layer's: `to_string`'s line, then `write_grid`'s offset grid (runtime_tests/print_test.cpp
// compares them); a thread-value layout prints as a grid of threads by values.
#pragma once

#include <cstdio>
#include <type_traits>

#include "../core/layout.hpp"
#include "../core/swizzle.hpp"
#include "../core/thread_value.hpp"
#include "../util/text.hpp"
#include "layout.hpp"
#include "swizzled.hpp"
#include "thread_value.hpp"

namespace strider {

namespace detail {
// Where print_layout writes: printf (stdout, or the device's printf buffer); the table layer's
// writers pass a string or stream sink, a host callable of the same arguments (so the functions
// below call their caller's sink: STRIDER_CALLS_CALLER).
// A view (tensor_view, masked_view, ...): what print_layout, to_string and the writers take
// through its layout.
template <class V>
concept layout_view = requires(const V& v) {
  v.layout();
  v.data();
};

struct printf_sink {
  template <class... A>
  STRIDER_HOST_DEVICE void operator()(const char* format, A... args) const {
    if constexpr (sizeof...(A) == 0) printf("%s", format);  // a plain piece of text, not a format
    else printf(format, args...);
  }
};

STRIDER_HOST_DEVICE constexpr int printed_width(index_t x) {
  int width = x < 0 ? 2 : 1;
  unsigned long long u = x < 0 ? 0ull - static_cast<unsigned long long>(x) : static_cast<unsigned long long>(x);
  while (u >= 10) {
    u /= 10;
    ++width;
  }
  return width;
}

STRIDER_CALLS_CALLER
template <class Sink, class Row>  // Row: index_t* or a layout value's row
STRIDER_HOST_DEVICE void print_tuple(const Sink& out, const Row& values, std::size_t count) {
  const fixed_tuple_text text(values, count, true);
  out("%.*s", static_cast<int>(text.length), text.text);
}


// " through swizzle<B, M, S>", nothing for the identity.
STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_swizzle_suffix(const Sink& out, swizzle_value s) {
  if (s.bits != 0) out(" through swizzle<%d, %d, %d>", static_cast<int>(s.bits), static_cast<int>(s.base), static_cast<int>(s.shift));
}

// to_string's line: "shape (2, 4), strides (4, 1), offset 0" (", storage N" when the layout
// knows more storage than it reaches; " through swizzle<B, M, S>" for a swizzled one).
STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_layout_line(const Sink& out, const layout_value& v, swizzle_value s, index_t storage_known) {
  out("shape ");
  print_tuple(out, v.shape, v.rank);
  out(", strides ");
  print_tuple(out, v.strides, v.rank);
  out(", offset %lld", static_cast<long long>(v.offset));
  if (storage_known >= 0) out(", storage %lld", static_cast<long long>(storage_known));
  print_swizzle_suffix(out, s);
  out("\n");
}

// write_grid's text: rank 0 one number, rank 1 one line, rank 2 a block of lines, rank > 2 one
// block per leading index under "[i, j, :, :]", blank lines between; every number one width.
// cell(flat) is the number of the element at C-order index flat.
STRIDER_CALLS_CALLER
template <class Sink, class Row, class Cell>  // Row: index_t* or a layout value's row
STRIDER_HOST_DEVICE void print_grid(const Sink& out, const Row& shape, std::size_t rank, const Cell& cell) {
  index_t size = 1;
  for (std::size_t d = 0; d < rank; ++d) size *= shape[d];
  if (size == 0) {
    out("(empty: shape ");
    print_tuple(out, shape, rank);
    out(", no elements)\n");
    return;
  }
  int width = 1;
  for (index_t e = 0; e < size; ++e) {
    const int w = printed_width(cell(e));
    width = w > width ? w : width;
  }
  const index_t columns = rank >= 1 ? shape[rank - 1] : 1, rows = rank >= 2 ? shape[rank - 2] : 1;
  const index_t blocks = size / (rows * columns);
  for (index_t b = 0; b < blocks; ++b) {
    if (rank > 2) {
      if (b > 0) out("\n");
      out("[");
      index_t leading[max_rank] = {}, rest = b;
      for (std::size_t d = rank - 2; d-- > 0;) {
        leading[d] = rest % shape[d];
        rest /= shape[d];
      }
      for (std::size_t d = 0; d + 2 < rank; ++d) out("%lld, ", static_cast<long long>(leading[d]));
      out(":, :]\n");
    }
    for (index_t i = 0; i < rows; ++i) {
      for (index_t j = 0; j < columns; ++j) out(j ? " %*lld" : "%*lld", width, static_cast<long long>(cell((b * rows + i) * columns + j)));
      out("\n");
    }
  }
}

STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_layout_to(const Sink& out, const layout_value& v, swizzle_value s) {
  const dynamic_layout l(v, dynamic_layout::unchecked_t{});
  print_layout_line(out, v, s, l.storage_size() != l.required_span() ? l.storage_size() : -1);
  print_grid(out, v.shape, v.rank, [&](index_t flat) { return swizzle_offset(s, flat_index_offset(v, flat)); });
}

// A thread-value layout: to_string's line ("32 threads x 4 values over a tile of shape (16, 8):
// shape (8, 4, 2, 2), strides (8, 2, 64, 1)"), then a grid with a row per thread and a column per
// value, each cell the element's C-order index in the tile (CuTe's print_layout of a TV layout).
STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_thread_value_line(const Sink& out, const thread_value_value& tv) {
  const index_t threads = tv.threads(), values = tv.values();
  out("%lld %s x %lld %s over a tile of shape ", static_cast<long long>(threads), threads == 1 ? "thread" : "threads", static_cast<long long>(values),
      values == 1 ? "value" : "values");
  print_tuple(out, tv.tile_shape, tv.tile_rank);
  out(": shape ");
  print_tuple(out, tv.layout.shape, tv.layout.rank);
  out(", strides ");
  print_tuple(out, tv.layout.strides, tv.layout.rank);
  if (tv.layout.offset != 0) out(", offset %lld", static_cast<long long>(tv.layout.offset));
  out("%s\n", tv.replicated ? ", replicated" : "");
}
STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_thread_value_to(const Sink& out, const thread_value_value& tv) {
  print_thread_value_line(out, tv);
  const index_t threads = tv.threads(), values = tv.values();
  const index_t grid[2] = {threads, values};
  print_grid(out, grid, 2, [&](index_t flat) { return tv.element(flat / values, flat % values); });
}
}  // namespace detail

/// print_layout(x): CuTe's print_layout. Prints with printf (stdout on the host, the device's
/// printf buffer in a kernel) what `to_string(x)` and `write_grid(os, x)` write: the layout's
/// line, then each element's offset as a grid (rank > 2: one block per leading index). A
/// thread-value type prints a grid of threads by values, each cell the element's C-order index
/// in the tile; a view prints its layout. Example: print_layout(contiguous<2, 3>{}) prints
/// "shape (2, 3), strides (3, 1), offset 0", "0 1 2" and "3 4 5".
template <static_layout_type L>
STRIDER_HOST_DEVICE void print_layout(L) {
  if constexpr (detail::is_thread_value_v<L>) {
    constexpr thread_value_value tv = L::tv_value;  // a local copy: device code reads no host object
    detail::print_thread_value_to(detail::printf_sink{}, tv);
  } else {
    constexpr layout_value v = L::value;
    detail::print_layout_to(detail::printf_sink{}, v, {});
  }
}
template <mixed_layout_type L>
STRIDER_HOST_DEVICE void print_layout(const L& l) { detail::print_layout_to(detail::printf_sink{}, l.value(), {}); }
STRIDER_HOST_DEVICE inline void print_layout(const dynamic_layout& l) { detail::print_layout_to(detail::printf_sink{}, l.value(), {}); }
template <swizzled_layout_type L>
STRIDER_HOST_DEVICE void print_layout(const L& l) {
  constexpr swizzle_value s = L::swizzle;
  if constexpr (static_layout_type<typename L::layout_type>) {
    constexpr layout_value v = L::layout_type::value;
    detail::print_layout_to(detail::printf_sink{}, v, s);
  } else {
    detail::print_layout_to(detail::printf_sink{}, l.layout().value(), s);
  }
}
/// A view (tensor_view, masked_view, ...): its layout.
template <detail::layout_view V>
STRIDER_HOST_DEVICE void print_layout(const V& v) { print_layout(v.layout()); }

}  // namespace strider
