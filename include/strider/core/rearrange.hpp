// strider/core/rearrange.hpp: einops' `rearrange` as a view: a pattern such as
// "b (h p1) (w p2) c -> b h w (p1 p2 c)" splits the input's axes into named axes (sizes in a
// second text, "p1=2, p2=2"), reorders them and merges the output groups. Checked at every step;
// a group that cannot be merged without a copy is an error (can_rearrange tells in advance).
//
// The pattern language is einops': names, parenthesised groups, `1` (an axis of extent 1), one
// `...` per side (the axes the names do not match; in a group on the right it merges them), and
// anonymous numbers, which rearrange refuses as einops does (an axis of its own on one side only).
// On the left `...` stands for whole input axes and is never in parentheses (einops refuses
// "(...)" and "(a ...)" there too); the sizes give each name once.
#pragma once

#include <cstddef>
#include "../util/text_view.hpp"

#include "../util/checked.hpp"
#include "dims.hpp"
#include "../util/error.hpp"
#include "layout.hpp"
#include "operations.hpp"
#include "../util/text.hpp"

namespace strider {

namespace detail {

// One side of a pattern: its elements in order, each in a group (a bare name is a group of one).
struct pattern_side {
  static constexpr std::size_t capacity = 2 * max_rank + 2;
  enum kind_t : unsigned char { name, one, ellipsis };
  detail::text_view element[capacity] = {};
  kind_t kind[capacity] = {};
  std::size_t group_of[capacity] = {};
  bool in_group[capacity] = {};  // written inside parentheses
  std::size_t elements = 0, groups = 0;
  bool has_ellipsis = false;
};

STRIDER_HOST_DEVICE constexpr bool pattern_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
STRIDER_HOST_DEVICE constexpr bool pattern_digit(char c) { return c >= '0' && c <= '9'; }

STRIDER_HOST_DEVICE constexpr pattern_side parse_pattern_side(detail::text_view text, const char* side) {
  pattern_side out;
  bool in_group = false;
  std::size_t group_size = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '(') {
      if (in_group) detail::refuse("rearrange: nested parentheses on the {} of the pattern", side);
      in_group = true;
      group_size = 0;
      ++i;
      continue;
    }
    if (c == ')') {
      if (!in_group) detail::refuse("rearrange: a ')' without its '(' on the {} of the pattern", side);
      in_group = false;
      if (group_size == 0) {  // "()" is an axis of extent 1, as in einops
        if (out.elements == pattern_side::capacity) detail::refuse("rearrange: the {} of the pattern has more than {} axes", side, pattern_side::capacity);
        out.element[out.elements] = {};
        out.kind[out.elements] = pattern_side::one;
        out.group_of[out.elements] = out.groups;
        out.in_group[out.elements] = true;
        ++out.elements;
      }
      ++out.groups;
      ++i;
      continue;
    }
    std::size_t end = i;
    pattern_side::kind_t kind = pattern_side::name;
    if (c == '.' && i + 2 < text.size() && text[i + 1] == '.' && text[i + 2] == '.') {
      if (out.has_ellipsis) detail::refuse("rearrange: '...' appears twice on the {} of the pattern", side);
      out.has_ellipsis = true;
      kind = pattern_side::ellipsis;
      end = i + 3;
    } else if (pattern_letter(c)) {
      while (end < text.size() && (pattern_letter(text[end]) || pattern_digit(text[end]))) ++end;
    } else if (pattern_digit(c)) {
      while (end < text.size() && pattern_digit(text[end])) ++end;
      if (end - i != 1 || c != '1')
        detail::refuse("rearrange: anonymous axis {} on the {} of the pattern: rearrange keeps every axis, so name it (only 1 may be anonymous)", text.substr(i, end - i), side);
      kind = pattern_side::one;
    } else {
      detail::refuse("rearrange: unexpected character '{}' at column {} of the {} of the pattern", text.substr(i, 1), i + 1, side);
    }
    if (out.elements == pattern_side::capacity) detail::refuse("rearrange: the {} of the pattern has more than {} axes", side, pattern_side::capacity);
    out.element[out.elements] = detail::text_view(text.data() + i, end - i);
    out.kind[out.elements] = kind;
    out.group_of[out.elements] = out.groups;
    out.in_group[out.elements] = in_group;
    ++out.elements;
    if (!in_group) ++out.groups;
    else ++group_size;
    i = end;
  }
  if (in_group) detail::refuse("rearrange: a '(' without its ')' on the {} of the pattern", side);
  return out;
}

