// What the libFuzzer targets share: reading typed fields off the input, and an invariant that
// stops the fuzzer (abort) with a line saying which.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace strider_fuzz {

inline void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

// The input as a stream of fields; past its end every field reads 0.
struct input {
  const std::uint8_t* data;
  std::size_t size;
  template <class T>
  T take() {
    T value{};
    const std::size_t n = size < sizeof(T) ? size : sizeof(T);
    std::memcpy(&value, data, n);
    data += n;
    size -= n;
    return value;
  }
};

}  // namespace strider_fuzz
