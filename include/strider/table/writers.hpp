// strider/table/writers.hpp: a layout's offset table as text: a grid, Markdown, CSV, JSON, or a
// C++ header. Each writer takes a dynamic_layout (static layouts: pass `L{}` or `L::dynamic()`).
//
//   write_grid      aligned columns; rank > 2 as 2-D slices headed "[i, :, :]"
//   write_markdown  the same slices as Markdown tables with row and column indices
//   write_csv       one row per element: its multi-index and its storage offset
//   write_json      shape, strides, offset, the derived properties and the nested offset table
//   write_cpp_header  `inline constexpr std::array<std::int64_t, N> name = {...};` with
//                   name_shape, name_strides, name_offset; needs only <array> and <cstdint>
//
// The SVG picture is in svg.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "../core/layout.hpp"
#include "../util/text.hpp"
#include "../static/layout.hpp"
#include "../static/print.hpp"
#include "../static/swizzled.hpp"
#include "tables.hpp"

namespace strider {

namespace detail {

inline void check_output_size(const dynamic_layout& l, const char* op) {
  if (l.size() > max_written_elements) throw layout_error("{}: the layout has {} elements, more than the writers' limit ({})", op, l.size(), max_written_elements);
}



// The multi-index of flat row-major index `flat` over `extents` (all positive).
inline dims unflatten(index_t flat, const dims& extents) {
  dims index = extents;
  for (std::size_t d = extents.size(); d-- > 0;) {
    index[d] = flat % extents[d];
    flat /= extents[d];
  }
  return index;
}

// print_layout's sinks (static/print.hpp) over a string and a stream: the same text.
struct string_sink {
  std::string* out;
  template <class... A>
  void operator()(const char* format, A... args) const {
    if constexpr (sizeof...(A) == 0) {
      out->append(format);
    } else {
      // print_layout's pieces are short (a number, a tuple of at most max_rank numbers).
      char text[512];
      const int n = std::snprintf(text, sizeof text, format, args...);
      out->append(text, static_cast<std::size_t>(n < 0 ? 0 : n < static_cast<int>(sizeof text) ? n : static_cast<int>(sizeof text) - 1));
    }
  }
};
struct ostream_sink {
  std::ostream* os;
  template <class... A>
  void operator()(const char* format, A... args) const {
    std::string text;
    string_sink{&text}(format, args...);
    *os << text;
  }
};

// A layout seen as a stack of 2-D slices over its last two axes: `count` slices (one per index
// of the leading axes) of `rows` x `cols` elements, consecutive in the offset table. Rank 1 is
// one row, rank 0 one cell.
struct panels {
  std::size_t rank = 0;
  dims leading;  // extents of the axes before the last two
  index_t count = 1, rows = 1, cols = 1;

  explicit panels(const dynamic_layout& l) : rank(l.rank()) {
    if (rank >= 1) cols = l.extent(rank - 1);
    if (rank >= 2) rows = l.extent(rank - 2);
    for (std::size_t d = 0; d + 2 < rank; ++d) leading.push_back(l.extent(d));
    // No slices when empty (the product of the leading extents alone could overflow then).
    count = l.size() == 0 ? 0 : l.size() / (rows * cols);
  }
  index_t at(index_t slice, index_t row, index_t col) const { return (slice * rows + row) * cols + col; }
  // "[1, 0, :, :]" for slice 3 of leading extents (2, 2).
  std::string header(index_t slice) const {
    const dims index = unflatten(slice, leading);
    std::string out = "[";
    for (index_t i : index) out += std::to_string(i) + ", ";
    return out + ":, :]";
  }
};

inline bool is_identifier(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  });
}