// Name equality without std::char_traits: the compilers' constant evaluators charge for every
// call, and a rule compares names often.
STRIDER_HOST_DEVICE constexpr bool same_name(detail::text_view a, detail::text_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// The sizes text, "p1=2, p2=2", read once: names and values in order.
struct pattern_sizes {
  detail::text_view name[pattern_side::capacity] = {};
  index_t value[pattern_side::capacity] = {};
  std::size_t count = 0;

  // The size given for `axis` (given once: parse_pattern_sizes refuses a name given twice), or -1.
  STRIDER_HOST_DEVICE constexpr index_t of(detail::text_view axis) const {
    for (std::size_t k = 0; k < count; ++k)
      if (same_name(name[k], axis)) return value[k];
    return -1;
  }
};

STRIDER_HOST_DEVICE constexpr pattern_sizes parse_pattern_sizes(detail::text_view sizes) {
  pattern_sizes out;
  std::size_t i = 0;
  while (i < sizes.size()) {
    while (i < sizes.size() && (sizes[i] == ' ' || sizes[i] == ',' || sizes[i] == '\t')) ++i;
    if (i == sizes.size()) break;
    std::size_t end = i;
    while (end < sizes.size() && (pattern_letter(sizes[end]) || pattern_digit(sizes[end]))) ++end;
    const detail::text_view key(sizes.data() + i, end - i);
    if (key.empty() || !pattern_letter(key[0])) detail::refuse("rearrange: the sizes '{}' are not name=value pairs", sizes);
    i = end;
    while (i < sizes.size() && sizes[i] == ' ') ++i;
    if (i == sizes.size() || sizes[i] != '=') detail::refuse("rearrange: the size of axis {} needs '=' and a value", key);
    ++i;
    while (i < sizes.size() && sizes[i] == ' ') ++i;
    index_t value = 0;
    const std::size_t digits = i;
    if (!read_digits(sizes.data(), sizes.size(), i, false, value)) detail::refuse("rearrange: the size of axis {} does not fit in int64", key);
    if (i == digits) detail::refuse("rearrange: the size of axis {} is not a non-negative integer", key);
    if (out.count == pattern_side::capacity) detail::refuse("rearrange: more than {} sizes are given", pattern_side::capacity);
    for (std::size_t k = 0; k < out.count; ++k)
      if (same_name(out.name[k], key)) detail::refuse("rearrange: the size of axis {} is given twice ({} and {})", key, out.value[k], value);
    out.name[out.count] = key;
    out.value[out.count] = value;
    ++out.count;
  }
  return out;
}

// What the pattern makes of a layout: the axes of the result, and whether one of its groups
// cannot be merged without a copy (then `layout` holds the axes before that group's merge). On a
// mixed layout's maybe_layout `copies` may be unknown: the run-time pass decides (see below).
template <class V>
struct rearranged {
  V layout{};
  decltype(entry_t<V>{} == entry_t<V>{}) copies = false;
  detail::text_view first, last;  // the first and last names of the first group that copies
};

// `nonempty_only`: on a pattern, the answer for its non-empty values (rearrange_copies).
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr rearranged<value_t<L>> rearrange_layout(const L& l, detail::text_view pattern, detail::text_view sizes, bool nonempty_only = false) {
  using E = entry_t<value_t<L>>;
  constexpr bool on_maybe_layout = !std::is_same_v<E, index_t>;
  const auto& in = l.entries();
  std::size_t arrow = pattern.size(), arrows = 0;
  for (std::size_t i = 0; i + 1 < pattern.size(); ++i)
    if (pattern[i] == '-' && pattern[i + 1] == '>') arrow = arrows++ == 0 ? i : arrow;
  if (arrows == 0) detail::refuse("rearrange: the pattern '{}' has no '->'", pattern);
  if (arrows > 1) detail::refuse("rearrange: the pattern '{}' has more than one '->'", pattern);
  const pattern_side left = parse_pattern_side(detail::text_view(pattern.data(), arrow), "left");
  const pattern_side right = parse_pattern_side(detail::text_view(pattern.data() + arrow + 2, pattern.size() - arrow - 2), "right");
  const pattern_sizes known_sizes = parse_pattern_sizes(sizes);
  for (std::size_t k = 0; k < known_sizes.count; ++k) {
    bool on_left = false;
    for (std::size_t e = 0; e < left.elements; ++e) on_left = on_left || (left.kind[e] == pattern_side::name && same_name(left.element[e], known_sizes.name[k]));
    if (!on_left) detail::refuse("rearrange: a size is given for axis {}, which is not on the left of the pattern", known_sizes.name[k]);
  }

  // Left: one group per input axis; '...' stands for the axes the other groups leave.
  const std::size_t named_groups = left.groups - (left.has_ellipsis ? 1 : 0);
  if (left.has_ellipsis ? named_groups > in.rank : named_groups != in.rank)
    detail::refuse("rearrange: the left of the pattern has {} axes{} but the layout has rank {}", named_groups, left.has_ellipsis ? " and '...'" : "", in.rank);
  const std::size_t ellipsis_rank = in.rank - named_groups;
  E given[pattern_side::capacity] = {};  // each left element's size: given, 1, or -1 (to infer)
  for (std::size_t e = 0; e < left.elements; ++e) {
    if (left.kind[e] == pattern_side::ellipsis) {
      // In parentheses, alone or not, as einops refuses it: a left group splits one input axis,
      // and '...' stands for whole axes ("(...)" would otherwise be the same as a bare '...').
      if (left.in_group[e]) detail::refuse("rearrange: '...' inside parentheses on the left of the pattern (it stands for whole axes there)");
      continue;
    }
    given[e] = left.kind[e] == pattern_side::one ? 1 : known_sizes.of(left.element[e]);
    for (std::size_t f = 0; f < e; ++f)
      if (left.kind[e] == pattern_side::name && same_name(left.element[f], left.element[e])) detail::refuse("rearrange: axis {} appears twice on the left of the pattern", left.element[e]);
  }

  // The elementary axes, one per left element ('...' gives its axes), each input axis split by its
  // group in C order (the first name outermost).
  E extent_of[pattern_side::capacity + max_rank] = {}, stride_of[pattern_side::capacity + max_rank] = {};
  std::size_t axis_of[pattern_side::capacity] = {};  // a left element's first elementary axis
  std::size_t count = 0, input_axis = 0;
  for (std::size_t e = 0; e < left.elements;) {
    axis_of[e] = count;
    if (left.kind[e] == pattern_side::ellipsis) {
      for (std::size_t k = 0; k < ellipsis_rank; ++k, ++input_axis, ++count) {
        extent_of[count] = in.shape[input_axis];
        stride_of[count] = in.strides[input_axis];
      }
      ++e;
      continue;
    }
    std::size_t end = e;
    while (end < left.elements && left.group_of[end] == left.group_of[e]) ++end;
    const E extent = in.shape[input_axis];
    index_t known = 1;
    std::size_t unknown = end;
    for (std::size_t k = e; k < end; ++k) {
      if (given[k] >= 0) {  // every size is known here: given, or 1
        known = checked_mul(known, known_value(given[k]), "rearrange");
        continue;
      }
      if (unknown != end) detail::refuse("rearrange: axes {} and {} of input axis {} both lack a size (give one of them in the sizes)", left.element[unknown], left.element[k], input_axis);
      unknown = k;
    }
    if (unknown != end) {
      // A run-time extent split by 0 is refused by the run-time pass, which has the extent to name.
      if ((known == 0 && is_known(extent)) || (known != 0 && static_cast<bool>(extent % known != 0)))
        detail::refuse("rearrange: input axis {} of extent {} does not split into parts of {} for axis {}", input_axis, known_value(extent), known, left.element[unknown]);
      given[unknown] = known == 0 ? extent : extent / known;
    } else if (extent != known) {
      detail::refuse("rearrange: the sizes of input axis {} multiply to {}, not its extent {}", input_axis, known, known_value(extent));
    }
    E stride = in.strides[input_axis];
    for (std::size_t k = end; k-- > e;) {  // innermost first: the last name steps by the axis' stride
      axis_of[k] = count + (k - e);
      extent_of[count + (k - e)] = given[k];
      stride_of[count + (k - e)] = stride;
      // (Not multiplied by a known 0 or 1: only an empty axis steps that far.)
      if (k > e && !static_cast<bool>(given[k] <= 1) && static_cast<bool>(mul_overflows(stride, given[k], &stride))) stride = 0;
    }
    count += end - e;
    ++input_axis;
    e = end;
  }

  // Right: every named axis of the left once, matched to its elementary axis once.
  std::size_t match[pattern_side::capacity] = {};
  bool used[pattern_side::capacity] = {};  // left elements named on the right
  for (std::size_t e = 0; e < right.elements; ++e) {
    if (right.kind[e] != pattern_side::name) continue;
    std::size_t f = 0;
    while (f < left.elements && !(left.kind[f] == pattern_side::name && same_name(left.element[f], right.element[e]))) ++f;
    if (f == left.elements) detail::refuse("rearrange: axis {} is on the right of the pattern but not on the left", right.element[e]);
    if (used[f]) detail::refuse("rearrange: axis {} appears twice on the right of the pattern", right.element[e]);
    used[f] = true;
    match[e] = axis_of[f];
  }
  for (std::size_t f = 0; f < left.elements; ++f)
    if (left.kind[f] == pattern_side::name && !used[f]) detail::refuse("rearrange: axis {} is on the left of the pattern but not on the right (rearrange keeps every element)", left.element[f]);
  if (left.has_ellipsis != right.has_ellipsis) detail::refuse("rearrange: '...' is on the {} of the pattern only", left.has_ellipsis ? "left" : "right");
  std::size_t ellipsis_at = 0;
  for (std::size_t f = 0; f < left.elements; ++f)
    if (left.kind[f] == pattern_side::ellipsis) ellipsis_at = axis_of[f];

  rearranged<value_t<L>> out{};
  out.layout.offset = in.offset;
  out.layout.storage_size = in.storage_size;
  const auto empty = element_count(in, "rearrange") == 0;  // nothing to address: any grouping is a view, as in NumPy
  // On a maybe_layout a run-time extent is taken as not 1 (an extent-1 axis merges with anything, and
  // changes no stride of a group that is a view, so the static strides hold for every value); a
  // copy that rests on that, or on the layout not being empty, is left to the run-time pass.
  bool assumed = false;
  // One output axis per group (a bare '...' gives its axes one by one); each group's axes merge
  // when each steps over exactly the elements of the next (extent-1 axes aside), as NumPy's
  // reshape merges without a copy.
  for (std::size_t e = 0; e < right.elements;) {
    std::size_t end = e;
    while (end < right.elements && right.group_of[end] == right.group_of[e]) ++end;
    const bool bare_ellipsis = end == e + 1 && right.kind[e] == pattern_side::ellipsis && !right.in_group[e];
    if (bare_ellipsis) {
      if (out.layout.rank + ellipsis_rank > max_rank) detail::refuse("rearrange: the result would have more than max_rank ({}) axes", max_rank);
      for (std::size_t j = 0; j < ellipsis_rank; ++j, ++out.layout.rank) {
        out.layout.shape[out.layout.rank] = extent_of[ellipsis_at + j];
        out.layout.strides[out.layout.rank] = stride_of[ellipsis_at + j];
      }
      e = end;
      continue;
    }
    if (out.layout.rank == max_rank) detail::refuse("rearrange: the result would have more than max_rank ({}) axes", max_rank);
    E extent = 1, stride = 1, span = 0;  // span: what the axes merged so far step over
    bool merged = false, first_may_be_one = false;
    assumed = false;  // of this group
    decltype(E{} == E{}) too_far = false;
    for (std::size_t k = end; k-- > e;) {  // the group's elementary axes, innermost first
      const std::size_t first = right.kind[k] == pattern_side::ellipsis ? ellipsis_at : match[k];
      const std::size_t axes = right.kind[k] == pattern_side::ellipsis ? ellipsis_rank : right.kind[k] == pattern_side::one ? 0 : 1;
      for (std::size_t j = axes; j-- > 0;) {
        const E n = extent_of[first + j], step = stride_of[first + j];
        if (n == 1) continue;
        if constexpr (on_maybe_layout) assumed = assumed || !is_known(n == 1);
        if (merged && !static_cast<bool>(out.copies)) {
          const auto apart = too_far || step != span;
          bool certain = true;
          if constexpr (on_maybe_layout) certain = apart.known && !assumed && (is_known(empty) || nonempty_only);
          if (!certain) {
            if constexpr (on_maybe_layout)
              if (!apart.known || apart.value) out.copies = {false, false};  // the run-time pass decides
          } else if (!static_cast<bool>(empty) && static_cast<bool>(apart)) {
            out.copies = true;
            out.first = right.element[e];
            out.last = right.element[end - 1];
          }
        }
        if (!merged) stride = step;
        // The group's stride is its innermost moving axis's: when that one may be 1, the next
        // one's is as likely, so the stride is the run-time pass's.
        if constexpr (on_maybe_layout) {
          if (merged && first_may_be_one) stride = maybe_index::unknown();
          if (!merged) first_may_be_one = !is_known(n == 1);
        }
        merged = true;
        extent = checked_mul(extent, n, "rearrange");
        too_far = mul_overflows(step, n, &span);
      }
    }
    out.layout.shape[out.layout.rank] = extent;
    out.layout.strides[out.layout.rank] = stride;
    ++out.layout.rank;
    e = end;
  }
  return out;
}

}  // namespace detail

