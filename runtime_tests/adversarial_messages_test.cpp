// Requests an adversarial probe found accepted or refused with the wrong error (issue 35, items 9
// and 10), each with its exact message and exception type: rearrange patterns and sizes that
// must be refused, tensor storages whose byte count overflows (a layout_error naming the
// operation, not std::bad_array_new_length from `new`), and copies between shapes that do not
// broadcast (the error names copy, not the broadcast_to it runs). The static forms of the
// rearrange and copy cases are compile-fail tests (static_tests/compile_fail/).
#include <strider/expression.hpp>
#include <strider/strider.hpp>

#include <cstdint>
#include <exception>
#include <string>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider_test;

namespace {
constexpr index_t max = INT64_MAX;

// "layout_error: <message>" for a layout_error, "other exception: <what>" for any other, or
// "(no error)": the exception's type and message in one comparison.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const strider::layout_error& e) {
    return std::string("layout_error: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("other exception: ") + e.what();
  }
  return "(no error)";
}

const std::string ellipsis_in_left_group =
    "layout_error: rearrange: '...' inside parentheses on the left of the pattern (it stands for whole axes there)";
}  // namespace

TEST_CASE("adversarial: '...' inside parentheses on the left is refused, alone in its group or not") {
  const dynamic_layout l = dynamic_layout::contiguous({2, 3});
  CHECK(error_of([&] { strider::rearrange(l, "(...) -> ..."); }) == ellipsis_in_left_group);
  CHECK(error_of([&] { strider::rearrange(l, "a (...) -> a ..."); }) == ellipsis_in_left_group);
  CHECK(error_of([&] { strider::rearrange(l, "( ... ) b -> ... b"); }) == ellipsis_in_left_group);
  CHECK(error_of([&] { strider::rearrange(l, "(...) -> (...)"); }) == ellipsis_in_left_group);
  CHECK(error_of([&] { strider::can_rearrange(l, "a (...) -> a ..."); }) == ellipsis_in_left_group);
  // So does the command's expression language.
  CHECK(error_of([] { strider::evaluate("contiguous(2, 3).rearrange(\"a (...) -> a ...\")"); }) == ellipsis_in_left_group);
  // Unchanged: '...' alone on the left, and in a group on the right (it merges its axes there).
  CHECK(strider::rearrange(l, "a ... -> ... a") == dynamic_layout({3, 2}, {1, 3}));
  CHECK(strider::rearrange(l, "... -> (...)") == dynamic_layout::contiguous({6}));
}

TEST_CASE("adversarial: a size given twice is refused, naming the axis") {
  const dynamic_layout l = dynamic_layout::contiguous({8});
  CHECK(error_of([&] { strider::rearrange(l, "(c d) -> c d", "c=2, c=4"); }) ==
        "layout_error: rearrange: the size of axis c is given twice (2 and 4)");
  // Twice with the same value is still twice.
  CHECK(error_of([&] { strider::rearrange(l, "(c d) -> c d", "c=2, d=4, c=2"); }) ==
        "layout_error: rearrange: the size of axis c is given twice (2 and 2)");
  CHECK(error_of([&] { strider::can_rearrange(l, "(c d) -> c d", "d=4, c=2, d=2"); }) ==
        "layout_error: rearrange: the size of axis d is given twice (4 and 2)");
  float data[8] = {};
  const strider::tensor_view<float, dynamic_layout> v(data, l);
  CHECK(error_of([&] { v.rearrange("(c d) -> c d", "c=2, c=4"); }) == "layout_error: rearrange: the size of axis c is given twice (2 and 4)");
  CHECK(error_of([] { strider::evaluate("contiguous(8).rearrange(\"(c d) -> c d\", c=2, c=4)"); }) ==
        "layout_error: rearrange: the size of axis c is given twice (2 and 4)");
  CHECK(strider::rearrange(l, "(c d) -> c d", "c=2, d=4") == dynamic_layout::contiguous({2, 4}));
}

TEST_CASE("adversarial: a tensor storage whose byte count overflows is a layout_error naming the operation") {
  const std::string too_large_float = "a storage of 9223372036854775807 elements of 4 bytes is larger than the largest allocation (9223372036854775807 bytes)";
  CHECK(error_of([] { strider::dynamic_tensor<float> t({max}); }) == "layout_error: dynamic_tensor: " + too_large_float);
  CHECK(error_of([] { strider::dynamic_tensor<float> t({max}, 1.0f); }) == "layout_error: dynamic_tensor: " + too_large_float);
  CHECK(error_of([] { strider::dynamic_tensor<float> t(strider::with_storage(dynamic_layout::contiguous({2}), max)); }) ==
        "layout_error: dynamic_tensor: " + too_large_float);
  CHECK(error_of([] { strider::dynamic_tensor<float> t(strider::with_storage(dynamic_layout::contiguous({2}), max), 0.0f); }) ==
        "layout_error: dynamic_tensor: " + too_large_float);
  CHECK(error_of([] { strider::dynamic_tensor<double> t({max}); }) ==
        "layout_error: dynamic_tensor: a storage of 9223372036854775807 elements of 8 bytes is larger than the largest allocation (9223372036854775807 bytes)");
  CHECK(error_of([] { strider::heap_tensor<float, strider::contiguous<strider::dyn>> t{strider::contiguous<strider::dyn>(max)}; }) ==
        "layout_error: heap_tensor: " + too_large_float);
  // contiguous() of a view that repeats one element INT64_MAX times.
  float one[1] = {};
  const strider::tensor_view<float, dynamic_layout> repeated(one, strider::broadcast_to(dynamic_layout::contiguous({1}), {max}));
  CHECK(error_of([&] { repeated.contiguous(); }) == "layout_error: contiguous: " + too_large_float);
}

TEST_CASE("adversarial: a copy between shapes that do not broadcast names copy") {
  strider::dynamic_tensor<float> two({2}), three({3}), three_by_two({3, 2}), four_by_three_by_three({4, 3, 3});
  CHECK(error_of([&] { strider::copy(two, three); }) ==
        "layout_error: copy: source shape (2,) cannot be broadcast to destination shape (3,): extent 2 of axis 0 cannot be broadcast to 3");
  CHECK(error_of([&] { strider::copy(three_by_two, four_by_three_by_three); }) ==
        "layout_error: copy: source shape (3, 2) cannot be broadcast to destination shape (4, 3, 3): extent 2 of axis 1 cannot be broadcast to 3");
  CHECK(error_of([&] { strider::copy(three_by_two, three); }) ==
        "layout_error: copy: source shape (3, 2) cannot be broadcast to destination shape (3,): the destination's rank 1 is smaller than the source's rank 2");
  // A static source into a dynamic destination, and views.
  strider::tensor<float, strider::contiguous<2>> static_two{};
  CHECK(error_of([&] { strider::copy(static_two, three); }) ==
        "layout_error: copy: source shape (2,) cannot be broadcast to destination shape (3,): extent 2 of axis 0 cannot be broadcast to 3");
  CHECK(error_of([&] { strider::copy(three_by_two.permute({1, 0}), three_by_two); }) ==
        "layout_error: copy: source shape (2, 3) cannot be broadcast to destination shape (3, 2): extent 2 of axis 0 cannot be broadcast to 3");
  // What broadcasts still copies.
  strider::dynamic_tensor<float> row({1, 3}, 5.0f);
  strider::copy(row, four_by_three_by_three);
  CHECK(four_by_three_by_three(3, 2, 1) == 5.0f);
}
