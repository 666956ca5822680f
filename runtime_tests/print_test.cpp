// Printing every layout kind and view from C++ (issue 53, item 5): to_string, operator<<,
// write_grid over views and mixed layouts, and print_layout (printf, the same text on the host
// and in device code), against the text written out here by hand from the layouts' NumPy
// meaning.
#include <cstdio>
#include <sstream>
#include <string>
#include <unistd.h>

#include <strider/strider.hpp>

#include "catch.hpp"

namespace {
using namespace strider;

// What print (print_layout or print_tensor) writes to stdout, caught through a temporary file;
// stdout is restored when print throws too (a refusal).
template <class Print>
std::string caught_stdout(const Print& print) {
  std::fflush(stdout);
  std::FILE* file = std::tmpfile();
  REQUIRE(file != nullptr);
  struct restore {
    int saved;
    ~restore() {
      std::fflush(stdout);
      dup2(saved, fileno(stdout));
      close(saved);
    }
  };
  std::string out;
  {
    const restore guard{dup(fileno(stdout))};
    dup2(fileno(file), fileno(stdout));
    print();
  }
  std::rewind(file);
  for (int c = std::fgetc(file); c != EOF; c = std::fgetc(file)) out += static_cast<char>(c);
  std::fclose(file);
  return out;
}
template <class X>
std::string printed(const X& x) {
  return caught_stdout([&] { print_layout(x); });
}
template <class V>
std::string printed_values(const V& v) {
  return caught_stdout([&] { print_tensor(v); });
}
template <class X>
std::string streamed(const X& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}
template <class X>
std::string grid(const X& x) {
  std::ostringstream os;
  write_grid(os, x);
  return os.str();
}

TEST_CASE("to_string and << print each layout kind's line", "[print]") {
  CHECK(to_string(contiguous<2, 3>{}) == "shape (2, 3), strides (3, 1), offset 0");
  CHECK(streamed(contiguous<2, 3>{}) == "shape (2, 3), strides (3, 1), offset 0");
  CHECK(streamed(permute_t<contiguous<2, 3, 4>, 2, 0, 1>{}) == "shape (4, 2, 3), strides (1, 12, 4), offset 0");
  CHECK(streamed(contiguous<5>{}) == "shape (5,), strides (1,), offset 0");
  // A view of a larger storage names the storage.
  CHECK(streamed(slice_t<contiguous<4, 4>, "1:3, ::2">{}) == "shape (2, 2), strides (4, 2), offset 4, storage 16");
  const contiguous<dyn, 4> rows(3);
  CHECK(streamed(rows) == "shape (3, 4), strides (4, 1), offset 0");
  CHECK(streamed(swizzled_t<contiguous<4, 8>, swizzle<1, 1, 2>>{}) == "shape (4, 8), strides (8, 1), offset 0 through swizzle<1, 1, 2>");
  CHECK(streamed(as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<8, 2, 64, 1>>, 2, shape<16, 8>>{}) ==
        "32 threads x 4 values over a tile of shape (16, 8): shape (8, 4, 2, 2), strides (8, 2, 64, 1)");
  float storage[12] = {};
  const tensor_view<float, contiguous<dyn, 4>> v(storage, rows);
  CHECK(streamed(v) == "shape (3, 4), strides (4, 1), offset 0");
  CHECK(to_string(v) == streamed(v));
  CHECK(streamed(dynamic_layout::contiguous({2, 3})) == "shape (2, 3), strides (3, 1), offset 0");
}

TEST_CASE("write_grid takes views and mixed layouts", "[print]") {
  float storage[12] = {};
  const tensor_view<float, contiguous<dyn, 4>> v(storage, contiguous<dyn, 4>(3));
  CHECK(grid(v) == " 0  1  2  3\n 4  5  6  7\n 8  9 10 11\n");
  CHECK(grid(v.layout()) == grid(v));
  CHECK(grid(flip_t<contiguous<2, 3>, 1>{}) == "2 1 0\n5 4 3\n");
  CHECK(grid(contiguous<2, 0>{}) == "(empty: shape (2, 0), no elements)\n");
  // Every writer takes a view (its layout) and a mixed layout (its dynamic()).
  const auto writes = [](const auto& write) {
    std::ostringstream os;
    write(os);
    return os.str();
  };
  const dynamic_layout d = v.layout().dynamic();
  CHECK(writes([&](std::ostream& os) { write_markdown(os, v); }) == writes([&](std::ostream& os) { write_markdown(os, d); }));
  CHECK(writes([&](std::ostream& os) { write_csv(os, v.layout()); }) == writes([&](std::ostream& os) { write_csv(os, d); }));
  CHECK(writes([&](std::ostream& os) { write_json(os, v); }) == writes([&](std::ostream& os) { write_json(os, d); }));
  CHECK(writes([&](std::ostream& os) { write_cpp_header(os, v, "t"); }) == writes([&](std::ostream& os) { write_cpp_header(os, d, "t"); }));
  CHECK(writes([&](std::ostream& os) { write_svg(os, v, {"t"}); }) == writes([&](std::ostream& os) { write_svg(os, d, {"t"}); }));
}

TEST_CASE("print_layout prints the line and the grid", "[print]") {
  CHECK(printed(contiguous<2, 3>{}) == "shape (2, 3), strides (3, 1), offset 0\n0 1 2\n3 4 5\n");
  CHECK(printed(contiguous<2, 2, 2>{}) == "shape (2, 2, 2), strides (4, 2, 1), offset 0\n[0, :, :]\n0 1\n2 3\n\n[1, :, :]\n4 5\n6 7\n");
  // A swizzle<1, 1, 2> flips bit 1 where bit 3 is set: rows 1 and 3 swap their pairs.
  CHECK(printed(swizzled_t<contiguous<2, 8>, swizzle<1, 1, 2>>{}) ==
        "shape (2, 8), strides (8, 1), offset 0 through swizzle<1, 1, 2>\n 0  1  2  3  4  5  6  7\n10 11  8  9 14 15 12 13\n");
  float storage[12] = {};
  const tensor_view<float, contiguous<dyn, 4>> v(storage, contiguous<dyn, 4>(3));
  CHECK(printed(v) == "shape (3, 4), strides (4, 1), offset 0\n 0  1  2  3\n 4  5  6  7\n 8  9 10 11\n");
  CHECK(printed(v) == printed(v.layout()));
  CHECK(printed(dynamic_layout::contiguous({3})) == "shape (3,), strides (1,), offset 0\n0 1 2\n");
  // A thread-value layout: a row per thread, a column per value, each cell the element's C-order
  // index: 4 threads of 2 values over a (2, 4) tile, thread t holding row t / 2, columns 2 (t % 2) + v.
  CHECK(printed(thread_value_t<contiguous<2, 2>, contiguous<1, 2>>{}) ==
        "4 threads x 2 values over a tile of shape (2, 4): shape (2, 2, 1, 2), strides (4, 2, 4, 1)\n0 1\n2 3\n4 5\n6 7\n");
  // The same text as to_string and write_grid, one rule.
  using L = permute_t<contiguous<2, 3, 4>, 2, 0, 1>;
  CHECK(printed(L{}) == to_string(L{}) + "\n" + grid(L{}));
}
}  // namespace

