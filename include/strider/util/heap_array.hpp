// strider/util/heap_array.hpp: an owning array on the heap, as std::unique_ptr<T[]>, without
// <memory> (which alone costs more to compile than the whole core). Used by dynamic tensors,
// the copy engine's temporaries and storage-order iteration.
#pragma once

#include <cstddef>
#include <cstdint>

#include "config.hpp"
#include "error.hpp"

namespace strider::detail {

/// `n` elements of T as an allocation's element count, checked: layout_error "op: ..." when
/// their bytes, n * sizeof(T), exceed the largest object (PTRDIFF_MAX bytes), where `new T[n]`
/// would throw std::bad_array_new_length (or wrap the byte count) before allocating anything.
/// A count that fits may still fail to allocate: that is std::bad_alloc, as for any allocation.
/// Example: allocation_count<float>(INT64_MAX, "dynamic_tensor") throws "dynamic_tensor: a
/// storage of 9223372036854775807 elements of 4 bytes is larger than the largest allocation
/// (9223372036854775807 bytes)".
template <class T>
std::size_t allocation_count(index_t n, const char* op) {
  constexpr auto largest = static_cast<std::uintmax_t>(PTRDIFF_MAX);
  if (n < 0 || static_cast<std::uintmax_t>(n) > largest / sizeof(T))
    throw layout_error("{}: a storage of {} elements of {} bytes is larger than the largest allocation ({} bytes)", op, n, sizeof(T), largest);
  return static_cast<std::size_t>(n);
}

template <class T>
class heap_array {
 public:
  struct for_overwrite_t {};

  constexpr heap_array() = default;
  /// n value-initialized elements (zero for arithmetic types).
  explicit heap_array(std::size_t n) : data_(new T[n]()) {}
  /// n default-initialized elements (indeterminate for arithmetic types), to be overwritten.
  heap_array(std::size_t n, for_overwrite_t) : data_(new T[n]) {}
  heap_array(heap_array&& other) noexcept : data_(other.data_) { other.data_ = nullptr; }
  heap_array& operator=(heap_array&& other) noexcept {
    if (this != &other) {
      delete[] data_;
      data_ = other.data_;
      other.data_ = nullptr;
    }
    return *this;
  }
  heap_array(const heap_array&) = delete;
  heap_array& operator=(const heap_array&) = delete;
  ~heap_array() { delete[] data_; }

  T* get() const noexcept { return data_; }
  T& operator[](std::size_t i) const noexcept { return data_[i]; }

 private:
  T* data_ = nullptr;
};

}  // namespace strider::detail