// The 2-D slices of `s` as Markdown tables, column indices in the header row, row indices in the
// first column ("i0 \\ i1" names the axes); rank > 2 one table per slice under a bold
// "[i, :, :]" line. `what` names the cells' column at rank 0 and 1; cell(flat) is the text of
// the element at C-order index flat.
template <class Cell>
void markdown_tables(std::ostream& os, const panels& s, std::string_view what, std::string_view align, const Cell& cell) {
  const std::size_t r = s.rank;
  std::string corner(what);  // rank 0: a single column
  if (r == 1) corner = "i0";
  if (r >= 2) corner = "i" + std::to_string(r - 2) + " \\ i" + std::to_string(r - 1);
  for (index_t k = 0; k < s.count; ++k) {
    if (r > 2) os << (k ? "\n" : "") << "**" << s.header(k) << "**\n\n";
    os << "| " << corner << " |";
    if (r >= 1)
      for (index_t j = 0; j < s.cols; ++j) os << ' ' << j << " |";
    os << "\n|";
    for (index_t j = 0; j < (r >= 1 ? s.cols + 1 : 1); ++j) os << align;
    os << '\n';
    for (index_t i = 0; i < s.rows; ++i) {
      os << '|';
      if (r == 1) os << ' ' << what << " |";
      if (r >= 2) os << ' ' << i << " |";
      for (index_t j = 0; j < s.cols; ++j) os << ' ' << cell(s.at(k, i, j)) << " |";
      os << '\n';
    }
  }
}

}  // namespace detail

/// One line in NumPy's notation: "shape (2, 4), strides (4, -1), offset 7", and ", storage N"
/// when the layout knows more storage than it reaches (a view of a larger storage).
inline std::string to_string(const dynamic_layout& l) {
  std::string out;
  detail::print_layout_line(detail::string_sink{&out}, l.value(), {}, l.storage_size() != l.required_span() ? l.storage_size() : -1);
  out.pop_back();  // the line's '\n'
  return out;
}

/// Prints `to_string(l)`.
inline std::ostream& operator<<(std::ostream& os, const dynamic_layout& l) { return os << to_string(l); }