TEST_CASE("print_layout refuses what the writers refuse, before it prints (issue 62)", "[print]") {
  // 2^40 elements, and a thread-value layout of 2^40 pairs: refused at once, as write_grid does.
  CHECK_THROWS_WITH(printed(contiguous<(index_t{1} << 20), (index_t{1} << 20)>{}),
                    "print_layout: the layout has more than 4194304 elements, the writers' limit (max_written_elements)");
  CHECK_THROWS_WITH(printed(thread_value_t<contiguous<(index_t{1} << 20), 1>, contiguous<1, (index_t{1} << 20)>>{}),
                    "print_layout: 1048576 threads x 1048576 values is more than the writers' limit (4194304, max_written_elements)");
  CHECK_THROWS_WITH(printed(dynamic_layout::contiguous({index_t{1} << 11, index_t{1} << 11, 2})), Catch::StartsWith("print_layout: the layout has more than"));
  CHECK_NOTHROW(printed(dynamic_layout::contiguous({index_t{1} << 11, index_t{1} << 11})));  // 2^22: at the limit
}

TEST_CASE("an empty layout prints as empty, its other extents never multiplied (issue 62)", "[print]") {
  // 2^62 x 2^62 x 0: the product of the first two would overflow int64 before the 0 is met.
  const dynamic_layout empty = dynamic_layout::contiguous({index_t{1} << 62, index_t{1} << 62, 0});
  CHECK(grid(empty) == "(empty: shape (4611686018427387904, 4611686018427387904, 0), no elements)\n");
  CHECK(printed(empty) == to_string(empty) + "\n" + grid(empty));
}