/// einops' `rearrange` as a view: `rearrange(l, "b (h p1) (w p2) c -> b h w (p1 p2 c)", "p1=2, p2=2")`
/// splits each input axis into the names of its group (one size per group may be left out and is
/// inferred), reorders them and merges each output group into one axis. A group whose axes do not
/// nest in storage would need a copy: that is an error that says so (`rearrange_copies` tells in
/// advance), as PyTorch's `view` refuses where `reshape` copies.
/// @pre `pattern` is an einops pattern `left -> right` naming each axis once on each side; its left side
///      matches `l`'s rank; `sizes` ("p=2, q=3") split the grouped input axes exactly; every output group
///      nests in storage (can_rearrange: a view exists).
/// @example `contiguous(2, 6).rearrange("h (w p) -> h w p", p=2)` is shape (2, 3, 2), strides (6, 2, 1),
///          offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L rearrange(const L& l, detail::text_view pattern, detail::text_view sizes = {}) {
  // On a mixed layout's maybe_layout, decided for its non-empty values, as rearrange_copies is: a
  // copy for every one of them is a compile error.
  const auto r = detail::rearrange_layout(l, pattern, sizes, true);
  if (r.copies) detail::refuse("rearrange: the output group from {} to {} needs a copy: its axes do not nest in storage, so no view merges them", r.first, r.last);
  return detail::subset_result(r.layout);
}

