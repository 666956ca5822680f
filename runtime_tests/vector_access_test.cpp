// Vector accesses (atom/vector_access.hpp) on the host: load_vector and store_vector move the N
// elements at an aligned address as memcpy would, and refuse a misaligned one by name (unless
// NDEBUG); is_aligned against the address's remainder.
#include <cstdint>
#include <cstring>
#include <string>

#include <strider/atom/vector_access.hpp>

#include "catch.hpp"

TEST_CASE("load_vector and store_vector move N elements at an aligned address") {
  alignas(16) float in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  alignas(16) float out[8] = {};
  const strider::vector_of<float, 4> v = strider::load_vector<4>(in + 4);
  CHECK(v.value[0] == 5.0f);
  CHECK(v.value[3] == 8.0f);
  strider::store_vector(out, v);
  CHECK(std::memcmp(out, in + 4, sizeof v) == 0);
  alignas(8) std::uint16_t halves[4] = {1, 2, 3, 4};
  const auto h = strider::load_vector<4>(halves);
  static_assert(sizeof(h) == 8 && alignof(strider::vector_of<std::uint16_t, 4>) == 8);
  CHECK(h.value[2] == 3);
  static_assert(sizeof(strider::vector_of<float, 4>) == 16 && alignof(strider::vector_of<float, 4>) == 16);
}

TEST_CASE("is_aligned, and a misaligned vector access refused by name") {
  alignas(16) float storage[8] = {};
  CHECK(strider::is_aligned(storage, 16));
  CHECK(!strider::is_aligned(storage + 1, 16));
  CHECK(strider::is_aligned(storage + 2, 8));
#ifndef NDEBUG
  try {
    (void)strider::load_vector<4>(storage + 1);
    FAIL("no refusal");
  } catch (const strider::layout_error& e) {
    CHECK(std::string(e.what()) == "load_vector: the address is not aligned to the vector's 16 bytes");
  }
  CHECK_THROWS_AS(strider::store_vector(storage + 2, strider::vector_of<float, 4>{}), strider::layout_error);
#endif
}
