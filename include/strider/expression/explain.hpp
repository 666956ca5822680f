// strider/expression/explain.hpp: a chain walked step by step (`strider explain EXPR`): for each
// call, the layout before and after, one sentence of what the rule did with this case's values,
// and the properties that changed; a refused chain ends with the refusal. Every layout is the
// rule's own result (expression.hpp's apply), so a step is exactly the chain cut there.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../core/algebra.hpp"
#include "../core/layout.hpp"
#include "../core/text.hpp"
#include "expression.hpp"

namespace strider {

/// One step of an explained chain.
struct explain_step {
  std::string call;                      // the call as written: "contiguous(3, 4)", "[1:, ::-1]", ".permute(1, 0)"
  std::size_t column = 1;                // 1-based column of the call in the text
  std::optional<dynamic_layout> before;  // none for the base layout
  std::optional<dynamic_layout> after;   // none when the rule refused
  std::string sentence;                  // what the rule did, with the values; the refusal's message when refused
  std::vector<std::string> changes;      // "is_contiguous: true -> false", for each property that changed
};

namespace detail {

inline std::string axis_text(const dynamic_layout& l, std::size_t d) {
  return "axis " + std::to_string(d) + " (extent " + std::to_string(l.extent(d)) + ", stride " + std::to_string(l.stride(d)) + ")";
}

inline std::string shape_strides_text(const dynamic_layout& l) {
  return "shape " + tuple_text(l.shape()) + ", strides " + tuple_text(l.strides());
}

// For a permutation of the axes (same axes, new order): where each axis went, the axes that moved.
inline std::string moves_text(const dynamic_layout& before, const dynamic_layout& after) {
  std::vector<bool> used(before.rank(), false);
  std::string out;
  for (std::size_t to = 0; to < after.rank(); ++to)
    for (std::size_t from = 0; from < before.rank(); ++from) {
      if (used[from] || before.extent(from) != after.extent(to) || before.stride(from) != after.stride(to)) continue;
      used[from] = true;
      if (from != to) out += (out.empty() ? "" : "; ") + axis_text(before, from) + " moves to " + std::to_string(to);
      break;
    }
  return out.empty() ? "no axis moves" : out;
}

// True when `after` has `before`'s axes in another order (and the same offset).
inline bool is_permutation_of(const dynamic_layout& before, const dynamic_layout& after) {
  if (before.rank() != after.rank() || before.offset() != after.offset()) return false;
  std::vector<bool> used(before.rank(), false);
  for (std::size_t to = 0; to < after.rank(); ++to) {
    bool found = false;
    for (std::size_t from = 0; from < before.rank() && !found; ++from)
      if (!used[from] && before.extent(from) == after.extent(to) && before.stride(from) == after.stride(to)) used[from] = found = true;
    if (!found) return false;
  }
  return true;
}

// Whether two layouts visit the same offsets in C order (up to 2^20 elements; beyond, unknown: false).
inline bool same_walk(const dynamic_layout& a, const dynamic_layout& b) {
  if (a.size() != b.size() || a.size() > (index_t{1} << 20)) return false;
  index_t ia[max_rank] = {}, ib[max_rank] = {}, oa = a.offset(), ob = b.offset();
  for (index_t n = 0; n < a.size(); ++n) {
    if (oa != ob) return false;
    // The next index in C order; a stride is added only when the index stays inside the layout,
    // so the running offset never leaves the layout's range (no overflow past its last element).
    for (std::size_t d = a.rank(); d-- > 0;) {
      if (ia[d] + 1 < a.extent(d)) {
        ++ia[d], oa += a.stride(d);
        break;
      }
      oa -= a.stride(d) * ia[d], ia[d] = 0;
    }
    for (std::size_t d = b.rank(); d-- > 0;) {
      if (ib[d] + 1 < b.extent(d)) {
        ++ib[d], ob += b.stride(d);
        break;
      }
      ob -= b.stride(d) * ib[d], ib[d] = 0;
    }
  }
  return true;
}

// The sentence for one call: the operation's family, with this case's values.
inline std::string describe(std::string_view name, const std::optional<dynamic_layout>& before_value, const dynamic_layout& after) {
  const std::string result = shape_strides_text(after) + ", offset " + std::to_string(after.offset());
  if (!before_value) {
    if (name == "contiguous") return "row-major (C order): each stride is the product of the extents after it";
    if (name == "column_major") return "column-major (Fortran order): each stride is the product of the extents before it";
    return "the strided layout as written";
  }
  const dynamic_layout& before = *before_value;
  const std::string from = shape_strides_text(before) + ", offset " + std::to_string(before.offset());
  const std::string said = std::string(name) + ": ";
  if (after == before) return said + "nothing to do here: the layout stays " + from;
  if (name == "slice") {
    std::string out = said + "the index keeps " + std::to_string(after.size()) + " of " + std::to_string(before.size()) + " elements";
    if (after.offset() != before.offset()) out += "; the first element moves from offset " + std::to_string(before.offset()) + " to " + std::to_string(after.offset());
    return out + "; " + shape_strides_text(before) + " -> " + shape_strides_text(after);
  }
  if (is_permutation_of(before, after) && before.rank() > 1) return said + "reorders the axes, no stride changes: " + moves_text(before, after);
  if (name == "flip" || name == "reverse_axis_order") {
    std::string out;
    for (std::size_t d = 0; d < before.rank() && d < after.rank(); ++d)
      if (before.stride(d) != 0 && before.stride(d) != std::numeric_limits<index_t>::min() && after.stride(d) == -before.stride(d))
        out += (out.empty() ? "" : "; ") + axis_text(before, d) + " is walked backwards: stride " + std::to_string(after.stride(d));
    if (!out.empty())
      return said + out + ", and the first element moves from offset " + std::to_string(before.offset()) + " to " + std::to_string(after.offset());
  }
  if (name == "broadcast_to" || name == "expand")
    return said + "stretches extent-1 axes with stride 0 (every index reads the same element): " + shape_strides_text(before) + " -> " + shape_strides_text(after);
  if (name == "squeeze" || name == "unsqueeze" || name == "expand_dims")
    return said + (after.rank() < before.rank() ? "drops extent-1 axes: " : "inserts extent-1 axes: ") + shape_strides_text(before) + " -> " +
           shape_strides_text(after) + " (no element moves)";
  if (name == "view" || name == "reshape" || name == "flatten" || name == "unflatten" || name == "ravel") {
    if (same_walk(before, after))
      return said + "regroups the same elements in the same order: " + shape_strides_text(before) + " -> " + shape_strides_text(after);
    return said + "no view has this shape, so this is the layout of a copy: " + shape_strides_text(before) + " -> " + result;
  }
  if (name == "rearrange")
    return said + "splits, merges and reorders the axes as the pattern says, a view of the same elements: " + shape_strides_text(before) + " -> " +
           shape_strides_text(after);
  if (name == "tile" && after.rank() == 2 * before.rank()) {
    const std::size_t r = before.rank();
    std::string out;
    for (std::size_t d = 0; d < r; ++d)
      out += (out.empty() ? "" : "; ") + axis_text(before, d) + " becomes " + std::to_string(after.extent(d)) + " tiles (stride " + std::to_string(after.stride(d)) +
             ") of " + std::to_string(after.extent(r + d)) + " (stride " + std::to_string(after.stride(r + d)) + ")";
    return said + out + "; the tile's axes come last";
  }
  if (name == "coalesce")
    return said + "merges axes that step evenly into each other: " + std::to_string(before.rank()) + " axes, " + shape_strides_text(before) + ", become " +
           std::to_string(after.rank()) + ", " + shape_strides_text(after) + " (the same offsets in the same order)";
  // One axis fixed at an index (select, unbind's parts): the axis goes, the offset moves.
  if ((name == "select" || name == "unbind") && after.rank() + 1 == before.rank()) {
    for (std::size_t d = 0; d < before.rank(); ++d) {
      bool rest = true;
      for (std::size_t k = 0, j = 0; k < before.rank() && rest; ++k)
        if (k != d) rest = before.extent(k) == after.extent(j) && before.stride(k) == after.stride(j), ++j;
      if (!rest) continue;
      const index_t step = before.stride(d), moved = after.offset() - before.offset();
      const std::string index = step != 0 && moved % step == 0 ? std::to_string(moved / step) : "?";
      return said + "fixes " + axis_text(before, d) + " at index " + index + ": the axis goes, and the first element moves from offset " +
             std::to_string(before.offset()) + " to " + std::to_string(after.offset());
    }
  }
  // A run of one axis (narrow, and the parts of split, chunk and tensor_split): its extent shrinks.
  if ((name == "narrow" || name == "split" || name == "chunk" || name == "tensor_split" || name == "numpy_split" || name == "hsplit" || name == "vsplit" ||
       name == "dsplit") &&
      after.rank() == before.rank()) {
    std::size_t changed = before.rank(), count = 0;
    for (std::size_t d = 0; d < before.rank(); ++d)
      if (before.extent(d) != after.extent(d) || before.stride(d) != after.stride(d)) changed = d, ++count;
    if (count == 1 && before.stride(changed) == after.stride(changed)) {
      const index_t step = before.stride(changed), moved = after.offset() - before.offset();
      if (step != 0 && moved % step == 0) {
        const index_t first = moved / step;
        return said + "keeps indices " + std::to_string(first) + " to " + std::to_string(first + after.extent(changed) - 1) + " of " + axis_text(before, changed) +
               ": extent " + std::to_string(after.extent(changed)) + ", the first element at offset " + std::to_string(after.offset());
      }
    }
  }
  if (name == "diagonal" && after.rank() + 1 == before.rank() && after.rank() >= 1) {
    const index_t step = after.stride(after.rank() - 1);
    for (std::size_t a = 0; a < before.rank(); ++a)
      for (std::size_t b = a + 1; b < before.rank(); ++b)
        if (before.stride(a) + before.stride(b) == step)
          return said + "walks axis " + std::to_string(a) + " and axis " + std::to_string(b) + " together: one last axis of extent " +
                 std::to_string(after.extent(after.rank() - 1)) + " and stride " + std::to_string(before.stride(a)) + " + " + std::to_string(before.stride(b)) + " = " +
                 std::to_string(step) + ", the first element at offset " + std::to_string(after.offset());
  }
  if (name == "composition")
    return said + "reads this layout at the offsets the second layout gives (result i is A(B(i))): " + from + " -> " + result;
  if (name == "complement")
    return said + "the layout that completes this one to the size given (together they reach every offset below it once): " + from + " -> " + result;
  if (name == "logical_divide" || name == "logical_product" || name == "blocked_product" || name == "raked_product")
    return said + "CuTe's " + std::string(name) + ", mirrored to row-major and flattened: " + from + " -> " + result;
  if (name == "unfold" || name == "sliding_window_view")
    return said + "windows over the same storage (neighbouring windows overlap where the step is smaller than the window): " + from + " -> " + result;
  return said + from + " -> " + result;
}

inline std::vector<std::string> property_changes(const dynamic_layout& before, const dynamic_layout& after) {
  std::vector<std::string> out;
  const auto yes_no = [](bool b) { return std::string(b ? "true" : "false"); };
  const auto compare = [&out](std::string_view name, const std::string& a, const std::string& b) {
    if (a != b) out.push_back(std::string(name) + ": " + a + " -> " + b);
  };
  compare("is_contiguous", yes_no(before.is_contiguous()), yes_no(after.is_contiguous()));
  compare("is_unique", yes_no(before.is_unique()), yes_no(after.is_unique()));
  compare("required_span", std::to_string(before.required_span()), std::to_string(after.required_span()));
  compare("vector_width (4-byte elements, 16-byte aligned)", std::to_string(vector_width(before, 4, 16)), std::to_string(vector_width(after, 4, 16)));
  return out;
}

}  // namespace detail

/// The chain of `text` step by step (see the top of this file). A syntax error throws
/// expression_error as parse_expression does; a rule's refusal is the last step (after empty, the
/// message as its sentence). Whole expressions (broadcast_arrays, thread_value, access) are not
/// chains: expression_error.
inline std::vector<explain_step> explain(std::string_view text) {
  const expression e = parse_expression(text);
  std::vector<explain_step> steps;
  std::optional<dynamic_layout> current;
  for (std::size_t i = 0; i < e.operations.size(); ++i) {
    const expression::operation& op = e.operations[i];
    detail::check_position(op, i == 0);
    explain_step step;
    step.column = op.column;
    // The call as written: from its column to the next call's, without the '.' and blanks between.
    const std::size_t begin = op.column - 1, end = i + 1 < e.operations.size() ? e.operations[i + 1].column - 1 : text.size();
    std::string_view call = text.substr(begin, end - begin);
    while (!call.empty() && (call.back() == ' ' || call.back() == '.' || call.back() == '\t')) call.remove_suffix(1);
    step.call = std::string(call);
    step.before = current;
    try {
      const dynamic_layout after = detail::apply(current.value_or(dynamic_layout()), op);
      step.sentence = detail::describe(op.op->name, current, after);
      if (current) step.changes = detail::property_changes(*current, after);
      step.after = after;
      current = after;
    } catch (const layout_error& error) {
      step.sentence = error.what();
      steps.push_back(std::move(step));
      return steps;
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace strider