/// The offset of each element as an aligned grid, NumPy's row/column arrangement: rank 0 is one
/// number, rank 1 one line, rank 2 a block of lines, rank > 2 a sequence of 2-D blocks each
/// headed by its leading indices ("[0, :, :]") and separated by a blank line.
namespace detail {
// The writers over l's offsets through a swizzle (the identity for a strided layout).
inline void write_grid(std::ostream& os, const dynamic_layout& l, swizzle_value swizzle) {
  detail::check_output_size(l, "write_grid");
  const layout_value v = l.value();
  // print_layout's grid (one rule for both), its numbers one width so that the blocks line up.
  const std::vector<index_t> table = offset_table(l, swizzle);
  print_grid(ostream_sink{&os}, v.shape, v.rank, [&](index_t flat) { return table[static_cast<std::size_t>(flat)]; });
}

inline void write_markdown(std::ostream& os, const dynamic_layout& l, swizzle_value swizzle) {
  detail::check_output_size(l, "write_markdown");
  if (l.size() == 0) {
    os << "*empty: shape " << detail::tuple_text(l.shape()) << ", no elements*\n";
    return;
  }
  const std::vector<index_t> table = offset_table(l, swizzle);
  detail::markdown_tables(os, detail::panels(l), "offset", "---:|", [&](index_t flat) { return std::to_string(table[static_cast<std::size_t>(flat)]); });
}

inline void write_csv(std::ostream& os, const dynamic_layout& l, swizzle_value swizzle) {
  detail::check_output_size(l, "write_csv");
  for (std::size_t d = 0; d < l.rank(); ++d) os << 'i' << d << ',';
  os << "offset\n";
  detail::for_each_element(l.value(), [&](const dims& index, index_t offset) {
    for (index_t i : index) os << i << ',';
    os << swizzle_offset(swizzle, offset) << '\n';
  });
}

inline void write_json(std::ostream& os, const dynamic_layout& l, swizzle_value swizzle) {
  detail::check_output_size(l, "write_json");
  // An empty layout still nests one list per index of the axes before its first zero extent.
  index_t lists = 1;
  for (std::size_t d = 0; d < l.rank() && l.extent(d) > 0; ++d) {
    if (lists > max_written_elements / l.extent(d)) throw layout_error("write_json: shape {} nests more empty lists than the writers' limit ({})", detail::tuple_text(l.shape()), max_written_elements);
    lists *= l.extent(d);
  }
  const auto list = [&os](const dims& values) {
    os << '[';
    for (std::size_t i = 0; i < values.size(); ++i) os << (i ? ", " : "") << values[i];
    os << ']';
  };
  const auto boolean = [](bool b) { return b ? "true" : "false"; };
  const std::vector<index_t> table = offset_table(l, swizzle);
  // Through a swizzle, the properties are the composed function's: from the table.
  const bool swizzled = swizzle.bits != 0;
  bool consecutive = true;
  index_t min = table.empty() ? 0 : table[0], max = min;
  for (std::size_t k = 0; k < table.size(); ++k) {
    consecutive = consecutive && table[k] == table[0] + static_cast<index_t>(k);
    min = std::min(min, table[k]), max = std::max(max, table[k]);
  }
  const index_t span = table.empty() ? 0 : max + 1;
  os << "{\n  \"shape\": ";
  list(l.shape());
  os << ",\n  \"strides\": ";
  list(l.strides());
  os << ",\n  \"offset\": " << l.offset();
  if (swizzled) os << ",\n  \"swizzle\": [" << swizzle.bits << ", " << swizzle.base << ", " << swizzle.shift << "]";
  os << ",\n  \"size\": " << l.size() << ",\n  \"is_contiguous\": " << boolean(swizzled ? consecutive : l.is_contiguous()) << ",\n  \"is_unique\": " << boolean(l.is_unique())
     << ",\n  \"min_offset\": " << (swizzled ? min : l.min_offset()) << ",\n  \"max_offset\": " << (swizzled ? max : l.max_offset())
     << ",\n  \"required_span\": " << (swizzled ? span : l.required_span()) << ",\n  \"storage_size\": " << (swizzled ? std::max(span, l.storage_size()) : l.storage_size())
     << ",\n  \"offsets\": ";
  // Axis by axis; `flat` accumulates the row-major index of the element reached.
  const auto nested = [&](const auto& self, std::size_t axis, index_t flat) -> void {
    if (axis == l.rank()) {
      os << table[static_cast<std::size_t>(flat)];
      return;
    }
    os << '[';
    for (index_t i = 0; i < l.extent(axis); ++i) {
      if (i) os << ", ";
      self(self, axis + 1, flat * l.extent(axis) + i);
    }
    os << ']';
  };
  nested(nested, 0, 0);
  os << "\n}\n";
}

inline void write_cpp_header(std::ostream& os, const dynamic_layout& l, std::string_view name, swizzle_value swizzle) {
  if (!detail::is_identifier(name)) throw layout_error("write_cpp_header: \"{}\" is not a C++ identifier", name);
  detail::check_output_size(l, "write_cpp_header");
  // Short arrays on one line; the table 16 values a line, each followed by a comma.
  const auto array = [&os](std::string_view array_name, const auto& values, bool wrap) {
    os << "inline constexpr std::array<std::int64_t, " << values.size() << "> " << array_name << " = {";
    std::size_t i = 0;
    for (index_t v : values) {
      if (wrap) os << (i % 16 == 0 ? "\n    " : " ") << detail::cpp_integer(v) << ',';
      else os << (i ? ", " : "") << detail::cpp_integer(v);
      ++i;
    }
    os << (wrap && i ? "\n" : "") << "};\n";
  };
  const std::string through = swizzle.bits == 0 ? "" : " through swizzle<" + std::to_string(swizzle.bits) + ", " + std::to_string(swizzle.base) + ", " + std::to_string(swizzle.shift) + ">";
  os << "// Generated by strider: the storage offset of every element of the layout\n"
     << "//   " << to_string(l) << through << "\n"
     << "// in logical (row-major) order. Self-contained: needs only the standard library.\n"
     << "#pragma once\n\n#include <array>\n#include <cstdint>\n\n";
  array(std::string(name) + "_shape", l.shape(), false);
  array(std::string(name) + "_strides", l.strides(), false);
  os << "inline constexpr std::int64_t " << name << "_offset = " << l.offset() << ";\n";
  if (swizzle.bits != 0) array(std::string(name) + "_swizzle", std::array<index_t, 3>{swizzle.bits, swizzle.base, swizzle.shift}, false);
  array(name, offset_table(l, swizzle), true);
}
}  // namespace detail

