// The writers of thread-value layouts (strider/table/thread_values.hpp). References: texts worked
// out by hand from the definition (the reasoning beside each), and, for random arrangements, the
// definition itself (thread t's value v sits at thread_coord * Values.shape + value_coord) read
// back from the CSV and JSON the writers print.
#include <strider/static.hpp>
#include <strider/table.hpp>

#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dynamic_layout;
using strider::index_t;
using strider::layout_error;

namespace {

std::string grid(const strider::thread_value_value& tv) {
  std::ostringstream os;
  strider::write_grid(os, tv);
  return os.str();
}

}  // namespace

TEST_CASE("write_grid labels each element of the tile with its thread and value") {
  // 4 threads in a 2 x 2 block, each holding a row of 2: thread t = 2 r + c holds row r, columns
  // 2c and 2c + 1, as values 0 and 1.
  const auto tv = strider::thread_value(dynamic_layout::contiguous({2, 2}), dynamic_layout::contiguous({1, 2}));
  CHECK(strider::to_string(tv) == "4 threads x 2 values over a tile of shape (2, 4): shape (2, 2, 1, 2), strides (4, 2, 4, 1)");
  CHECK(grid(tv) == "T0 V0  T0 V1  T1 V0  T1 V1\n"
                    "T2 V0  T2 V1  T3 V0  T3 V1\n");
  // Interleaved: thread (r, c) holds columns c and c + 2 (the values Threads' extent 2 apart).
  const auto spread = strider::thread_value(dynamic_layout::contiguous({2, 2}), dynamic_layout::contiguous({1, 2}), strider::interleaved);
  CHECK(grid(spread) == "T0 V0  T1 V0  T0 V1  T1 V1\n"
                        "T2 V0  T3 V0  T2 V1  T3 V1\n");
  // CuTe's make_layout_tv example mirrored: threads column-major 3 x 2, values column-major 2 x 2:
  // thread 0 holds the 2 x 2 block at the top left, its values down the columns first.
  using cute_tv = strider::thread_value_t<strider::column_major<3, 2>, strider::column_major<2, 2>>;
  std::ostringstream os;
  strider::write_grid(os, cute_tv{});  // the static type draws the same way
  CHECK(os.str() == "T0 V0  T0 V2  T3 V0  T3 V2\n"
                    "T0 V1  T0 V3  T3 V1  T3 V3\n"
                    "T1 V0  T1 V2  T4 V0  T4 V2\n"
                    "T1 V1  T1 V3  T4 V1  T4 V3\n"
                    "T2 V0  T2 V2  T5 V0  T5 V2\n"
                    "T2 V1  T2 V3  T5 V1  T5 V3\n");
  // Rank 3: slices headed by the leading index; 8 threads, one pair of values along the last axis each.
  const auto cube = strider::thread_value(dynamic_layout::contiguous({2, 2, 2}), dynamic_layout::contiguous({1, 1, 2}));
  CHECK(grid(cube) == "[0, :, :]\nT0 V0  T0 V1  T1 V0  T1 V1\nT2 V0  T2 V1  T3 V0  T3 V1\n\n"
                      "[1, :, :]\nT4 V0  T4 V1  T5 V0  T5 V1\nT6 V0  T6 V1  T7 V0  T7 V1\n");
  // Replicated: 2 threads (stride 0) both hold the 2 elements; the first holder and "+1".
  const auto shared = strider::as_thread_value(dynamic_layout({2, 2}, {0, 1}), 1, {2}, strider::replicated);
  CHECK(grid(shared) == "T0 V0 +1  T0 V1 +1\n");
}

TEST_CASE("write_markdown and write_csv of a thread-value layout") {
  const auto tv = strider::thread_value(dynamic_layout::contiguous({2, 2}), dynamic_layout::contiguous({1, 2}));
  std::ostringstream md, csv;
  strider::write_markdown(md, tv);
  CHECK(md.str() == "| i0 \\ i1 | 0 | 1 | 2 | 3 |\n|---|---|---|---|---|\n| 0 | T0 V0 | T0 V1 | T1 V0 | T1 V1 |\n| 1 | T2 V0 | T2 V1 | T3 V0 | T3 V1 |\n");
  strider::write_csv(csv, tv);
  CHECK(csv.str() == "thread,value,i0,i1,element\n0,0,0,0,0\n0,1,0,1,1\n1,0,0,2,2\n1,1,0,3,3\n2,0,1,0,4\n2,1,1,1,5\n3,0,1,2,6\n3,1,1,3,7\n");
}

TEST_CASE("write_json: the TV layout's offsets beside threads and values tables shaped like the tile") {
  const auto tv = strider::thread_value(dynamic_layout::contiguous({2, 2}), dynamic_layout::contiguous({1, 2}));
  std::ostringstream os;
  strider::write_json(os, tv);
  CHECK(os.str() == "{\n  \"shape\": [2, 2, 1, 2],\n  \"strides\": [4, 2, 4, 1],\n  \"offset\": 0,\n  \"value_rank\": 2,\n"
                    "  \"thread_count\": 4,\n  \"value_count\": 2,\n  \"tile_shape\": [2, 4],\n  \"replicated\": false,\n"
                    "  \"offsets\": [[[[0, 1]], [[2, 3]]], [[[4, 5]], [[6, 7]]]],\n"
                    "  \"threads\": [[0, 0, 1, 1], [2, 2, 3, 3]],\n  \"values\": [[0, 1, 0, 1], [0, 1, 0, 1]]\n}\n");
  // Replicated: every holder of each element, lowest thread first.
  std::ostringstream r;
  strider::write_json(r, strider::as_thread_value(dynamic_layout({2, 2}, {0, 1}), 1, {2}, strider::replicated));
  CHECK(r.str().find("\"threads\": [[0, 1], [0, 1]],\n  \"values\": [[0, 0], [1, 1]]") != std::string::npos);
}

