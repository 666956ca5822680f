// strider/core/heap_array.hpp: an owning array on the heap, as std::unique_ptr<T[]>, without
// <memory> (which alone costs more to compile than the whole core). Used by dynamic tensors,
// the copy engine's temporaries and storage-order iteration.
#pragma once

#include <cstddef>

namespace strider::detail {

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
