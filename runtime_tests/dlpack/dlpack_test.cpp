// DLPack: every malformed tensor is a layout_error naming what is wrong; well-formed ones view the
// elements the DLPack definition says (data + byte_offset + sum(index * stride) * itemsize,
// computed here by hand), static views only when they match, and to_dlpack writes the fields.
#include <complex>
#include <cstdint>
#include <numeric>
#include <strider/dlpack.hpp>
#include <vector>

#include "../catch.hpp"
#include "../test_helpers.hpp"

using namespace strider;
using strider_test::message_of;

namespace {
std::vector<float> data = [] {
  std::vector<float> v(64);
  std::iota(v.begin(), v.end(), 0.0f);
  return v;
}();

DLTensor make_tensor(std::int64_t* shape, std::int64_t* strides, int ndim, std::uint64_t byte_offset = 0) {
  DLTensor t{};
  t.data = data.data();
  t.device = {kDLCPU, 0};
  t.ndim = ndim;
  t.dtype = {kDLFloat, 32, 1};
  t.shape = shape;
  t.strides = strides;
  t.byte_offset = byte_offset;
  return t;
}
}  // namespace

TEST_CASE("from_dlpack views what the DLPack fields describe") {
  std::int64_t shape[] = {3, 4}, strides[] = {1, 5};
  const DLTensor t = make_tensor(shape, strides, 2, 2 * sizeof(float));
  const auto v = from_dlpack<float>(t);
  for (index_t i = 0; i < 3; ++i)
    for (index_t j = 0; j < 4; ++j) REQUIRE(v(i, j) == data[static_cast<std::size_t>(2 + i * 1 + j * 5)]);
  // Null strides: C-contiguous.
  const DLTensor c = make_tensor(shape, nullptr, 2);
  CHECK(from_dlpack<float>(c).strides() == dims{4, 1});
  CHECK(from_dlpack<const float>(c)(2, 3) == 11.0f);
  // Rank 0, and an empty tensor (null data allowed).
  const DLTensor scalar = make_tensor(nullptr, nullptr, 0, 5 * sizeof(float));
  CHECK(from_dlpack<float>(scalar)() == 5.0f);
  std::int64_t empty_shape[] = {0, 3};
  DLTensor empty = make_tensor(empty_shape, nullptr, 2);
  empty.data = nullptr;
  CHECK(from_dlpack<float>(empty).size() == 0);
  // A static view when the layout matches exactly, and a layout_error naming the axis otherwise.
  std::int64_t transposed_strides[] = {1, 4};
  std::int64_t shape43[] = {4, 3};
  const DLTensor tr = make_tensor(shape43, transposed_strides, 2);
  const auto s = from_dlpack<float, permute_t<contiguous<3, 4>, 1, 0>>(tr);
  CHECK(s(3, 2) == 11.0f);
  CHECK(message_of([&] { from_dlpack<float, contiguous<4, 3>>(tr); }) == "from_dlpack: axis 0 has stride 1, the static layout 3");
  CHECK(message_of([&] { from_dlpack<float, permute_t<contiguous<4, 4>, 1, 0>>(tr); }) == "from_dlpack: axis 1 has extent 3, the static layout 4");
  CHECK(message_of([&] { from_dlpack<float, contiguous<12>>(tr); }) == "from_dlpack: the tensor has rank 2, the static layout 1");
  CHECK(message_of([&] { from_dlpack<float, slice_t<permute_t<contiguous<3, 4>, 1, 0>, "1:">>(tr); }).starts_with("from_dlpack: axis 0 has extent 4"));
  DLManagedTensor managed{tr, nullptr, nullptr};
  CHECK(from_dlpack<float>(&managed)(3, 2) == 11.0f);
}

