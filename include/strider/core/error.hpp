// strider/core/error.hpp: the one exception type of the library.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace strider {

/// Thrown for every invalid layout request. The message starts with the operation's name and
/// a colon ("permute: repeated axis 1"), as NumPy's and PyTorch's errors name the call.
///
/// Every check in the core is written `throw layout_error("op: text with {} holes", values...)`
/// on a single line. Inside a constant expression (a static layout) the throw itself is the
/// compile error, and compilers print that source line, so the message template is what the
/// user reads, with the values in the call the compiler shows above it. At run time the holes
/// are filled with the values.
class layout_error : public std::invalid_argument {
 public:
  template <class... Args>
  explicit layout_error(std::string_view format, const Args&... args)
      : std::invalid_argument(fill(format, {to_text(args)...})) {}

 private:
  template <class T>
  static std::string to_text(const T& value) {
    if constexpr (std::is_arithmetic_v<T>) {
      return std::to_string(value);
    } else {
      return std::string(std::string_view(value));
    }
  }

  static std::string fill(std::string_view format, std::initializer_list<std::string> values) {
    std::string out;
    auto next = values.begin();
    for (std::size_t i = 0; i < format.size(); ++i) {
      if (format[i] == '{' && i + 1 < format.size() && format[i + 1] == '}' && next != values.end()) {
        out += *next++;
        ++i;
      } else {
        out += format[i];
      }
    }
    return out;
  }
};

/// A layout_error about one character of NumPy index text (slice): its message names the column
/// ("slice: syntax error at column 7: ..."), and column() gives it (1-based, in the index text),
/// so that a tool can point at it.
class index_text_error : public layout_error {
 public:
  template <class... Args>
  index_text_error(std::size_t column, std::string_view format, const Args&... args)
      : layout_error(format, column, args...), column_(column) {}
  std::size_t column() const noexcept { return column_; }

 private:
  std::size_t column_;
};

}  // namespace strider
