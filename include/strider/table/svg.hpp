// strider/table/svg.hpp: a picture of a layout as SVG.
//
// Left, the logical view: one cell per element, in NumPy's row/column arrangement (rank > 2 as
// small multiples of 2-D slices, each labelled "[i, :, :]"), showing its storage offset. Right,
// the storage: the slots 0 .. required_span-1, wrapped into rows, each showing the multi-index
// of the element stored there. An element has the same colour on both sides (the colour runs
// with the storage offset, so a contiguous walk is a smooth gradient). Slots shared by several
// elements (broadcast, overlapping windows) are hatched on both sides and carry a count badge
// "xN"; holes, slots no element uses, are grey. A tiled layout (svg_options::tile_rank) is coloured
// by tile instead, and its storage slots show each element's coordinate in its tile. Cells shrink for larger layouts and their text
// is dropped when it would not be legible; every cell keeps a tooltip up to 4096 cells.
#pragma once

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "../core/layout.hpp"
#include "../static/layout.hpp"
#include "../static/print.hpp"
#include "../util/math.hpp"
#include "tables.hpp"
#include "writers.hpp"

namespace strider {


struct svg_options {
  /// Drawn above the layout's description, e.g. the expression the layout came from.
  std::string title;
  /// For a tiled layout (logical_divide, logical_product, tile): its trailing `tile_rank` axes are
  /// one tile. Then each element is coloured by its tile, and the storage slots show its
  /// coordinate in the tile. 0: colours run with the storage offset.
  std::size_t tile_rank = 0;
  /// Elements (by C-order index) to outline in the logical view, e.g. those whose offset a view
  /// changed (`strider explain --format html`); empty: none.
  std::vector<bool> marked{};
};

namespace detail::svg {

inline std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) out += '?';  // keep the file ASCII and valid XML whatever the input
    else out += c;
  }
  return out;
}

// Coordinates with one decimal at most: short files, exact enough for a picture.
inline std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  std::string s = buffer;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// Pastel colour of hue h (degrees), light enough for black text.
inline std::string hue_color(double h) {
  const double s = 0.70, l = 0.80;
  const double c = (1 - math::abs(2 * l - 1)) * s, x = c * (1 - math::abs(math::fmod(h / 60, 2.0) - 1)), m = l - c / 2;
  double r = 0, g = 0, b = 0;
  if (h < 60) r = c, g = x;
  else if (h < 120) r = x, g = c;
  else if (h < 180) g = c, b = x;
  else if (h < 240) g = x, b = c;
  else if (h < 300) r = x, b = c;
  else r = c, b = x;
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", static_cast<int>(math::lround((r + m) * 255)),
                static_cast<int>(math::lround((g + m) * 255)), static_cast<int>(math::lround((b + m) * 255)));
  return buffer;
}

// Colour of storage offset `o` in a span: the hue runs from red (slot 0) to violet (the last).
inline std::string color(index_t o, index_t span) {
  return hue_color(span > 1 ? 270.0 * static_cast<double>(o) / static_cast<double>(span - 1) : 210.0);
}

// Colour of tile t: hues a golden angle apart, so that neighbouring tiles never look alike.
inline std::string tile_color(index_t t) { return hue_color(math::fmod(137.508 * static_cast<double>(t), 360.0)); }

inline constexpr const char* hole_color = "#d9d9d9";

// How many slots one storage row holds. A stride of the layout between 4 and 64 makes the rows
// line up with an axis (a slice of a row-major base shows as a block of it); the one closest to
// a squarish panel wins. Otherwise short spans take one row and long ones about sqrt(2 * span).
inline index_t storage_width(const dynamic_layout& l, index_t span) {
  const double target = std::clamp(math::sqrt(2.0 * static_cast<double>(span)), 8.0, 64.0);
  index_t best = 0;
  double best_distance = 0;
  for (std::size_t d = 0; d < l.rank(); ++d) {
    // Only axes that move, and strides of 4 to 64 either way (and no negation of INT64_MIN).
    if (l.extent(d) < 2 || l.stride(d) < -64 || l.stride(d) > 64) continue;
    const index_t s = l.stride(d) < 0 ? -l.stride(d) : l.stride(d);
    if (s < 4 || s >= span) continue;
    const double distance = math::abs(math::log(static_cast<double>(s) / target));
    // On a tie the narrower rows win: the logical panel beside them is usually the wider one.
    if (best == 0 || distance < best_distance - 1e-9 || (distance < best_distance + 1e-9 && s < best)) {
      best = s;
      best_distance = distance;
    }
  }
  if (best) return best;
  if (span <= 32) return span;
  return std::min<index_t>(64, (static_cast<index_t>(math::ceil(target)) + 7) / 8 * 8);
}

