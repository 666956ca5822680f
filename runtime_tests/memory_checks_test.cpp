// Issue 35: every way of making a view over memory checks the memory (storage/memory.hpp): the
// storage the layout knows (which as_strided may reach) against the memory given, the element
// addresses against the address space, and the alignment of data for the element type. Each case
// here was accepted before, and read or wrote outside the memory it was given.
#include <strider/core.hpp>
#include <strider/static.hpp>
#include <strider/storage.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider;
using strider_test::message_of;

namespace {
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("memory: a view over a range checks a mixed layout's storage size, not only its span") {
  std::vector<float> two_floats(2);
  // slice<":2"> of a 1000-element mixed layout: span 2, but storage 1000, which as_strided may reach.
  const auto s = slice<":2">(contiguous<dyn>(1000));
  CHECK(s.storage_size() == 1000);
  CHECK(s.required_span() == 2);
  CHECK(message_of([&] { tensor_view<float, std::remove_const_t<decltype(s)>> t(two_floats, s); }) ==
        "view: storage has 2 elements but the layout's storage_size is 1000");
  // With enough memory it is accepted, and as_strided reaches its last element.
  std::vector<float> thousand(1000);
  thousand[999] = 7.0f;
  tensor_view<float, std::remove_const_t<decltype(s)>> t(thousand, s);
  CHECK(as_strided<shape<1>, strides<1>, 999>(t)(0) == 7.0f);
  // A static layout's storage size was checked already; a dynamic layout's view knows the range.
  CHECK(message_of([&] { tensor_view<float, slice_t<contiguous<1000>, ":2">> v(two_floats); }) ==
        "view: storage has 2 elements but the layout's storage_size is 1000");
}

TEST_CASE("memory: layout_cast to a static layout checks its storage size") {
  // slice_t<contiguous<1000>, ":2"> is two elements of a storage of 1000: as_strided on the cast
  // layout could reach all of it, and a 2-element layout knows only 2.
  CHECK(message_of([] { layout_cast<slice_t<contiguous<1000>, ":2">>(dynamic_layout::contiguous({2})); }) ==
        "layout_cast: the layout knows a storage of 2 elements but the type's storage_size is 1000");
  CHECK_NOTHROW(layout_cast<slice_t<contiguous<1000>, ":2">>(with_storage(dynamic_layout::contiguous({2}), 1000)));
  CHECK_NOTHROW(layout_cast<contiguous<2>>(with_storage(dynamic_layout::contiguous({2}), 1000)));  // less storage is always safe
}

TEST_CASE("memory: a pointer's addresses are checked for static, mixed and dynamic layouts") {
  alignas(8) static float storage[8] = {};
  float* const misaligned = reinterpret_cast<float*>(reinterpret_cast<char*>(storage) + 2);
  const std::string not_aligned = "is not aligned to 4 bytes, the element type's alignment";
  CHECK(contains(message_of([&] { tensor_view<float, contiguous<2>> v(misaligned); }), not_aligned));
  CHECK(contains(message_of([&] { tensor_view<float, dynamic_layout> v(misaligned, dynamic_layout::contiguous({2})); }), not_aligned));
  CHECK(contains(message_of([&] { tensor_view<float, contiguous<dyn>> v(misaligned, contiguous<dyn>(2)); }), not_aligned));
  CHECK(contains(message_of([&] { tensor_view<float, dynamic_layout> v(std::span<float>(misaligned, 2), dynamic_layout::contiguous({2})); }), not_aligned));
  // A storage larger than any object (2^64 bytes), and one whose last byte would lie past the end
  // of the address space (a pointer 16 bytes below it, never dereferenced).
  const dynamic_layout far({1}, {1}, std::int64_t{1} << 62);
  CHECK(message_of([&] { tensor_view<float, dynamic_layout> v(storage, far); }) ==
        "view: 4611686018427387905 elements of 4 bytes are more than the largest object (9223372036854775807 bytes)");
  CHECK(contains(message_of([&] { tensor_view<double, layout<shape<1>, strides<1>, (std::int64_t{1} << 61)>> v(reinterpret_cast<double*>(storage)); }),
                 "are more than the largest object"));
  float* const top = reinterpret_cast<float*>(UINTPTR_MAX - 15);
  CHECK(contains(message_of([&] { tensor_view<float, contiguous<8>> v(top); }), "reach past the end of the address space"));
  CHECK(contains(message_of([&] { tensor_view<float, dynamic_layout> v(top, dynamic_layout::contiguous({4})); }), "reach past the end of the address space"));
  CHECK_NOTHROW(tensor_view<float, dynamic_layout>(top, dynamic_layout::contiguous({3})));  // its one-past-the-end address is the last
  // Null data for a non-empty layout; an empty layout may have any pointer.
  CHECK(message_of([] { tensor_view<float, dynamic_layout> v(nullptr, dynamic_layout::contiguous({3})); }) == "view: data is null for a storage of 3 elements");
  CHECK_NOTHROW(tensor_view<float, dynamic_layout>(nullptr, dynamic_layout::contiguous({0, 3})));
  CHECK_NOTHROW(tensor_view<float, contiguous<0>>(nullptr));
  // Views derived from a checked view are not checked again, and stay correct.
  tensor_view<float, contiguous<2, 4>> ok(storage);
  CHECK(&permute<1, 0>(ok)(3, 1) == &storage[7]);
}
