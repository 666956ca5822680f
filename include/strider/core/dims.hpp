// strider/core/dims.hpp: a list of at most max_rank integers (extents, strides, axes).
#pragma once

#include <concepts>
#include <initializer_list>

#include "../util/config.hpp"
#include "../util/error.hpp"

namespace strider {

/// A fixed-capacity list of up to `max_rank` integers: the argument and result type of the
/// run-time API for shapes, strides and axis lists. Constant-expression friendly; never
/// allocates. Building one with more than `max_rank` entries throws `layout_error`.
class dims {
 public:
  constexpr dims() = default;
  STRIDER_HOST_DEVICE constexpr dims(std::initializer_list<index_t> values) : size_(values.size()) {
    if (size_ > max_rank) detail::refuse("layout: rank exceeds max_rank ({})", max_rank);
    const index_t* v = values.begin();  // one call, then plain reads: cheap in constant evaluation
    for (std::size_t i = 0; i < size_; ++i) values_[i] = v[i];
  }
  /// From any container of integers with begin() and end() (std::vector, std::span,
  /// std::array, ...). Spelled without <ranges>, which would cost every user of the core more
  /// to compile than the whole core does. A host container in host code is fine under nvcc.
  STRIDER_CALLS_CALLER
  template <class R>
    requires requires(const R& r) {
      { *r.begin() } -> std::convertible_to<index_t>;
      r.end();
    } && std::integral<std::remove_cvref_t<decltype(*std::declval<const R&>().begin())>>
  STRIDER_HOST_DEVICE constexpr explicit dims(const R& values) {
    for (auto v : values) push_back(static_cast<index_t>(v));
  }

  STRIDER_HOST_DEVICE constexpr std::size_t size() const { return size_; }
  STRIDER_HOST_DEVICE constexpr bool empty() const { return size_ == 0; }
  STRIDER_HOST_DEVICE constexpr index_t operator[](std::size_t i) const { return values_[i]; }
  STRIDER_HOST_DEVICE constexpr index_t& operator[](std::size_t i) { return values_[i]; }
  STRIDER_HOST_DEVICE constexpr const index_t* begin() const { return values_; }
  STRIDER_HOST_DEVICE constexpr const index_t* end() const { return values_ + size_; }
  STRIDER_HOST_DEVICE constexpr index_t* begin() { return values_; }
  STRIDER_HOST_DEVICE constexpr index_t* end() { return values_ + size_; }

  STRIDER_HOST_DEVICE constexpr void push_back(index_t v) {
    if (size_ == max_rank) detail::refuse("layout: rank exceeds max_rank ({})", max_rank);
    values_[size_++] = v;
  }
  friend STRIDER_HOST_DEVICE constexpr bool operator==(const dims& a, const dims& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
      if (a.values_[i] != b.values_[i]) return false;
    return true;
  }

 private:
  std::size_t size_ = 0;
  index_t values_[max_rank] = {};
};

}  // namespace strider
