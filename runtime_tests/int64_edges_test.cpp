// Issue 35, items 6 to 8: the int64 edges. Arithmetic at the int64 limits is a layout_error
// where the value is used and never undefined behaviour (the asan preset runs these under
// UBSan); the element count of an empty layout is 0 whatever the order of its extents; and a
// value nothing reads (the stride of an axis of at most one element, the offset of an empty
// result) does not make a valid request fail.
//
// Expected values: from NumPy 1.24 (`np.zeros(shape, np.int8)`, so that byte strides and
// offsets are element strides and offsets) and PyTorch 1.13 where they have the same view;
// where their int64 arithmetic wraps (a stride or offset that does not fit), strider's choice,
// documented at detail::overflow_note (core/layout.hpp) and at each operation: an axis of at most
// one element keeps the stride of the input axis it comes from (unsqueeze and expand: the next
// axis's; diagonal: axis1's), an empty result whose offset does not fit keeps the input's
// offset, and the C-order strides of an empty layout that do not fit are 0.
#include <strider/core.hpp>
#include <strider/engine/copy_plan.hpp>
#include <strider/expression.hpp>
#include <strider/static.hpp>

#include <array>
#include <cstdint>
#include <string>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider_test;

namespace {
constexpr index_t max = INT64_MAX;
constexpr index_t min = INT64_MIN;
constexpr index_t p62 = index_t{1} << 62;
constexpr index_t half = max / 2;  // 2 * half = INT64_MAX - 1

void check_layout(const dynamic_layout& l, const dims& shape, const dims& strides, index_t offset) {
  INFO(describe(l));
  CHECK(l.shape() == shape);
  CHECK(l.strides() == strides);
  CHECK(l.offset() == offset);
}
}  // namespace

// --- item 6: signed overflow (undefined behaviour) at the int64 edges -----------------------

TEST_CASE("int64 edges: unfold's window count that does not fit in int64 is a layout_error") {
  // (INT64_MAX - 0) / 1 + 1 windows; sliding_window_view already refused the same count.
  CHECK(message_of([] { strider::unfold(dynamic_layout::contiguous({max}), 0, 0, 1); }) ==
        "unfold: int64 overflow computing 9223372036854775807 + 1");
  CHECK(message_of([] { strider::sliding_window_view(dynamic_layout::contiguous({max}), {0}); }) ==
        "sliding_window_view: int64 overflow computing 9223372036854775807 + 1");
  // One element fewer fits: INT64_MAX empty windows.
  check_layout(strider::unfold(dynamic_layout::contiguous({max - 1}), 0, 0, 1), {max, 0}, {1, 1}, 0);
  // The command's expression: `strider 'contiguous(9223372036854775807).unfold(0,0,1)'`.
  std::string message = "(no error)";
  try {
    strider::evaluate("contiguous(9223372036854775807).unfold(0,0,1)");
  } catch (const std::exception& e) {
    message = e.what();
  }
  CHECK(message.find("unfold: int64 overflow computing 9223372036854775807 + 1") != std::string::npos);
}

TEST_CASE("int64 edges: an index into an empty layout is out of range before any offset is computed") {
  // Axis 0's 1 * INT64_MAX plus the offset INT64_MAX overflowed before axis 1 (extent 0) was checked.
  const dynamic_layout empty({2, 0}, {max, 1}, max);
  CHECK(message_of([&] { empty(1, 0); }) == "index: index 0 is out of range for axis 1 with extent 0");
  CHECK(message_of([&] { empty(dims{1, 0}); }) == "index: index 0 is out of range for axis 1 with extent 0");
  CHECK(message_of([&] { empty(2, 0); }) == "index: index 2 is out of range for axis 0 with extent 2");
  // The largest offsets are still reached exactly.
  CHECK(dynamic_layout({2, 2}, {half, 1}, 0)(1, 1) == half + 1);
}

TEST_CASE("int64 edges: vector_width does not double a width past int64") {
  CHECK(strider::vector_width(dynamic_layout::contiguous({p62}), 1, p62) == p62);
  CHECK(strider::vector_width(dynamic_layout::contiguous({p62}), 2, p62) == p62 / 2);
  CHECK(strider::vector_width(dynamic_layout::contiguous({8}), 1, p62) == 8);
}

