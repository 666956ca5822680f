// TMA boxes (include/strider/atom/tma.hpp) against the driver's documented rules and an
// independent model: the host twin's placement, read back through the shared tile's own layout
// type (the type a wgmma descriptor is derived from), gives the global box, zeros outside.
#include <catch2/catch.hpp>
#include <strider/atom/tma.hpp>
#include <strider/storage/view.hpp>

#include <cstdint>
#include <vector>

namespace {
using namespace strider;

TEST_CASE("tma_box: extents innermost first, bytes, swizzle and alignment from the tile type") {
  using box = tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, std::uint16_t>;
  STATIC_REQUIRE(box::rank == 2);
  STATIC_REQUIRE((box::box(0) == 64 && box::box(1) == 64));
  STATIC_REQUIRE(box::bytes == 8192);
  STATIC_REQUIRE(box::swizzle == tma_swizzle::b128);
  STATIC_REQUIRE(box::alignment == 1024);
  using plain = tma_box<contiguous<3, 5, 8>, float>;  // 32 inner bytes, no swizzle
  STATIC_REQUIRE((plain::rank == 3 && plain::box(0) == 8 && plain::box(1) == 5 && plain::box(2) == 3 && plain::bytes == 480));
  STATIC_REQUIRE(plain::swizzle == tma_swizzle::none && plain::alignment == 128);
  using sw32 = tma_box<swizzled_t<contiguous<16, 8>, swizzle<1, 2, 3>>, float>;
  STATIC_REQUIRE(sw32::swizzle == tma_swizzle::b32);
  using sw64 = tma_box<swizzled_t<contiguous<8, 64>, swizzle<2, 4, 3>>, std::uint8_t>;
  STATIC_REQUIRE((sw64::swizzle == tma_swizzle::b64 && sw64::alignment == 512));
}

// Loads box (rows, cols) of a rows_g x cols_g float matrix at a corner and reads the shared
// image back through the tile type.
template <class Tile>
void check_load(index_t corner_row, index_t corner_column) {
  using box = tma_box<Tile, float>;
  constexpr index_t rows = Tile::shape[0], columns = Tile::shape[1];
  const index_t global_rows = 40, global_columns = 48;
  std::vector<float> global(static_cast<std::size_t>(global_rows * global_columns));
  for (std::size_t e = 0; e < global.size(); ++e) global[e] = static_cast<float>(e + 1);
  const tensor_view<const float, layout<shape<dyn, dyn>, strides<dyn, 1>>> view(global.data(), layout<shape<dyn, dyn>, strides<dyn, 1>>(global_rows, global_columns, global_columns));
  std::vector<unsigned char> shared(3 * 4096, 0xff);
  const index_t at = 2048;
  CHECK(host_tma_load<box>(view, {corner_column, corner_row}, shared.data(), shared.size(), at) == box::bytes);
  for (index_t r = 0; r < rows; ++r)
    for (index_t c = 0; c < columns; ++c) {
      float got = 0;
      __builtin_memcpy(&got, shared.data() + at + Tile{}(r, c) * 4, 4);
      const index_t gr = corner_row + r, gc = corner_column + c;
      const bool inside = gr >= 0 && gr < global_rows && gc >= 0 && gc < global_columns;
      REQUIRE(got == (inside ? static_cast<float>(gr * global_columns + gc + 1) : 0.0f));
    }
}

TEST_CASE("host_tma_load: the box lands where the tile type says, zeros outside the tensor") {
  check_load<contiguous<8, 8>>(3, 5);
  check_load<swizzled_t<contiguous<16, 32>, swizzle<3, 2, 3>>>(0, 0);   // 128-byte swizzle
  check_load<swizzled_t<contiguous<16, 32>, swizzle<3, 2, 3>>>(30, 40);  // past the bottom right
  check_load<swizzled_t<contiguous<8, 16>, swizzle<2, 2, 3>>>(-3, -7);   // a negative corner
  check_load<swizzled_t<contiguous<16, 8>, swizzle<1, 2, 3>>>(11, 2);
}

TEST_CASE("make_tma_params: the driver's rules for the global tensor, as layout_errors") {
  using box = tma_box<contiguous<64, 64>, float>;
  std::vector<float> data(1000 * 1000 + 64);
  const auto aligned = [&] {
    std::size_t skip = 0;
    while (reinterpret_cast<std::uintptr_t>(data.data() + skip) % 16 != 0) ++skip;
    return data.data() + skip;
  }();
  using matrix = layout<shape<dyn, dyn>, strides<dyn, dyn>>;
  const tma_params p = make_tma_params<box>(tensor_view<float, matrix>(aligned, matrix(1000, 1000, 1000, 1)));
  CHECK((p.rank == 2 && p.global_extent[0] == 1000 && p.global_extent[1] == 1000 && p.global_stride_bytes[0] == 4000));
  CHECK((p.box[0] == 64 && p.box[1] == 64 && p.element_bytes == 4 && p.address == aligned));
  CHECK_THROWS_WITH(make_tma_params<box>(tensor_view<float, matrix>(aligned + 1, matrix(999, 999, 1000, 1))), Catch::Contains("not 16-byte aligned"));
  CHECK_THROWS_WITH(make_tma_params<box>(tensor_view<float, matrix>(aligned, matrix(999, 999, 999, 1))), Catch::Contains("stride of 3996 bytes"));
  CHECK_THROWS_WITH(make_tma_params<box>(tensor_view<float, matrix>(aligned, matrix(500, 500, 1, 1000))), Catch::Contains("innermost axis has stride 1000"));
  CHECK_THROWS_WITH(make_tma_params<box>(tensor_view<float, layout<shape<dyn>, strides<1>>>(aligned, layout<shape<dyn>, strides<1>>(100))), Catch::Contains("rank 1, the box 2"));
}
}  // namespace

