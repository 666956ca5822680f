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
#include "../util/limits.hpp"
#include "../util/text.hpp"
#include "layout.hpp"
#include "partial_tiles.hpp"
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
STRIDER_HOST_DEVICE void print_layout_fields(const Sink& out, const layout_value& v, swizzle_value s, index_t storage_known) {
  out("shape ");
  print_tuple(out, v.shape, v.rank);
  out(", strides ");
  print_tuple(out, v.strides, v.rank);
  out(", offset %lld", static_cast<long long>(v.offset));
  if (storage_known >= 0) out(", storage %lld", static_cast<long long>(storage_known));
  print_swizzle_suffix(out, s);
}
STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_layout_line(const Sink& out, const layout_value& v, swizzle_value s, index_t storage_known) {
  print_layout_fields(out, v, s, storage_known);
  out("\n");
}

// A grid cell that is no element of the data (a masked layout's padding): printed "-".
inline constexpr index_t grid_hole = index_t{-1} - 0x7fffffffffffffff;

// The elements of a grid of `shape`: 0 when an extent is, else the product, or
// max_written_elements + 1 as soon as it passes the limit (never an overflow, at most a rank's
// multiplications).
template <class Row>
STRIDER_HOST_DEVICE constexpr index_t grid_elements(const Row& shape, std::size_t rank) {
  for (std::size_t d = 0; d < rank; ++d)
    if (shape[d] == 0) return 0;
  index_t size = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    if (size > max_written_elements / shape[d]) return max_written_elements + 1;
    size *= shape[d];
  }
  return size;
}

// print_grid's blocks, rows and columns; print_cell(flat, first in its row) writes one cell.
STRIDER_CALLS_CALLER
template <class Sink, class Row, class PrintCell>
STRIDER_HOST_DEVICE void print_cells(const Sink& out, const Row& shape, std::size_t rank, index_t size, const PrintCell& print_cell) {
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
      for (index_t j = 0; j < columns; ++j) print_cell((b * rows + i) * columns + j, j == 0);
      out("\n");
    }
  }
}

// print_grid's cells: numbers of one width, "-" for a hole. A class, not a lambda: the table
// layer's cells are host callables, which a lambda here (host and device) could not call.
template <class Sink, class Cell>
struct offset_cells {
  const Sink& out;
  const Cell& cell;
  int width;
  STRIDER_CALLS_CALLER
  STRIDER_HOST_DEVICE void operator()(index_t flat, bool first) const {
    const index_t c = cell(flat);
    if (c == grid_hole) out(first ? "%*s" : " %*s", width, "-");
    else out(first ? "%*lld" : " %*lld", width, static_cast<long long>(c));
  }
};

// write_grid's text: rank 0 one number, rank 1 one line, rank 2 a block of lines, rank > 2 one
// block per leading index under "[i, j, :, :]", blank lines between; every number one width.
// cell(flat) is the number of the element at C-order index flat.
STRIDER_CALLS_CALLER
template <class Sink, class Row, class Cell>  // Row: index_t* or a layout value's row
STRIDER_HOST_DEVICE void print_grid(const Sink& out, const Row& shape, std::size_t rank, const Cell& cell) {
  const index_t size = grid_elements(shape, rank);  // the callers refuse more than max_written_elements
  if (size == 0) {
    out("(empty: shape ");
    print_tuple(out, shape, rank);
    out(", no elements)\n");
    return;
  }
  int width = 1;
  for (index_t e = 0; e < size; ++e) {
    const index_t c = cell(e);
    const int w = c == grid_hole ? 1 : printed_width(c);
    width = w > width ? w : width;
  }
  print_cells(out, shape, rank, size, offset_cells<Sink, Cell>{out, cell, width});
}

STRIDER_CALLS_CALLER
template <class Sink>
STRIDER_HOST_DEVICE void print_layout_to(const Sink& out, const layout_value& v, swizzle_value s) {
  if (grid_elements(v.shape, v.rank) > max_written_elements)
    refuse("print_layout: the layout has more than {} elements, the writers' limit (max_written_elements)", max_written_elements);
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
  const index_t threads = tv.threads(), values = tv.values();
  const index_t grid[2] = {threads, values};
  if (grid_elements(grid, 2) > max_written_elements)
    refuse("print_layout: {} threads x {} values is more than the writers' limit ({}, max_written_elements)", threads, values, max_written_elements);
  print_thread_value_line(out, tv);
  print_grid(out, grid, 2, [&](index_t flat) { return tv.element(flat / values, flat % values); });
}