TEST_CASE("int64 edges: a copy plan does not merge loops whose run does not fit in int64") {
  // In the destination's order the source's inner loop steps 2^62: two of its steps (2^63) were
  // compared with the outer loop's stride.
  const dynamic_layout src({2, 2}, {1, p62}), dst = dynamic_layout::contiguous({2, 2});
  const strider::copy_plan plan = strider::make_copy_plan(src.value(), dst.value(), 1);
  CHECK(plan.rank == 2);
  CHECK(plan.size == 4);
  CHECK(plan.extent[0] == 2);
  CHECK(plan.extent[1] == 2);
  const strider::copy_plan back = strider::make_copy_plan(dst.value(), src.value(), 1);
  CHECK(back.rank == 2);
  CHECK(back.dst_stride[0] == p62);
  CHECK(back.dst_stride[1] == 1);
}

// --- item 7: the element count of an empty layout is 0 whatever the order of its extents ----

TEST_CASE("int64 edges: an empty layout is accepted in every order of its extents") {
  const dims orders[] = {{0, p62, 4}, {0, 4, p62}, {p62, 0, 4}, {p62, 4, 0}, {4, 0, p62}, {4, p62, 0}};
  for (const dims& shape : orders) {
    INFO(shape[0] << ", " << shape[1] << ", " << shape[2]);
    const dynamic_layout l(shape, {1, 1, 1});
    CHECK(l.size() == 0);
    CHECK(l.required_span() == 0);
    CHECK(l.is_contiguous());
    CHECK(l.is_unique());
    // permute of the accepted order used to give a layout whose size() threw.
    CHECK(strider::permute(l, {2, 0, 1}).size() == 0);
    CHECK(strider::reverse_axis_order(l).size() == 0);
    CHECK(dynamic_layout::contiguous(shape).size() == 0);
    CHECK(dynamic_layout::column_major(shape).size() == 0);
  }
  CHECK(dynamic_layout({p62, 4, 0}, {1, 1, 1}).shape() == dims{p62, 4, 0});
  // A non-empty layout whose count does not fit is still refused, in any order.
  CHECK(message_of([] { dynamic_layout({p62, 4, 1}, {0, 0, 0}); }) == "layout: int64 overflow computing 4611686018427387904 * 4");
  CHECK(message_of([] { dynamic_layout({1, p62, 4}, {0, 0, 0}); }) == "layout: int64 overflow computing 4611686018427387904 * 4");
}

TEST_CASE("int64 edges: the C- and Fortran-order strides of an empty layout need not fit in int64") {
  // PyTorch: torch.empty((0, 2**62, 4)).stride() == (0, 4, 1) (its product wraps to 0; strider's
  // stride that does not fit is 0). NumPy refuses any array this large, even an empty one.
  check_layout(dynamic_layout::contiguous({0, p62, 4}), {0, p62, 4}, {0, 4, 1}, 0);
  // C-order strides (4, 1, 1), as torch.empty((2, 4, 0)).stride() gives for smaller extents.
  check_layout(dynamic_layout::contiguous({p62, 4, 0}), {p62, 4, 0}, {4, 1, 1}, 0);
  check_layout(dynamic_layout::contiguous({2, p62, p62, 0}), {2, p62, p62, 0}, {0, p62, 1, 1}, 0);
  check_layout(dynamic_layout::column_major({4, p62, 0}), {4, p62, 0}, {1, 4, 0}, 0);
  check_layout(dynamic_layout::column_major({0, 4, p62}), {0, 4, p62}, {1, 1, 4}, 0);
  // Non-empty: refused as before.
  CHECK(message_of([] { dynamic_layout::contiguous({2, p62}); }) == "contiguous: int64 overflow computing 4611686018427387904 * 2");
  CHECK(message_of([] { dynamic_layout::column_major({p62, 2}); }) == "column_major: int64 overflow computing 4611686018427387904 * 2");
}

