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
#include <utility>
#include <vector>

#include "../core/algebra.hpp"
#include "../core/layout.hpp"
#include "../core/slice.hpp"
#include "../util/text.hpp"
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
  /// One item of an index of two or more items (`[1:, ::-1]`), applied in turn: `layout` is the
  /// index cut after this item (later items kept whole), so the last item's is the step's.
  struct item {
    std::string text;        // "1:", "None", "...", "-1"
    std::size_t column = 1;  // 1-based column of the item in the text
    dynamic_layout layout;   // after this item
    std::string sentence;    // what the item did, with the values
  };
  std::vector<item> items;  // empty unless the call is an index of two or more items
  /// The last step of a whole expression of threads and values: thread_value and as_thread_value
  /// (`thread_values`; `after` is its layout), partition (`after` only: the thread's values),
  /// access (`access`, with the TV layout in `thread_values` and the tile in `after`).
  std::optional<thread_value_value> thread_values;
  std::optional<access_report> access;
  swizzle_value swizzle{};
  index_t element_bytes = 0;
  /// Whether the step is a reshape (reshape, flatten, ravel) that no view can be: its layout is
  /// the layout of a copy.
  bool copies = false;
  /// In a whole expression's argument chains, which argument the step builds: "tile", "threads",
  /// "values" (thread_value's) or "layout" (as_thread_value's); empty otherwise.
  std::string argument;
  /// A tiling step's (tile, the products, logical_divide) tile rank: its trailing axes are the
  /// element in the tile, as the command's pictures colour them; 0 otherwise.
  std::size_t tile_rank = 0;
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
  bool used[max_rank] = {};
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
  bool used[max_rank] = {};
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

// A reshape-family step whose layout is a copy's: no view regroups the same walk.
inline bool is_copying_reshape(std::string_view name, const std::optional<dynamic_layout>& before, const dynamic_layout& after) {
  const bool reshaping = name == "view" || name == "reshape" || name == "flatten" || name == "unflatten" || name == "ravel";
  return reshaping && before && !same_walk(*before, after);
}