/// The offset of each element as an aligned grid, NumPy's row/column arrangement: rank 0 is one
/// number, rank 1 one line, rank 2 a block of lines, rank > 2 a sequence of 2-D blocks each
/// headed by its leading indices ("[0, :, :]") and separated by a blank line.
inline void write_grid(std::ostream& os, const dynamic_layout& l) { detail::write_grid(os, l, {}); }

/// The grid as Markdown tables: column indices in the header row, row indices in the first
/// column ("i0 \ i1" names the axes); rank > 2 as one table per 2-D slice under a bold
/// "[i, :, :]" line.
inline void write_markdown(std::ostream& os, const dynamic_layout& l) { detail::write_markdown(os, l, {}); }

/// One line per element in logical (row-major) order: "i0,i1,...,offset" under a header line.
inline void write_csv(std::ostream& os, const dynamic_layout& l) { detail::write_csv(os, l, {}); }

/// A JSON object: shape, strides, offset, size, is_contiguous, is_unique, min_offset,
/// max_offset, required_span, storage_size, and "offsets", the offset table nested like the shape (NumPy's
/// `tolist()`; a bare number for rank 0). A swizzled layout adds "swizzle": [B, M, S] after its
/// layout's shape, strides and offset, and its properties and offsets are the composed function's.
inline void write_json(std::ostream& os, const dynamic_layout& l) { detail::write_json(os, l, {}); }

/// A self-contained C++ header: `name` is the offset table as
/// `inline constexpr std::array<std::int64_t, N>`, with `name_shape`, `name_strides` and
/// `name_offset` beside it (and `name_swizzle` for a swizzled layout). Throws layout_error when
/// `name` is not a C++ identifier.
inline void write_cpp_header(std::ostream& os, const dynamic_layout& l, std::string_view name) { detail::write_cpp_header(os, l, name, {}); }

// Static layouts: the same writers, through L::dynamic().
template <static_layout_type L>
void write_grid(std::ostream& os, L) { write_grid(os, L::dynamic()); }
template <static_layout_type L>
void write_markdown(std::ostream& os, L) { write_markdown(os, L::dynamic()); }
template <static_layout_type L>
void write_csv(std::ostream& os, L) { write_csv(os, L::dynamic()); }
template <static_layout_type L>
void write_json(std::ostream& os, L) { write_json(os, L::dynamic()); }
template <static_layout_type L>
void write_cpp_header(std::ostream& os, L, std::string_view name) { write_cpp_header(os, L::dynamic(), name); }

// Swizzled layouts of static layouts (swizzled_t): the same writers over the offsets through the
// swizzle; the layout before it is the one named (shape, strides, offset).
template <static_swizzled_layout_type L>
void write_grid(std::ostream& os, L) { detail::write_grid(os, L::layout_type::dynamic(), L::swizzle); }
template <static_swizzled_layout_type L>
void write_markdown(std::ostream& os, L) { detail::write_markdown(os, L::layout_type::dynamic(), L::swizzle); }
template <static_swizzled_layout_type L>
void write_csv(std::ostream& os, L) { detail::write_csv(os, L::layout_type::dynamic(), L::swizzle); }
template <static_swizzled_layout_type L>
void write_json(std::ostream& os, L) { detail::write_json(os, L::layout_type::dynamic(), L::swizzle); }
template <static_swizzled_layout_type L>
void write_cpp_header(std::ostream& os, L, std::string_view name) { detail::write_cpp_header(os, L::layout_type::dynamic(), name, L::swizzle); }

