// Eigen interop: views as Eigen Maps and TensorMaps, Eigen objects as views, compared element by
// element with Eigen's own indexing (the independent reference) over every kind of layout.
#include <Eigen/Dense>
#include <numeric>
#include <strider/eigen.hpp>
#include <vector>

#include "../catch.hpp"
#include "../test_helpers.hpp"

using namespace strider;
using strider_test::message_of;

namespace {
std::vector<float> arange(std::size_t n) {
  std::vector<float> out(n);
  std::iota(out.begin(), out.end(), 0.0f);
  return out;
}

// Every element of the rank-2 view equals the Map's at the same index.
template <class V, class M>
void same_matrix(const V& v, const M& m) {
  REQUIRE(m.rows() == v.extent(0));
  REQUIRE(m.cols() == v.extent(1));
  for (index_t i = 0; i < v.extent(0); ++i)
    for (index_t j = 0; j < v.extent(1); ++j) REQUIRE(m(i, j) == v(i, j));
}
}  // namespace

TEST_CASE("as_eigen maps rank-2 views of every kind, static sizes and strides for static layouts") {
  std::vector<float> data = arange(64);
  const tensor_view<float, contiguous<4, 6>> s(data);
  const auto m = as_eigen(s);
  STATIC_REQUIRE(decltype(m)::RowsAtCompileTime == 4);
  STATIC_REQUIRE(decltype(m)::ColsAtCompileTime == 6);
  STATIC_REQUIRE(decltype(m)::InnerStrideAtCompileTime == 1);
  STATIC_REQUIRE(decltype(m)::OuterStrideAtCompileTime == 6);
  same_matrix(s, m);
  same_matrix(permute<1, 0>(s), as_eigen(permute<1, 0>(s)));
  same_matrix(slice<"::-1, 1::2">(s), as_eigen(slice<"::-1, 1::2">(s)));           // negative stride
  same_matrix(flip<1>(s), as_eigen(flip<1>(s)));
  const auto repeated = broadcast_to<4, 6>(slice<"1:2, :">(s));                          // stride 0: read-only
  STATIC_REQUIRE(std::is_const_v<std::remove_pointer_t<decltype(as_eigen(repeated).data())>>);
  same_matrix(repeated, as_eigen(repeated));
  same_matrix(slice<":, 2:3">(s), as_eigen(slice<":, 2:3">(s)));                         // one column
  same_matrix(slice<"2:3, :">(s), as_eigen(slice<"2:3, :">(s)));                         // one row
  same_matrix(unfold<0, 3, 1>(slice<"1, :">(s)), as_eigen(unfold<0, 3, 1>(slice<"1, :">(s))));  // overlapping windows
  // Writes go to the view's storage.
  auto w = as_eigen(slice<"1:3, 1:3">(s));
  w(1, 1) = -1.0f;
  CHECK(data[2 * 6 + 2] == -1.0f);
  // Eigen arithmetic on a strided view: the sum of the transposed corner.
  CHECK(as_eigen(permute<1, 0>(slice<"2:, 3:">(s))).sum() == s(2, 3) + s(2, 4) + s(2, 5) + s(3, 3) + s(3, 4) + s(3, 5));

  const tensor_view<float, dynamic_layout> d(data, dynamic_layout::contiguous({4, 6}));
  same_matrix(d, as_eigen(d));
  same_matrix(d.permute({1, 0}).slice("::-2"), as_eigen(d.permute({1, 0}).slice("::-2")));
  same_matrix(d.as_const().broadcast_to({3, 4, 6}).slice("1"), as_eigen(d.as_const().broadcast_to({3, 4, 6}).slice("1")));
  CHECK(message_of([&] { (void)as_eigen(d.unsqueeze(0)); }) == "as_eigen: Eigen's Map is a matrix; the view has rank 3, not 2");
  CHECK(message_of([&] { (void)as_eigen(d.slice("0").unfold(0, 3, 1)); }).starts_with("as_eigen: the layout is not unique"));
  same_matrix(d.as_const().slice("0").unfold(0, 3, 1), as_eigen(d.as_const().slice("0").unfold(0, 3, 1)));
}

