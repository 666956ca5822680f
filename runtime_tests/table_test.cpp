// Tables and writers (strider/table.hpp). References: the naive loops of test_helpers.hpp, and
// expected texts written by hand from the strides (the reasoning is in the comment beside each).
#include <strider/static.hpp>
#include <strider/table.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider_test;
using strider::layout_error;

namespace {

const dynamic_layout c34 = dynamic_layout::contiguous({3, 4});

// A spread of views: slices with holes, negative strides, permutes, broadcasts, overlapping
// windows, a diagonal, rank 0 and empty layouts.
std::vector<dynamic_layout> sample_layouts() {
  const auto c345 = dynamic_layout::contiguous({3, 4, 5});
  return {
      c34,
      strider::slice(c34, "1:, ::-1"),
      strider::permute(strider::slice(c345, "1:, ::-1"), {2, 0, 1}),
      strider::flip(c345, {0, 2}),
      strider::broadcast_to(strider::slice(dynamic_layout::contiguous({4}), "None"), {2, 3, 4}),
      strider::unfold(dynamic_layout::contiguous({9}), 0, 3, 2),
      strider::diagonal(c345, 1, 0, 2),
      dynamic_layout::column_major({2, 3, 2}),
      strider::slice(c34, "1, 2"),  // rank 0
      dynamic_layout::contiguous({2, 0, 3}),
      dynamic_layout({2, 2}, {-1, 3}, 1),
  };
}

template <class Writer>
std::string written(Writer&& write) {
  std::ostringstream out;
  write(out);
  return out.str();
}

std::string temp_file(const std::string& name, const std::string& content) {
  const auto path = std::filesystem::temp_directory_path() / ("strider_table_test_" + name);
  std::ofstream(path) << content;
  return path.string();
}

bool tool_exists(const char* path) { return std::filesystem::exists(path); }

}  // namespace

TEST_CASE("offset_table and coordinate_table follow the naive loop") {
  for (const dynamic_layout& l : sample_layouts()) {
    INFO(strider::to_string(l));
    CHECK(strider::offset_table(l) == offsets(l));
    std::vector<dims> coordinates;
    for_each_index(l.shape(), [&](const index_vec& i) { coordinates.push_back(dims(i)); });
    CHECK(strider::coordinate_table(l) == coordinates);
  }
}

TEST_CASE("static tables equal the dynamic ones") {
  using L = strider::permute_t<strider::slice_t<strider::contiguous<3, 4, 5>, "1:, ::-1">, 2, 0, 1>;
  const auto& table = strider::offset_table_v<L>;
  CHECK(index_vec(table.begin(), table.end()) == offsets(L::dynamic()));
  const auto& inverse = strider::inverse_table_v<L>;
  CHECK(index_vec(inverse.begin(), inverse.end()) == strider::inverse_table(L::dynamic()));
  const auto& coordinates = strider::coordinate_table(L{});
  CHECK(coordinates[7] == std::array<index_t, 3>{0, 1, 3});  // 7 = (0 * 2 + 1) * 4 + 3
}

TEST_CASE("inverse_table maps each slot back to its element") {
  // contiguous(4, 6)[1:3, ::2]: offsets 6, 8, 10, 12, 14, 16; every other slot is a hole.
  CHECK(strider::inverse_table(strider::slice(dynamic_layout::contiguous({4, 6}), "1:3, ::2")) ==
        index_vec{-1, -1, -1, -1, -1, -1, 0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5});
  for (const dynamic_layout& l : sample_layouts()) {
    const index_vec table = offsets(l);
    if (std::set<index_t>(table.begin(), table.end()).size() != table.size()) continue;  // not unique
    INFO(strider::to_string(l));
    const index_vec inverse = strider::inverse_table(l);
    REQUIRE(inverse.size() == static_cast<std::size_t>(l.required_span()));
    index_t stored = 0;
    for (std::size_t s = 0; s < inverse.size(); ++s) {
      if (inverse[s] == -1) continue;
      ++stored;
      CHECK(table[static_cast<std::size_t>(inverse[s])] == static_cast<index_t>(s));
    }
    CHECK(stored == l.size());
  }
  // Not unique: a clear error naming the shared slot.
  const auto broadcast = strider::broadcast_to(strider::slice(dynamic_layout::contiguous({3}), "None"), {2, 3});
  CHECK(message_of([&] { strider::inverse_table(broadcast); }) ==
        "inverse_table: layout is not unique (storage offset 0 holds elements 0 and 3); use storage_table");
}

