// strider/core/slice.hpp: NumPy basic indexing from the text you would write between [ ].
//
//   slice(l, "1:, ::-1")   slice(l, "..., 0")   slice(l, "None, 2:5:2, -1")
//
// Items are separated by commas: an integer (negative counts from the end; the axis is removed),
// `start:stop:step` with any part omitted (NumPy clamps out-of-range bounds), `None` or
// `newaxis` (a new axis of extent 1), and at most one `...` (as many `:` as needed). Axes not
// mentioned are kept whole. The items may be wrapped in one pair of parentheses, as a Python
// tuple; `()` is NumPy's empty tuple index `a[()]`, the whole array. Parsed by the same constexpr code at compile and at run time.
#pragma once

#include "../util/text_view.hpp"

#include "../util/checked.hpp"
#include "../util/error.hpp"
#include "layout.hpp"
#include "operations.hpp"
#include "../util/text.hpp"

namespace strider {

namespace detail {

struct index_item {
  enum kind_t { integer, range, new_axis, ellipsis } kind = integer;
  index_t value = 0;  // integer index
  bool has_start = false, has_stop = false, has_step = false;
  index_t start = 0, stop = 0, step = 1;
  std::size_t column = 0;  // 1-based, of the item's first character in the index text (an error's caret)
};

inline constexpr std::size_t max_index_items = 2 * max_rank + 1;

struct index_expression {
  index_item items[max_index_items] = {};
  std::size_t count = 0;
};

// The index text's items, in order. A free function of the text alone, so that the compiler's
// constant evaluator, which remembers calls by their arguments, parses each distinct index text
// once per translation unit. Columns in messages are 1-based.
STRIDER_HOST_DEVICE constexpr index_expression parse_index(detail::text_view text) {
  const char* s = text.data();
  std::size_t n = text.size();
  std::size_t pos = 0;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto skip_spaces = [&] {
    while (pos < n && (s[pos] == ' ' || s[pos] == '\t')) ++pos;
  };
  // The length of None, newaxis or np.newaxis at pos, as a whole word; 0 when there is none.
  const auto new_axis_word = [&]() -> std::size_t {
    const detail::text_view rest = text.substr(pos);
    const std::size_t length = rest.starts_with("None") ? 4 : rest.starts_with("newaxis") ? 7 : rest.starts_with("np.newaxis") ? 10 : 0;
    const char after = pos + length < n ? s[pos + length] : ' ';
    const bool word_ends = !(is_digit(after) || after == '_' || after == '.' || (after >= 'a' && after <= 'z') || (after >= 'A' && after <= 'Z'));
    return word_ends ? length : 0;
  };
  index_expression out;
  skip_spaces();
  if (pos == n) detail::refuse("slice: empty index (write \":\", \"...\" or \"()\" for everything)");
  // A parenthesized tuple is its items, as in Python (a[(1, 2)] is a[1, 2]); the empty tuple
  // selects everything (NumPy's a[()]).
  std::size_t last = n;
  while (last > pos && (s[last - 1] == ' ' || s[last - 1] == '\t')) --last;
  if (s[pos] == '(' && s[last - 1] == ')' && last - pos >= 2) {
    ++pos;
    n = last - 1;
    skip_spaces();
    if (pos == n) return out;
  }
  while (true) {
    if (out.count == max_index_items) detail::refuse("slice: more than {} items in the index", max_index_items);
    index_item& it = out.items[out.count++];
    it.column = pos + 1;
    if (text.substr(pos, 3) == "...") {
      it.kind = index_item::ellipsis;
      pos += 3;
    } else if (const std::size_t word = new_axis_word(); word > 0) {
      it.kind = index_item::new_axis;
      pos += word;
    } else {
      // An integer, or start:stop:step with any part omitted.
      std::size_t part = 0;
      bool any = false;
      while (true) {
        skip_spaces();
        const bool sign = pos < n && (s[pos] == '-' || s[pos] == '+');
        if (pos + (sign ? 1 : 0) < n && is_digit(s[pos + (sign ? 1 : 0)])) {
          const std::size_t column = pos + 1;
          const bool negative = s[pos] == '-';
          if (sign) ++pos;
          index_t value = 0;
          if (!read_digits(s, n, pos, negative, value)) detail::refuse_at(column, "slice: the integer at column {} of the index does not fit in int64");
          any = true;
          if (part == 0) it.has_start = true, it.start = value;
          else if (part == 1) it.has_stop = true, it.stop = value;
          else if (value == 0) detail::refuse_at(column, "slice: the step at column {} of the index is zero (slice step cannot be zero)");
          else it.has_step = true, it.step = value;
          skip_spaces();
        }
        if (pos == n || s[pos] != ':' || part == 2) break;
        ++pos;
        ++part;
        any = true;
      }
      if (!any) detail::refuse_at(pos + 1, "slice: syntax error at column {} of the index: expected an integer, ':', '...', None or newaxis");
      it.kind = part == 0 ? index_item::integer : index_item::range;
      if (part == 0) it.value = it.start;
    }
    skip_spaces();
    if (pos == n) break;
    if (s[pos] != ',') detail::refuse_at(pos + 1, "slice: syntax error at column {} of the index: expected ',' or the end of the index");
    ++pos;
    skip_spaces();
    if (pos == n) break;  // a trailing comma is allowed, as in Python
  }
  return out;
}

// NumPy's PySlice_AdjustIndices: clamps start and stop into the axis and counts the elements.
template <class E>
struct resolved_range {
  E start, step, length;
};

// On an unknown extent n (a mixed layout's compile-time pass) the result's entries are those of
// a non-empty slice: a start past the end, which NumPy clamps, leaves the slice empty.
template <class E>
STRIDER_HOST_DEVICE constexpr resolved_range<E> resolve_range(const index_item& it, E n) {
  const index_t step = it.has_step ? it.step : 1;
  E start = 0, stop = 0;
  if (step > 0) {
    start = !it.has_start ? E(0) : it.start < 0 ? detail::max_of(it.start + n, 0) : detail::min_if_nonempty(E(it.start), n);
    stop = !it.has_stop ? n : it.stop < 0 ? detail::max_of(it.stop + n, 0) : detail::min_of(it.stop, n);
  } else {
    start = !it.has_start ? n - 1 : it.start < 0 ? detail::max_of(it.start + n, -1) : detail::min_of(it.start, n - 1);
    stop = !it.has_stop ? E(-1) : it.stop < 0 ? detail::max_of(it.stop + n, -1) : detail::min_of(it.stop, n - 1);
  }
  E length = 0;
  // The whole axis and step 1 count from the extent or the difference itself, so that a run-time
  // extent keeps what it is a multiple of (dyn_multiple<4> by step 2 is dyn_multiple<2>).
  if (!it.has_start && !it.has_stop && step != 1 && step != INT64_MIN) {  // INT64_MIN has no int64 magnitude: the general rule
    const index_t size = step > 0 ? step : -step;
    length = n % size == 0 ? n / size : (n - 1) / size + 1;
  } else if (step == 1) length = pick(stop > start, stop - start, 0);
  else if (step > 0) length = pick(stop > start, (stop - start - 1) / step + 1, 0);
  else length = pick(start > stop, -((start - stop - 1) / step) + 1, 0);
  if (length == 0) return {0, 1, 0};  // NumPy points an empty slice at its axis start, step 1
  return {start, step, length};
}

}  // namespace detail

/// NumPy basic indexing `a[index]`, with `index` written as in Python (see the file comment).
/// @pre `index` is NumPy basic indexing (integers, slices, `...`, None or newaxis) whose integers are in
///      range for their axes.
/// @example `contiguous(3, 4)[1:, ::-1]` is shape (2, 4), strides (4, -1), offset 7.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L slice(const L& l, detail::text_view index) {
  using E = detail::entry_t<detail::value_t<L>>;
  const detail::index_expression expr = detail::parse_index(index);
  const auto& in = l.entries();
  std::size_t integers = 0, ranges = 0, new_axes = 0, ellipses = 0;
  for (std::size_t i = 0; i < expr.count; ++i) {
    const auto kind = expr.items[i].kind;
    integers += kind == detail::index_item::integer;
    ranges += kind == detail::index_item::range;
    new_axes += kind == detail::index_item::new_axis;
    ellipses += kind == detail::index_item::ellipsis;
  }
  const std::size_t consumed = integers + ranges;
  if (ellipses > 1) detail::refuse("slice: an index can only have a single ellipsis ('...')");
  if (consumed > in.rank) detail::refuse("slice: too many indices: the layout has rank {} but {} were indexed", in.rank, consumed);
  if (in.rank - integers + new_axes > max_rank) detail::refuse("slice: the result's rank would exceed max_rank ({})", max_rank);
  detail::value_t<L> out{};
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  // An empty result whose offset does not fit in int64 keeps the input's offset, and an axis of
  // at most one element whose stride * step does not fit keeps the input's stride (NumPy's
  // wrapped values address nothing either): see detail::overflow_note.
  detail::overflow_note<E> note;
  std::size_t axis = 0;
  for (std::size_t i = 0; i < expr.count; ++i) {
    const detail::index_item& it = expr.items[i];
    switch (it.kind) {
      case detail::index_item::ellipsis:
        for (std::size_t k = 0; k < in.rank - consumed; ++k, ++axis, ++out.rank) {
          out.shape[out.rank] = in.shape[axis];
          out.strides[out.rank] = in.strides[axis];
        }
        break;
      case detail::index_item::new_axis:
        out.shape[out.rank] = 1;
        out.strides[out.rank++] = 0;  // written, as every entry below the rank (see validate)
        break;
      case detail::index_item::integer: {
        const E n = in.shape[axis];
        const E j = it.value < 0 ? it.value + n : E(it.value);
        if (j < 0 || j >= n) detail::refuse_at_item(it.column, "slice: index {} is out of range for axis {} with extent {}", it.value, axis, detail::known_value(n));
        out.offset = detail::moved_offset(out.offset, j, in.strides[axis], note);
        ++axis;
        break;
      }
      case detail::index_item::range: {
        const detail::resolved_range<E> r = detail::resolve_range(it, in.shape[axis]);
        out.offset = detail::moved_offset(out.offset, r.start, in.strides[axis], note);
        out.shape[out.rank] = r.length;
        out.strides[out.rank++] = detail::stride_product(in.strides[axis], r.step, r.length, in.strides[axis], note);
        ++axis;
        break;
      }
    }
  }
  for (; axis < in.rank; ++axis, ++out.rank) {
    out.shape[out.rank] = in.shape[axis];
    out.strides[out.rank] = in.strides[axis];
  }
  detail::refuse_used_overflow(note, out, "slice");
  // Every element of the result is an element of the input, so it keeps the input's invariants.
  return detail::subset_result(out);
}

// Under nvcc, the non-template forms (see the end of operations.hpp).
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr dynamic_layout slice(const dynamic_layout& l, detail::text_view index) { return slice<dynamic_layout>(l, index); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout slice(const detail::maybe_layout& l, detail::text_view index) { return slice<detail::maybe_layout>(l, index); }
#endif

}  // namespace strider
