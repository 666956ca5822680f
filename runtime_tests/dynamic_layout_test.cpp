// The run-time API: the same operations on dynamic_layout, and their error messages.
#include <strider/core.hpp>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::layout_error;
using strider_test::message_of;
using strider_test::offsets;

TEST_CASE("contiguous and column-major strides") {
  const auto c = dynamic_layout::contiguous({2, 3, 4});
  CHECK(c.strides() == dims{12, 4, 1});
  CHECK(c.size() == 24);
  CHECK(c.is_contiguous());
  CHECK(c.is_unique());
  CHECK(c.required_span() == 24);
  const auto f = dynamic_layout::column_major({2, 3, 4});
  CHECK(f.strides() == dims{1, 2, 6});
  CHECK_FALSE(f.is_contiguous());
  CHECK(f(1, 2, 3) == 1 + 4 + 18);
}

TEST_CASE("slice follows NumPy's clamping and negative steps") {
  const auto c = dynamic_layout::contiguous({3, 4});
  const auto s = strider::slice(c, "1:, ::-1");
  CHECK(s.shape() == dims{2, 4});
  CHECK(s.strides() == dims{4, -1});
  CHECK(s.offset() == 7);
  CHECK(offsets(s) == std::vector<strider::index_t>{7, 6, 5, 4, 11, 10, 9, 8});
  CHECK(strider::slice(c, "-100:100, 5:").shape() == dims{3, 0});
  CHECK(strider::slice(c, "None, ..., 2").shape() == dims{1, 3});
  CHECK(strider::slice(c, "None, ..., 2").offset() == 2);
}

TEST_CASE("errors name the operation, the axis and the values") {
  const auto c = dynamic_layout::contiguous({3, 4, 5});
  CHECK(message_of([&] { strider::permute(c, {2, 0, 7}); }) == "permute: axis 7 is out of range for rank 3");
  CHECK(message_of([&] { strider::permute(c, {2, 0, 2}); }) == "permute: repeated axis 2");
  CHECK(message_of([&] { strider::slice(c, "5"); }) == "slice: index 5 is out of range for axis 0 with extent 3");
  CHECK(message_of([&] { strider::slice(c, "1:x"); }) ==
        "slice: syntax error at column 3 of the index: expected ',' or the end of the index");
  CHECK(message_of([&] { strider::squeeze(c, {1}); }) == "squeeze: axis 1 has extent 4, not 1");
  CHECK(message_of([&] { strider::broadcast_to(c, {2, 4, 5}); }) ==
        "broadcast_to: extent 3 of axis 0 cannot be broadcast to 2");
  CHECK(message_of([&] { strider::view(strider::transpose(c, 0, 1), {-1}); }).rfind("view: ", 0) == 0);
  CHECK(message_of([&] { strider::unfold(c, 2, 6, 1); }) == "unfold: size 6 is larger than extent 5 of dimension 2");
  CHECK(message_of([&] { c(3, 0, 0); }) == "index: index 3 is out of range for axis 0 with extent 3");
}

TEST_CASE("the portable overflow checks (nvcc's constant expressions) agree with the compilers' builtins") {
  // Every pair of edge values, and a sweep around the int64 limits: the same overflow verdict,
  // and the same result when there is none.
  std::vector<strider::index_t> values = {INT64_MIN, INT64_MIN + 1, INT64_MIN / 2, -(strider::index_t{1} << 32) - 1,
                                          -(strider::index_t{1} << 32), -(strider::index_t{1} << 31), -3, -2, -1, 0, 1, 2, 3,
                                          strider::index_t{1} << 31, (strider::index_t{1} << 32) + 1, 3037000499, 3037000500,
                                          -3037000499, -3037000500, INT64_MAX / 2, INT64_MAX / 2 + 1, INT64_MAX - 1, INT64_MAX};
  std::size_t checked = 0;
  for (const strider::index_t a : values) {
    for (const strider::index_t b : values) {
      strider::index_t builtin = 0, portable = 0;
      const bool add_builtin = __builtin_add_overflow(a, b, &builtin);
      REQUIRE(strider::detail::portable_add_overflows(a, b, &portable) == add_builtin);
      if (!add_builtin) REQUIRE(portable == builtin);
      const bool mul_builtin = __builtin_mul_overflow(a, b, &builtin);
      INFO(a << " * " << b);
      REQUIRE(strider::detail::portable_mul_overflows(a, b, &portable) == mul_builtin);
      if (!mul_builtin) REQUIRE(portable == builtin);
      ++checked;
    }
  }
  CHECK(checked == values.size() * values.size());
}

TEST_CASE("the odometer never adds the stride of an extent-1 axis, which may be any int64") {
  // Found by the fuzzer under UBSan: a[1:, ::INT64_MAX] of a 3 x 4 layout is shape (2, 1),
  // strides (4, INT64_MAX); stepping to the next row must not add that stride and take it back.
  const auto l = strider::slice(dynamic_layout::contiguous({3, 4}), "1:, ::9223372036854775807");
  CHECK(l.strides() == strider::dims{4, INT64_MAX});
  std::vector<strider::index_t> offsets;
  strider::detail::for_each_element(l.value(), [&](const strider::dims&, strider::index_t offset) { offsets.push_back(offset); });
  CHECK(offsets == std::vector<strider::index_t>{4, 8});
  strider::layout_value v = l.value();
  strider::index_t index[strider::max_rank] = {}, offset = v.offset;
  CHECK(strider::detail::next_index(v, 2, index, offset));
  CHECK(offset == 8);
  CHECK_FALSE(strider::detail::next_index(v, 2, index, offset));
  CHECK(offset == 4);
}
