// Eigen interop as the README shows it: a strided strider view handed to Eigen as a Map, and an
// Eigen matrix viewed by strider. Built and run as a test when Eigen is found.
#include <Eigen/Dense>
#include <cstdio>
#include <numeric>
#include <strider/eigen.hpp>
#include <vector>

int main() {
  using namespace strider;
  std::vector<float> storage(12);
  std::iota(storage.begin(), storage.end(), 0.0f);
  tensor_view<float, contiguous<3, 4>> a(storage);
  auto m = as_eigen(permute<1, 0>(a));         // Eigen::Map<Matrix<float, 4, 3>, ..., Stride<1, 4>>
  Eigen::Vector3f weights(1, 2, 3);
  Eigen::Vector4f product = m * weights;        // Eigen arithmetic on the transposed view
  Eigen::MatrixXf e = Eigen::MatrixXf::Ones(2, 3);
  auto v = from_eigen(e);                       // tensor_view<float, dynamic_layout>, strides (1, 2)
  v(1, 2) = 7.0f;                               // writes e(1, 2)
  std::printf("product(3) = %.0f, e(1, 2) = %.0f\n", static_cast<double>(product(3)), static_cast<double>(e(1, 2)));
  return product(3) == 3 + 2 * 7 + 3 * 11 && e(1, 2) == 7.0f ? 0 : 1;
}
