// expect: one_index_per_axis<.*1>|one_index_per_axis<Layout, sizeof
// A thread's values of a partition are a view of the value axes' rank (here 2 x 2): out(i) with
// one index is refused, the compiler naming the rule one_index_per_axis, whose definition says
// how to index (out(i / 2, i % 2)) (issue 65). It stays a constraint, not a hard error, so that
// `requires { v(i); }` tells whether an index list fits (static_tests/storage_static_test.cpp).
#include <strider/strider.hpp>

void write_first(float* data) {
  using strider::contiguous;
  const auto mine = strider::partition(strider::tensor_view<float, contiguous<4, 4>>(data), strider::thread_value_t<contiguous<2, 2>, contiguous<2, 2>>{}, 1);
  mine(1) = 2.0f;
}