/// True when `rearrange(l, pattern, sizes)` is a view, false when it would need a copy (an output
/// group whose axes do not nest in storage), as can_view is for view; a pattern that is invalid
/// for `l` is still an error. (The static form is `rearrange_copies<L, Pattern, Sizes>`.)
/// @pre as rearrange, the nesting of the output groups aside (that is the answer).
/// @example `contiguous(2, 3).transpose(0, 1).rearrange("h w -> (h w)")` is refused: can_rearrange is false
///          there.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_rearrange(const L& l, detail::text_view pattern, detail::text_view sizes = {}) {
  return !detail::rearrange_layout(l, pattern, sizes).copies;
}

namespace detail {
// rearrange_copies: whether the pattern needs a copy, which a mixed layout's type must know; a
// mixed layout's maybe_layout answers for its non-empty values, as reshape_copies does.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr bool rearrange_copies(const L& l, detail::text_view pattern, detail::text_view sizes) {
  const auto copies = rearrange_layout(l, pattern, sizes, true).copies;
  if (!is_known(copies))
    detail::refuse("rearrange: whether this is a view or a copy depends on an entry known only at run time");
  return static_cast<bool>(copies);
}
}  // namespace detail

#ifdef __CUDACC__  // the non-template forms under nvcc (see operations.hpp)
STRIDER_HOST_DEVICE constexpr dynamic_layout rearrange(const dynamic_layout& l, detail::text_view pattern, detail::text_view sizes = {}) { return rearrange<dynamic_layout>(l, pattern, sizes); }
STRIDER_HOST_DEVICE constexpr bool can_rearrange(const dynamic_layout& l, detail::text_view pattern, detail::text_view sizes = {}) { return can_rearrange<dynamic_layout>(l, pattern, sizes); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout rearrange(const detail::maybe_layout& l, detail::text_view pattern, detail::text_view sizes = {}) { return rearrange<detail::maybe_layout>(l, pattern, sizes); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_rearrange(const detail::maybe_layout& l, detail::text_view pattern, detail::text_view sizes = {}) { return can_rearrange<detail::maybe_layout>(l, pattern, sizes); }
#endif

}  // namespace strider