TEST_CASE("int64 edges: operations accept valid empty results whatever the order of the extents") {
  // torch.empty(1).expand(5, 4, 0).stride() == (0, 0, 0); np.broadcast_to(np.zeros(1), (5, 4, 0)).strides == (0, 0, 0).
  check_layout(strider::broadcast_to(dynamic_layout::contiguous({1}), {p62, 4, 0}), {p62, 4, 0}, {0, 0, 0}, 0);
  check_layout(strider::expand(dynamic_layout::contiguous({1, 1, 1}), {p62, 4, 0}), {p62, 4, 0}, {0, 0, 0}, 0);
  // torch.empty(0).view(2, 4, 0).stride() == (4, 1, 1).
  check_layout(strider::view(dynamic_layout::contiguous({0}), {p62, 4, 0}), {p62, 4, 0}, {4, 1, 1}, 0);
  check_layout(strider::reshape(dynamic_layout::contiguous({0}), {p62, 4, 0}), {p62, 4, 0}, {4, 1, 1}, 0);
  // torch.empty(0).unflatten(0, (2, 4, 0)).shape == (2, 4, 0).
  CHECK(strider::unflatten(dynamic_layout::contiguous({0}), 0, {p62, 4, 0}).shape() == dims{p62, 4, 0});
  // torch.empty(2, 4, 0).flatten().shape == (0,).
  check_layout(strider::flatten(dynamic_layout::contiguous({p62, 4, 0})), {0}, {1}, 0);
  CHECK(message_of([] { strider::flatten(dynamic_layout::contiguous({p62, 4, 0}), 0, 1); }) ==
        "flatten: int64 overflow computing 4611686018427387904 * 4");  // the merged extent itself does not fit
  check_layout(strider::as_strided(dynamic_layout::contiguous({4}), {p62, 4, 0}, {1, 1, 1}, 0), {p62, 4, 0}, {1, 1, 1}, 0);
  // np.lib.stride_tricks.sliding_window_view(np.zeros((5, 4, 0)), 2, axis=1).shape == (5, 3, 0, 2).
  CHECK(strider::sliding_window_view(dynamic_layout::contiguous({p62, 4, 0}), {2}, {1}).shape() == dims{p62, 3, 0, 2});
  CHECK(strider::unfold(dynamic_layout::contiguous({p62, 4, 0}), 1, 2, 1).shape() == dims{p62, 3, 0, 2});
  check_layout(strider::unsqueeze(dynamic_layout::contiguous({p62, 4, 0}), 0), {1, p62, 4, 0}, {4, 4, 1, 1}, 0);
}

TEST_CASE("int64 edges: a mixed layout may be empty at run time where its static extents overflow") {
  // contiguous<dyn, 2^62, 4>: only a batch of 0 has a count that fits, so the batch axis's
  // stride (2^64) is the empty layout's, 0, and static.
  using L = strider::contiguous<strider::dyn, p62, 4>;
  CHECK(strider::static_strides_v<L> == std::array<index_t, 3>{0, 4, 1});
  const L empty(0);
  CHECK(empty.size() == 0);
  CHECK(empty.strides() == dims{0, 4, 1});
  CHECK(empty.dynamic() == dynamic_layout::contiguous({0, p62, 4}));
  CHECK(message_of([] { L{1}; }) == "layout: int64 overflow computing 4611686018427387904 * 4");
  // The batch last (its strides are computed from it): the count of the static extents
  // overflows, and a batch of 0 is valid.
  using R = strider::contiguous<p62, 4, strider::dyn>;
  CHECK(R(0).size() == 0);
  CHECK(R(0).strides() == dims{4, 1, 1});
  CHECK(message_of([] { R(1); }) == "contiguous: int64 overflow computing 4 * 4611686018427387904");
}

// --- item 8: values nothing reads do not make a valid request fail --------------------------