TEST_CASE("storage_table lists every element of each slot") {
  // unfold(0, 3, 1) of 5 elements: windows (0 1 2), (1 2 3), (2 3 4), flat indices 0..8.
  const strider::storage_table t(strider::unfold(dynamic_layout::contiguous({5}), 0, 3, 1));
  REQUIRE(t.span() == 5);
  const std::vector<index_vec> expected{{0}, {1, 3}, {2, 4, 6}, {5, 7}, {8}};
  for (index_t s = 0; s < 5; ++s) {
    CHECK(index_vec(t[s].begin(), t[s].end()) == expected[static_cast<std::size_t>(s)]);
    CHECK(t.count(s) == static_cast<index_t>(expected[static_cast<std::size_t>(s)].size()));
  }
  // Holes are empty lists.
  const strider::storage_table holes(strider::slice(c34, "::2, 1"));  // offsets 1 and 9
  CHECK(holes.span() == 10);
  CHECK(holes.count(0) == 0);
  CHECK(holes.count(1) == 1);
  CHECK(holes.count(9) == 1);
  CHECK(strider::storage_table(dynamic_layout::contiguous({0, 4})).span() == 0);
}

TEST_CASE("write_grid") {
  // Strides (4, -1) from offset 7: rows 7..4 and 11..8; width 2 for every column.
  CHECK(written([](auto& os) { strider::write_grid(os, strider::slice(c34, "1:, ::-1")); }) ==
        " 7  6  5  4\n"
        "11 10  9  8\n");
  // contiguous(2, 3, 2).permute(2, 0, 1): strides (1, 6, 2); one block per index of axis 0.
  CHECK(written([](auto& os) { strider::write_grid(os, strider::permute(dynamic_layout::contiguous({2, 3, 2}), {2, 0, 1})); }) ==
        "[0, :, :]\n"
        " 0  2  4\n"
        " 6  8 10\n"
        "\n"
        "[1, :, :]\n"
        " 1  3  5\n"
        " 7  9 11\n");
  // Rank 4: the header names both leading indices.
  const std::string r4 = written([](auto& os) { strider::write_grid(os, dynamic_layout::contiguous({2, 2, 1, 2})); });
  CHECK(r4 == "[0, 0, :, :]\n0 1\n\n[0, 1, :, :]\n2 3\n\n[1, 0, :, :]\n4 5\n\n[1, 1, :, :]\n6 7\n");
  CHECK(written([](auto& os) { strider::write_grid(os, strider::slice(dynamic_layout::contiguous({10}), "::-3")); }) == "9 6 3 0\n");
  CHECK(written([](auto& os) { strider::write_grid(os, strider::slice(c34, "2, 1")); }) == "9\n");
  CHECK(written([](auto& os) { strider::write_grid(os, dynamic_layout::contiguous({2, 0})); }) == "(empty: shape (2, 0), no elements)\n");
  // Static layouts go through the same writer.
  CHECK(written([](auto& os) { strider::write_grid(os, strider::transpose_t<strider::contiguous<2, 2>, 0, 1>{}); }) == "0 2\n1 3\n");
}