TEST_CASE("as_eigen_tensor maps C-contiguous views of any rank") {
  std::vector<float> data = arange(60);
  const tensor_view<float, contiguous<3, 4, 5>> s(data);
  const auto t = as_eigen_tensor(s);
  STATIC_REQUIRE(decltype(t)::NumIndices == 3);
  for (index_t i = 0; i < 3; ++i)
    for (index_t j = 0; j < 4; ++j)
      for (index_t k = 0; k < 5; ++k) REQUIRE(t(i, j, k) == s(i, j, k));
  const auto rows = as_eigen_tensor(slice<"1:">(s));  // contiguous, at an offset
  CHECK(rows(0, 0, 0) == 20.0f);
  const tensor_view<float, dynamic_layout> d(data, dynamic_layout::contiguous({3, 4, 5}));
  CHECK(as_eigen_tensor<3>(d)(2, 3, 4) == 59.0f);
  CHECK(message_of([&] { (void)as_eigen_tensor<3>(d.permute({2, 0, 1})); }) ==
        "as_eigen_tensor: Eigen's TensorMap has no strides; the view (strides (1, 20, 5)) must be C-contiguous (copy it with contiguous())");
  CHECK(message_of([&] { (void)as_eigen_tensor<2>(d); }) == "as_eigen_tensor: the view has rank 3, not 2");
}

TEST_CASE("from_eigen views matrices, maps, blocks and tensors in their storage order") {
  Eigen::MatrixXf column_major(3, 4);
  Eigen::Matrix<float, 3, 4, Eigen::RowMajor> row_major;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) column_major(i, j) = row_major(i, j) = static_cast<float>(10 * i + j);
  const auto c = from_eigen(column_major);
  CHECK(c.strides() == dims{1, 3});
  same_matrix(c, column_major);
  const auto r = from_eigen(row_major);
  CHECK(r.strides() == dims{4, 1});
  same_matrix(r, row_major);
  auto block = column_major.block(1, 1, 2, 3);
  same_matrix(from_eigen(block), block);
  const Eigen::MatrixXf& constant = column_major;
  STATIC_REQUIRE(std::is_same_v<decltype(from_eigen(constant))::element_type, const float>);
  from_eigen(column_major)(2, 3) = -5.0f;
  CHECK(column_major(2, 3) == -5.0f);
  // A Map with strides, and the round trip through as_eigen.
  std::vector<float> data = arange(40);
  Eigen::Map<Eigen::MatrixXf, Eigen::Unaligned, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> strided(data.data(), 3, 4, {10, 2});
  same_matrix(from_eigen(strided), strided);
  const tensor_view<float, dynamic_layout> v(data, slice(dynamic_layout::contiguous({5, 8}), "1:, ::3"));
  auto map = as_eigen(v);
  same_matrix(from_eigen(map), map);
  same_matrix(v, map);
  // Tensors: column-major by default, row-major when asked.
  Eigen::Tensor<float, 3> tensor(2, 3, 4);
  tensor.setValues({{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}}, {{12, 13, 14, 15}, {16, 17, 18, 19}, {20, 21, 22, 23}}});
  const auto tv = from_eigen(tensor);
  CHECK(tv.strides() == dims{1, 2, 6});
  for (index_t i = 0; i < 2; ++i)
    for (index_t j = 0; j < 3; ++j)
      for (index_t k = 0; k < 4; ++k) REQUIRE(tv(i, j, k) == tensor(i, j, k));
  Eigen::TensorMap<Eigen::Tensor<float, 2, Eigen::RowMajor>> tensor_map(data.data(), 4, 10);
  CHECK(from_eigen(tensor_map).strides() == dims{10, 1});
  CHECK(from_eigen(tensor_map)(3, 7) == 37.0f);
}

// Issue 35: a legal Eigen Map with a negative outer stride reaches below data(); it was refused
// with a "layout: ..." message that did not name from_eigen. Its view starts its storage at the
// lowest element, as from_dlpack's does, and every element is the Map's.
TEST_CASE("from_eigen views a Map with a negative outer stride") {
  std::vector<float> buffer(12);
  std::iota(buffer.begin(), buffer.end(), 0.0f);
  // Column-major 3 x 4, columns 3 apart, walked from the last column backwards.
  using Map = Eigen::Map<Eigen::MatrixXf, 0, Eigen::OuterStride<>>;
  Map m(buffer.data() + 9, 3, 4, Eigen::OuterStride<>(-3));
  const auto v = strider::from_eigen(m);
  REQUIRE(v.shape() == strider::dims{3, 4});
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 4; ++j) CHECK(&v(i, j) == &m(i, j));
  // A misaligned data() is a layout_error naming from_eigen.
  Eigen::Map<Eigen::MatrixXf> bad(reinterpret_cast<float*>(reinterpret_cast<char*>(buffer.data()) + 2), 2, 2);
  CHECK(strider_test::message_of([&] { strider::from_eigen(bad); }).rfind("from_eigen: data at address ", 0) == 0);
}
