// strider/table/thread_values.hpp: a thread-value layout drawn over its tile. Each element of the
// tile shows which thread holds it and as which value ("T9 V2"), in the writers' forms:
//
//   write_grid      the tile as aligned text; rank > 2 as 2-D slices headed "[i, :, :]"
//   write_markdown  the same slices as Markdown tables
//   write_csv       one row per (thread, value): the element's coordinate in the tile
//   write_json      the TV layout's description, its offset table, and `threads` and `values`,
//                   tables shaped like the tile
//   write_svg       the tile coloured by thread, any rank (small multiples of 2-D slices)
//
// An element held by several threads (a `replicated` layout) shows its first holder, lowest thread
// first, and "+N" for the others; JSON lists all of them. Static TV types (thread_value_t,
// as_thread_value_t) go through the same writers.
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "../core/thread_value.hpp"
#include "../static/thread_value.hpp"
#include "svg.hpp"
#include "writers.hpp"

namespace strider {

namespace detail {
inline dims tile_shape_of(const thread_value_value& tv) {
  dims out;
  for (std::size_t d = 0; d < tv.tile_rank; ++d) out.push_back(tv.tile_shape[d]);
  return out;
}
}  // namespace detail

/// "256 threads x 16 values over a tile of shape (64, 64): shape (16, 16, 4, 4), strides (256, 4, 64, 1)",
/// with ", replicated" when several threads may hold one element.
inline std::string to_string(const thread_value_value& tv) {
  std::string out;
  detail::print_thread_value_line(detail::string_sink{&out}, tv);  // print_layout's line, one rule
  out.pop_back();  // its '\n'
  return out;
}
/// A thread-value type's line (to_string(TV::tv_value)); `os << TV{}` prints it.
template <thread_value_type TV>
std::string to_string(TV) { return to_string(TV::tv_value); }

namespace detail {

// Who holds each element of the tile: the (thread, value) pairs of element k (C order) are
// pairs[first[k] .. first[k + 1]), lowest thread first.
struct tile_holders {
  std::vector<std::size_t> first;
  std::vector<std::pair<index_t, index_t>> pairs;