TEST_CASE("write_markdown") {
  // The transpose of contiguous(2, 3): shape (3, 2), strides (1, 3).
  CHECK(written([](auto& os) { strider::write_markdown(os, strider::transpose(dynamic_layout::contiguous({2, 3}), 0, 1)); }) ==
        "| i0 \\ i1 | 0 | 1 |\n"
        "|---:|---:|---:|\n"
        "| 0 | 0 | 3 |\n"
        "| 1 | 1 | 4 |\n"
        "| 2 | 2 | 5 |\n");
  CHECK(written([](auto& os) { strider::write_markdown(os, strider::slice(dynamic_layout::contiguous({6}), "1::2")); }) ==
        "| i0 | 0 | 1 | 2 |\n"
        "|---:|---:|---:|---:|\n"
        "| offset | 1 | 3 | 5 |\n");
  CHECK(written([](auto& os) { strider::write_markdown(os, dynamic_layout::contiguous({2, 1, 2})); }) ==
        "**[0, :, :]**\n\n"
        "| i1 \\ i2 | 0 | 1 |\n"
        "|---:|---:|---:|\n"
        "| 0 | 0 | 1 |\n"
        "\n"
        "**[1, :, :]**\n\n"
        "| i1 \\ i2 | 0 | 1 |\n"
        "|---:|---:|---:|\n"
        "| 0 | 2 | 3 |\n");
  CHECK(written([](auto& os) { strider::write_markdown(os, dynamic_layout{}); }) == "| offset |\n|---:|\n| 0 |\n");
  CHECK(written([](auto& os) { strider::write_markdown(os, dynamic_layout::contiguous({0})); }) == "*empty: shape (0,), no elements*\n");
}

TEST_CASE("write_csv") {
  // Broadcast of 2 elements to (2, 2): stride 0 repeats offsets 0 and 1.
  CHECK(written([](auto& os) { strider::write_csv(os, strider::broadcast_to(dynamic_layout::contiguous({2}), {2, 2})); }) ==
        "i0,i1,offset\n0,0,0\n0,1,1\n1,0,0\n1,1,1\n");
  CHECK(written([](auto& os) { strider::write_csv(os, strider::slice(c34, "1, 2")); }) == "offset\n6\n");
  CHECK(written([](auto& os) { strider::write_csv(os, dynamic_layout::contiguous({0, 2})); }) == "i0,i1,offset\n");
}

TEST_CASE("write_json") {
  // Windows of 3 every 2 over 8 elements: (8 - 3) / 2 + 1 = 3 windows; slots 2 and 4 shared.
  CHECK(written([](auto& os) { strider::write_json(os, strider::unfold(dynamic_layout::contiguous({8}), 0, 3, 2)); }) ==
        "{\n"
        "  \"shape\": [3, 3],\n"
        "  \"strides\": [2, 1],\n"
        "  \"offset\": 0,\n"
        "  \"size\": 9,\n"
        "  \"is_contiguous\": false,\n"
        "  \"is_unique\": false,\n"
        "  \"min_offset\": 0,\n"
        "  \"max_offset\": 6,\n"
        "  \"required_span\": 7,\n"
        "  \"storage_size\": 8,\n"
        "  \"offsets\": [[0, 1, 2], [2, 3, 4], [4, 5, 6]]\n"
        "}\n");
  const std::string scalar = written([](auto& os) { strider::write_json(os, strider::slice(c34, "1, 2")); });
  CHECK(scalar.find("\"shape\": [],") != std::string::npos);
  CHECK(scalar.find("\"offsets\": 6\n") != std::string::npos);
  CHECK(written([](auto& os) { strider::write_json(os, dynamic_layout::contiguous({2, 0})); }).find("\"offsets\": [[], []]\n") != std::string::npos);

  // Valid JSON for every sample, read back by Python's parser.
  if (!tool_exists("/usr/bin/python3")) {
    WARN("no /usr/bin/python3: JSON not parsed");
    return;
  }
  int n = 0;
  for (const dynamic_layout& l : sample_layouts()) {
    const std::string path = temp_file("sample" + std::to_string(n++) + ".json", written([&](auto& os) { strider::write_json(os, l); }));
    INFO(path);
    CHECK(std::system(("/usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' " + path).c_str()) == 0);
  }
}

