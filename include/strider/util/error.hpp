// strider/util/error.hpp: the one exception type of the library.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "config.hpp"
#include "text_view.hpp"
#ifdef __CUDACC__
#include <cstdio>  // printf in device code
#endif

namespace strider {

/// Thrown for every invalid layout request. The message starts with the operation's name and
/// a colon ("permute: repeated axis 1"), as NumPy's and PyTorch's errors name the call.
///
/// Every check in the core is written `detail::refuse("op: text with {} holes", values...)` (below)
/// on a single line. Inside a constant expression (a static layout) that call is the compile
/// error, and compilers print that source line, so the message template is what the user reads,
/// with the values in the call the compiler shows above it. At run time it throws this, the
/// holes filled with the values.
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
  /// One whose message does not print the column (an index out of range: NumPy's words), which
  /// column() still gives.
  struct unprinted_column_t {};
  template <class... Args>
  index_text_error(unprinted_column_t, std::size_t column, std::string_view format, const Args&... args)
      : layout_error(format, args...), column_(column) {}
  std::size_t column() const noexcept { return column_; }

 private:
  std::size_t column_;
};

namespace detail {

/// A value a refusal prints: an integer, or a text as a pointer and a length (refusal_values).
struct refusal_value {
  const char* text = nullptr;
  std::size_t length = 0;  // of text
  long long number = 0;
  constexpr refusal_value() = default;
  // The kinds of value the checks pass: entries, axes and counts (int: literals, and bool and char
  // promoted, which would otherwise match two of these), texts.
  STRIDER_HOST_DEVICE constexpr refusal_value(index_t n) : number(n) {}
  STRIDER_HOST_DEVICE constexpr refusal_value(std::size_t n) : number(static_cast<long long>(n)) {}
  STRIDER_HOST_DEVICE constexpr refusal_value(int n) : number(n) {}
  STRIDER_HOST_DEVICE constexpr refusal_value(const char* t) : refusal_value(text_view(t)) {}
  STRIDER_HOST_DEVICE constexpr refusal_value(text_view t) : text(t.data()), length(t.size()) {}
};
/// The values of a shared check's refusal, in the order of the format's holes: `{what, axis}`.
struct refusal_values {
  refusal_value values[5] = {};
  constexpr refusal_values() = default;
  // A constructor rather than brace elision, which g++ 12 refuses for one value.
  template <class... T>
    requires(sizeof...(T) <= 5)
  STRIDER_HOST_DEVICE constexpr refusal_values(T... v) : values{refusal_value(v)...} {}  // by value: device code cannot bind a host constant (max_rank) to a reference
};

#ifdef __CUDA_ARCH__
// Device code has no exceptions: a refusal prints its message, the holes filled as on the host,
// and traps (the kernel fails with cudaErrorLaunchFailure; the message is on the device's stdout).
template <class T>
__device__ void print_refusal_value(const T& value) {
  if constexpr (std::is_integral_v<T>) printf("%lld", static_cast<long long>(value));
  else if constexpr (std::is_convertible_v<const T&, const char*>) printf("%s", static_cast<const char*>(value));
  else if constexpr (std::is_same_v<T, refusal_value>) {
    if (value.text != nullptr) printf("%.*s", static_cast<int>(value.length), value.text);
    else printf("%lld", value.number);
  }
  else if constexpr (std::is_convertible_v<const T&, text_view>) {
    const text_view text = value;
    printf("%.*s", static_cast<int>(text.size()), text.data());
  }
  else printf("(a value)");
}
template <class... Args>
[[noreturn]] __device__ void device_refusal_in(const char* operation, const char* format, const Args&... args) {
  printf("strider: ");
  if (operation != nullptr) printf("%s: ", operation);
  const char* hole = format;
  const auto next = [&hole](const auto& value) {
    const char* h = hole;
    while (*h != '\0' && !(h[0] == '{' && h[1] == '}')) ++h;
    printf("%.*s", static_cast<int>(h - hole), hole);
    if (*h != '\0') {
      print_refusal_value(value);
      h += 2;
    }
    hole = h;
  };
  (next(args), ...);
  printf("%s\n", hole);
  __trap();
  __builtin_unreachable();
}
template <class... Args>
[[noreturn]] __device__ void device_refusal(const char* format, const Args&... args) {
  device_refusal_in(nullptr, format, args...);
}
#endif

#ifndef __CUDA_ARCH__
// The host's throw for every refusal (refuse and refuse_as): one body for every list of value
// types, where layout_error's variadic constructor compiled one per list (and its texts) in
// every header that refuses from code that is not a template. A template of the value type all
// the same: g++ then compiles it only in a file that refuses somewhere.
template <class Value>
[[noreturn]] void refuse_with_values(const char* operation, const char* format, const Value* values, std::size_t count) {
  std::string message;
  if (operation != nullptr) message.append(operation).append(": ");
  std::size_t next = 0;
  for (const char* f = format; *f != '\0'; ++f) {
    if (f[0] == '{' && f[1] == '}' && next < count) {
      const Value& value = values[next++];
      if (value.text != nullptr) message.append(value.text, value.length);
      else message += std::to_string(value.number);
      ++f;
    } else {
      message += *f;
    }
  }
  throw layout_error(message);
}
#endif

/// The one way a rule refuses: `refuse("op: text with {} holes", values...)` on a single line.
/// On the host it throws layout_error (the holes filled by refuse_with_values); in CUDA device
/// code it prints the message and traps.
/// Not constexpr: inside a constant expression (a static layout) the call itself is the compile
/// error, reported on that source line, the message, and nowhere deeper.
template <class... Args>
[[noreturn]] STRIDER_HOST_DEVICE void refuse(const char* format, Args... args) {
#ifdef __CUDA_ARCH__
  device_refusal(format, args...);
#else
  const refusal_value values[] = {refusal_value(args)..., refusal_value()};
  refuse_with_values(nullptr, format, values, sizeof...(Args));
#endif
}

/// refuse() in a check that several operations share: Op (a tag with `name()`) is the operation
/// that called it, and the message starts with its name ("complement: the layout is not unique
/// ..."). The check is not a template of Op: it calls this through a pointer (check_caller::refuse,
/// below), so it is instantiated once per entry type instead of once per operation that calls it.
/// In a constant expression the compilers still name the function the pointer calls (g++ `[with Op
/// = op::complement]` on the error line, clang the note `non-constexpr function
/// 'refuse_as<...op::complement>'`), over the source line of the call, which holds the rule's text.
template <class Op>
[[noreturn]] STRIDER_HOST_DEVICE void refuse_as(const char* format, const refusal_values& values) {
#ifdef __CUDA_ARCH__
  const refusal_value* v = values.values;
  device_refusal_in(Op::name(), format, v[0], v[1], v[2], v[3], v[4]);
#else
  refuse_with_values(Op::name(), format, values.values, 5);
#endif
}

/// The operation a shared check works for: its name (for run-time messages such as an int64
/// overflow's) and its refusal, `caller.refuse("{} starts at offset {}", {what, offset})` on the
/// rule's own line. Made by called_by<Op>().
struct check_caller {
  const char* name;
  void (*refuse)(const char* format, const refusal_values& values);
};
template <class Op>
STRIDER_HOST_DEVICE constexpr check_caller called_by() { return {Op::name(), &refuse_as<Op>}; }

/// refuse() for index text: the message names the column (index_text_error).
template <class... Args>
[[noreturn]] STRIDER_HOST_DEVICE void refuse_at(std::size_t column, const char* format, Args... args) {
#ifdef __CUDA_ARCH__
  device_refusal(format, column, args...);
#else
  throw index_text_error(column, format, args...);
#endif
}

/// refuse() about an item of index text whose message keeps NumPy's words: the error carries
/// the item's column (index_text_error::column) for a tool's caret without printing it.
template <class... Args>
[[noreturn]] STRIDER_HOST_DEVICE void refuse_at_item(std::size_t column, const char* format, Args... args) {
#ifdef __CUDA_ARCH__
  (void)column;
  device_refusal(format, args...);
#else
  throw index_text_error(index_text_error::unprinted_column_t{}, column, format, args...);
#endif
}

}  // namespace detail

}  // namespace strider