// Every layout kind and view as a line: `to_string(x)` and `os << x` (a static or mixed layout:
// its dynamic()'s line; a swizzled one adds " through swizzle<B, M, S>"; a thread-value type's is
// in thread_values.hpp; a view, its layout's). Example: to_string(contiguous<2, 3>{}) is
// "shape (2, 3), strides (3, 1), offset 0".
template <static_layout_type L>
std::string to_string(L) { return to_string(L::dynamic()); }
template <mixed_layout_type L>
std::string to_string(const L& l) { return to_string(l.dynamic()); }
template <swizzled_layout_type L>
std::string to_string(const L& l) {
  std::string out = to_string(l.layout());
  detail::print_swizzle_suffix(detail::string_sink{&out}, L::swizzle);
  return out;
}
/// A view's layout's line.
template <detail::layout_view V>
std::string to_string(const V& v) { return to_string(v.layout()); }
/// A masked tiling, one of its tiles, or a thread's values of one: its layout's line and its mask
/// (static/print.hpp's print_layout): to_string(tile<masked, 4>(contiguous<6>{})) is "shape (2,
/// 4), strides (4, 1), offset 0, masked to extents (6)".
template <class M>
  requires detail::is_masked_kind_v<M>
std::string to_string(const M& m) {
  std::string out;
  detail::print_masked_line(detail::string_sink{&out}, m);
  out.pop_back();  // the line's '\n'
  return out;
}
/// Prints to_string(x) for every layout kind and view.
template <class X>
  requires(static_layout_type<X> || mixed_layout_type<X> || swizzled_layout_type<X> || detail::is_masked_kind_v<X> || detail::layout_view<X>)
std::ostream& operator<<(std::ostream& os, const X& x) { return os << to_string(x); }

// Mixed layouts, swizzled ones of mixed layouts, and views: write_grid over their layouts.
template <mixed_layout_type L>
void write_grid(std::ostream& os, const L& l) { write_grid(os, l.dynamic()); }
template <swizzled_layout_type L>
  requires(!static_swizzled_layout_type<L>)
void write_grid(std::ostream& os, const L& l) { detail::write_grid(os, l.layout().dynamic(), L::swizzle); }
template <detail::layout_view V>
void write_grid(std::ostream& os, const V& v) { write_grid(os, v.layout()); }
// The other writers take them too: a mixed layout through its dynamic(), a view through its layout.
template <mixed_layout_type L>
void write_markdown(std::ostream& os, const L& l) { write_markdown(os, l.dynamic()); }
template <mixed_layout_type L>
void write_csv(std::ostream& os, const L& l) { write_csv(os, l.dynamic()); }
template <mixed_layout_type L>
void write_json(std::ostream& os, const L& l) { write_json(os, l.dynamic()); }
template <mixed_layout_type L>
void write_cpp_header(std::ostream& os, const L& l, std::string_view name) { write_cpp_header(os, l.dynamic(), name); }
// Masked layouts (a masked tiling, one of its tiles, a thread's values of one): the layout over
// the padding, each writer marking what is no data: "-" in the grid and Markdown, null in JSON's
// offsets; CSV lists the data's elements only. A C++ header has no way to say it: refused.
namespace detail {
template <class M>
layout_value checked_masked_value(const M& m, const char* op) {
  const layout_value v = masked_layout_value(m);
  if (grid_elements(v.shape, v.rank) > max_written_elements) throw layout_error("{}: the layout has more than {} elements, the writers' limit", op, max_written_elements);
  return v;
}
}  // namespace detail
template <class M>
  requires detail::is_masked_kind_v<M>
void write_grid(std::ostream& os, const M& m) {
  (void)detail::checked_masked_value(m, "write_grid");
  detail::print_masked_grid(detail::ostream_sink{&os}, m);
}
template <class M>
  requires detail::is_masked_kind_v<M>
void write_markdown(std::ostream& os, const M& m) {
  const layout_value v = detail::checked_masked_value(m, "write_markdown");
  const dynamic_layout l(v, dynamic_layout::unchecked_t{});
  if (l.size() == 0) {
    os << "*empty: shape " << detail::tuple_text(l.shape()) << ", no elements*\n";
    return;
  }
  detail::markdown_tables(os, detail::panels(l), "offset", "---:|", [&](index_t flat) {
    return detail::masked_flat_in_data(m, v, flat) ? std::to_string(detail::flat_index_offset(v, flat)) : std::string("-");
  });
}
template <class M>
  requires detail::is_masked_kind_v<M>