// --- masked layouts: a masked tiling (tile<masked, T...>), one of its tiles, a thread's values of
// one (partition): the layout over the padding, with "-" where an element is no data.
template <class M>
inline constexpr bool is_masked_kind_v = is_masked_layout_v<M> || is_masked_tile_layout_v<M> || is_masked_partition_layout_v<M>;

// The layout a masked kind indexes (a tiling's padded tiling), as a value.
template <class M>
STRIDER_HOST_DEVICE constexpr layout_value masked_layout_value(const M& m) {
  const auto l = [&] {
    if constexpr (is_masked_layout_v<M>) return m.padded();
    else return m.layout();
  }();
  using L = std::remove_cvref_t<decltype(l)>;
  if constexpr (static_layout_type<L>) return L::value;
  else return l.value();
}
template <class M, std::size_t... D>
STRIDER_HOST_DEVICE constexpr bool masked_in_bounds(const M& m, const index_t* index, std::index_sequence<D...>) {
  return m.in_bounds(index[D]...);
}
// Whether element `flat` (C order over v's shape) is data.
template <class M>
STRIDER_HOST_DEVICE constexpr bool masked_flat_in_data(const M& m, const layout_value& v, index_t flat) {
  index_t index[max_rank + 1] = {};
  for (std::size_t d = v.rank; d-- > 0;) {
    index[d] = flat % v.shape[d];
    flat /= v.shape[d];
  }
  return masked_in_bounds(m, index, std::make_index_sequence<M::rank>{});
}
// ", masked to extents (10, 10)" (a tiling: the data's extents), ", valid (2, 4)" (a tile: the
// indices of each axis in the data), ", masked" (a thread's values).
STRIDER_CALLS_CALLER
template <class Sink, class M>
STRIDER_HOST_DEVICE void print_mask_suffix(const Sink& out, const M& m) {
  if constexpr (is_masked_layout_v<M>) {
    out(", masked to extents ");
    print_tuple(out, m.extents(), M::tiled_rank);
  } else if constexpr (is_masked_tile_layout_v<M>) {
    out(", valid ");
    print_tuple(out, m.valid(), M::rank);
  } else {
    out(", masked");
  }
}
STRIDER_CALLS_CALLER
template <class Sink, class M>
STRIDER_HOST_DEVICE void print_masked_line(const Sink& out, const M& m) {
  print_layout_fields(out, masked_layout_value(m), {}, -1);
  print_mask_suffix(out, m);
  out("\n");
}
STRIDER_CALLS_CALLER
template <class Sink, class M>
STRIDER_HOST_DEVICE void print_masked_grid(const Sink& out, const M& m) {
  const layout_value v = masked_layout_value(m);
  print_grid(out, v.shape, v.rank, [&](index_t flat) { return masked_flat_in_data(m, v, flat) ? flat_index_offset(v, flat) : grid_hole; });
}
STRIDER_CALLS_CALLER
template <class Sink, class M>
STRIDER_HOST_DEVICE void print_masked_to(const Sink& out, const M& m) {
  const layout_value v = masked_layout_value(m);
  if (grid_elements(v.shape, v.rank) > max_written_elements)
    refuse("print_layout: the layout has more than {} elements, the writers' limit (max_written_elements)", max_written_elements);
  print_masked_line(out, m);
  print_masked_grid(out, m);
}