TEST_CASE("write_csv of random arrangements names the element the definition gives every (thread, value)") {
  std::mt19937_64 rng{20261126};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  for (int trial = 0; trial < 100; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 3));
    strider::dims t_shape, v_shape;
    for (std::size_t k = 0; k < rank; ++k) {
      t_shape.push_back(pick(1, 4));
      v_shape.push_back(pick(1, 3));
    }
    const bool spread = pick(0, 1) == 1;
    // Row-major numberings: thread t's coordinate is t's C-order digits over t_shape.
    const auto tv = strider::thread_value(dynamic_layout::contiguous(t_shape), dynamic_layout::contiguous(v_shape), spread ? strider::interleaved : strider::blocked);
    std::ostringstream os;
    strider::write_csv(os, tv);
    std::istringstream in(os.str());
    std::string line;
    std::getline(in, line);  // the header
    std::map<std::pair<index_t, index_t>, std::vector<index_t>> rows;
    while (std::getline(in, line)) {
      std::vector<index_t> fields;
      std::istringstream cells(line);
      for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(std::stoll(cell));
      REQUIRE(fields.size() == rank + 3);
      rows[{fields[0], fields[1]}] = std::vector<index_t>(fields.begin() + 2, fields.end() - 1);
    }
    const auto digits = [](index_t i, const strider::dims& shape) {
      std::vector<index_t> out(shape.size());
      for (std::size_t k = shape.size(); k-- > 0;) out[k] = i % shape[k], i /= shape[k];
      return out;
    };
    index_t threads = 1, values = 1;
    for (std::size_t k = 0; k < rank; ++k) threads *= t_shape[k], values *= v_shape[k];
    REQUIRE(rows.size() == static_cast<std::size_t>(threads * values));
    for (index_t t = 0; t < threads; ++t)
      for (index_t v = 0; v < values; ++v) {
        const auto tc = digits(t, t_shape), vc = digits(v, v_shape);
        std::vector<index_t> expected(rank);
        for (std::size_t k = 0; k < rank; ++k) expected[k] = spread ? vc[k] * t_shape[k] + tc[k] : tc[k] * v_shape[k] + vc[k];
        REQUIRE(rows[{t, v}] == expected);
      }
  }
}

TEST_CASE("write_svg of a thread-value layout: one cell per element, coloured by thread, any rank") {
  const auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  const auto tv = strider::thread_value(dynamic_layout::contiguous({2, 2}), dynamic_layout::contiguous({1, 2}));
  std::ostringstream os;
  strider::write_svg(os, tv, {"tv", 0});
  const std::string svg = os.str();
  CHECK(count(svg, "<title>element ") == 8);
  CHECK(svg.find("<title>element (1, 3): thread 3 value 1</title>") != std::string::npos);
  // Cells of one thread share a colour, and four threads show four colours.
  std::set<std::string> fills;
  for (std::size_t at = svg.find("<title>element "); at != std::string::npos; at = svg.find("<title>element ", at + 1)) {
    const std::size_t fill = svg.find("fill=\"", at) + 6;
    fills.insert(svg.substr(fill, 7));
  }
  CHECK(fills.size() == 4);
  // Rank 4, a case CuTe's pictures do not draw: one slice per leading index pair.
  std::ostringstream deep;
  strider::write_svg(deep, strider::thread_value(dynamic_layout::contiguous({2, 2, 2, 2}), dynamic_layout::contiguous({1, 1, 1, 2})));
  CHECK(count(deep.str(), "<title>element ") == 32);
  CHECK(count(deep.str(), ":, :]</text>") == 4);
  // Replicated cells are hatched.
  std::ostringstream shared;
  strider::write_svg(shared, strider::as_thread_value(dynamic_layout({2, 2}, {0, 1}), 1, {2}, strider::replicated));
  CHECK(count(shared.str(), "url(#strider-hatch)\"/>") == 2);
}

TEST_CASE("thread-value writers refuse tiles beyond their limits") {
  const auto big = strider::thread_value(dynamic_layout::contiguous({512, 512}), dynamic_layout::contiguous({1, 1}));
  std::ostringstream os;
  CHECK_THROWS_WITH(strider::write_svg(os, big), "write_svg: the tile has 262144 elements, too many to draw (limit 65536)");
  const auto huge = strider::thread_value(dynamic_layout::contiguous({4096, 4096}), dynamic_layout::contiguous({1, 1}));
  CHECK_THROWS_WITH(strider::write_grid(os, huge), "write_grid: 16777216 threads x 1 values over a tile of 16777216 elements is more than the writers' limit (4194304)");
}
