// strider/table/access.hpp: the access certificate (core/access.hpp, docs/access.md) as text,
// Markdown, JSON, and a picture of the tile coloured by shared-memory bank with the worst phase's
// colliding elements marked.
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "../core/access.hpp"
#include "../core/thread_value.hpp"
#include "../util/math.hpp"
#include "svg.hpp"
#include "writers.hpp"

namespace strider {

namespace detail {
// The certificate's figures, name and value, in the order every writer shows them.
inline std::vector<std::pair<std::string, std::string>> access_rows(const access_report& r) {
  const bank_collision& c = r.worst;
  const sector_excess& g = r.worst_global;
  const auto n = [](index_t v) { return std::to_string(v); };
  return {{"vector_width", n(r.vector_width) + (r.vector_width == 1 ? " element" : " elements")},
          {"instructions", n(r.instructions)},
          {"phases", n(r.phases)},
          {"wavefronts", n(r.wavefronts)},
          {"bank_conflicts", n(r.bank_conflicts) + (r.bank_conflicts == 0 ? " (conflict-free)" : "")},
          {"sectors", n(r.sectors) + " (ideal " + n(r.ideal_sectors) + (is_coalesced(r) ? ": coalesced)" : ")")},
          {"worst_phase", c.ways > 1 ? "instruction " + n(c.instruction) + ", phase " + n(c.phase) + ", bank " + n(c.bank) + ": " + n(c.ways) + "-way (threads " + n(c.thread) +
                                           " and " + n(c.other_thread) + " at offsets " + n(c.offset) + " and " + n(c.other_offset) + ")"
                                     : "none: every phase takes one wavefront"},
          {"worst_sectors", g.instruction >= 0 ? "instruction " + n(g.instruction) + ": " + n(g.sectors) + " sectors where " + n(g.ideal_sectors) + " would do (threads " +
                                                     n(g.thread) + " and " + n(g.other_thread) + " at offsets " + n(g.offset) + " and " + n(g.other_offset) + ")"
                                               : "none: every instruction touches the fewest sectors"}};
}
}  // namespace detail

/// The certificate as aligned lines: "bank_conflicts  992", "worst_phase  instruction 0, ...".
inline void write_access_text(std::ostream& os, const access_report& r) {
  for (const auto& [name, value] : detail::access_rows(r)) os << name << std::string(name.size() < 16 ? 16 - name.size() : 1, ' ') << value << '\n';
}

/// The certificate as a two-column Markdown table.
inline void write_access_markdown(std::ostream& os, const access_report& r) {
  os << "| figure | value |\n|---|---|\n";
  for (const auto& [name, value] : detail::access_rows(r)) os << "| " << name << " | " << value << " |\n";
}

/// The certificate as a JSON object: the counts, and "worst" and "worst_global" objects.
inline void write_access_json(std::ostream& os, const access_report& r) {
  const bank_collision& c = r.worst;
  const sector_excess& g = r.worst_global;
  os << "{\n  \"vector_width\": " << r.vector_width << ",\n  \"instructions\": " << r.instructions << ",\n  \"phases\": " << r.phases
     << ",\n  \"wavefronts\": " << r.wavefronts << ",\n  \"bank_conflicts\": " << r.bank_conflicts << ",\n  \"sectors\": " << r.sectors
     << ",\n  \"ideal_sectors\": " << r.ideal_sectors << ",\n  \"worst\": {\"instruction\": " << c.instruction << ", \"phase\": " << c.phase
     << ", \"bank\": " << c.bank << ", \"ways\": " << c.ways << ", \"thread\": " << c.thread << ", \"offset\": " << c.offset << ", \"other_thread\": "
     << c.other_thread << ", \"other_offset\": " << c.other_offset << "},\n  \"worst_global\": {\"instruction\": " << g.instruction << ", \"sectors\": "
     << g.sectors << ", \"ideal_sectors\": " << g.ideal_sectors << ", \"thread\": " << g.thread << ", \"offset\": " << g.offset << ", \"other_thread\": "
     << g.other_thread << ", \"other_offset\": " << g.other_offset << "}\n}\n";
}

/// The tile (any rank: small multiples of 2-D slices) with each element coloured by the bank of
/// its first byte in shared memory (`element_bytes`, the swizzle applied) and labelled with it;
/// the elements the worst phase reads from its worst bank are outlined in black and labelled
/// with their thread. Below the tile, at any size: the banks' colours numbered, and the worst
/// phase's threads with their elements. Throws layout_error for a tile of more than
/// max_svg_cells elements.
inline void write_access_svg(std::ostream& os, const dynamic_layout& tile, swizzle_value sw, const thread_value_value& tv, index_t element_bytes,
                             const access_report& r, const svg_options& options = {}) {
  using namespace detail::svg;
  if (tile.size() > max_svg_cells) throw layout_error("write_access_svg: the tile has {} elements, too many to draw (limit {})", tile.size(), max_svg_cells);
  const index_t size = tile.size();
  const std::vector<index_t> offsets = offset_table(tile);
  const auto bank_of = [&](index_t e) { return swizzle_offset(sw, offsets[static_cast<std::size_t>(e)]) * element_bytes / bank_word_bytes % shared_banks; };
  // The worst phase's elements in its bank: instruction -> (warp, vector), phase -> lanes.
  std::vector<index_t> marked(static_cast<std::size_t>(size), -1);  // the thread, or -1
  const bank_collision& c = r.worst;
  if (c.ways > 1) {
    const index_t w = r.vector_width, vectors = tv.values() / w, bytes = w * element_bytes;
    const index_t per_phase = threads_per_phase(bytes);
    const index_t first = c.instruction / vectors * warp_threads + c.phase * per_phase, k = c.instruction % vectors;
    for (index_t t = first; t < first + per_phase && t < tv.threads(); ++t)
      for (index_t v = k * w; v < (k + 1) * w; ++v) {
        const index_t e = tv.element(t, v);
        if (bank_of(e) == c.bank) marked[static_cast<std::size_t>(e)] = t;
      }
  }
  const detail::panels s(tile);
  const index_t per_row = std::max<index_t>(1, std::min<index_t>(s.count, std::max<index_t>(1, 48 / std::max<index_t>(s.cols, 1))));
  const index_t slice_rows = s.count ? (s.count + per_row - 1) / per_row : 0;
  const double label_h = tile.rank() > 2 ? 15 : 0, top = 14 + (options.title.empty() ? 0 : 22) + 18 + 20;
  double cell = 3, slice_w = 0, slice_h = 0, logical_w = 0, logical_h = 0;
  for (double cs : {36.0, 32.0, 28.0, 24.0, 20.0, 18.0, 16.0, 14.0, 12.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0}) {
    cell = cs;
    slice_w = static_cast<double>(s.cols) * cs;
    slice_h = label_h + static_cast<double>(s.rows) * cs;
    logical_w = static_cast<double>(per_row) * (slice_w + 12) - 12;
    logical_h = static_cast<double>(slice_rows) * (slice_h + 12) - 12;
    if (28 + logical_w <= 1280 && top + logical_h + 40 <= 1000) break;
  }
  // Below the tile: the banks' colours numbered (the cells' numbers do not fit a large tile), and
  // the worst phase's threads named with their elements.
  std::string worst;
  if (c.ways > 1) {
    worst = "worst phase: instruction " + std::to_string(c.instruction) + ", phase " + std::to_string(c.phase) + ", bank " + std::to_string(c.bank) + ", " +
            std::to_string(c.ways) + "-way:";
    index_t named = 0;
    for (index_t e = 0; e < size; ++e) {
      const index_t t = marked[static_cast<std::size_t>(e)];
      if (t < 0) continue;
      if (named++ == 8) {
        worst += " ...";
        break;
      }
      worst += " thread " + std::to_string(t) + " at " + detail::tuple_text(detail::unflatten(e, tile.shape())) + (named < 8 ? "," : "");
    }
    if (!worst.empty() && worst.back() == ',') worst.pop_back();
  }
  const double key_h = 44 + (worst.empty() ? 0 : 18);
  const std::vector<std::pair<std::string, std::string>> rows = detail::access_rows(r);
  const std::string summary = "bank conflicts " + std::to_string(r.bank_conflicts) + ", " + rows[6].second;
  const double width = std::max({28 + logical_w, 600.0, 28 + 9.1 * static_cast<double>(options.title.size()), 28 + 6.4 * static_cast<double>(summary.size()),
                                  28 + 6.4 * static_cast<double>(worst.size())});
  const double height = top + std::max(logical_h, 0.0) + 40 + key_h;
  const double font = fit_font(3, cell, 11) > 0 && cell >= 16 ? fit_font(3, cell, 11) : 0;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height) << "\" viewBox=\"0 0 " << num(width) << ' '
     << num(height) << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  const auto text = [&os](double x, double y, double px, const std::string& value, const char* extra = "") {
    os << "<text x=\"" << num(x) << "\" y=\"" << num(y + px * 0.35) << "\" font-size=\"" << num(px) << "\" " << extra << '>' << escape(value) << "</text>";
  };
  double y = 14;
  if (!options.title.empty()) {
    text(14, y + 8, 15, options.title, "font-weight=\"bold\" font-family=\"DejaVu Sans Mono, monospace\"");
    y += 22;
  }
  text(14, y + 9, 11.5, summary, "fill=\"#333\"");
  os << '\n';
  text(14, top - 10, 11, "each element: the bank of its first byte (colour and number); outlined: the worst phase's elements in its worst bank, with their thread", "fill=\"#555\"");
  os << '\n';
  const std::string mono = "font-family=\"DejaVu Sans Mono, monospace\" text-anchor=\"middle\"";
  for (index_t k = 0; k < s.count; ++k) {
    const double x0 = 14 + static_cast<double>(k % per_row) * (slice_w + 12), y0 = top + static_cast<double>(k / per_row) * (slice_h + 12);
    if (tile.rank() > 2) text(x0, y0 + 6, 11, s.header(k), "font-family=\"DejaVu Sans Mono, monospace\" fill=\"#222\"");
    for (index_t i = 0; i < s.rows; ++i)
      for (index_t j = 0; j < s.cols; ++j) {
        const index_t e = s.at(k, i, j), bank = bank_of(e), t = marked[static_cast<std::size_t>(e)];
        const double x = x0 + static_cast<double>(j) * cell, yy = y0 + label_h + static_cast<double>(i) * cell;
        os << "<g>";
        if (size <= 4096)
          os << "<title>element " << escape(detail::tuple_text(detail::unflatten(e, tile.shape()))) << ": offset "
             << swizzle_offset(sw, offsets[static_cast<std::size_t>(e)]) << ", bank " << bank << (t >= 0 ? ", read by thread " + std::to_string(t) + " in the worst phase" : "")
             << "</title>";
        os << "<rect x=\"" << num(x) << "\" y=\"" << num(yy) << "\" width=\"" << num(cell) << "\" height=\"" << num(cell) << "\" fill=\""
           << hue_color(detail::math::fmod(360.0 * static_cast<double>(bank) / shared_banks * 7, 360.0)) << '"'
           << (t >= 0 ? " stroke=\"#000000\" stroke-width=\"2.5\"" : cell >= 8 ? " stroke=\"#ffffff\" stroke-width=\"1\"" : "") << "/>";
        if (font > 0) text(x + cell / 2, yy + cell / 2, font, t >= 0 ? std::string("T").append(std::to_string(t)) : std::to_string(bank), mono.c_str());
        os << "</g>\n";
      }
  }
  text(14, top + std::max(logical_h, 0.0) + 20, 11, "banks of " + std::to_string(bank_word_bytes) + " bytes, elements of " + std::to_string(element_bytes) + " bytes, vectors of " +
                                                       std::to_string(r.vector_width) + (r.vector_width == 1 ? " element" : " elements"),
       "fill=\"#333\"");
  os << '\n';
  const double key_y = top + std::max(logical_h, 0.0) + 36;
  text(14, key_y + 8, 11, "bank", "fill=\"#333\"");
  for (index_t b = 0; b < shared_banks; ++b) {
    const double x = 50 + static_cast<double>(b) * 17;
    os << "<rect x=\"" << num(x) << "\" y=\"" << num(key_y) << "\" width=\"16\" height=\"16\" fill=\""
       << hue_color(detail::math::fmod(360.0 * static_cast<double>(b) / shared_banks * 7, 360.0)) << "\"/>";
    text(x + 8, key_y + 8, 8.5, std::to_string(b), mono.c_str());
  }
  os << '\n';
  if (!worst.empty()) text(14, key_y + 30, 11, worst, "fill=\"#333\"");
  os << "\n</svg>\n";
}

}  // namespace strider