// --- print_tensor: a view's values -------------------------------------------------------------
// The layout a view indexes (before its swizzle) and the swizzle, as values; a static layout's
// copied through a constant (device code reads no host object).
template <class L>
STRIDER_HOST_DEVICE constexpr layout_value plain_layout_value(const L& l) {
  if constexpr (swizzled_layout_type<L>) {
    return plain_layout_value(l.layout());
  } else if constexpr (static_layout_type<L>) {
    constexpr layout_value v = L::value;
    return v;
  } else {
    return l.value();
  }
}
template <class L>
STRIDER_HOST_DEVICE constexpr swizzle_value swizzle_of_layout() {
  if constexpr (swizzled_layout_type<L>) return L::swizzle;
  else return {};
}
// print_tensor's text: the layout's line, then each element's value where print_grid writes its
// offset: integers in full (one width), floating point to 4 significant digits (width 10), "-"
// for a masked view's padding.
STRIDER_CALLS_CALLER
template <class Sink, class V>
STRIDER_HOST_DEVICE void print_tensor_to(const Sink& out, const V& view) {
  using T = std::remove_cv_t<std::remove_pointer_t<decltype(view.data())>>;
  static_assert(std::is_arithmetic_v<T>, "print_tensor: prints integer and floating-point elements; convert others first (f16::from_bits for raw half bits)");
  using L = std::remove_cvref_t<decltype(view.layout())>;
  layout_value v{};
  swizzle_value s{};
  if constexpr (is_masked_kind_v<L>) {
    v = masked_layout_value(view.layout());
  } else {
    v = plain_layout_value(view.layout());
    s = swizzle_of_layout<L>();
  }
  const index_t size = grid_elements(v.shape, v.rank);
  if (size > max_written_elements) refuse("print_tensor: the view has more than {} elements, the writers' limit (max_written_elements)", max_written_elements);
  if constexpr (is_masked_kind_v<L>) {
    print_masked_line(out, view.layout());
  } else {
    const dynamic_layout d(v, dynamic_layout::unchecked_t{});
    print_layout_line(out, v, s, d.storage_size() != d.required_span() ? d.storage_size() : -1);
  }
  if (size == 0) {
    out("(empty: shape ");
    print_tuple(out, v.shape, v.rank);
    out(", no elements)\n");
    return;
  }
  const auto in_data = [&](index_t flat) {
    if constexpr (is_masked_kind_v<L>) return masked_flat_in_data(view.layout(), v, flat);
    else return flat >= 0;
  };
  const auto value_at = [&](index_t flat) { return view.data()[swizzle_offset(s, flat_index_offset(v, flat))]; };
  if constexpr (std::is_floating_point_v<T>) {
    print_cells(out, v.shape, v.rank, size, [&](index_t flat, bool first) {
      if (!in_data(flat)) out(first ? "%10s" : " %10s", "-");
      else out(first ? "%10.4g" : " %10.4g", static_cast<double>(value_at(flat)));
    });
  } else {
    int width = 1;
    for (index_t e = 0; e < size; ++e) {
      const int w = in_data(e) ? printed_width(static_cast<index_t>(value_at(e))) : 1;
      width = w > width ? w : width;
    }
    print_cells(out, v.shape, v.rank, size, [&](index_t flat, bool first) {
      if (!in_data(flat)) out(first ? "%*s" : " %*s", width, "-");
      else out(first ? "%*lld" : " %*lld", width, static_cast<long long>(value_at(flat)));
    });
  }
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
/// A masked tiling, one of its tiles, or a thread's values of one: the line with its mask
/// (", masked to extents (10, 10)", ", valid (2, 4)", ", masked"), then the grid with "-" for the
/// padding. Example: print_layout(tile<masked, 4>(contiguous<6>{})) prints "shape (2, 4), strides
/// (4, 1), offset 0, masked to extents (6)", "0 1 2 3" and "4 5 - -".
template <class M>
  requires detail::is_masked_kind_v<M>
STRIDER_HOST_DEVICE void print_layout(const M& m) { detail::print_masked_to(detail::printf_sink{}, m); }
/// A view (tensor_view, masked_view, ...): its layout.
template <detail::layout_view V>
STRIDER_HOST_DEVICE void print_layout(const V& v) { print_layout(v.layout()); }

/// print_tensor(view): CuTe's print_tensor. Prints with printf (stdout on the host, the device's
/// printf buffer in a kernel) the view's layout line, then each element's value where
/// print_layout puts its offset: integers in full, floating point to 4 significant digits, "-"
/// for a masked view's padding; more than max_written_elements elements is refused. Example:
/// print_tensor of a tensor_view<int, contiguous<2, 3>> over {1, 2, 3, 4, 5, 6} prints
/// "shape (2, 3), strides (3, 1), offset 0", "1 2 3" and "4 5 6".
/// @pre the elements are integers or floating point (a static_assert names the rule).
template <detail::layout_view V>
STRIDER_HOST_DEVICE void print_tensor(const V& v) { detail::print_tensor_to(detail::printf_sink{}, v); }

}  // namespace strider
