// strider/core/rearrange.hpp: einops' `rearrange` as a view: a pattern such as
// "b (h p1) (w p2) c -> b h w (p1 p2 c)" splits the input's axes into named axes (sizes in a
// second text, "p1=2, p2=2"), reorders them and merges the output groups. Checked at every step;
// a group that cannot be merged without a copy is an error (can_rearrange tells in advance).
//
// The pattern language is einops': names, parenthesised groups, `1` (an axis of extent 1), one
// `...` per side (the axes the names do not match; in a group on the right it merges them), and
// anonymous numbers, which rearrange refuses as einops does (an axis of its own on one side only).
#pragma once

#include <cstddef>
#include <string_view>

#include "checked.hpp"
#include "dims.hpp"
#include "error.hpp"
#include "layout.hpp"
#include "operations.hpp"

namespace strider {

namespace detail {

// One side of a pattern: its elements in order, each in a group (a bare name is a group of one).
struct pattern_side {
  static constexpr std::size_t capacity = 2 * max_rank + 2;
  enum kind_t : unsigned char { name, one, ellipsis };
  std::string_view element[capacity] = {};
  kind_t kind[capacity] = {};
  std::size_t group_of[capacity] = {};
  bool in_group[capacity] = {};  // written inside parentheses
  std::size_t elements = 0, groups = 0;
  bool has_ellipsis = false;
};

constexpr bool pattern_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
constexpr bool pattern_digit(char c) { return c >= '0' && c <= '9'; }

constexpr pattern_side parse_pattern_side(std::string_view text, const char* side) {
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
      if (in_group) throw layout_error("rearrange: nested parentheses on the {} of the pattern", side);
      in_group = true;
      group_size = 0;
      ++i;
      continue;
    }
    if (c == ')') {
      if (!in_group) throw layout_error("rearrange: a ')' without its '(' on the {} of the pattern", side);
      in_group = false;
      if (group_size == 0) {  // "()" is an axis of extent 1, as in einops
        if (out.elements == pattern_side::capacity) throw layout_error("rearrange: the {} of the pattern has more than {} axes", side, pattern_side::capacity);
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
    if (text.substr(i, 3) == "...") {
      if (out.has_ellipsis) throw layout_error("rearrange: '...' appears twice on the {} of the pattern", side);
      out.has_ellipsis = true;
      kind = pattern_side::ellipsis;
      end = i + 3;
    } else if (pattern_letter(c)) {
      while (end < text.size() && (pattern_letter(text[end]) || pattern_digit(text[end]))) ++end;
    } else if (pattern_digit(c)) {
      while (end < text.size() && pattern_digit(text[end])) ++end;
      if (text.substr(i, end - i) != "1")
        throw layout_error("rearrange: anonymous axis {} on the {} of the pattern: rearrange keeps every axis, so name it (only 1 may be anonymous)", text.substr(i, end - i), side);
      kind = pattern_side::one;
    } else {
      throw layout_error("rearrange: unexpected character '{}' at column {} of the {} of the pattern", text.substr(i, 1), i + 1, side);
    }
    if (out.elements == pattern_side::capacity) throw layout_error("rearrange: the {} of the pattern has more than {} axes", side, pattern_side::capacity);
    out.element[out.elements] = text.substr(i, end - i);
    out.kind[out.elements] = kind;
    out.group_of[out.elements] = out.groups;
    out.in_group[out.elements] = in_group;
    ++out.elements;
    if (!in_group) ++out.groups;
    else ++group_size;
    i = end;
  }
  if (in_group) throw layout_error("rearrange: a '(' without its ')' on the {} of the pattern", side);
  return out;
}

// The size given for `name` in "p1=2, p2=2", or -1.
constexpr index_t pattern_size(std::string_view sizes, std::string_view name) {
  std::size_t i = 0;
  while (i < sizes.size()) {
    while (i < sizes.size() && (sizes[i] == ' ' || sizes[i] == ',' || sizes[i] == '\t')) ++i;
    if (i == sizes.size()) break;
    std::size_t end = i;
    while (end < sizes.size() && (pattern_letter(sizes[end]) || pattern_digit(sizes[end]))) ++end;
    const std::string_view key = sizes.substr(i, end - i);
    if (key.empty() || !pattern_letter(key[0])) throw layout_error("rearrange: the sizes '{}' are not name=value pairs", sizes);
    i = end;
    while (i < sizes.size() && sizes[i] == ' ') ++i;
    if (i == sizes.size() || sizes[i] != '=') throw layout_error("rearrange: the size of axis {} needs '=' and a value", key);
    ++i;
    while (i < sizes.size() && sizes[i] == ' ') ++i;
    index_t value = 0;
    const std::size_t digits = i;
    while (i < sizes.size() && pattern_digit(sizes[i])) {
      if (value > (INT64_MAX - 9) / 10) throw layout_error("rearrange: the size of axis {} does not fit in int64", key);
      value = value * 10 + (sizes[i] - '0');
      ++i;
    }
    if (i == digits) throw layout_error("rearrange: the size of axis {} is not a non-negative integer", key);
    if (key == name) return value;
  }
  return -1;
}

// Checks that every name of the sizes text is an axis of the pattern.
constexpr void check_size_names(std::string_view sizes, const pattern_side& left) {
  std::size_t i = 0;
  while (i < sizes.size()) {
    while (i < sizes.size() && !pattern_letter(sizes[i])) ++i;
    std::size_t end = i;
    while (end < sizes.size() && (pattern_letter(sizes[end]) || pattern_digit(sizes[end]))) ++end;
    const std::string_view key = sizes.substr(i, end - i);
    bool known = key.empty();
    for (std::size_t e = 0; e < left.elements; ++e) known = known || (left.kind[e] == pattern_side::name && left.element[e] == key);
    if (!known) throw layout_error("rearrange: a size is given for axis {}, which is not on the left of the pattern", key);
    while (end < sizes.size() && sizes[end] != ',') ++end;
    i = end;
  }
}

// What the pattern makes of a layout: the axes of the result, and whether one of its groups
// cannot be merged without a copy (then `layout` holds the axes before that group's merge).
struct rearranged {
  layout_value layout;
  bool copies = false;
  std::string_view first, last;  // the first and last names of the first group that copies
};

constexpr rearranged rearrange_layout(const dynamic_layout& l, std::string_view pattern, std::string_view sizes) {
  const layout_value& in = l.value();
  const std::size_t arrow = pattern.find("->");
  if (arrow == std::string_view::npos) throw layout_error("rearrange: the pattern '{}' has no '->'", pattern);
  if (pattern.find("->", arrow + 2) != std::string_view::npos) throw layout_error("rearrange: the pattern '{}' has more than one '->'", pattern);
  const pattern_side left = parse_pattern_side(pattern.substr(0, arrow), "left");
  const pattern_side right = parse_pattern_side(pattern.substr(arrow + 2), "right");
  check_size_names(sizes, left);

  // Left: one group per input axis; '...' stands for the axes the other groups leave.
  const std::size_t named_groups = left.groups - (left.has_ellipsis ? 1 : 0);
  if (left.has_ellipsis ? named_groups > in.rank : named_groups != in.rank)
    throw layout_error("rearrange: the left of the pattern has {} axes{} but the layout has rank {}", named_groups, left.has_ellipsis ? " and '...'" : "", in.rank);
  const std::size_t ellipsis_rank = in.rank - named_groups;
  for (std::size_t e = 0; e < left.elements; ++e) {
    if (left.kind[e] == pattern_side::ellipsis) {
      bool alone = (e == 0 || left.group_of[e - 1] != left.group_of[e]) && (e + 1 == left.elements || left.group_of[e + 1] != left.group_of[e]);
      if (!alone) throw layout_error("rearrange: '...' inside parentheses on the left of the pattern (it stands for whole axes there)");
    }
    for (std::size_t f = 0; f < e; ++f)
      if (left.kind[e] == pattern_side::name && left.element[f] == left.element[e]) throw layout_error("rearrange: axis {} appears twice on the left of the pattern", left.element[e]);
  }

  // The elementary axes: each input axis split by its group, C order (the first name outermost).
  struct axis_t {
    std::string_view name;
    index_t extent = 1, stride = 0;
  };
  axis_t axes[pattern_side::capacity + max_rank] = {};
  std::size_t count = 0, input_axis = 0, ellipsis_at = 0;
  for (std::size_t e = 0; e < left.elements;) {
    if (left.kind[e] == pattern_side::ellipsis) {
      ellipsis_at = count;
      for (std::size_t k = 0; k < ellipsis_rank; ++k, ++input_axis) axes[count++] = {"...", in.shape[input_axis], in.strides[input_axis]};
      ++e;
      continue;
    }
    std::size_t end = e;
    while (end < left.elements && left.group_of[end] == left.group_of[e]) ++end;
    const index_t extent = in.shape[input_axis];
    index_t known = 1;
    std::size_t unknown = end;
    for (std::size_t k = e; k < end; ++k) {
      const index_t size = left.kind[k] == pattern_side::one ? 1 : pattern_size(sizes, left.element[k]);
      if (size >= 0) {
        known = checked_mul(known, size, "rearrange");
        continue;
      }
      if (unknown != end) throw layout_error("rearrange: axes {} and {} of input axis {} both lack a size (give one of them in the sizes)", left.element[unknown], left.element[k], input_axis);
      unknown = k;
    }
    index_t inferred = 1;
    if (unknown != end) {
      if (known == 0 || extent % known != 0) throw layout_error("rearrange: input axis {} of extent {} does not split into parts of {} for axis {}", input_axis, extent, known, left.element[unknown]);
      inferred = extent / known;
    } else if (known != extent) {
      throw layout_error("rearrange: the sizes of input axis {} multiply to {}, not its extent {}", input_axis, known, extent);
    }
    index_t stride = in.strides[input_axis];
    const std::size_t first = count;
    count += end - e;
    for (std::size_t k = end; k-- > e;) {  // innermost first: the last name steps by the axis' stride
      const index_t size = k == unknown ? inferred : left.kind[k] == pattern_side::one ? 1 : pattern_size(sizes, left.element[k]);
      axes[first + (k - e)] = {left.kind[k] == pattern_side::one ? std::string_view{} : left.element[k], size, stride};
      if (size > 1 && k > e && mul_overflows(stride, size, &stride)) stride = 0;  // only an empty axis steps that far
    }
    ++input_axis;
    e = end;
  }

  // Right: every named axis of the left once, in its groups; '1' a new axis of extent 1.
  for (std::size_t e = 0; e < right.elements; ++e) {
    if (right.kind[e] != pattern_side::name) continue;
    bool found = false;
    for (std::size_t a = 0; a < count; ++a) found = found || axes[a].name == right.element[e];
    if (!found) throw layout_error("rearrange: axis {} is on the right of the pattern but not on the left", right.element[e]);
    for (std::size_t f = 0; f < e; ++f)
      if (right.kind[f] == pattern_side::name && right.element[f] == right.element[e]) throw layout_error("rearrange: axis {} appears twice on the right of the pattern", right.element[e]);
  }
  for (std::size_t a = 0; a < count; ++a) {
    if (axes[a].name.empty() || axes[a].name == "...") continue;
    bool found = false;
    for (std::size_t e = 0; e < right.elements; ++e) found = found || right.element[e] == axes[a].name;
    if (!found) throw layout_error("rearrange: axis {} is on the left of the pattern but not on the right (rearrange keeps every element)", axes[a].name);
  }
  if (left.has_ellipsis != right.has_ellipsis) throw layout_error("rearrange: '...' is on the {} of the pattern only", left.has_ellipsis ? "left" : "right");

  rearranged out{};
  out.layout.offset = in.offset;
  out.layout.storage_size = in.storage_size;
  // One output axis per group (a bare '...' gives its axes one by one); each group's axes merge
  // when each steps over exactly the elements of the next (extent-1 axes aside), as NumPy's
  // reshape merges without a copy.
  for (std::size_t e = 0; e < right.elements;) {
    std::size_t end = e;
    while (end < right.elements && right.group_of[end] == right.group_of[e]) ++end;
    const bool bare_ellipsis = end == e + 1 && right.kind[e] == pattern_side::ellipsis && !right.in_group[e];
    // The group's elementary axes in order.
    axis_t members[pattern_side::capacity + max_rank] = {};
    std::size_t n = 0;
    for (std::size_t k = e; k < end; ++k) {
      if (right.kind[k] == pattern_side::one) {
        members[n++] = {{}, 1, 0};
      } else if (right.kind[k] == pattern_side::ellipsis) {
        for (std::size_t j = 0; j < ellipsis_rank; ++j) members[n++] = axes[ellipsis_at + j];
      } else {
        for (std::size_t a = 0; a < count; ++a)
          if (axes[a].name == right.element[k]) members[n++] = axes[a];
      }
    }
    const std::size_t emitted = bare_ellipsis ? n : 1;
    if (out.layout.rank + emitted > max_rank) throw layout_error("rearrange: the result would have more than max_rank ({}) axes", max_rank);
    if (bare_ellipsis) {
      for (std::size_t j = 0; j < n; ++j) {
        out.layout.shape[out.layout.rank] = members[j].extent;
        out.layout.strides[out.layout.rank] = members[j].stride;
        ++out.layout.rank;
      }
    } else {
      index_t extent = 1, stride = 1, span = 0;  // span: what the axes merged so far step over
      bool merged = false, too_far = false;
      const bool empty = l.size() == 0;  // nothing to address: any grouping is a view, as in NumPy
      for (std::size_t j = n; j-- > 0;) {
        if (members[j].extent == 1) continue;
        if (merged && !empty && (too_far || members[j].stride != span) && !out.copies) {
          out.copies = true;
          out.first = right.element[e];
          out.last = right.element[end - 1];
        }
        if (!merged) stride = members[j].stride;
        merged = true;
        extent = checked_mul(extent, members[j].extent, "rearrange");
        too_far = mul_overflows(members[j].stride, members[j].extent, &span);
      }
      out.layout.shape[out.layout.rank] = extent;
      out.layout.strides[out.layout.rank] = stride;
      ++out.layout.rank;
    }
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
constexpr dynamic_layout rearrange(const dynamic_layout& l, std::string_view pattern, std::string_view sizes = {}) {
  const detail::rearranged r = detail::rearrange_layout(l, pattern, sizes);
  if (r.copies) throw layout_error("rearrange: the output group from {} to {} needs a copy: its axes do not nest in storage, so no view merges them", r.first, r.last);
  return detail::subset_result(r.layout);
}

/// True when `rearrange(l, pattern, sizes)` is a view, false when it would need a copy (an output
/// group whose axes do not nest in storage), as can_view is for view; a pattern that is invalid
/// for `l` is still an error. (The static form is `rearrange_copies<L, Pattern, Sizes>`.)
constexpr bool can_rearrange(const dynamic_layout& l, std::string_view pattern, std::string_view sizes = {}) {
  return !detail::rearrange_layout(l, pattern, sizes).copies;
}

}  // namespace strider
