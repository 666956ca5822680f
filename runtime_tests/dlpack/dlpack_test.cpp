// DLPack: every malformed tensor is a layout_error naming what is wrong; well-formed ones view the
// elements the DLPack definition says (data + byte_offset + sum(index * stride) * itemsize,
// computed here by hand), static views only when they match, and to_dlpack writes the fields.
#include <complex>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
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

// Issue 35: a DLPack producer's fields are the attacker's input. Every one of these was accepted
// (or undefined behaviour under UBSan) before; each is now a layout_error "from_dlpack: ...".
TEST_CASE("from_dlpack checks the addresses, the storage size, the device code and the alignment") {
  using strider::layout_error;
  // strides {2^62} over doubles: element 1 at 2^65 bytes, wrapped onto element 0.
  {
    std::vector<double> d(4);
    std::int64_t shape[] = {2}, strides[] = {std::int64_t{1} << 62};
    DLTensor t = make_tensor(shape, strides, 1);
    t.data = d.data();
    t.dtype = {kDLFloat, 64, 1};
    CHECK(message_of([&] { from_dlpack<double>(t); })== "from_dlpack: 4611686018427387905 elements of 8 bytes are more than the largest object (9223372036854775807 bytes)");
  }
  // byte_offset = UINT64_MAX - 3: element 0 four bytes before data, once wrapped.
  {
    std::int64_t shape[] = {1};
    DLTensor t = make_tensor(shape, nullptr, 1, UINT64_MAX - 3);
    CHECK(message_of([&] { from_dlpack<float>(t); }) == "from_dlpack: 4611686018427387904 elements of 4 bytes are more than the largest object (9223372036854775807 bytes)");
  }
  // strides {-2^61} over floats: the storage would start 2^63 bytes before data.
  {
    std::int64_t shape[] = {2}, strides[] = {-(std::int64_t{1} << 61)};
    DLTensor t = make_tensor(shape, strides, 1);
    CHECK(message_of([&] { from_dlpack<float>(t); }).find("below the start of the address space") != std::string::npos);
  }
  // strides {INT64_MIN} and {-2^62, -2^62}: the lowest offset's negation overflowed (UB).
  {
    std::int64_t shape[] = {2}, strides[] = {INT64_MIN};
    CHECK(message_of([&] { from_dlpack<float>(make_tensor(shape, strides, 1)); }) == "from_dlpack: layout: the lowest element lies 9223372036854775808 elements before data, below the start of the address space");
    std::int64_t shape2[] = {2, 2}, strides2[] = {-(std::int64_t{1} << 62), -(std::int64_t{1} << 62)};
    CHECK(message_of([&] { from_dlpack<float>(make_tensor(shape2, strides2, 2)); }) == "from_dlpack: layout: the lowest element lies 9223372036854775808 elements before data, below the start of the address space");
  }
  // A device type that is none of the enum's values (a newer DLPack's, or garbage): reported as
  // the number the producer wrote, not read as the enum.
  for (const int code : {16, 17, 1000}) {
    DLTensor t = make_tensor(nullptr, nullptr, 0);
    const auto raw = static_cast<std::underlying_type_t<DLDeviceType>>(code);
    std::memcpy(&t.device.device_type, &raw, sizeof raw);
    CHECK(message_of([&] { from_dlpack<float>(t); }).rfind("from_dlpack: the tensor lives on device type " + std::to_string(code) + " (id 0), not the CPU", 0) == 0);
  }
  // data misaligned for the element type.
  {
    std::int64_t shape[] = {2};
    DLTensor t = make_tensor(shape, nullptr, 1);
    t.data = reinterpret_cast<char*>(data.data()) + 2;
    CHECK(message_of([&] { from_dlpack<float>(t); }).find("is not aligned to 4 bytes, the element type's alignment") != std::string::npos);
  }
  // A static layout that knows more storage than the tensor has: as_strided would reach past it.
  {
    std::vector<float> two(2);
    std::int64_t shape[] = {2};
    DLTensor t = make_tensor(shape, nullptr, 1);
    t.data = two.data();
    CHECK(message_of([&] { from_dlpack<float, slice_t<contiguous<1000>, ":2">>(t); }) ==
          "from_dlpack: the tensor's storage holds 2 elements but the static layout's storage_size is 1000");
    CHECK(from_dlpack<float, contiguous<2>>(t).size() == 2);
    std::int64_t shape2[] = {1}, strides2[] = {2};
    DLTensor t2 = make_tensor(shape2, strides2, 1);
    t2.data = two.data();
    CHECK(message_of([&] { from_dlpack<float, slice_t<contiguous<2>, ":1">>(t2); }) ==
          "from_dlpack: the tensor's storage holds 1 elements but the static layout's storage_size is 2");
  }
}

TEST_CASE("a view at a storage offset whose byte offset wraps cannot be made, so to_dlpack never exports one") {
  // Storage offset 2^62 floats: 2^64 bytes from data. to_dlpack also refuses such an offset
  // itself, but the view's constructor stops it first.
  CHECK(message_of([] { strider::tensor_view<float, dynamic_layout>(data.data(), dynamic_layout({1}, {1}, std::int64_t{1} << 62)); })
            .find("are more than the largest object") != std::string::npos);
}
