// A first look at strided layouts: prints where each element of a few views lives in storage,
// and draws each view as an SVG picture (logical view beside storage).
//
//   example_layout_tables [DIR]     writes the pictures into DIR (default: the current directory)
//
// Every view below is a compile-time type; L{} is an empty object of it, L::dynamic() the same
// layout as a run-time value. No view copies anything: each only renumbers the same storage.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <strider/strider.hpp>

namespace {

std::filesystem::path output_dir = ".";

template <class L>
void show(const std::string& name, const std::string& expression, const std::string& explanation) {
  std::cout << name << ": " << expression << "\n  " << explanation << "\n  "
            << strider::to_string(L::dynamic()) << "\n\n";
  std::stringstream grid;
  strider::write_grid(grid, L{});
  for (std::string line; std::getline(grid, line);) std::cout << (line.empty() ? "" : "    ") << line << '\n';
  std::cout << '\n';
  std::ofstream svg(output_dir / (name + ".svg"));
  strider::write_svg(svg, L{}, {expression});
}

}  // namespace

int main(int argc, char** argv) {
  using namespace strider;
  // The tables' example of docs/tables.md.
  using T = transpose_t<contiguous<2, 3>, 0, 1>;          // shape (3, 2), strides (1, 3)
  static_assert(offset_table_v<T> == std::array<index_t, 6>{0, 3, 1, 4, 2, 5});
  static_assert(inverse_table_v<T> == std::array<index_t, 6>{0, 2, 4, 1, 3, 5});
  static_assert(coordinate_table_v<T>[3] == std::array<index_t, 2>{1, 1});
  if (argc > 1) output_dir = argv[1];
  std::filesystem::create_directories(output_dir);

  using base = contiguous<3, 4>;  // 12 elements in row-major order: strides (4, 1)
  show<base>("contiguous", "contiguous(3, 4)", "the base: element (i, j) sits at 4 * i + j.");

  show<slice_t<base, "1:, ::-1">>("slice", "contiguous(3, 4)[1:, ::-1]",
                                  "rows 1.. and the columns reversed: the offset moves to 7, the column stride becomes -1; slots 0-3 are unused.");

  show<permute_t<contiguous<2, 3, 4>, 2, 0, 1>>("permute", "contiguous(2, 3, 4).permute(2, 0, 1)",
                                               "the axes reordered: the strides travel with them, (12, 4, 1) becomes (1, 12, 4).");

  show<broadcast_to_t<slice_t<contiguous<4>, "None">, 3, 4>>(
      "broadcast", "contiguous(4)[None].broadcast_to(3, 4)",
      "one row repeated three times by a stride of 0: 12 elements, 4 slots, each slot shared by 3.");

  show<flip_t<base, 0>>("flip", "contiguous(3, 4).flip(0)",
                        "the rows upside down: stride -4 from offset 8, the last row first.");

  show<unfold_t<contiguous<8>, 0, 3, 2>>("unfold", "contiguous(8).unfold(0, 3, 2)",
                                         "windows of 3 every 2 elements: neighbouring windows overlap in one slot.");

  std::cout << "Pictures written to " << std::filesystem::absolute(output_dir).string() << " (open the .svg files in a browser).\n";
}