// Font size at which `chars` characters of a monospace font fit a cell, or 0 when that would
// be smaller than legible.
inline double fit_font(std::size_t chars, double cell, double largest) {
  const double size = std::min({largest, cell * 0.42, (cell - 4) / (0.62 * static_cast<double>(std::max<std::size_t>(chars, 1)))});
  return size >= 6.5 ? size : 0;
}

inline std::string index_text(const dims& index) { return index.size() == 0 ? "()" : joined(index, ","); }

// Everything the picture's geometry depends on, for one cell size.
struct geometry {
  double cell = 0, axis_font = 0;   // axis_font 0: no row/column index labels
  double slice_label = 0;           // height of a "[i, :, :]" label (0 for rank <= 2)
  double row_gutter = 0, col_band = 0, slice_gap = 0;
  double slice_w = 0, slice_h = 0;  // one slice, labels included
  double logical_w = 0, logical_h = 0;
  double storage_gutter = 0, storage_band = 0, storage_w = 0, storage_h = 0;
  double width = 0, height = 0, panels_top = 0, legend_top = 0;
};

}  // namespace detail::svg

namespace detail::svg {
// The picture of l's offsets through a swizzle (the identity for a strided layout).
inline void write(std::ostream& os, const dynamic_layout& l, swizzle_value swizzle, const svg_options& options) {
  if (l.size() > max_svg_cells) throw layout_error("write_svg: the layout has {} elements, too many to draw (limit {})", l.size(), max_svg_cells);
  if (l.required_span() > max_svg_cells) throw layout_error("write_svg: the storage span {} is too large to draw (limit {} slots)", l.required_span(), max_svg_cells);
  // A swizzle keeps each aligned period in place: the span grows at most to the next period.
  std::vector<index_t> table = offset_table(l, swizzle);
  index_t span = l.required_span();
  if (swizzle.bits != 0) {
    span = 0;
    for (const index_t o : table) span = std::max(span, o + 1);
    if (span > max_svg_cells) throw layout_error("write_svg: the storage span {} is too large to draw (limit {} slots)", span, max_svg_cells);
  }
  const index_t reached = span;  // the header's "storage span", before the slots no element reaches
  // The storage the layout knows past its span (unfold's last slot, a view's tail) is drawn too,
  // as slots no element reaches, unless it is more than the span again (a small view of a large
  // storage keeps its picture small; the header line gives the storage).
  if (swizzle.bits == 0 && l.storage_size() > span && l.storage_size() - span <= span && l.storage_size() <= max_svg_cells) span = l.storage_size();
  const index_t size = l.size();
  const storage_table slots(std::move(table), span);
  const std::vector<index_t>& offsets = slots.offsets();
  const detail::panels s(l);
  const dims shape = l.shape();
  if (options.tile_rank > l.rank()) throw layout_error("write_svg: tile rank {} exceeds the layout's rank {}", options.tile_rank, l.rank());
  const bool tiled = options.tile_rank > 0;
  dims tile_shape;  // the trailing tile_rank extents
  index_t tile_size = 1;
  for (std::size_t d = l.rank() - options.tile_rank; d < l.rank(); ++d) {
    tile_shape.push_back(l.extent(d));
    tile_size *= l.extent(d);
  }
  // Element k (C order) lies in tile k / tile_size, at coordinate k % tile_size of the tile.
  const auto element_color = [&](index_t k, index_t o) { return tiled ? tile_color(k / std::max<index_t>(tile_size, 1)) : color(o, span); };
  const auto storage_label = [&](index_t k) { return tiled ? index_text(detail::unflatten(k % std::max<index_t>(tile_size, 1), tile_shape)) : index_text(detail::unflatten(k, shape)); };
  const index_t per_row = std::max<index_t>(1, std::min<index_t>(l.rank() >= 4 ? l.extent(l.rank() - 3) : s.count, std::max<index_t>(1, 48 / std::max<index_t>(s.cols, 1))));
  const index_t slice_rows = (s.count + per_row - 1) / per_row;
  const index_t width_slots = size ? storage_width(l, span) : 1;
  const index_t storage_rows = size ? (span + width_slots - 1) / width_slots : 0;
  bool any_hole = false, any_shared = false;
  for (index_t o = 0; o < span; ++o) {
    any_hole = any_hole || slots.count(o) == 0;
    any_shared = any_shared || slots.count(o) > 1;
  }
  const std::size_t digits_rows = std::to_string(std::max<index_t>(s.rows - 1, 0)).size();
  const std::size_t digits_base = std::to_string(std::max<index_t>(span - 1, 0)).size();
  const bool has_title = !options.title.empty();
  const int legend_lines = 1 + (any_hole ? 1 : 0) + (any_shared ? 1 : 0);
  const double legend_width = any_shared ? 640 : tiled ? 600 : 420;

  const auto measure = [&](double cell) {
    geometry g;
    g.cell = cell;
    g.axis_font = cell >= 16 ? std::min(11.0, cell * 0.34) : 0;
    g.slice_label = l.rank() > 2 ? 15 : 0;
    g.row_gutter = g.axis_font > 0 && l.rank() >= 2 ? 0.62 * g.axis_font * static_cast<double>(digits_rows) + 5 : 0;
    g.col_band = g.axis_font > 0 && l.rank() >= 1 ? g.axis_font + 4 : 0;
    g.slice_gap = std::max(cell * 0.6, 12.0);
    g.slice_w = g.row_gutter + static_cast<double>(s.cols) * cell;
    g.slice_h = g.slice_label + g.col_band + static_cast<double>(s.rows) * cell;
    g.logical_w = static_cast<double>(per_row) * (g.slice_w + g.slice_gap) - g.slice_gap;
    g.logical_h = static_cast<double>(slice_rows) * (g.slice_h + g.slice_gap) - g.slice_gap;
    g.storage_gutter = storage_rows > 1 ? 0.62 * std::max(g.axis_font, 8.0) * static_cast<double>(digits_base) + 6 : 0;
    g.storage_band = g.axis_font > 0 ? g.axis_font + 4 : 0;
    g.storage_w = g.storage_gutter + static_cast<double>(width_slots) * cell;
    g.storage_h = g.storage_band + static_cast<double>(storage_rows) * cell;
    g.panels_top = 14 + (has_title ? 22 : 0) + 18 + 40;
    // Panels at least as wide as their headings; the whole at least as wide as the legend.
    g.width = std::max(28 + std::max(g.logical_w, 250.0) + 36 + std::max(g.storage_w, 290.0), legend_width);
    g.legend_top = g.panels_top + std::max(g.logical_h, g.storage_h) + 18;
    g.height = g.legend_top + 16.0 * legend_lines + 10;
    return g;
  };
  geometry g;
  for (double cell : {40.0, 36.0, 32.0, 28.0, 24.0, 20.0, 18.0, 16.0, 14.0, 12.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0}) {
    g = measure(cell);
    if (g.width <= 1280 && g.height <= 1000) break;
  }
  const double cell = g.cell;
  const double stroke = cell >= 8 ? 1 : 0;
  const bool tooltips = size + span <= 4096;

  // One font size per panel, from the longest text in it, so that the cells look alike.
  std::size_t longest_offset = 1, longest_index = 1;
  for (index_t o : offsets) longest_offset = std::max(longest_offset, std::to_string(o).size());
  for (index_t k = 0; k < size; ++k) longest_index = std::max(longest_index, storage_label(k).size());
  const double logical_font = fit_font(longest_offset, cell, 13);
  const double storage_font = fit_font(longest_index, cell, 12);

  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(g.width) << "\" height=\"" << num(g.height)
     << "\" viewBox=\"0 0 " << num(g.width) << ' ' << num(g.height) << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
     << "<defs><pattern id=\"strider-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
     << "<rect width=\"2\" height=\"6\" fill=\"#000\" fill-opacity=\"0.28\"/></pattern></defs>\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  double y = 14;
  if (has_title) {
    os << "<text x=\"14\" y=\"" << num(y + 15) << "\" font-size=\"15\" font-weight=\"bold\" font-family=\"DejaVu Sans Mono, monospace\">"
       << escape(options.title) << "</text>\n";
    y += 22;
  }
  os << "<text x=\"14\" y=\"" << num(y + 13) << "\" font-size=\"12.5\" fill=\"#333\">" << escape(to_string(l)) << " (" << size
     << (size == 1 ? " element" : " elements") << ", storage span " << reached << ")</text>\n";

  // `markup`: value is already XML (an entity), not text to escape.
  const auto text = [&os](double x, double at_y, double font, std::string_view value, const char* extra = "", bool markup = false) {
    os << "<text x=\"" << num(x) << "\" y=\"" << num(at_y + font * 0.35) << "\" font-size=\"" << num(font) << "\" " << extra << '>'
       << (markup ? std::string(value) : escape(value)) << "</text>";
  };
  const auto cell_box = [&](double x, double yy, const std::string& fill, bool shared, const std::string& tooltip) {
    os << "<g>";
    if (tooltips) os << "<title>" << escape(tooltip) << "</title>";
    os << "<rect x=\"" << num(x) << "\" y=\"" << num(yy) << "\" width=\"" << num(cell) << "\" height=\"" << num(cell)
       << "\" fill=\"" << fill << '"';
    if (stroke > 0) os << " stroke=\"#ffffff\" stroke-width=\"" << num(stroke) << '"';
    os << "/>";
    if (shared)
      os << "<rect x=\"" << num(x) << "\" y=\"" << num(yy) << "\" width=\"" << num(cell) << "\" height=\"" << num(cell)
         << "\" fill=\"url(#strider-hatch)\"/>";
  };

  if (size == 0) {
    text(14, g.panels_top + 10, 13, "empty layout: no elements, no storage", "fill=\"#555\"");
    os << "\n</svg>\n";
    return;
  }

  // --- logical view ----------------------------------------------------------------------------
  const double left = 14, top = g.panels_top;
  text(left, top - 30, 13, "logical view", "font-weight=\"bold\"");
  text(left, top - 14, 11, "each cell: the storage offset of the element", "fill=\"#555\"");
  os << '\n';
  const std::string mono = "font-family=\"DejaVu Sans Mono, monospace\" text-anchor=\"middle\"";
  for (index_t k = 0; k < s.count; ++k) {
    const double x0 = left + static_cast<double>(k % per_row) * (g.slice_w + g.slice_gap);
    const double y0 = top + static_cast<double>(k / per_row) * (g.slice_h + g.slice_gap);
    if (l.rank() > 2) text(x0, y0 + 6, 11, s.header(k), "font-family=\"DejaVu Sans Mono, monospace\" fill=\"#222\"");
    const double gx = x0 + g.row_gutter, gy = y0 + g.slice_label + g.col_band;
    if (g.axis_font > 0) {
      for (index_t j = 0; j < s.cols && l.rank() >= 1; ++j)
        text(gx + (static_cast<double>(j) + 0.5) * cell, gy - g.col_band / 2, g.axis_font, std::to_string(j), "fill=\"#777\" text-anchor=\"middle\"");
      for (index_t i = 0; i < s.rows && l.rank() >= 2; ++i)
        text(gx - 4, gy + (static_cast<double>(i) + 0.5) * cell, g.axis_font, std::to_string(i), "fill=\"#777\" text-anchor=\"end\"");
    }
    for (index_t i = 0; i < s.rows; ++i)
      for (index_t j = 0; j < s.cols; ++j) {
        const index_t flat = s.at(k, i, j);
        const index_t o = offsets[static_cast<std::size_t>(flat)];
        const double x = gx + static_cast<double>(j) * cell, yy = gy + static_cast<double>(i) * cell;
        const index_t sharing = slots.count(o);
        cell_box(x, yy, element_color(flat, o), sharing > 1,
                 "element " + detail::tuple_text(detail::unflatten(flat, shape)) + " at storage offset " + std::to_string(o) +
                     (sharing > 1 ? " (shared by " + std::to_string(sharing) + " elements)" : ""));
        if (static_cast<std::size_t>(flat) < options.marked.size() && options.marked[static_cast<std::size_t>(flat)])
          os << "<rect x=\"" << num(x + 1) << "\" y=\"" << num(yy + 1) << "\" width=\"" << num(cell - 2) << "\" height=\"" << num(cell - 2)
             << "\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2\"/>";
        if (logical_font > 0) text(x + cell / 2, yy + cell / 2, logical_font, std::to_string(o), mono.c_str());
        os << "</g>\n";
      }
  }

  // --- storage ---------------------------------------------------------------------------------
  const double sx = left + std::max(g.logical_w, 250.0) + 36, sy = top;
  text(sx, top - 30, 13, "storage", "font-weight=\"bold\"");
  text(sx, top - 14, 11, tiled ? "each slot: the coordinate in its tile of the element stored there" : "each slot: the index of the element stored there", "fill=\"#555\"");
  os << '\n';
  const double slots_x = sx + g.storage_gutter, slots_y = sy + g.storage_band;
  if (g.axis_font > 0)
    for (index_t j = 0; j < std::min(width_slots, span); ++j)
      text(slots_x + (static_cast<double>(j) + 0.5) * cell, slots_y - g.storage_band / 2, g.axis_font, std::to_string(j), "fill=\"#777\" text-anchor=\"middle\"");
  if (storage_rows > 1) {
    // Row labels (the first slot of the row), thinned out so that they never overlap.
    const double font = std::max(g.axis_font, 8.0);
    const auto every = static_cast<index_t>(math::ceil((font + 2) / cell));
    for (index_t r = 0; r < storage_rows; r += every)
      text(slots_x - 4, slots_y + (static_cast<double>(r) + 0.5) * cell, font, std::to_string(r * width_slots), "fill=\"#777\" text-anchor=\"end\"");
  }
  os << '\n';
  for (index_t o = 0; o < span; ++o) {
    const double x = slots_x + static_cast<double>(o % width_slots) * cell;
    const double yy = slots_y + static_cast<double>(o / width_slots) * cell;
    const auto here = slots[o];
    if (here.empty()) {
      cell_box(x, yy, hole_color, false, "storage offset " + std::to_string(o) + ": hole, no element");
      os << "</g>\n";
      continue;
    }
    const std::string first = storage_label(here[0]);
    std::string tooltip = "storage offset " + std::to_string(o) + ": element";
    tooltip += here.size() > 1 ? "s" : "";
    for (std::size_t e = 0; e < here.size() && e < 8; ++e) tooltip.append(e ? ", " : " ").append(detail::tuple_text(detail::unflatten(here[e], shape)));
    if (here.size() > 8) tooltip += ", ... (" + std::to_string(here.size()) + " in all)";
    cell_box(x, yy, element_color(here[0], o), here.size() > 1, tooltip);
    // A slot of 2 or 3 elements names each, one per line, when the lines fit the cell (glyphs
    // 0.4 em above and 0.5 em below each line's centre, 2 px from the cell's edges and from each
    // other); otherwise a badge counts them over the first one's label.
    const double lines = static_cast<double>(here.size());
    const double stacked = here.size() > 1 && here.size() <= 3 ? std::min({storage_font * 0.9, (0.5 * cell / lines - 2) / 0.5, cell / lines - 2}) : 0;
    const bool badge = here.size() > 1 && cell >= 20 && !(storage_font > 0 && stacked >= 5);
    if (here.size() > 1 && !badge && storage_font > 0 && stacked >= 5) {
      for (std::size_t e = 0; e < here.size(); ++e)
        text(x + cell / 2, yy + (static_cast<double>(e) + 0.5) * cell / lines, stacked, storage_label(here[e]), mono.c_str());
    } else if (!badge) {
      if (storage_font > 0) text(x + cell / 2, yy + cell * 0.5, storage_font, first, mono.c_str());
    } else {
      // The badge across the top of the cell, the label below it: never on top of each other.
      const std::string count = std::to_string(here.size());
      const double font = std::max(7.0, cell * 0.24);
      const double w = 0.62 * font * static_cast<double>(count.size() + 1) + 4;
      const double badge_bottom = yy + 1.5 + font + 2;
      os << "<rect x=\"" << num(x + cell - w - 1.5) << "\" y=\"" << num(yy + 1.5) << "\" width=\"" << num(w) << "\" height=\""
         << num(font + 2) << "\" rx=\"2\" fill=\"#222\"/>";
      text(x + cell - w / 2 - 1.5, yy + 2.5 + font / 2, font, "&#215;" + count, "fill=\"#fff\" text-anchor=\"middle\" font-family=\"DejaVu Sans Mono, monospace\"", true);
      // Centred in the band below the badge, small enough to leave 2 px above and below its
      // glyphs (which reach 0.4 em above and 0.5 em below the centre line).
      const double band = yy + cell - badge_bottom;
      const double label = std::min(storage_font * 0.9, (band / 2 - 2) / 0.5);
      if (storage_font > 0 && label >= 5) text(x + cell / 2, badge_bottom + band / 2, label, first, mono.c_str());
    }
    os << "</g>\n";
  }

  // --- legend ----------------------------------------------------------------------------------
  double ly = g.legend_top;
  for (int i = 0; i < 6; ++i)
    os << "<rect x=\"" << num(14 + i * 9) << "\" y=\"" << num(ly) << "\" width=\"9\" height=\"11\" fill=\"" << (tiled ? tile_color(i) : color(i, 6)) << "\"/>";
  text(14 + 6 * 9 + 6, ly + 5.5, 11,
       tiled ? "colour: the tile (" + std::to_string(size / std::max<index_t>(tile_size, 1)) + " tiles of " + std::to_string(tile_size) + " elements, the last " +
                   std::to_string(options.tile_rank) + " axes), the same element on both sides"
             : "colour: storage offset, the same element on both sides",
       "fill=\"#333\"");
  os << '\n';
  if (any_hole) {
    ly += 16;
    os << "<rect x=\"14\" y=\"" << num(ly) << "\" width=\"54\" height=\"11\" fill=\"" << hole_color << "\"/>";
    text(74, ly + 5.5, 11, "hole: no element is stored in this slot", "fill=\"#333\"");
    os << '\n';
  }
  if (any_shared) {
    ly += 16;
    os << "<rect x=\"14\" y=\"" << num(ly) << "\" width=\"54\" height=\"11\" fill=\"" << color(0, 1) << "\"/>"
       << "<rect x=\"14\" y=\"" << num(ly) << "\" width=\"54\" height=\"11\" fill=\"url(#strider-hatch)\"/>";
    text(74, ly + 5.5, 11, "hatched: several elements share the slot (broadcast or overlap), each named, or &#215;N counting them", "fill=\"#333\"", true);
    os << '\n';
  }
  os << "</svg>\n";
}
}  // namespace detail::svg

