// NumPy's and PyTorch's remaining view operations (issue 29 item 5): t, rot90, rollaxis,
// expand_dims, ravel, tensor_split (array_split), NumPy's split, hsplit, vsplit and dsplit,
// against values printed by NumPy 1.24 and PyTorch 1.13 for np.arange(24).reshape(2, 3, 4)
// (torch.arange likewise): shape, strides and storage offset, in elements.
#include <string>
#include <strider/core.hpp>
#include <vector>

#include "catch.hpp"

using namespace strider;

namespace {
const dynamic_layout a = dynamic_layout::contiguous({2, 3, 4});

void same(const dynamic_layout& got, const dims& shape, const dims& strides, index_t offset) {
  INFO("shape " << got.rank());
  CHECK(got.shape() == shape);
  CHECK(got.strides() == strides);
  CHECK(got.offset() == offset);
}
struct expected {
  dims shape, strides;
  index_t offset;
};
void same_parts(const layout_parts& parts, const std::vector<expected>& want) {
  REQUIRE(parts.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("part " << i);
    same(parts[static_cast<index_t>(i)], want[i].shape, want[i].strides, want[i].offset);
  }
}
template <class F>
std::string message(F f) {
  try {
    f();
  } catch (const layout_error& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("t: PyTorch's t (rank 0-2)") {
  same(strider::t(dynamic_layout::contiguous({3, 4})), {4, 3}, {1, 4}, 0);
  same(strider::t(dynamic_layout::contiguous({3})), {3}, {1}, 0);
  same(strider::t(dynamic_layout::contiguous({})), {}, {}, 0);
  CHECK(message([] { strider::t(a); }) == "t: expects at most 2 axes, got rank 3 (transpose or matrix_transpose take more)");
}

TEST_CASE("rot90: NumPy's values for k and axes") {
  same(rot90(a), {3, 2, 4}, {-4, 12, 1}, 8);
  same(rot90(a, 2), {2, 3, 4}, {-12, -4, 1}, 20);
  same(rot90(a, 3), {3, 2, 4}, {4, -12, 1}, 12);
  same(rot90(a, -1), {3, 2, 4}, {4, -12, 1}, 12);
  same(rot90(a, 5, 1, 2), {2, 4, 3}, {12, -1, 4}, 3);
  same(rot90(a, 1, 2, 0), {4, 3, 2}, {1, 4, -12}, 12);
  same(rot90(a, 3, -1, 0), {4, 3, 2}, {-1, 4, 12}, 3);
  same(rot90(a, 0, 0, 2), {2, 3, 4}, {12, 4, 1}, 0);
  same(rot90(a, -2, 1, -1), {2, 3, 4}, {12, -4, -1}, 11);
  // NumPy: "Axes must be different." for (0, 0), (0, -3), (0, 3) and a rank-1 array.
  CHECK(message([] { rot90(a, 1, 0, 0); }) == "rot90: the axes must be different, got 0 and 0 for rank 3");
  CHECK(message([] { rot90(a, 1, 0, -3); }) == "rot90: the axes must be different, got 0 and -3 for rank 3");
  CHECK(message([] { rot90(a, 1, 0, 3); }) == "rot90: the axes must be different, got 0 and 3 for rank 3");
  CHECK(message([] { rot90(dynamic_layout::contiguous({3})); }) == "rot90: the axes must be different, got 0 and 1 for rank 1");
  CHECK(message([] { rot90(a, 1, 0, 4); }) == "rot90: axes (0, 4) are out of range for rank 3 (rot90 needs 2 axes)");
}

TEST_CASE("rollaxis: NumPy's values") {
  same(rollaxis(a, 2), {4, 2, 3}, {1, 12, 4}, 0);
  same(rollaxis(a, 0, 3), {3, 4, 2}, {4, 1, 12}, 0);
  same(rollaxis(a, 1, -1), {2, 3, 4}, {12, 4, 1}, 0);
  same(rollaxis(a, -1, 1), {2, 4, 3}, {12, 1, 4}, 0);
  same(rollaxis(a, 2, 3), {2, 3, 4}, {12, 4, 1}, 0);
  same(rollaxis(a, 0, -3), {2, 3, 4}, {12, 4, 1}, 0);
  CHECK(message([] { rollaxis(a, 3); }) == "rollaxis: axis 3 is out of range for rank 3");
  CHECK(message([] { rollaxis(a, 0, 4); }) == "rollaxis: start 4 is out of range for rank 3 (it goes in [-3, 3])");
  CHECK(message([] { rollaxis(a, 0, -4); }) == "rollaxis: start -4 is out of range for rank 3 (it goes in [-3, 3])");
}

TEST_CASE("expand_dims: NumPy's values, several axes") {
  same(expand_dims(a, {0}), {1, 2, 3, 4}, {24, 12, 4, 1}, 0);
  same(expand_dims(a, {-1}), {2, 3, 4, 1}, {12, 4, 1, 1}, 0);
  same(expand_dims(a, {0, -1}), {1, 2, 3, 4, 1}, {24, 12, 4, 1, 1}, 0);
  same(expand_dims(a, {1, 3}), {2, 1, 3, 1, 4}, {12, 12, 4, 4, 1}, 0);
  same(expand_dims(a, {4, 0}), {1, 2, 3, 4, 1}, {24, 12, 4, 1, 1}, 0);
  same(expand_dims(a, {}), {2, 3, 4}, {12, 4, 1}, 0);
  CHECK(message([] { expand_dims(a, {0, 0}); }) == "expand_dims: repeated axis 0");
  CHECK(message([] { expand_dims(a, {5}); }) == "expand_dims: axis 5 is out of range for the result's rank 4");
  CHECK(message([] { expand_dims(a, {0, -6}); }) == "expand_dims: axis -6 is out of range for the result's rank 5");
  CHECK(message([] { expand_dims(a, {0, 1, 2, 3, 4, 5}); }) == "expand_dims: rank 3 plus 6 axes would exceed max_rank (8)");
}

TEST_CASE("ravel: a view of a C-contiguous layout, else the copy (NumPy and PyTorch alike)") {
  same(ravel(a), {24}, {1}, 0);
  same(ravel(select(a, 0, 1)), {12}, {1}, 12);               // a[1]: a view at offset 12
  same(ravel(slice(a, "::2")), {12}, {1}, 0);                // (1, 3, 4): contiguous
  same(ravel(slice(a, ":0")), {0}, {1}, 0);                  // empty: contiguous, a view
  CHECK(can_ravel(select(a, 0, 1)));
  // Copies, though a[:, :, ::2] has the view (12,):(2,) that reshape(-1) gives.
  same(ravel(slice(a, ":, :, ::2")), {12}, {1}, 0);
  CHECK(ravel(slice(a, ":, :, ::2")).storage_size() == 12);
  CHECK(reshape(slice(a, ":, :, ::2"), {-1}).strides() == dims{2});
  CHECK_FALSE(can_ravel(slice(a, ":, :, ::2")));
  same(ravel(select(a, 1, 1)), {8}, {1}, 0);                 // a[:, 1]
  same(ravel(transpose(a, 0, 1)), {24}, {1}, 0);
  same(ravel(slice(a, ":, :1, :1")), {2}, {1}, 0);           // (2, 1, 1):(12, 4, 1) is not contiguous
}

TEST_CASE("tensor_split (array_split): PyTorch's values, by sections and at indices") {
  same_parts(tensor_split(a, 3, 2), {{{2, 3, 2}, {12, 4, 1}, 0}, {{2, 3, 1}, {12, 4, 1}, 2}, {{2, 3, 1}, {12, 4, 1}, 3}});
  same_parts(tensor_split(a, 5, 1), {{{2, 1, 4}, {12, 4, 1}, 0}, {{2, 1, 4}, {12, 4, 1}, 4}, {{2, 1, 4}, {12, 4, 1}, 8},
                                     {{2, 0, 4}, {12, 4, 1}, 12}, {{2, 0, 4}, {12, 4, 1}, 12}});
  same_parts(tensor_split(a, 4, -1), {{{2, 3, 1}, {12, 4, 1}, 0}, {{2, 3, 1}, {12, 4, 1}, 1}, {{2, 3, 1}, {12, 4, 1}, 2}, {{2, 3, 1}, {12, 4, 1}, 3}});
  same_parts(tensor_split(a, 1, 1), {{{2, 3, 4}, {12, 4, 1}, 0}});
  CHECK(tensor_split(a, 7, 0).size() == 7);
  same(tensor_split(a, 7, 0)[-1], {0, 3, 4}, {12, 4, 1}, 24);
  same_parts(tensor_split_indices(a, {1, 3}, 2), {{{2, 3, 1}, {12, 4, 1}, 0}, {{2, 3, 2}, {12, 4, 1}, 1}, {{2, 3, 1}, {12, 4, 1}, 3}});
  same_parts(tensor_split_indices(a, {-1}, 1), {{{2, 2, 4}, {12, 4, 1}, 0}, {{2, 1, 4}, {12, 4, 1}, 8}});
  same_parts(tensor_split_indices(a, {2, 1}, 2), {{{2, 3, 2}, {12, 4, 1}, 0}, {{2, 3, 0}, {12, 4, 1}, 2}, {{2, 3, 3}, {12, 4, 1}, 1}});
  same_parts(tensor_split_indices(a, {0, 0, 4, 9}, 2), {{{2, 3, 0}, {12, 4, 1}, 0}, {{2, 3, 0}, {12, 4, 1}, 0}, {{2, 3, 4}, {12, 4, 1}, 0},
                                                        {{2, 3, 0}, {12, 4, 1}, 4}, {{2, 3, 0}, {12, 4, 1}, 4}});
  same_parts(tensor_split_indices(a, {}, 0), {{{2, 3, 4}, {12, 4, 1}, 0}});
  same_parts(tensor_split_indices(a, {-10, 2}, 1), {{{2, 0, 4}, {12, 4, 1}, 0}, {{2, 2, 4}, {12, 4, 1}, 0}, {{2, 1, 4}, {12, 4, 1}, 8}});
  CHECK(message([] { tensor_split(a, 0, 0); }) == "tensor_split: the number of sections must be positive, got 0");
  CHECK(message([] { tensor_split(a, 2, 3); }) == "tensor_split: axis 3 is out of range for rank 3");
  CHECK(message([] { tensor_split(dynamic_layout::contiguous({}), 2); }) == "tensor_split: a rank-0 layout has no axis to split");
  CHECK(message([] { tensor_split(a, 2)[2]; }) == "tensor_split: part 2 is out of range for 2 parts");
}

TEST_CASE("NumPy's split, hsplit, vsplit and dsplit: NumPy's values") {
  same_parts(numpy_split(a, 2, 2), {{{2, 3, 2}, {12, 4, 1}, 0}, {{2, 3, 2}, {12, 4, 1}, 2}});
  same_parts(hsplit(a, 3), {{{2, 1, 4}, {12, 4, 1}, 0}, {{2, 1, 4}, {12, 4, 1}, 4}, {{2, 1, 4}, {12, 4, 1}, 8}});
  same_parts(vsplit(a, 2), {{{1, 3, 4}, {12, 4, 1}, 0}, {{1, 3, 4}, {12, 4, 1}, 12}});
  same_parts(dsplit(a, 2), {{{2, 3, 2}, {12, 4, 1}, 0}, {{2, 3, 2}, {12, 4, 1}, 2}});
  same_parts(hsplit(dynamic_layout::contiguous({6}), 3), {{{2}, {1}, 0}, {{2}, {1}, 2}, {{2}, {1}, 4}});
  same_parts(hsplit_indices(a, {1, 2}), {{{2, 1, 4}, {12, 4, 1}, 0}, {{2, 1, 4}, {12, 4, 1}, 4}, {{2, 1, 4}, {12, 4, 1}, 8}});
  same_parts(vsplit_indices(a, {1}), {{{1, 3, 4}, {12, 4, 1}, 0}, {{1, 3, 4}, {12, 4, 1}, 12}});
  same_parts(dsplit_indices(a, {1, 3}), {{{2, 3, 1}, {12, 4, 1}, 0}, {{2, 3, 2}, {12, 4, 1}, 1}, {{2, 3, 1}, {12, 4, 1}, 3}});
  // NumPy: "array split does not result in an equal division"; "vsplit only works on arrays of 2 or more dimensions".
  CHECK(message([] { hsplit(a, 2); }) == "hsplit: 2 sections do not divide axis 1 of extent 3 equally (tensor_split or array_split allow that)");
  CHECK(message([] { numpy_split(a, 3, 2); }) == "numpy_split: 3 sections do not divide axis 2 of extent 4 equally (tensor_split or array_split allow that)");
  CHECK(message([] { vsplit(dynamic_layout::contiguous({6}), 2); }) == "vsplit: needs rank 2 or more, got rank 1");
  CHECK(message([] { dsplit(dynamic_layout::contiguous({2, 2}), 2); }) == "dsplit: needs rank 3 or more, got rank 2");
  CHECK(message([] { hsplit(dynamic_layout::contiguous({}), 1); }) == "hsplit: needs rank 1 or more, got rank 0");
  CHECK(message([] { numpy_split(a, -2, 0); }) == "numpy_split: the number of sections must be positive, got -2");
  CHECK(message([] { vsplit_indices(a, {1})[5]; }) == "vsplit: part 5 is out of range for 2 parts");
}