// The sentence for one call: the operation's family, with this case's values.
// `argument_rank`: the rank of the layout argument of the algebra's calls (the tiler, B).
// `values`: the call's integer arguments (select's dim and index, narrow's dim, start and length),
// which say the axis and the indices where the offsets cannot (a stride-0 axis moves nothing).
inline std::string describe(std::string_view name, const std::optional<dynamic_layout>& before_value, const dynamic_layout& after, std::size_t argument_rank = 0,
                            const dims& values = {}) {
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
    if (!is_copying_reshape(name, before, after))
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
  // One axis fixed at an index (select, unbind's parts) and a run of one axis (narrow, the
  // splits' parts): one sentence each, whether the call's arguments or the offsets name them.
  const auto fixes = [&](std::size_t d, const std::string& index) {
    const index_t moved = after.offset() - before.offset();
    return said + "fixes " + axis_text(before, d) + " at index " + index + ": the axis goes" +
           (moved != 0 ? ", and the first element moves from offset " + std::to_string(before.offset()) + " to " + std::to_string(after.offset()) : "");
  };
  const auto keeps = [&](std::size_t d, index_t first) {
    return said + "keeps indices " + std::to_string(first) + " to " + std::to_string(first + after.extent(d) - 1) + " of " + axis_text(before, d) + ": extent " +
           std::to_string(after.extent(d)) + ", the first element at offset " + std::to_string(after.offset());
  };
  // A dim and an index counted from the end when negative, as the rules take them (the call was
  // applied: they are in range).
  const auto from_end = [](index_t v, index_t n) { return v < 0 ? v + n : v; };
  if (name == "select" && values.size() == 2 && after.rank() + 1 == before.rank()) {
    const auto d = static_cast<std::size_t>(from_end(values[0], static_cast<index_t>(before.rank())));
    return fixes(d, std::to_string(from_end(values[1], before.extent(d))));
  }
  if (name == "narrow" && values.size() == 3 && after.rank() == before.rank()) {
    const auto d = static_cast<std::size_t>(from_end(values[0], static_cast<index_t>(before.rank())));
    return keeps(d, from_end(values[1], before.extent(d)));
  }
  // The same read from the offsets (unbind's and the splits' parts carry no index).
  if (name == "unbind" && after.rank() + 1 == before.rank()) {
    for (std::size_t d = 0; d < before.rank(); ++d) {
      bool rest = true;
      for (std::size_t k = 0, j = 0; k < before.rank() && rest; ++k)
        if (k != d) rest = before.extent(k) == after.extent(j) && before.stride(k) == after.stride(j), ++j;
      if (!rest) continue;
      const index_t step = before.stride(d), moved = after.offset() - before.offset();
      return fixes(d, step != 0 && moved % step == 0 ? std::to_string(moved / step) : "?");
    }
  }
  // A run of one axis (the parts of split, chunk and tensor_split): its extent shrinks.
  if ((name == "split" || name == "chunk" || name == "tensor_split" || name == "numpy_split" || name == "hsplit" || name == "vsplit" ||
       name == "dsplit") &&
      after.rank() == before.rank()) {
    std::size_t changed = before.rank(), count = 0;
    for (std::size_t d = 0; d < before.rank(); ++d)
      if (before.extent(d) != after.extent(d) || before.stride(d) != after.stride(d)) changed = d, ++count;
    if (count == 1 && before.stride(changed) == after.stride(changed)) {
      const index_t step = before.stride(changed), moved = after.offset() - before.offset();
      if (step != 0 && moved % step == 0) return keeps(changed, moved / step);
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
    return said + "the layout that completes this one to the size given, or with none to the span of its axes (together they reach every offset below it once): " + from + " -> " + result;
  if (name == "filter") return said + "drops the axes of stride 0 and of extent 1 and coalesces: each offset the layout reaches, once: " + from + " -> " + result;
  if (name == "upcast") return said + "reads the layout in units of several elements (each unit one element of the result): " + from + " -> " + result;
  if (name == "downcast") return said + "reads the layout in parts of an element (the axis of stride 1 takes the parts): " + from + " -> " + result;
  // The algebra's flattened results: the leading axes say which tile or copy, the trailing ones
  // are the tile (divide) or the layout itself (logical_product); blocked and raked products
  // pair each axis of the layout with the same axis of B.
  const auto part = [&](std::size_t first, std::size_t count) {
    std::vector<index_t> e, s;
    for (std::size_t d = first; d < first + count; ++d) e.push_back(after.extent(d)), s.push_back(after.stride(d));
    return "shape " + tuple_text(e) + ", strides " + tuple_text(s);
  };
  const bool divide = name == "logical_divide" || name == "zipped_divide" || name == "tiled_divide" || name == "flat_divide";
  const bool product = name == "logical_product" || name == "zipped_product" || name == "tiled_product" || name == "flat_product";
  if (divide && argument_rank > 0 && argument_rank <= after.rank()) {
    const std::size_t rest = after.rank() - argument_rank;
    index_t tile = 1;
    for (std::size_t d = rest; d < after.rank(); ++d) tile *= after.extent(d);
    return said + "cuts the layout into tiles of " + std::to_string(tile) + " elements (CuTe's, mirrored to row-major and flattened): which tile, " + part(0, rest) +
           ", then the tile, " + part(rest, argument_rank);
  }
  if (product && after.rank() == before.rank() + argument_rank)
    return said + "repeats the layout as the second layout says (CuTe's, mirrored to row-major and flattened): which copy, " + part(0, argument_rank) +
           ", then the layout, " + part(argument_rank, before.rank());
  if ((name == "blocked_product" || name == "raked_product") && after.rank() == 2 * before.rank()) {
    const bool blocked = name == "blocked_product";
    std::string out;
    for (std::size_t d = 0; d < before.rank(); ++d)
      out += (out.empty() ? "" : "; ") + axis_text(before, d) + " becomes " +
             (blocked ? std::to_string(after.extent(2 * d)) + " blocks (stride " + std::to_string(after.stride(2 * d)) + ") of its " + std::to_string(after.extent(2 * d + 1)) +
                            " (stride " + std::to_string(after.stride(2 * d + 1)) + ")"
                      : "its " + std::to_string(after.extent(2 * d)) + " (stride " + std::to_string(after.stride(2 * d)) + ") each raked over " +
                            std::to_string(after.extent(2 * d + 1)) + " (stride " + std::to_string(after.stride(2 * d + 1)) + ")");
    return said + out + (blocked ? ": each copy of the layout is one block" : ": copies interleave element by element");
  }
  if (divide || product || name == "blocked_product" || name == "raked_product")
    return said + "CuTe's " + std::string(name) + ", mirrored to row-major and flattened: " + from + " -> " + result;
  if (name == "unfold" || name == "sliding_window_view")
    return said + "windows over the same storage (neighbouring windows overlap where the step is smaller than the window): " + from + " -> " + result;
  return said + from + " -> " + result;
}

// An index's items as written (outer parentheses and blanks stripped) with their 1-based columns.
// (explain_step's items, their layouts and sentences left for the caller: one vector type fewer
// for the compiler to instantiate in every file that includes this header.)
inline std::vector<explain_step::item> index_items(std::string_view index, std::size_t column) {
  std::size_t begin = 0, end = index.size();
  if (end >= 2 && index.front() == '(' && index.back() == ')') ++begin, --end;
  std::vector<explain_step::item> out;
  for (std::size_t at = begin; at <= end;) {
    std::size_t comma = index.find(',', at);
    if (comma == std::string_view::npos || comma > end) comma = end;
    std::size_t a = at, b = comma;
    while (a < b && (index[a] == ' ' || index[a] == '\t')) ++a;
    while (b > a && (index[b - 1] == ' ' || index[b - 1] == '\t')) --b;
    if (b > a) out.push_back({std::string(index.substr(a, b - a)), column + a, {}, {}});
    at = comma + 1;
  }
  return out;
}

// The index with items [0, k] as written and the later ones kept whole: ':' for an integer or a
// range (the axis stays), '...' as itself, None left out (no axis yet).
inline std::string index_cut_after(const std::vector<explain_step::item>& items, std::size_t k) {
  std::string out;
  for (std::size_t j = 0; j < items.size(); ++j) {
    std::string item = items[j].text;
    if (j > k) {
      const index_item::kind_t kind = parse_index(item).items[0].kind;
      if (kind == index_item::new_axis) continue;
      if (kind != index_item::ellipsis) item = ":";
    }
    out += (out.empty() ? "" : ", ") + item;
  }
  return out.empty() ? "()" : out;
}

// What item k did, between the layouts before and after it. The axis it addresses: before the
// '...', the axes the earlier items left (kept or inserted); after it, counted from the end past
// the later items that take an axis.
inline std::string describe_item(const std::vector<explain_step::item>& items, std::size_t k, const dynamic_layout& before,
                                 const dynamic_layout& after) {
  const auto kind_of = [&](std::size_t j) { return parse_index(items[j].text).items[0]; };
  bool after_ellipsis = false;
  std::size_t kept_before = 0, taking_after = 0;
  for (std::size_t j = 0; j < items.size(); ++j) {
    const index_item it = kind_of(j);
    if (j < k) {
      if (it.kind == index_item::ellipsis) after_ellipsis = true;
      if (it.kind == index_item::range || it.kind == index_item::new_axis) ++kept_before;
    } else if (j > k && (it.kind == index_item::range || it.kind == index_item::integer)) {
      ++taking_after;
    }
  }
  const index_item it = kind_of(k);
  const std::string& text = items[k].text;
  const std::size_t rank = it.kind == index_item::new_axis ? after.rank() : before.rank();
  const std::size_t axis = after_ellipsis ? rank - 1 - taking_after : kept_before;
  const std::string moves = after.offset() != before.offset()
                                ? ", and the first element moves from offset " + std::to_string(before.offset()) + " to " + std::to_string(after.offset())
                                : "";
  switch (it.kind) {
    case index_item::ellipsis: {
      const std::size_t covered = before.rank() - kept_before - taking_after;
      if (covered == 0) return "'...' stands for no axis here";
      return "'...' stands for " + (covered == 1 ? "axis " + std::to_string(kept_before) : "axes " + std::to_string(kept_before) + " to " + std::to_string(kept_before + covered - 1)) +
             ", kept whole";
    }
    case index_item::new_axis:
      return "'" + text + "' inserts an axis of extent 1 at position " + std::to_string(axis) + " (no element moves)";
    case index_item::integer: {
      const index_t n = before.extent(axis), i = it.value < 0 ? it.value + n : it.value;
      return "'" + text + "' fixes " + axis_text(before, axis) + " at index " + std::to_string(i) + (it.value < 0 ? " (counted from the end)" : "") + ": the axis goes" + moves;
    }
    case index_item::range:
    default: {
      const index_t n = before.extent(axis), m = after.extent(axis), step = it.has_step ? it.step : 1;
      if (m == n && step == 1) return "'" + text + "' keeps " + axis_text(before, axis) + " whole";
      if (m == 0) return "'" + text + "' keeps no index of " + axis_text(before, axis) + ": extent 0";
      const index_t stride = before.stride(axis);
      // The first index kept, from the slice rule itself (the offset moved says nothing on a
      // stride-0 axis).
      const index_t first = detail::resolve_range(it, n).start;
      std::string out = "'" + text + "' keeps " + (m == 1 ? "index " + std::to_string(first) : "indices " + std::to_string(first) + " to " + std::to_string(first + (m - 1) * step)) +
                        (m > 1 && step != 1 ? " every " + std::to_string(step) : "") + " of " + axis_text(before, axis) + ": extent " + std::to_string(m);
      if (after.stride(axis) != stride) out += ", stride " + std::to_string(after.stride(axis));
      return out + moves;
    }
  }
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

namespace detail {

// The steps of one parsed chain, its calls cut from `text` (columns are the whole text's): a
// call ends where the next begins, or for the chain's last call where an argument list closes
// or a ',' at its depth ends the argument the chain is (the whole text's end otherwise).
inline void explain_chain(std::string_view text, const expression& e, std::vector<explain_step>& steps) {
  std::optional<dynamic_layout> current;
  for (std::size_t i = 0; i < e.operations.size(); ++i) {
    const expression::operation& op = e.operations[i];
    detail::check_position(op, i == 0);
    explain_step step;
    step.column = op.column;
    const std::size_t begin = op.column - 1;
    std::size_t end = text.size();
    if (i + 1 < e.operations.size()) {
      end = e.operations[i + 1].column - 1;
    } else {
      int depth = 0;
      for (std::size_t at = begin; at < text.size(); ++at) {
        const char c = text[at];
        if (c == '(' || c == '[') ++depth;
        else if ((c == ')' || c == ']') && --depth < 0) end = at;
        else if (c == ',' && depth == 0) end = at;
        if (end != text.size()) break;
      }
    }
    std::string_view call = text.substr(begin, end - begin);
    while (!call.empty() && (call.back() == ' ' || call.back() == '.' || call.back() == '\t')) call.remove_suffix(1);
    step.call = std::string(call);
    step.before = current;
    try {
      const dynamic_layout after = detail::apply(current.value_or(dynamic_layout()), op);
      step.sentence = detail::describe(op.op->name, current, after, op.values.size(), op.values);
      step.copies = detail::is_copying_reshape(op.op->name, current, after);
      if (op.op->tile_rank != nullptr && current) step.tile_rank = op.op->tile_rank(*current, op);  // as the command's tile_rank
      if (current) step.changes = detail::property_changes(*current, after);
      if (op.op->name == std::string_view("slice") && current) {
        std::vector<explain_step::item> items = detail::index_items(op.index, op.index_column);
        if (items.size() >= 2) {  // an index of one item is the step itself
          dynamic_layout at = *current;
          for (std::size_t k = 0; k < items.size(); ++k) {
            const dynamic_layout next = slice(*current, detail::index_cut_after(items, k));
            items[k].sentence = detail::describe_item(items, k, at, next);
            items[k].layout = next;
            at = next;
          }
          step.items = std::move(items);
        }
      }
      step.after = after;
      current = after;
    } catch (const layout_error& error) {
      step.sentence = error.what();
      steps.push_back(std::move(step));
      return;
    }
    steps.push_back(std::move(step));
  }
}

// The last step of a whole expression of threads and values, after its layout arguments' chains.
inline explain_step explain_whole(std::string_view text, const thread_value_expression& t) {
  explain_step step;
  std::string_view call = text;
  while (!call.empty() && (call.back() == ' ' || call.back() == '\t')) call.remove_suffix(1);
  step.call = std::string(call);
  step.column = t.accessed || t.partitioned ? t.call_column : t.column;
  try {
    if (t.accessed) {
      const access_report r = evaluate_access(t);
      step.thread_values = evaluate_thread_value(t);
      step.after = evaluate(t.tile);
      step.access = r;
      step.swizzle = t.swizzle;
      step.element_bytes = t.element_bytes;
      step.sentence = "access: " + std::to_string(step.thread_values->threads()) + " threads read " + std::to_string(t.element_bytes) + "-byte elements in vectors of " +
                      std::to_string(r.vector_width) + ": " + std::to_string(r.instructions) + " warp instructions, " + std::to_string(r.wavefronts) + " shared-memory wavefronts for " +
                      std::to_string(r.phases) + " phases (" + std::to_string(r.bank_conflicts) + " bank conflicts), " + std::to_string(r.sectors) + " global sectors where " +
                      std::to_string(r.ideal_sectors) + " would do";
      if (r.bank_conflicts > 0)
        step.sentence += "; worst: threads " + std::to_string(r.worst.thread) + " and " + std::to_string(r.worst.other_thread) + " read different words of bank " +
                         std::to_string(r.worst.bank) + " (offsets " + std::to_string(r.worst.offset) + " and " + std::to_string(r.worst.other_offset) + ") in phase " +
                         std::to_string(r.worst.phase) + " of instruction " + std::to_string(r.worst.instruction) + ": " + std::to_string(r.worst.ways) + "-way";
    } else if (t.partitioned) {
      const dynamic_layout l = evaluate_partition(t);
      step.after = l;
      step.sentence = "partition: thread " + std::to_string(t.thread) + "'s " + std::to_string(l.size()) + " values in the tile's storage, " + shape_strides_text(l) + ", offset " +
                      std::to_string(l.offset());
    } else {
      // Read back from step.thread_values: a local copy draws g++ 12's false -Wmaybe-uninitialized at -O2.
      step.thread_values = evaluate_thread_value(t);
      const thread_value_value& tv = *step.thread_values;
      step.after = dynamic_layout(tv.layout, dynamic_layout::unchecked_t{});
      std::vector<index_t> tile;  // element by element: under nvcc the row is entry_row, not an array
      for (std::size_t d = 0; d < tv.tile_rank; ++d) tile.push_back(tv.tile_shape[d]);
      step.sentence = std::string(t.from_layout ? "as_thread_value" : "thread_value") + ": " + std::to_string(tv.threads()) + " threads hold " + std::to_string(tv.values()) +
                      " values each of a tile of shape " + tuple_text(tile) + (tv.replicated ? " (threads may hold the same element)" : " (each element held once)") +
                      "; the layout (threads, then values) gives each value's C-order index in the tile: " + shape_strides_text(*step.after);
    }
  } catch (const expression_error& error) {  // the whole's rules refuse: where evaluate says
    step.after.reset();
    step.thread_values.reset();
    step.access.reset();
    step.sentence = error.what();
    step.column = error.column();
  }
  return step;
}

}  // namespace detail

/// The chain of `text` step by step (see the top of this file). A syntax error throws
/// expression_error as parse_expression does; a rule's refusal is the last step (after empty, the
/// message as its sentence). A whole expression of threads and values (thread_value,
/// as_thread_value, partition, access) gives its layout arguments' chains, then one step for
/// the whole; broadcast_arrays and broadcast_shapes are not chains: expression_error.
inline std::vector<explain_step> explain(std::string_view text) {
  std::vector<explain_step> steps;
  if (const std::optional<thread_value_expression> t = parse_thread_value(text)) {
    // Each layout argument's chain in turn (the tile first), until one refuses.
    const auto refused = [&](const expression& e, const char* argument) {
      const std::size_t first = steps.size();
      detail::explain_chain(text, e, steps);
      for (std::size_t k = first; k < steps.size(); ++k) steps[k].argument = argument;
      return !steps.empty() && !steps.back().after;
    };
    if ((t->accessed || t->partitioned) && refused(t->tile, "tile")) return steps;
    for (std::size_t k = 0; k < t->layouts.size(); ++k)
      if (refused(t->layouts[k], t->from_layout ? "layout" : k == 0 ? "threads" : "values")) return steps;
    steps.push_back(detail::explain_whole(text, *t));
    return steps;
  }
  const expression parsed = parse_expression(text);
  if (parsed.swizzle)
    throw expression_error("explain: the steps are a strided chain's; explain it without the swizzle (the default text, md, json and svg show the swizzled offsets)",
                           parsed.swizzle_column);
  detail::explain_chain(text, parsed, steps);
  return steps;
}

}  // namespace strider