TEST_CASE("write_cpp_header") {
  // The header static_tests/table_static_test.cpp compiles (first, without strider) must be the
  // writer's current output. To regenerate it after a deliberate format change:
  //   strider --format cpp --name sliced_offsets "contiguous(3, 4)[::2, ::-1]" -o static_tests/generated/table_header.hpp
  const auto path = std::filesystem::path(__FILE__).parent_path().parent_path() / "static_tests" / "generated" / "table_header.hpp";
  std::ifstream file(path);
  REQUIRE(file);
  const std::string checked_in{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  CHECK(written([](auto& os) { strider::write_cpp_header(os, strider::slice(c34, "::2, ::-1"), "sliced_offsets"); }) == checked_in);

  const std::string empty = written([](auto& os) { strider::write_cpp_header(os, dynamic_layout::contiguous({0, 3}), "none"); });
  CHECK(empty.find("inline constexpr std::array<std::int64_t, 0> none = {};\n") != std::string::npos);
  // The most negative stride has no literal of its own.
  const std::int64_t lowest = -0x7fffffffffffffff - 1;
  const std::string extreme = written([&](auto& os) { strider::write_cpp_header(os, dynamic_layout({1}, {lowest}, 0), "x"); });
  CHECK(extreme.find("x_strides = {(-9223372036854775807 - 1)};") != std::string::npos);
  CHECK(message_of([] { std::ostringstream os; strider::write_cpp_header(os, c34, "2d"); }) ==
        "write_cpp_header: \"2d\" is not a C++ identifier");
}

TEST_CASE("write_svg") {
  const auto svg_of = [](const dynamic_layout& l) { return written([&](auto& os) { strider::write_svg(os, l, {"title <&>"}); }); };
  const auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  // A slice with holes: 8 elements over a span of 12, so 4 grey slots; nothing shared.
  const std::string sliced = svg_of(strider::slice(c34, "1:, ::-1"));
  CHECK(sliced.rfind("<?xml", 0) == 0);
  CHECK(sliced.find("title &lt;&amp;&gt;") != std::string::npos);
  CHECK(count(sliced, "fill=\"#d9d9d9\"") == 4 + 1);  // the holes and the legend's swatch
  CHECK(count(sliced, "url(#strider-hatch)") == 0);
  CHECK(count(sliced, "<title>element (") == 8);
  // A broadcast: each of the 4 slots is shared by 3 elements; 12 + 4 hatched cells + the legend.
  const std::string broadcast = svg_of(strider::broadcast_to(strider::slice(dynamic_layout::contiguous({4}), "None"), {3, 4}));
  CHECK(count(broadcast, "fill=\"url(#strider-hatch)\"") == 12 + 4 + 1);
  CHECK(count(broadcast, "#d9d9d9") == 0);
  // Each shared slot names every element stored there, one per line, where 3 lines fit (these
  // cells are large: no ×3 badge); slot 1 holds (0, 1), (1, 1), (2, 1).
  CHECK(count(broadcast, "&#215;3<") == 0);
  CHECK(count(broadcast, ">0,1<") == 1);
  CHECK(count(broadcast, ">1,1<") == 1);
  CHECK(count(broadcast, ">2,1<") == 1);
  // unfold(0, 3, 2) of 8 reaches slots 0 to 6 of its storage of 8: slot 7 is drawn, a hole, and
  // the header still gives the span reached.
  const std::string windows = svg_of(strider::unfold(dynamic_layout::contiguous({8}), 0, 3, 2));
  CHECK(count(windows, "storage offset 7: hole") == 1);
  CHECK(count(windows, "storage span 7)") == 1);
  // A small view of a large storage draws its span only.
  CHECK(count(svg_of(strider::slice(dynamic_layout::contiguous({100}), "2:5")), "hole") == 2 + 1);  // slots 0 and 1, and the legend
  // Rank 3 as small multiples, one label per slice.
  const std::string permuted = svg_of(strider::permute(dynamic_layout::contiguous({2, 3, 4}), {2, 0, 1}));
  CHECK(count(permuted, ">[") == 4);
  // Limits: refused before anything is drawn.
  CHECK(message_of([] { std::ostringstream os; strider::write_svg(os, dynamic_layout::contiguous({1000, 1000})); }) ==
        "write_svg: the layout has 1000000 elements, too many to draw (limit 65536)");
  CHECK(message_of([] { std::ostringstream os; strider::write_svg(os, dynamic_layout({2}, {100000}, 0)); }) ==
        "write_svg: the storage span 100001 is too large to draw (limit 65536 slots)");

  // Well-formed XML for every sample and a large one.
  if (!tool_exists("/usr/bin/xmllint")) {
    WARN("no /usr/bin/xmllint: SVG not checked");
    return;
  }
  std::vector<dynamic_layout> layouts = sample_layouts();
  layouts.push_back(strider::slice(dynamic_layout::contiguous({64, 64}), "::2, 1::3"));
  int n = 0;
  for (const dynamic_layout& l : layouts) {
    const std::string path = temp_file("sample" + std::to_string(n++) + ".svg", svg_of(l));
    INFO(path);
    CHECK(std::system(("/usr/bin/xmllint --noout " + path).c_str()) == 0);
  }
}

TEST_CASE("text writers refuse huge layouts") {
  const auto huge = dynamic_layout::contiguous({1 << 12, 1 << 11});  // 2^23 elements
  CHECK(message_of([&] { std::ostringstream os; strider::write_grid(os, huge); }) ==
        "write_grid: the layout has 8388608 elements, more than the writers' limit (4194304)");
  CHECK(message_of([&] { std::ostringstream os; strider::write_json(os, huge); }).rfind("write_json: ", 0) == 0);
  // Empty, but its nested JSON table would still hold 2 * 366666661 empty lists.
  CHECK(message_of([] { std::ostringstream os; strider::write_json(os, dynamic_layout::contiguous({2, 366666661, 0})); }) ==
        "write_json: shape (2, 366666661, 0) nests more empty lists than the writers' limit (4194304)");
  // The other writers print an empty layout in constant space.
  const auto wide_empty = dynamic_layout::contiguous({1 << 30, 1 << 30, 0});
  CHECK(written([&](auto& os) { strider::write_grid(os, wide_empty); }) == "(empty: shape (1073741824, 1073741824, 0), no elements)\n");
  CHECK(written([&](auto& os) { strider::write_csv(os, wide_empty); }) == "i0,i1,i2,offset\n");
  CHECK(written([&](auto& os) { strider::write_svg(os, wide_empty); }).find("empty layout: no elements") != std::string::npos);
}

TEST_CASE("to_string and operator<< print a layout in NumPy's notation") {
  const auto l = strider::slice(strider::dynamic_layout::contiguous({3, 4}), "1:, ::-1");
  CHECK(strider::to_string(l) == "shape (2, 4), strides (4, -1), offset 7");
  std::ostringstream os;
  os << strider::slice(l, "0, :1");
  CHECK(os.str() == "shape (1,), strides (-1,), offset 7, storage 12");  // it reaches 8 of the 12
  CHECK(strider::to_string(strider::dynamic_layout{}) == "shape (), strides (), offset 0");
}

TEST_CASE("write_svg never draws a count badge over a storage label") {
  // For each cell that carries a badge (a dark rect), the label text drawn in the same cell must
  // keep clear of it: at least 2 px between them (so that they never look joined either).
  // Boxes from the SVG's own attributes and monospace metrics: 0.62 em per character, glyphs
  // from 0.75 em above to 0.25 em below the baseline.
  const auto attribute = [](const std::string& element, const std::string& name) {
    const std::size_t at = element.find(" " + name + "=\"");
    REQUIRE(at != std::string::npos);
    return std::stod(element.substr(at + name.size() + 3));
  };
  // Every overlap count from 2 to 9, at every cell size that draws badges (larger layouts get
  // smaller cells).
  std::size_t badges = 0;
  std::set<std::string> cell_sizes;
  std::vector<dynamic_layout> layouts = {strider::unfold(dynamic_layout::contiguous({8}), 0, 3, 2)};
  for (index_t overlap = 2; overlap <= 9; ++overlap) {
    for (index_t n = overlap + 1; n <= 60; ++n) layouts.push_back(strider::unfold(dynamic_layout::contiguous({n}), 0, overlap, 1));
    layouts.push_back(strider::unfold(dynamic_layout::contiguous({2, overlap + 2}), 1, overlap, 1));
    layouts.push_back(strider::unfold(dynamic_layout::contiguous({6, 12}), 1, overlap, 1));
  }
  {
    for (const auto& l : layouts) {
      const std::string svg = written([&](auto& os) { strider::write_svg(os, l); });
      for (std::size_t g = svg.find("<g>"); g != std::string::npos; g = svg.find("<g>", g + 1)) {
        const std::string cell = svg.substr(g, svg.find("</g>", g) - g);
        const std::size_t badge = cell.find("fill=\"#222\"");
        if (badge == std::string::npos) continue;
        ++badges;
        const std::string rect = cell.substr(cell.rfind("<rect", badge), badge - cell.rfind("<rect", badge));
        const double bx = attribute(rect, "x"), by = attribute(rect, "y"), bw = attribute(rect, "width"), bh = attribute(rect, "height");
        const std::size_t box = cell.find("<rect");
        cell_sizes.insert(cell.substr(cell.find("width=", box), cell.find(' ', cell.find("width=", box)) - cell.find("width=", box)));
        // The label: the text element that is not the badge's (the badge's is white).
        for (std::size_t t = cell.find("<text"); t != std::string::npos; t = cell.find("<text", t + 1)) {
          const std::string text = cell.substr(t, cell.find("</text>", t) - t);
          if (text.find("fill=\"#fff\"") != std::string::npos) continue;
          const double font = attribute(text, "font-size"), x = attribute(text, "x"), y = attribute(text, "y");
          const std::size_t chars = text.size() - text.find('>') - 1;
          const double half = 0.31 * font * static_cast<double>(chars);
          const bool apart = x + half + 2 <= bx || x - half - 2 >= bx + bw || y + 0.25 * font + 2 <= by || y - 0.75 * font - 2 >= by + bh;
          INFO(strider::to_string(l) << ": label " << text << " against badge " << rect);
          CHECK(apart);
        }
      }
    }
  }
  CHECK(badges > 50);
  INFO(cell_sizes.size() << " cell sizes");
  CHECK(cell_sizes.size() >= 4);
}

TEST_CASE("write_svg of a tiled layout: coloured by tile, slots labelled by the coordinate in the tile") {
  using blocks = strider::tile_t<strider::contiguous<4, 6>, 2, 3>;  // 2x2 tiles of 2x3
  std::ostringstream tiled, plain;
  strider::write_svg(tiled, blocks{});  // the static form reads blocks::tile_rank
  strider::write_svg(plain, blocks::dynamic());
  const std::string svg = tiled.str();
  // Each slot's label is its element's coordinate in its tile: slot 9 (row 1, column 3) holds
  // element (0, 1, 1, 0) of the tiled layout, coordinate 1,0 of tile (0, 1).
  const auto slot_label = [&](int slot) {
    const std::string key = "<title>storage offset " + std::to_string(slot) + ": element";
    const std::size_t at = svg.find(key);
    REQUIRE(at != std::string::npos);
    const std::size_t open = svg.find("font-family=\"DejaVu Sans Mono, monospace\" text-anchor=\"middle\">", at);
    const std::size_t start = svg.find('>', open) + 1;
    return svg.substr(start, svg.find('<', start) - start);
  };
  CHECK(slot_label(0) == "0,0");
  CHECK(slot_label(9) == "1,0");
  CHECK(slot_label(23) == "1,2");
  // One colour per tile: slots 0 and 8 lie in tile (0, 0), slot 3 in (0, 1), slot 12 in (1, 0).
  const auto slot_fill = [&](int slot) {
    const std::size_t at = svg.find("<title>storage offset " + std::to_string(slot) + ": element");
    const std::size_t f = svg.find("fill=\"#", at);
    return svg.substr(f + 6, 7);
  };
  CHECK(slot_fill(0) == slot_fill(8));
  CHECK(slot_fill(0) != slot_fill(3));
  CHECK(slot_fill(0) != slot_fill(12));
  CHECK(slot_fill(3) != slot_fill(12));
  CHECK(svg.find("colour: the tile (4 tiles of 6 elements, the last 2 axes)") != std::string::npos);
  CHECK(plain.str().find("colour: storage offset") != std::string::npos);
  CHECK(message_of([] {
          std::ostringstream os;
          strider::write_svg(os, strider::contiguous<4>::dynamic(), {"", 2});
        }) == "write_svg: tile rank 2 exceeds the layout's rank 1");
}