TEST_CASE("from_dlpack refuses every malformed tensor with a message") {
  std::int64_t shape[] = {3, 4}, strides[] = {4, 1};
  const DLTensor good = make_tensor(shape, strides, 2);
  DLTensor t = good;
  t.dtype = {kDLInt, 32, 1};
  CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: the tensor's dtype (code 0, 32 bits, 1 lanes) is not the element type's (code 2, 32 bits, 1 lane)");
  t.dtype = {kDLFloat, 64, 1};
  CHECK(message_of([&] { from_dlpack<float>(t); }).starts_with("from_dlpack: the tensor's dtype (code 2, 64 bits"));
  t.dtype = {kDLFloat, 32, 4};
  CHECK(message_of([&] { from_dlpack<float>(t); }).starts_with("from_dlpack: the tensor's dtype (code 2, 32 bits, 4 lanes)"));
  CHECK(message_of([&] { from_dlpack<std::int32_t>(good); }).starts_with("from_dlpack: the tensor's dtype (code 2"));
  CHECK(message_of([&] { from_dlpack<std::uint32_t>(good); }).starts_with("from_dlpack: the tensor's dtype"));
  t = good;
  t.device = {kDLCUDA, 1};
  CHECK(message_of([&] { from_dlpack<float>(t); }).starts_with("from_dlpack: the tensor lives on device type 2 (id 1), not the CPU"));
  t = good;
  t.byte_offset = 6;
  CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: byte_offset 6 is not a multiple of the element size 4");
  t = good;
  t.ndim = 9;
  CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: ndim 9 is outside [0, max_rank = 8]");
  t.ndim = -1;
  CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: ndim -1 is outside [0, max_rank = 8]");
  std::int64_t negative[] = {3, -4};
  CHECK(message_of([&] { from_dlpack<float>(make_tensor(negative, strides, 2)); }) == "from_dlpack: extent -4 of axis 1 is negative");
  std::int64_t huge_strides[] = {INT64_MAX / 2, 1};
  CHECK(message_of([&] { from_dlpack<float>(make_tensor(shape, huge_strides, 2)); }).starts_with("from_dlpack: layout: int64 overflow"));
  std::int64_t backwards[] = {-4, 1};
  CHECK(from_dlpack<float>(make_tensor(shape, backwards, 2, 8 * sizeof(float)))(2, 0) == 0.0f);  // negative strides from a later start
  // Negative strides may reach below `data` (NumPy exports a[::-1] so): the view's storage then
  // starts at the lowest element.
  DLTensor middle = make_tensor(shape, backwards, 2);
  middle.data = data.data() + 8;
  const auto reversed = from_dlpack<float>(middle);
  CHECK((reversed.data() == data.data() && reversed(0, 0) == 8.0f && reversed(2, 3) == 3.0f && reversed.offset() == 8));
  t = good;
  t.shape = nullptr;
  CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: shape is null for ndim 2");
  t = good;
  t.data = nullptr;
  CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: data is null for a tensor of 12 elements");
  CHECK(message_of([] { from_dlpack<float>(static_cast<const DLManagedTensor*>(nullptr)); }) == "from_dlpack: the managed tensor is null");
}

TEST_CASE("to_dlpack describes a view with the DLPack fields") {
  const tensor_view<float, dynamic_layout> v(data, slice(dynamic_layout::contiguous({4, 8}), "1:, ::-2"));
  DLManagedTensor* m = to_dlpack(v);
  const DLTensor& t = m->dl_tensor;
  CHECK(t.data == data.data());
  CHECK(t.device.device_type == kDLCPU);
  CHECK((t.ndim == 2 && t.shape[0] == 3 && t.shape[1] == 4 && t.strides[0] == 8 && t.strides[1] == -2));
  CHECK((t.dtype.code == kDLFloat && t.dtype.bits == 32 && t.dtype.lanes == 1));
  CHECK(t.byte_offset == 15 * sizeof(float));
  // Read back through the definition, by hand.
  const auto* base = static_cast<const char*>(t.data) + t.byte_offset;
  CHECK(*reinterpret_cast<const float*>(base + (2 * t.strides[0] + 3 * t.strides[1]) * 4) == v(2, 3));
  m->deleter(m);
  const tensor_view<const std::complex<double>, contiguous<2>> z(reinterpret_cast<const std::complex<double>*>(data.data()));
  DLManagedTensor* mz = to_dlpack(z);
  CHECK((mz->dl_tensor.dtype.code == kDLComplex && mz->dl_tensor.dtype.bits == 128));
  mz->deleter(mz);
}