TEST_CASE("int64 edges: slice steps whose stride does not fit in int64 on an axis of one element") {
  const dynamic_layout a = dynamic_layout::contiguous({10, 10});
  // NumPy: a[::10**18].shape == (1, 10), offset 0 (its stride wraps; strider keeps a's, 10).
  check_layout(strider::slice(a, "::1000000000000000000"), {1, 10}, {10, 1}, 0);
  const dynamic_layout c = dynamic_layout::contiguous({3, 4, 5});
  // NumPy: c[::-2**63] is (1, 4, 5) with strides (20, 5, 1) at offset 40.
  check_layout(strider::slice(c, "::-9223372036854775808"), {1, 4, 5}, {20, 5, 1}, 40);
  // NumPy: c[::2**63-1] is (1, 4, 5) at offset 0 (its stride wraps to -20; strider keeps 20).
  check_layout(strider::slice(c, "::9223372036854775807"), {1, 4, 5}, {20, 5, 1}, 0);
  check_layout(strider::slice(c, "1, ::9223372036854775807, 2"), {1}, {5}, 22);
  // A long axis's stride still fits: NumPy c[..., ::2**63-1] is (3, 4, 1) with strides (20, 5, 2**63-1).
  check_layout(strider::slice(c, "..., ::9223372036854775807"), {3, 4, 1}, {20, 5, max}, 0);
}

TEST_CASE("int64 edges: flip of an axis of one element whose stride has no negation") {
  const dynamic_layout c = dynamic_layout::contiguous({3, 4, 5});
  const dynamic_layout extreme = strider::slice(c, "..., ::-9223372036854775808");  // stride 1 * INT64_MIN, extent 1
  check_layout(extreme, {3, 4, 1}, {20, 5, min}, 4);
  // NumPy: np.flip(c[..., ::-2**63]) is (3, 4, 1) with strides (-20, -5, <wrapped>) at offset 59.
  check_layout(strider::flip(extreme), {3, 4, 1}, {-20, -5, min}, 59);
  check_layout(strider::flip(extreme, {2}), {3, 4, 1}, {20, 5, min}, 4);
  check_layout(strider::flip(dynamic_layout({0, 1}, {1, min}, 0)), {0, 1}, {1, min}, 0);
  // An empty layout: the offset's move along the INT64_MAX stride does not fit, and nothing reads it.
  check_layout(strider::flip(dynamic_layout({0, 3}, {1, max}, 0), {1}), {0, 3}, {1, -max}, 0);
}

TEST_CASE("int64 edges: unsqueeze and expand next to a large stride") {
  // PyTorch's stride of the new axis, extent * stride = 2 * 2^62, does not fit (PyTorch 1.13
  // refuses its wrapped INT64_MIN); the new axis has one element, so it takes the next axis's.
  // torch.empty(2).unsqueeze(0).stride() == (2, 1) shows the rule where the product fits.
  check_layout(strider::unsqueeze(dynamic_layout({2}, {p62}), 0), {1, 2}, {p62, p62}, 0);
  check_layout(strider::unsqueeze(dynamic_layout({3}, {half}), 0), {1, 3}, {half, half}, 0);
  check_layout(strider::unsqueeze(dynamic_layout({3}, {half}), 1), {3, 1}, {half, 1}, 0);
  // torch.empty(2).expand(1, 2).stride() == (2, 1) where the product fits.
  check_layout(strider::expand(dynamic_layout({2}, {p62}), {1, 2}), {1, 2}, {p62, p62}, 0);
  check_layout(strider::expand(dynamic_layout({2}, {p62}), {3, 2}), {3, 2}, {0, p62}, 0);
}

TEST_CASE("int64 edges: diagonal on huge strides") {
  // One element: the stride INT64_MAX + 1 addresses nothing; axis1's stride is kept.
  check_layout(strider::diagonal(dynamic_layout({1, 1}, {max, 1}), 0), {1}, {max}, 0);
  // NumPy: np.diagonal(np.zeros((3, 3)), 3) is empty at offset 3 * stride (the matrix's edge),
  // and with -3 at 3 * the other stride; here 3 * (2^62 - 2) does not fit: the offset stays.
  check_layout(strider::diagonal(dynamic_layout({3, 3}, {1, p62 - 2}), 3), {0}, {p62 - 1}, 0);
  check_layout(strider::diagonal(dynamic_layout({3, 3}, {p62 - 2, 1}), -3), {0}, {p62 - 1}, 0);
  check_layout(strider::diagonal(dynamic_layout({3, 3}, {1, p62 - 2}), min), {0}, {p62 - 1}, 0);
  check_layout(strider::diagonal(dynamic_layout({3, 3}, {1, p62 - 2}), 2), {1}, {p62 - 1}, 2 * (p62 - 2));
}