namespace {
// Writes a box into a 40 x 48 float matrix from a shared image laid out by the tile type.
template <class Tile>
void check_store(index_t corner_row, index_t corner_column) {
  using box = tma_box<Tile, float>;
  constexpr index_t rows = Tile::shape[0], columns = Tile::shape[1];
  const index_t global_rows = 40, global_columns = 48;
  std::vector<float> global(static_cast<std::size_t>(global_rows * global_columns), -1.0f);
  const tensor_view<float, layout<shape<dyn, dyn>, strides<dyn, 1>>> view(global.data(), layout<shape<dyn, dyn>, strides<dyn, 1>>(global_rows, global_columns, global_columns));
  std::vector<unsigned char> shared(3 * 4096, 0xff);
  const index_t at = 2048;
  for (index_t r = 0; r < rows; ++r)
    for (index_t c = 0; c < columns; ++c) {
      const float value = static_cast<float>(1000 * r + c);
      __builtin_memcpy(shared.data() + at + Tile{}(r, c) * 4, &value, 4);
    }
  index_t inside_count = 0;
  for (index_t r = 0; r < rows; ++r)
    for (index_t c = 0; c < columns; ++c) inside_count += corner_row + r >= 0 && corner_row + r < global_rows && corner_column + c >= 0 && corner_column + c < global_columns;
  CHECK(host_tma_store<box>(view, {corner_column, corner_row}, shared.data(), shared.size(), at) == inside_count);
  for (index_t gr = 0; gr < global_rows; ++gr)
    for (index_t gc = 0; gc < global_columns; ++gc) {
      const index_t r = gr - corner_row, c = gc - corner_column;
      const bool in_box = r >= 0 && r < rows && c >= 0 && c < columns;
      REQUIRE(global[static_cast<std::size_t>(gr * global_columns + gc)] == (in_box ? static_cast<float>(1000 * r + c) : -1.0f));
    }
}
}  // namespace

TEST_CASE("host_tma_store: the box read where the tile type puts it, written only where it lies inside the tensor") {
  check_store<contiguous<8, 8>>(3, 5);
  check_store<swizzled_t<contiguous<16, 32>, swizzle<3, 2, 3>>>(30, 40);  // past the bottom right: clipped
  check_store<swizzled_t<contiguous<8, 16>, swizzle<2, 2, 3>>>(-3, -7);   // a negative corner
  std::vector<float> global(64);
  const tensor_view<float, layout<shape<dyn, dyn>, strides<dyn, 1>>> view(global.data(), layout<shape<dyn, dyn>, strides<dyn, 1>>(8, 8, 8));
  std::vector<unsigned char> shared(1024);
  CHECK_THROWS_WITH((host_tma_store<tma_box<swizzled_t<contiguous<8, 32>, swizzle<3, 2, 3>>, float>>(view, {0, 0}, shared.data(), shared.size(), 128)),
                    Catch::Contains("misaligned (alignment 1024)"));
}
