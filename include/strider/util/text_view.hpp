// strider/util/text_view.hpp: the index and pattern text the rules read (slice's "1:, ::-1",
// rearrange's "b (h w) -> b h w"), as a pointer and a length.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "config.hpp"

namespace strider::detail {

/// std::string_view's part the rules use, usable in CUDA device code too (nvcc does not let
/// device code call std::string_view's members without --expt-relaxed-constexpr). Made from a
/// C string, a pointer and a length, or on the host from anything std::string_view is made from.
class text_view {
 public:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  constexpr text_view() = default;
  STRIDER_HOST_DEVICE constexpr text_view(const char* text, std::size_t size) : data_(text), size_(size) {}
  STRIDER_HOST_DEVICE constexpr text_view(const char* text) : data_(text) {
    while (text[size_] != '\0') ++size_;
  }
  template <class S>
    requires std::is_class_v<S> && std::convertible_to<const S&, std::string_view> && (!std::convertible_to<const S&, const char*>)
  constexpr text_view(const S& text) : text_view(std::string_view(text).data(), std::string_view(text).size()) {}
  constexpr operator std::string_view() const { return {data_, size_}; }

  STRIDER_HOST_DEVICE constexpr const char* data() const { return data_; }
  STRIDER_HOST_DEVICE constexpr std::size_t size() const { return size_; }
  STRIDER_HOST_DEVICE constexpr bool empty() const { return size_ == 0; }
  STRIDER_HOST_DEVICE constexpr char operator[](std::size_t i) const { return data_[i]; }
  /// Characters [pos, pos + count) (to the end where fewer are left); pos at most size().
  STRIDER_HOST_DEVICE constexpr text_view substr(std::size_t pos, std::size_t count = npos) const {
    const std::size_t left = size_ - pos;
    return {data_ + pos, count < left ? count : left};
  }
  STRIDER_HOST_DEVICE constexpr bool starts_with(text_view prefix) const { return prefix.size_ <= size_ && substr(0, prefix.size_) == prefix; }
  friend STRIDER_HOST_DEVICE constexpr bool operator==(text_view a, text_view b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
      if (a.data_[i] != b.data_[i]) return false;
    return true;
  }

 private:
  const char* data_ = "";
  std::size_t size_ = 0;
};

}  // namespace strider::detail