TEST_CASE("masked tilings, tiles and views print with their mask (issue 62)", "[print]") {
  std::vector<float> storage(100);
  const tensor_view<float, contiguous<10, 10>> v(storage);
  const auto tiles = tile<masked, 4, 4>(v);
  CHECK(streamed(tiles) == "shape (3, 3, 4, 4), strides (40, 4, 10, 1), offset 0, masked to extents (10, 10)");
  // Tile (2, 1): rows 8-9 of columns 4-7 are data, rows 10-11 padding.
  const auto corner = tile_at(tiles, 2, 1);
  CHECK(to_string(corner) == "shape (4, 4), strides (10, 1), offset 0, valid (2, 4)");
  CHECK(grid(corner) == " 0  1  2  3\n10 11 12 13\n -  -  -  -\n -  -  -  -\n");
  CHECK(printed(corner) == to_string(corner) + "\n" + grid(corner));
  // The tiling's grid against a naive loop: element (t0, t1, r0, r1) is 10 (4 t0 + r0) + 4 t1 + r1
  // where 4 t0 + r0 < 10 and 4 t1 + r1 < 10, else "-".
  std::string expected;
  for (index_t t0 = 0; t0 < 3; ++t0)
    for (index_t t1 = 0; t1 < 3; ++t1) {
      expected += (t0 || t1 ? "\n[" : "[") + std::to_string(t0) + ", " + std::to_string(t1) + ", :, :]\n";
      for (index_t r0 = 0; r0 < 4; ++r0)
        for (index_t r1 = 0; r1 < 4; ++r1) {
          const index_t row = 4 * t0 + r0, col = 4 * t1 + r1;
          const std::string cell = row < 10 && col < 10 ? std::to_string(10 * row + col) : "-";
          expected += (r1 ? " " : "") + std::string(2 - cell.size(), ' ') + cell + (r1 == 3 ? "\n" : "");
        }
    }
  CHECK(grid(tiles) == expected);
  CHECK(grid(tiles.layout()) == expected);
  std::ostringstream csv, json;
  write_csv(csv, corner);
  CHECK(csv.str() == "i0,i1,offset\n0,0,0\n0,1,1\n0,2,2\n0,3,3\n1,0,10\n1,1,11\n1,2,12\n1,3,13\n");
  write_json(json, corner);
  CHECK(json.str() ==
        "{\n  \"shape\": [4, 4],\n  \"strides\": [10, 1],\n  \"offset\": 0,\n  \"valid\": [2, 4],\n  \"size\": 8,\n"
        "  \"offsets\": [[0, 1, 2, 3], [10, 11, 12, 13], [null, null, null, null], [null, null, null, null]]\n}\n");
  // A static masked tiling of a rank-1 layout, and a thread's values of a masked tile.
  CHECK(printed(tile<masked, 4>(contiguous<6>{})) == "shape (2, 4), strides (4, 1), offset 0, masked to extents (6,)\n0 1 2 3\n4 5 - -\n");
  // Tile (2, 2) is rows and columns 8-11, of which 8-9 are data; 4 threads of 2 x 2 values.
  using quads = thread_value_t<contiguous<2, 2>, contiguous<2, 2>>;
  const auto first = partition(tile_at(tiles, 2, 2), quads{}, 0);
  CHECK(streamed(first) == to_string(first.layout()));
  CHECK(to_string(first.layout()).ends_with(", masked"));
  CHECK(grid(first) == " 0  1\n10 11\n");  // thread 0: rows and columns 8-9, all data
  CHECK(grid(partition(tile_at(tiles, 2, 2), quads{}, 1)) == "- -\n- -\n");  // columns 10-11: none is data
}

TEST_CASE("print_tensor prints the line and each element's value (issue 65)", "[print]") {
  int a[6] = {1, 2, 3, 4, 5, 60};
  CHECK(printed_values(tensor_view<int, contiguous<2, 3>>(a)) == "shape (2, 3), strides (3, 1), offset 0\n 1  2  3\n 4  5 60\n");
  // A transposed view: its values in its own C order.
  CHECK(printed_values(transpose<0, 1>(tensor_view<int, contiguous<2, 3>>(a))) == "shape (3, 2), strides (1, 3), offset 0\n 1  4\n 2  5\n 3 60\n");
  // Floating point to 4 significant digits, one width.
  float f[4] = {0.0f, 1.0f / 3.0f, 2.5f, -1000.0f};
  CHECK(printed_values(tensor_view<float, dynamic_layout>(f, dynamic_layout::contiguous({2, 2}))) ==
        "shape (2, 2), strides (2, 1), offset 0\n         0     0.3333\n       2.5      -1000\n");
  // A masked tile: its padding "-".
  int m[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const auto tiles = tile<masked, 2, 3>(tensor_view<int, contiguous<dyn, 4>>(m, contiguous<dyn, 4>(3)));
  CHECK(printed_values(tile_at(tiles, 1, 1)) == "shape (2, 3), strides (4, 1), offset 0, valid (1, 1)\n11  -  -\n -  -  -\n");
  // A swizzled view reads through its swizzle; an owning tensor prints as its view.
  int s[4] = {10, 11, 12, 13};
  CHECK(printed_values(tensor_view<int, swizzled_t<contiguous<2, 2>, swizzle<1, 0, 1>>>(s)) ==
        "shape (2, 2), strides (2, 1), offset 0 through swizzle<1, 0, 1>\n10 11\n13 12\n");
  tensor<int, contiguous<1, 2>> t{};
  CHECK(printed_values(t) == "shape (1, 2), strides (2, 1), offset 0\n0 0\n");
  CHECK_THROWS_WITH(printed_values(tensor_view<int, dynamic_layout>(a, dynamic_layout({index_t{1} << 12, index_t{1} << 12}, {0, 0}))),
                    "print_tensor: the view has more than 4194304 elements, the writers' limit (max_written_elements)");
}