  tile_holders(const thread_value_value& tv, const char* op) {
    const index_t threads = tv.threads(), values = tv.values(), size = tv.tile_size();
    if (size > max_written_elements || threads > max_written_elements / std::max<index_t>(values, 1))
      throw layout_error("{}: {} threads x {} values over a tile of {} elements is more than the writers' limit ({})", op, threads, values, size, max_written_elements);
    // A counting sort by element: one pass counts, a second places, both in (thread, value) order.
    first.assign(static_cast<std::size_t>(size) + 1, 0);
    for (index_t t = 0; t < threads; ++t)
      for (index_t v = 0; v < values; ++v) ++first[static_cast<std::size_t>(tv.element(t, v)) + 1];
    for (std::size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
    pairs.resize(first.back());
    std::vector<std::size_t> next(first.begin(), first.end() - 1);
    for (index_t t = 0; t < threads; ++t)
      for (index_t v = 0; v < values; ++v) pairs[next[static_cast<std::size_t>(tv.element(t, v))]++] = {t, v};
  }
  std::size_t count(index_t k) const { return first[static_cast<std::size_t>(k) + 1] - first[static_cast<std::size_t>(k)]; }
  std::pair<index_t, index_t> holder(index_t k) const { return pairs[first[static_cast<std::size_t>(k)]]; }
  // "T9 V2", "T0 V1 +3" (three more holders), "-" (none: only for a layout not yet checked).
  std::string label(index_t k) const {
    if (count(k) == 0) return "-";
    const auto [t, v] = holder(k);
    // Appended piece by piece: "T" + a temporary string draws g++ 12's false -Wrestrict from libstdc++.
    std::string out = "T";
    out.append(std::to_string(t)).append(" V").append(std::to_string(v));
    if (count(k) > 1) out.append(" +").append(std::to_string(count(k) - 1));
    return out;
  }
};

inline dynamic_layout tile_of(const thread_value_value& tv) { return dynamic_layout::contiguous(detail::tile_shape_of(tv)); }

}  // namespace detail

/// The tile as aligned text, each element labelled with its thread and value ("T9 V2"); rank > 2
/// as 2-D slices headed "[i, :, :]" (as write_grid draws a layout).
/// Example: thread_value(contiguous(2, 2), contiguous(1, 2)) gives
///   T0 V0 T0 V1 T1 V0 T1 V1
///   T2 V0 T2 V1 T3 V0 T3 V1
inline void write_grid(std::ostream& os, const thread_value_value& tv) {
  const detail::tile_holders h(tv, "write_grid");
  const dynamic_layout tile = detail::tile_of(tv);
  std::size_t width = 1;
  for (index_t k = 0; k < tile.size(); ++k) width = std::max(width, h.label(k).size());
  const detail::panels s(tile);
  for (index_t k = 0; k < s.count; ++k) {
    if (tile.rank() > 2) os << (k ? "\n" : "") << s.header(k) << '\n';
    for (index_t i = 0; i < s.rows; ++i) {
      for (index_t j = 0; j < s.cols; ++j) {
        const std::string text = h.label(s.at(k, i, j));
        os << (j ? "  " : "") << text << std::string(j + 1 < s.cols ? width - text.size() : 0, ' ');
      }
      os << '\n';
    }
  }
}

/// The tile as Markdown tables of "T9 V2" cells, rows and columns numbered; rank > 2 as one table
/// per 2-D slice under a bold "[i, :, :]" line.
inline void write_markdown(std::ostream& os, const thread_value_value& tv) {
  const detail::tile_holders h(tv, "write_markdown");
  detail::markdown_tables(os, detail::panels(detail::tile_of(tv)), "holder", "---|", [&](index_t flat) { return h.label(flat); });
}

/// One line per (thread, value), threads in order: "thread,value,i0,i1,...,element", the
/// element's coordinate in the tile and its C-order index.
inline void write_csv(std::ostream& os, const thread_value_value& tv) {
  const detail::tile_holders h(tv, "write_csv");  // the size check
  const dims shape = detail::tile_shape_of(tv);
  os << "thread,value,";
  for (std::size_t d = 0; d < tv.tile_rank; ++d) os << 'i' << d << ',';
  os << "element\n";
  for (index_t t = 0; t < tv.threads(); ++t)
    for (index_t v = 0; v < tv.values(); ++v) {
      const index_t e = tv.element(t, v);
      os << t << ',' << v << ',';
      for (index_t i : detail::unflatten(e, shape)) os << i << ',';
      os << e << '\n';
    }
}

/// A JSON object: the TV layout (shape, strides, offset, value_rank, thread_count, value_count,
/// tile_shape, replicated), "offsets", its offset table (thread axes, then value axes: the C-order
/// element each (thread, value) holds), and "threads" and "values", tables nested like the tile
/// shape: the thread, and its value, holding each element. In a replicated layout each entry of
/// "threads" and "values" is a list (every holder, lowest thread first).
inline void write_json(std::ostream& os, const thread_value_value& tv) {
  const detail::tile_holders h(tv, "write_json");
  const dynamic_layout l(tv.layout, dynamic_layout::unchecked_t{});
  const dims tile_shape = detail::tile_shape_of(tv);
  const auto list = [&os](const dims& values) {
    os << '[';
    for (std::size_t i = 0; i < values.size(); ++i) os << (i ? ", " : "") << values[i];
    os << ']';
  };
  // A table nested like `shape`; cell(flat) writes one entry.
  const auto nested = [&os](const dims& shape, const auto& cell) {
    const auto walk = [&](const auto& self, std::size_t axis, index_t flat) -> void {
      if (axis == shape.size()) return cell(flat);
      os << '[';
      for (index_t i = 0; i < shape[axis]; ++i) {
        if (i) os << ", ";
        self(self, axis + 1, flat * shape[axis] + i);
      }
      os << ']';
    };
    walk(walk, 0, 0);
  };
  const auto holders = [&](bool thread) {
    return [&, thread](index_t k) {
      const auto entry = [&](std::size_t p) { return thread ? h.pairs[p].first : h.pairs[p].second; };
      if (!tv.replicated) {
        os << entry(h.first[static_cast<std::size_t>(k)]);
        return;
      }
      os << '[';
      for (std::size_t p = h.first[static_cast<std::size_t>(k)]; p < h.first[static_cast<std::size_t>(k) + 1]; ++p)
        os << (p > h.first[static_cast<std::size_t>(k)] ? ", " : "") << entry(p);
      os << ']';
    };
  };
  os << "{\n  \"shape\": ";
  list(l.shape());
  os << ",\n  \"strides\": ";
  list(l.strides());
  os << ",\n  \"offset\": " << l.offset() << ",\n  \"value_rank\": " << tv.value_rank << ",\n  \"thread_count\": " << tv.threads()
     << ",\n  \"value_count\": " << tv.values() << ",\n  \"tile_shape\": ";
  list(tile_shape);
  os << ",\n  \"replicated\": " << (tv.replicated ? "true" : "false") << ",\n  \"offsets\": ";
  const std::vector<index_t> table = offset_table(l);
  nested(l.shape(), [&](index_t flat) { os << table[static_cast<std::size_t>(flat)]; });
  os << ",\n  \"threads\": ";
  nested(tile_shape, holders(true));
  os << ",\n  \"values\": ";
  nested(tile_shape, holders(false));
  os << "\n}\n";
}

/// A picture of the tile, any rank (rank > 2 as small multiples of 2-D slices labelled
/// "[i, :, :]"): each cell coloured by the thread that holds it and labelled "T9" over "V2";
/// cells held by several threads are hatched and show "+N". Throws layout_error for a tile of
/// more than max_svg_cells elements.
inline void write_svg(std::ostream& os, const thread_value_value& tv, const svg_options& options = {}) {
  using namespace detail::svg;
  if (tv.tile_size() > max_svg_cells) throw layout_error("write_svg: the tile has {} elements, too many to draw (limit {})", tv.tile_size(), max_svg_cells);
  const detail::tile_holders h(tv, "write_svg");
  const dynamic_layout tile = detail::tile_of(tv);
  const detail::panels s(tile);
  const index_t size = tile.size();
  const index_t per_row = std::max<index_t>(1, std::min<index_t>(s.count, std::max<index_t>(1, 48 / std::max<index_t>(s.cols, 1))));
  const index_t slice_rows = s.count ? (s.count + per_row - 1) / per_row : 0;
  std::size_t longest = 1;
  for (index_t k = 0; k < size; ++k) {
    if (h.count(k) == 0) continue;
    const auto [t, v] = h.holder(k);
    longest = std::max({longest, std::to_string(t).size() + 1, std::to_string(v).size() + 1 + (h.count(k) > 1 ? 3 : 0)});
  }
  const bool has_title = !options.title.empty();
  double cell = 3, axis_font = 0, slice_w = 0, slice_h = 0, logical_w = 0, logical_h = 0, gutter = 0, band = 0, gap = 12;
  const double label_h = tile.rank() > 2 ? 15 : 0, top = 14 + (has_title ? 22 : 0) + 18 + 20;
  for (double c : {44.0, 40.0, 36.0, 32.0, 28.0, 24.0, 20.0, 18.0, 16.0, 14.0, 12.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0}) {
    cell = c;
    axis_font = c >= 16 ? std::min(11.0, c * 0.34) : 0;
    gutter = axis_font > 0 && tile.rank() >= 2 ? 0.62 * axis_font * static_cast<double>(std::to_string(std::max<index_t>(s.rows - 1, 0)).size()) + 5 : 0;
    band = axis_font > 0 && tile.rank() >= 1 ? axis_font + 4 : 0;
    gap = std::max(c * 0.6, 12.0);
    slice_w = gutter + static_cast<double>(s.cols) * c;
    slice_h = label_h + band + static_cast<double>(s.rows) * c;
    logical_w = static_cast<double>(per_row) * (slice_w + gap) - gap;
    logical_h = static_cast<double>(slice_rows) * (slice_h + gap) - gap;
    if (28 + logical_w <= 1280 && top + logical_h + 40 <= 1000) break;
  }
  // Wide enough for the title (15 px monospace) and the description (12.5 px) as well.
  const double width = std::max({28 + logical_w, 500.0, 28 + 9.1 * static_cast<double>(options.title.size()), 28 + 7.0 * static_cast<double>(to_string(tv).size())});
  const double height = top + std::max(logical_h, 0.0) + 40;
  // Two lines of text per cell ("T9", "V2"): each line gets just under half the cell.
  const double font = fit_font(longest, cell, 12) > 0 && cell >= 20 ? std::min(fit_font(longest, cell, 12), cell * 0.3) : 0;
  const bool tooltips = size <= 4096;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height) << "\" viewBox=\"0 0 "
     << num(width) << ' ' << num(height) << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
     << "<defs><pattern id=\"strider-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
     << "<rect width=\"2\" height=\"6\" fill=\"#000\" fill-opacity=\"0.28\"/></pattern></defs>\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  const auto text = [&os](double x, double y, double size_px, std::string_view value, const char* extra = "") {
    os << "<text x=\"" << num(x) << "\" y=\"" << num(y + size_px * 0.35) << "\" font-size=\"" << num(size_px) << "\" " << extra << '>'
       << escape(value) << "</text>";
  };
  double y = 14;
  if (has_title) {
    os << "<text x=\"14\" y=\"" << num(y + 15) << "\" font-size=\"15\" font-weight=\"bold\" font-family=\"DejaVu Sans Mono, monospace\">"
       << escape(options.title) << "</text>\n";
    y += 22;
  }
  text(14, y + 9, 12.5, to_string(tv), "fill=\"#333\"");
  os << '\n';
  text(14, top - 10, 11, "each cell: the thread (T) that holds the element, and which of its values (V) it is", "fill=\"#555\"");
  os << '\n';
  const std::string mono = "font-family=\"DejaVu Sans Mono, monospace\" text-anchor=\"middle\"";
  for (index_t k = 0; k < s.count; ++k) {
    const double x0 = 14 + static_cast<double>(k % per_row) * (slice_w + gap);
    const double y0 = top + static_cast<double>(k / per_row) * (slice_h + gap);
    if (tile.rank() > 2) text(x0, y0 + 6, 11, s.header(k), "font-family=\"DejaVu Sans Mono, monospace\" fill=\"#222\"");
    const double gx = x0 + gutter, gy = y0 + label_h + band;
    if (axis_font > 0) {
      for (index_t j = 0; j < s.cols && tile.rank() >= 1; ++j)
        text(gx + (static_cast<double>(j) + 0.5) * cell, gy - band / 2, axis_font, std::to_string(j), "fill=\"#777\" text-anchor=\"middle\"");
      for (index_t i = 0; i < s.rows && tile.rank() >= 2; ++i)
        text(gx - 4, gy + (static_cast<double>(i) + 0.5) * cell, axis_font, std::to_string(i), "fill=\"#777\" text-anchor=\"end\"");
    }
    for (index_t i = 0; i < s.rows; ++i)
      for (index_t j = 0; j < s.cols; ++j) {
        const index_t flat = s.at(k, i, j);
        const double x = gx + static_cast<double>(j) * cell, yy = gy + static_cast<double>(i) * cell;
        const std::size_t n = h.count(flat);
        const auto [t, v] = n ? h.holder(flat) : std::pair<index_t, index_t>{-1, -1};
        os << "<g>";
        if (tooltips) {
          std::string tip = "element " + detail::tuple_text(detail::unflatten(flat, tile.shape())) + ":";
          for (std::size_t p = h.first[static_cast<std::size_t>(flat)]; p < h.first[static_cast<std::size_t>(flat) + 1] && p < h.first[static_cast<std::size_t>(flat)] + 8; ++p)
            tip.append(p > h.first[static_cast<std::size_t>(flat)] ? "," : "").append(" thread ").append(std::to_string(h.pairs[p].first)).append(" value ").append(std::to_string(h.pairs[p].second));
          if (n > 8) tip += ", ... (" + std::to_string(n) + " in all)";
          if (n == 0) tip += " held by no thread";
          os << "<title>" << escape(tip) << "</title>";
        }
        os << "<rect x=\"" << num(x) << "\" y=\"" << num(yy) << "\" width=\"" << num(cell) << "\" height=\"" << num(cell) << "\" fill=\""
           << (n ? tile_color(t) : std::string(hole_color)) << '"' << (cell >= 8 ? " stroke=\"#ffffff\" stroke-width=\"1\"" : "") << "/>";
        if (n > 1)
          os << "<rect x=\"" << num(x) << "\" y=\"" << num(yy) << "\" width=\"" << num(cell) << "\" height=\"" << num(cell) << "\" fill=\"url(#strider-hatch)\"/>";
        if (font > 0 && n) {
          text(x + cell / 2, yy + cell * 0.3, font, std::string("T").append(std::to_string(t)), mono.c_str());
          std::string value_label = std::string("V").append(std::to_string(v));
          if (n > 1) value_label.append(" +").append(std::to_string(n - 1));
          text(x + cell / 2, yy + cell * 0.7, font, value_label, mono.c_str());
        }
        os << "</g>\n";
      }
  }
  double ly = top + std::max(logical_h, 0.0) + 18;
  for (int i = 0; i < 6; ++i)
    os << "<rect x=\"" << num(14 + i * 9) << "\" y=\"" << num(ly) << "\" width=\"9\" height=\"11\" fill=\"" << tile_color(i) << "\"/>";
  text(14 + 6 * 9 + 6, ly + 5.5, 11,
       "colour: the thread (" + std::to_string(tv.threads()) + " threads of " + std::to_string(tv.values()) + " values)" +
           (tv.replicated ? "; hatched: held by several threads, +N counts the others" : ""),
       "fill=\"#333\"");
  os << "\n</svg>\n";
}

// Static TV types (thread_value_t, as_thread_value_t): the same writers, over the tile. These are
// more constrained than the static layouts' forms, so a TV type is drawn as a TV layout.
template <thread_value_type TV>
void write_grid(std::ostream& os, TV) { write_grid(os, TV::tv_value); }
template <thread_value_type TV>
void write_markdown(std::ostream& os, TV) { write_markdown(os, TV::tv_value); }
template <thread_value_type TV>
void write_csv(std::ostream& os, TV) { write_csv(os, TV::tv_value); }
template <thread_value_type TV>
void write_json(std::ostream& os, TV) { write_json(os, TV::tv_value); }
template <thread_value_type TV>
void write_svg(std::ostream& os, TV, svg_options options = {}) { write_svg(os, TV::tv_value, options); }

}  // namespace strider