TEST_CASE("int64 edges: unfold with a step whose stride does not fit in int64") {
  // PyTorch: torch.empty(3, 4).unfold(0, 1, 3) is (1, 4, 1) with strides (12, 1, 4): every step of
  // at least 3 gives one window. With step INT64_MAX the window axis keeps the input's stride.
  check_layout(strider::unfold(dynamic_layout::contiguous({3, 4}), 0, 1, max), {1, 4, 1}, {4, 1, 4}, 0);
  check_layout(strider::unfold(dynamic_layout({3}, {half}), 0, 1, 3), {1, 1}, {half, half}, 0);
  check_layout(strider::unfold(dynamic_layout({3}, {half}), 0, 2, 3), {1, 2}, {half, half}, 0);
}

TEST_CASE("int64 edges: narrow select slice unbind and split to empty results") {
  // PyTorch: torch.empty(3).narrow(0, 3, 0) is (0,) at offset 3 * stride; 3 * (2^62 - 1) does
  // not fit, and nothing reads the offset of an empty view: it stays.
  check_layout(strider::narrow(dynamic_layout({3}, {p62 - 1}), 0, 3, 0), {0}, {p62 - 1}, 0);
  const dynamic_layout empty({0, 3}, {1, max}, 0);
  // torch.empty(0, 3).narrow(1, 2, 1).shape == (0, 1); torch.empty(3, 0).select(0, 2).shape == (0,).
  check_layout(strider::narrow(empty, 1, 2, 1), {0, 1}, {1, max}, 0);
  check_layout(strider::select(empty, 1, 2), {0}, {1}, 0);
  check_layout(strider::slice(empty, ":, 2"), {0}, {1}, 0);
  check_layout(strider::slice(empty, ":, 2:"), {0, 1}, {1, max}, 0);
  check_layout(strider::slice(empty, ":, ::2"), {0, 2}, {1, max}, 0);  // 2 * INT64_MAX: an empty result's stride
  // torch.empty(3, 0).unbind(0)[2].shape == (0,); .split(1, 0)[2] and .chunk(3, 0)[2] are (1, 0).
  const dynamic_layout rows({3, 0}, {max, 1}, 0);
  check_layout(strider::unbind(rows, 0)[2], {0}, {1}, 0);
  check_layout(strider::split(rows, 1, 0)[2], {1, 0}, {max, 1}, 0);
  check_layout(strider::chunk(rows, 3, 0)[2], {1, 0}, {max, 1}, 0);
  check_layout(strider::split_with_sizes(rows, {1, 1, 1}, 0)[2], {1, 0}, {max, 1}, 0);
  // A non-empty part's offset is an element's, and fits.
  check_layout(strider::unbind(dynamic_layout({3, 1}, {half, 1}, 0), 0)[2], {1}, {1}, 2 * half);
}

#ifndef NDEBUG  // element access checks its indices only then, as documented
TEST_CASE("int64 edges: a static or mixed layout checks every index before adding any term") {
  // (2, 0):(max, 1) at offset max is empty: no index is in range, and 1 * max + max overflows.
  using empty = strider::layout<strider::shape<2, 0>, strider::strides<INT64_MAX, 1>, INT64_MAX>;
  CHECK(strider_test::message_of([] { (void)empty{}(1, 0); }) == "index: index 0 is out of range for axis 1 with extent 0");
  using mixed = strider::layout<strider::shape<2, strider::dyn>, strider::strides<INT64_MAX, 1>, INT64_MAX>;
  CHECK(strider_test::message_of([] { (void)mixed(0)(1, 0); }) == "index: index 0 is out of range for axis 1 with extent 0");
}
#endif