/// Writes the picture described at the top of this file. Throws layout_error ("write_svg: ...")
/// for a layout with more than max_svg_cells elements or storage slots.
inline void write_svg(std::ostream& os, const dynamic_layout& l, const svg_options& options = {}) { detail::svg::write(os, l, {}, options); }

/// A static layout; a tiled one (tile_t, logical_divide_t, logical_product_t) is drawn by tile.
template <static_layout_type L>
void write_svg(std::ostream& os, L, svg_options options = {}) {
  if constexpr (requires { L::tile_rank; })
    if (options.tile_rank == 0) options.tile_rank = L::tile_rank;
  write_svg(os, L::dynamic(), options);
}

/// A swizzled layout of a static layout (swizzled_t): its offsets through the swizzle, the
/// storage panel showing where the swizzle put each element.
template <static_swizzled_layout_type L>
void write_svg(std::ostream& os, L, svg_options options = {}) {
  if constexpr (requires { L::layout_type::tile_rank; })
    if (options.tile_rank == 0) options.tile_rank = L::layout_type::tile_rank;
  detail::svg::write(os, L::layout_type::dynamic(), L::swizzle, options);
}

/// A mixed layout, and a view (its layout): the same picture.
template <mixed_layout_type L>
void write_svg(std::ostream& os, const L& l, const svg_options& options = {}) { write_svg(os, l.dynamic(), options); }
template <detail::layout_view V>
void write_svg(std::ostream& os, const V& v, const svg_options& options = {}) { write_svg(os, v.layout(), options); }

}  // namespace strider