void write_csv(std::ostream& os, const M& m) {
  const layout_value v = detail::checked_masked_value(m, "write_csv");
  for (std::size_t d = 0; d < v.rank; ++d) os << 'i' << d << ',';
  os << "offset\n";
  const index_t size = detail::grid_elements(v.shape, v.rank);
  for (index_t flat = 0; flat < size; ++flat) {
    if (!detail::masked_flat_in_data(m, v, flat)) continue;
    index_t rest = flat, index[max_rank] = {};
    for (std::size_t d = v.rank; d-- > 0;) index[d] = rest % v.shape[d], rest /= v.shape[d];
    for (std::size_t d = 0; d < v.rank; ++d) os << index[d] << ',';
    os << detail::flat_index_offset(v, flat) << '\n';
  }
}
/// JSON of a masked layout: shape, strides and offset of the layout over the padding, its mask
/// ("extents" of a tiling's data, or a tile's "valid" indices per axis), "size" (the elements
/// that are data) and "offsets" nested like the shape, null for the padding.
template <class M>
  requires detail::is_masked_kind_v<M>
void write_json(std::ostream& os, const M& m) {
  const layout_value v = detail::checked_masked_value(m, "write_json");
  const index_t size = detail::grid_elements(v.shape, v.rank);
  const auto list = [&os](const auto& values, std::size_t count) {
    os << '[';
    for (std::size_t i = 0; i < count; ++i) os << (i ? ", " : "") << values[i];
    os << ']';
  };
  index_t data = 0;
  for (index_t flat = 0; flat < size; ++flat) data += detail::masked_flat_in_data(m, v, flat);
  os << "{\n  \"shape\": ";
  list(v.shape, v.rank);
  os << ",\n  \"strides\": ";
  list(v.strides, v.rank);
  os << ",\n  \"offset\": " << v.offset;
  if constexpr (detail::is_masked_layout_v<M>) {
    os << ",\n  \"extents\": ";
    list(m.extents(), M::tiled_rank);
  } else if constexpr (detail::is_masked_tile_layout_v<M>) {
    os << ",\n  \"valid\": ";
    list(m.valid(), M::rank);
  }
  os << ",\n  \"size\": " << data << ",\n  \"offsets\": ";
  const auto nested = [&](const auto& self, std::size_t axis, index_t flat) -> void {
    if (axis == v.rank) {
      if (detail::masked_flat_in_data(m, v, flat)) os << detail::flat_index_offset(v, flat);
      else os << "null";
      return;
    }
    os << '[';
    for (index_t i = 0; i < v.shape[axis]; ++i) {
      if (i) os << ", ";
      self(self, axis + 1, flat * v.shape[axis] + i);
    }
    os << ']';
  };
  if (size == 0 && v.rank > 0) os << "[]";  // an empty masked layout: no nesting to show
  else nested(nested, 0, 0);
  os << "\n}\n";
}
template <class M>
  requires detail::is_masked_kind_v<M>
void write_cpp_header(std::ostream&, const M&, std::string_view) {
  static_assert(!detail::is_masked_kind_v<M>, "write_cpp_header: a masked layout's padding has no offset to write; write its data layout (data_layout(), or a tile's layout()) instead");
}

template <detail::layout_view V>
void write_markdown(std::ostream& os, const V& v) { write_markdown(os, v.layout()); }
template <detail::layout_view V>
void write_csv(std::ostream& os, const V& v) { write_csv(os, v.layout()); }
template <detail::layout_view V>
void write_json(std::ostream& os, const V& v) { write_json(os, v.layout()); }
template <detail::layout_view V>
void write_cpp_header(std::ostream& os, const V& v, std::string_view name) { write_cpp_header(os, v.layout(), name); }

}  // namespace strider
