// tools/cli.hpp: the `strider` command, as a function of its arguments and two streams, so that
// the command, its tests and the fuzzer run the same code (strider.cpp only calls run_cli).
#pragma once

#include <algorithm>
#include <charconv>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <strider/core.hpp>
#include <strider/expression.hpp>
#include <strider/table.hpp>

#ifndef STRIDER_VERSION
#define STRIDER_VERSION "unknown"
#endif

namespace strider::cli {

// Exit codes: 0 success, 1 the output could not be written (file, size limit), 2 bad usage or
// a bad expression.
inline constexpr int ok = 0, failed = 1, bad_input = 2;

// The most parts of split, chunk or unbind printed at once; more need [i].
inline constexpr std::size_t max_shown_parts = 256;

inline constexpr std::string_view usage_text =
    "usage: strider EXPR [--format grid|md|csv|json|cpp|svg|cute] [--name NAME] [-o FILE]\n"
    "       strider --info [--dyn AXES] EXPR\n"
    "       strider --emit-cpp [--dyn AXES | --cute] EXPR\n"
    "       strider explain [--format text|md|json|html] [--dyn AXES] EXPR\n"
    "       strider --swizzle-search 'access(TILE, TV, BYTES)'\n"
    "       strider --operations | --help | --version\n";

// The help text; its list of views comes from the core's operation table.
inline std::string help_text() {
  std::string views;
  std::size_t line = 7;  // "Views: "
  std::string algebra;
  std::size_t algebra_line = 16;  // "Layout algebra: "
  for (const operation_info& op : operation_table) {
    if (op.starts_expression) continue;
    const std::string name = op.form == argument_form::index ? "[index]" : std::string(op.name);
    std::string& list = op.algebra ? algebra : views;
    std::size_t& width = op.algebra ? algebra_line : line;
    if (!list.empty()) list += width + name.size() + 2 > 92 ? (width = 0, ",\n") : (width += 2, ", ");
    list += name;
    width += name.size();
  }
  // Other names: aliases, and attributes written without parentheses.
  std::string others;
  for (const operation_info& op : operation_table) {
    for (const std::string_view alias : op.aliases)
      if (!alias.empty()) others += (others.empty() ? "" : ", ") + std::string(alias);
    if (!op.attribute.empty()) others += (others.empty() ? "." : ", .") + std::string(op.attribute);
  }
  views += ".\nAlso named: " + others + ".\nThe splits, chunk and unbind give several views: [i] picks one, as in Python.\n" +
           "Whole expressions (NumPy's): broadcast_shapes((2, 1), (3,)) gives a shape, and\n" +
           "broadcast_arrays(EXPR, EXPR, ...) one view per EXPR, broadcast to their common shape.\n" +
           "Layout algebra: " + algebra + " (CuTe's, in row-major order;\na second layout is written as its (shape), (strides))" +
           ".\nThreads and values (whole expressions): thread_value(THREADS, VALUES[, interleaved]) and\n" +
           "as_thread_value(EXPR, VALUE_RANK, (TILE SHAPE)[, replicated]) draw which thread holds each\n" +
           "element of a tile; partition(TILE, TV, THREAD) is one thread's values in the tile;\n" +
           "access(TILE, TV, BYTES[, WIDTH][, swizzle(B, M, S)]) certifies how TV's threads read the\n" +
           "tile: vector width, shared-memory bank conflicts, global sectors (--format svg: by bank).\n" +
           "Swizzled layouts: EXPR.swizzle(B, M, S), last, reads the offsets through CuTe's\n" +
           "Swizzle<B, M, S> (swizzled_t in C++), as cute(\"Sw<B,M,S> o L\") does";
  line = 1000;  // the tail goes on its own line
  const std::string tail = "Quote EXPR for the shell; --operations lists them.";
  views += line + 2 + tail.size() > 92 ? ".\n" : ". ";
  return "Prints the storage offset of every element of a strided layout (NumPy/PyTorch semantics).\n"
         "\n"
         "EXPR is a base layout followed by views, written as in NumPy and PyTorch:\n"
         "  contiguous(3, 4, 5)[1:, ::-1].permute(2, 0, 1)\n"
         "  column_major(3, 4).transpose(0, 1)     layout((3, 4), (4, 1), 0).flip(0)\n"
         "  cute(\"((2,4),8):((1,16),2)\")           a CuTe layout string, read as strider's layout\n"
         "  contiguous(4)[None].broadcast_to(3, 4)  contiguous(8).unfold(0, 3, 2)\n"
         "Views: " + views + tail + "\n"
         "\n"
         "Options:\n"
         "  --format F    grid (default: aligned text; rank > 2 as 2-D slices), md (Markdown),\n"
         "                csv (one line per element), json (properties and the nested table),\n"
         "                cpp (a self-contained C++ header), svg (a picture of view and storage),\n"
         "                cute (CuTe's shape:stride notation, modes reversed: cute(\"...\") reads it)\n"
         "  --name NAME   the array's name in --format cpp (default: offsets)\n"
         "  -o FILE       write to FILE instead of standard output\n"
         "  --info        shape, strides, offset, derived properties, and which views exist\n"
         "  --emit-cpp    the static type (strider::...) that names the same layout\n"
         "  --cute        with --emit-cpp: the CuTe C++ (cute::make_layout(...)) instead\n"
         "  --dyn AXES    with --emit-cpp or --info: the base layout's extents at AXES (as 0 or 0,2)\n"
         "                known only at run time (0:4: a multiple of 4, dyn_multiple<4>): the mixed\n"
         "                type, and which entries stay static\n"
         "  --operations  every base layout and view: an example call and what it does\n"
         "  explain EXPR  the chain step by step: each call's layout (an index item by item), what\n"
         "                its rule did with the values, the properties that changed; a refused\n"
         "                chain up to the refusal; thread_value, partition and access: their\n"
         "                layouts' chains, then the whole (--format text, md, json, or html: a\n"
         "                page with a picture per step; --dyn AXES: the static entries at each\n"
         "                step, and which run-time entries made the others run-time)\n"
         "  --help, --version\n"
         "\n"
         "Exit status: 0 on success, 1 when the output could not be written, 2 for bad options or a\n"
         "bad expression (the message points at the column).\n";
}

// --operations: one line per entry of the operation table.
inline std::string operations_text() {
  std::string out;
  for (const operation_info& op : operation_table) {
    std::string call = op.starts_expression || op.form == argument_form::index ? "" : ".";
    call += op.example;  // appended: g++ 12 warns falsely (-Wrestrict) on "." + std::string(...)
    // Appended piece by piece throughout: g++ 12 warns falsely (-Wrestrict) on chains of +.
    out.append(call).append(call.size() < 32 ? 34 - call.size() : 2, ' ').append(op.summary);  // two blanks at least: the example ends there
    if (!op.aliases[0].empty()) {
      out.append(" (also named: ").append(op.aliases[0]);
      if (!op.aliases[1].empty()) out.append(" ").append(op.aliases[1]);
      out.append(")");
    }
    out += "\n";
  }
  // The whole expressions, which are not layout operations (parse_broadcast reads them).
  out += "broadcast_shapes((2, 1), (3,))    NumPy broadcast_shapes: the common shape of the tuples (a whole expression)\n"
         "broadcast_arrays(EXPR, EXPR)      NumPy broadcast_arrays: each EXPR broadcast to the common shape ([i] picks one)\n"
         "thread_value(contiguous(16, 4), contiguous(1, 4))  a tile split among threads, each holding a block of values\n"
         "                                  ([, interleaved]: values Threads' extents apart); the tile labelled T9 V2\n"
         "as_thread_value(layout((4, 2), (2, 1)), 1, (8,))  a hand-written TV layout (thread axes, then VALUE_RANK value axes)\n"
         "                                  over a tile shape ([, replicated]: threads may share elements)\n"
         "partition(contiguous(8, 8), thread_value(contiguous(4, 2), contiguous(2, 4)), 5)  thread 5's values in the tile's storage\n"
         "cute(\"((2,4),8):((1,16),2)\")          a CuTe layout (shape:stride, nested, column-major) as strider's: modes flattened, reversed\n"
         "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1, swizzle(5, 0, 5))\n"
         "                                  the access certificate: vector width, bank conflicts, sectors (docs/access.md)\n";
  return out;
}

namespace detail {

// The expression as the error shows it: one byte, one column, so that the caret lines up.
inline std::string printable(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return out;
}

// One line of --info: the name in a column of 15, then the value.
inline void info_row(std::ostream& out, std::string_view name, const std::string& value) {
  out << name << std::string(name.size() < 15 ? 15 - name.size() : 1, ' ') << value << '\n';
}

inline void report(std::ostream& err, const std::string& expression, const expression_error& e) {
  err << "strider: " << e.what() << "\n  " << printable(expression) << "\n  "
      << std::string(e.column() > 0 ? e.column() - 1 : 0, ' ') << "^\n";
}


// An entry of a mixed layout's maybe_layout: its value, `dyn`, or `dyn_multiple<N>` (a run-time
// extent the rules know to be a multiple of N).
inline std::string static_entry_text(const strider::detail::maybe_index& e) {
  if (e.known) return std::to_string(e.value);
  return e.value > 1 ? "dyn_multiple<" + std::to_string(e.value) + ">" : std::string("dyn");  // an unknown value holds its multiple
}

// The static entries of a mixed layout's maybe_layout (its type carries multiples of extents only).
inline std::string static_entries_text(const strider::detail::maybe_index* entries, std::size_t n, bool extents) {
  std::string out = "(";
  for (std::size_t i = 0; i < n; ++i) out += (i ? ", " : "") + static_entry_text(extents || entries[i].known ? entries[i] : strider::detail::maybe_index::unknown());
  return out + (n == 1 ? ",)" : ")");
}

inline void write_static_entries(std::ostream& out, const strider::detail::maybe_layout& p) {
  const auto& v = p.entries();
  const auto row = [&out](std::string_view name, const std::string& value) { info_row(out, name, value); };
  row("static_shape", static_entries_text(v.shape, v.rank, true));
  row("static_strides", static_entries_text(v.strides, v.rank, false));
  row("static_offset", v.offset.known ? std::to_string(v.offset.value) : std::string("dyn"));
}

// The first call of a chain that copies (a reshape, flatten or ravel that no view can be), as
// written ("reshape(12)"), or nothing: explain's steps say which, only for chains that reshape.
inline std::string copying_step(const expression& parsed, const std::string& text) {
  bool reshapes = false;
  for (const expression::operation& op : parsed.operations) {
    const std::string_view name = op.op->name;
    reshapes = reshapes || name == "reshape" || name == "flatten" || name == "ravel";
  }
  if (!reshapes) return {};
  for (const explain_step& step : explain(text))
    if (step.copies) return step.call;
  return {};
}

inline void write_info(std::ostream& out, const std::string& text, const dynamic_layout& l) {
  const auto row = [&out](std::string_view name, const std::string& value) { info_row(out, name, value); };
  const auto yes_no = [](bool b) { return std::string(b ? "true" : "false"); };
  row("expression", text);
  row("rank", std::to_string(l.rank()));
  row("shape", strider::detail::tuple_text(l.shape()));
  row("strides", strider::detail::tuple_text(l.strides()));
  row("offset", std::to_string(l.offset()));
  row("size", std::to_string(l.size()));
  row("is_contiguous", yes_no(l.is_contiguous()));
  row("is_unique", yes_no(l.is_unique()) + (!l.is_unique() && l.size() > unique_check_limit ? " (not proven unique: too many elements to enumerate)" : ""));
  row("min_offset", std::to_string(l.min_offset()));
  row("max_offset", std::to_string(l.max_offset()));
  row("required_span", std::to_string(l.required_span()));
  row("storage_size", std::to_string(l.storage_size()) + (l.storage_size() > l.required_span() ? " (the storage it was cut from: as_strided may reach all of it)" : ""));

  // Views a user commonly wants next, each answered by the core's can_view.
  struct target {
    std::string call, meaning;
    std::string answer;  // "yes", "no", or the core's error
  };
  // The core decides; a layout_error from it (an int64 overflow of a stride) is shown as it is.
  const auto check = [](auto&& f) -> std::string {
    try {
      return f() ? "yes" : "no";
    } catch (const layout_error& e) {
      return std::string("no: ") + e.what();
    }
  };
  std::vector<target> targets;
  const std::size_t r = l.rank();
  targets.push_back({".view(-1)", "flatten", check([&] { return can_view(l, {-1}); })});
  if (r >= 3) {  // explicit extents: a -1 is ambiguous for an empty layout
    // A merged extent past int64 (an empty layout's other extents may be anything) is no shape,
    // so that target is left out.
    index_t head = 0, tail = 0;
    const bool head_fits = !strider::detail::mul_overflows(l.extent(0), l.extent(1), &head);
    const bool tail_fits = !strider::detail::mul_overflows(l.extent(r - 2), l.extent(r - 1), &tail);
    dims first{head}, last;
    for (std::size_t d = 2; d < r; ++d) first.push_back(l.extent(d));
    for (std::size_t d = 0; d + 2 < r; ++d) last.push_back(l.extent(d));
    last.push_back(tail);
    if (head_fits) targets.push_back({".view(" + strider::detail::joined(first) + ")", "merge the first two axes", check([&] { return can_view(l, first); })});
    if (tail_fits) targets.push_back({".view(" + strider::detail::joined(last) + ")", "merge the last two axes", check([&] { return can_view(l, last); })});
  }
  if (r >= 2) {
    dims reversed;
    for (std::size_t d = r; d-- > 0;) reversed.push_back(static_cast<index_t>(d));
    targets.push_back({".permute(" + strider::detail::joined(reversed) + ").view(-1)", "flatten in column-major order",
                       check([&] { return can_view(permute(l, reversed), {-1}); })});
  }
  std::size_t width = 0;
  for (const target& t : targets) width = std::max(width, t.call.size());
  out << "views without a copy:\n";
  for (const target& t : targets)
    out << "  " << t.call << std::string(width - t.call.size() + 2, ' ') << (t.answer == "no" ? "no " : t.answer) << "  ("
        << t.meaning << (t.answer == "yes" ? "" : "; reshape copies") << ")\n";
}

// --info of a thread-value layout: its counts, tile and layout.
inline void write_thread_value_info(std::ostream& out, const std::string& text, const thread_value_value& tv) {
  const auto row = [&out](std::string_view name, const std::string& value) { info_row(out, name, value); };
  const dynamic_layout l(tv.layout, dynamic_layout::unchecked_t{});
  row("expression", text);
  row("threads", std::to_string(tv.threads()));
  row("values", std::to_string(tv.values()) + " per thread");
  row("tile_shape", strider::detail::tuple_text(strider::detail::tile_shape_of(tv)));
  row("value_rank", std::to_string(tv.value_rank) + " (the layout's last axes; the first " + std::to_string(tv.thread_rank()) + " number the threads)");
  row("coverage", tv.replicated ? "replicated (every element held at least once)" : "exactly_once (every element held by one thread, as one value)");
  row("shape", strider::detail::tuple_text(l.shape()));
  row("strides", strider::detail::tuple_text(l.strides()));
  row("offset", std::to_string(l.offset()));
}

// explain: the steps as text, Markdown or JSON; with --dyn, each step's static entries (the
// mixed rules on the chain cut there). Returns whether the chain was refused.
inline bool write_explain(std::ostream& out, const std::string& text, const std::vector<explain_step>& steps, const std::string& format,
                          const std::optional<std::vector<strider::run_time_extent>>& dyn_axes) {
  const bool refused = !steps.empty() && !steps.back().after;
  const auto layout_text = [](const std::optional<dynamic_layout>& l) { return l ? strider::to_string(*l) : std::string("(none)"); };
  // The static entries of the chain cut after step k, or why the mixed rules refuse it there,
  // and why: an entry is run-time when the rule computed it from a run-time entry of the layout
  // before (named), static when from static entries and the call's arguments alone.
  // Each step's maybe_layout (the chain cut there, evaluated once), or the mixed rules' refusal.
  std::vector<std::optional<strider::detail::maybe_layout>> step_layouts(steps.size());
  std::vector<std::string> refusals(steps.size());
  if (dyn_axes) {
    const expression parsed = parse_expression(text);
    for (std::size_t k = 0; k < steps.size() && steps[k].after; ++k) {
      expression cut = parsed;
      cut.operations.resize(k + 1);
      try {
        step_layouts[k] = evaluate_mixed(cut, *dyn_axes);
      } catch (const layout_error& e) {
        refusals[k] = e.what();
      }
    }
  }
  const auto run_time_entries = [](const strider::detail::maybe_layout& p) {
    const auto& v = p.entries();
    std::vector<std::string> out;
    for (std::size_t d = 0; d < v.rank; ++d)
      if (!v.shape[d].known) out.push_back("shape[" + std::to_string(d) + "]");
    for (std::size_t d = 0; d < v.rank; ++d)
      if (!v.strides[d].known) out.push_back("strides[" + std::to_string(d) + "]");
    if (!v.offset.known) out.push_back("offset");
    return out;
  };
  const auto listed = [](const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
  };
  const auto entries = [&](std::size_t k) -> std::string {
    const std::optional<strider::detail::maybe_layout>& step = step_layouts[k];
    if (!step) return "the mixed rules refuse here: " + refusals[k];
    const auto& v = step->entries();
    std::string out = "static_shape " + static_entries_text(v.shape, v.rank, true) + ", static_strides " + static_entries_text(v.strides, v.rank, false) +
                      ", static_offset " + (v.offset.known ? std::to_string(v.offset.value) : std::string("dyn"));
    const std::vector<std::string> now = run_time_entries(*step);
    if (now.empty()) return out + ": every entry static";
    if (k == 0) return out + ": " + listed(now) + (now.size() == 1 ? " is" : " are") + " run-time (--dyn)";
    const std::vector<std::string> inputs = run_time_entries(*step_layouts[k - 1]);  // a refusal at k - 1 would refuse k too
    return out + ": " + listed(now) + (now.size() == 1 ? " is" : " are") + " run-time, computed from the run-time " + (inputs.size() == 1 ? "entry" : "entries") +
           " before this step (" + listed(inputs) + "); the rest from static entries and the call's arguments";
  };
  const auto json_string = [](std::string_view s) {
    std::string o = "\"";
    for (const char c : s) {
      if (c == '"' || c == '\\') o += '\\';
      if (static_cast<unsigned char>(c) < 0x20) o += ' ';
      else o += c;
    }
    return o + "\"";
  };
  const auto json_layout = [](const std::optional<dynamic_layout>& l) {
    if (!l) return std::string("null");
    return "{\"shape\": [" + strider::detail::joined(l->shape()) + "], \"strides\": [" + strider::detail::joined(l->strides()) + "], \"offset\": " +
           std::to_string(l->offset()) + "}";
  };
  if (format == "json") out << "{\n  \"expression\": " << json_string(text) << ",\n  \"refused\": " << (refused ? "true" : "false") << ",\n  \"steps\": [";
  if (format == "md") out << "| step | call | layout after | what the rule did | what changed |\n|---:|---|---|---|---|\n";
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const explain_step& s = steps[k];
    const bool last_refused = !s.after;
    std::string changes;
    for (const std::string& c : s.changes) changes += (changes.empty() ? "" : "; ") + c;
    if (format == "json") {
      out << (k ? ",\n" : "\n") << "    {\"call\": " << json_string(s.call) << ", \"column\": " << s.column << ", \"before\": " << json_layout(s.before)
          << ", \"after\": " << json_layout(s.after) << ", \"" << (last_refused ? "refusal" : "sentence") << "\": " << json_string(s.sentence) << ", \"changes\": [";
      for (std::size_t c = 0; c < s.changes.size(); ++c) out << (c ? ", " : "") << json_string(s.changes[c]);
      out << "]";
      if (!s.items.empty()) {
        out << ", \"items\": [";
        for (std::size_t i = 0; i < s.items.size(); ++i)
          out << (i ? ", " : "") << "{\"item\": " << json_string(s.items[i].text) << ", \"column\": " << s.items[i].column << ", \"after\": " << json_layout(s.items[i].layout)
              << ", \"sentence\": " << json_string(s.items[i].sentence) << "}";
        out << "]";
      }
      if (dyn_axes && !last_refused) out << ", \"static\": " << json_string(entries(k));
      out << "}";
    } else if (format == "md") {
      out << "| " << k + 1 << " | `" << s.call << "` | " << (last_refused ? "refused" : layout_text(s.after)) << " | " << s.sentence << " | " << changes
          << (dyn_axes && !last_refused ? (changes.empty() ? "" : "; ") + entries(k) : "") << " |\n";
      for (std::size_t i = 0; i < s.items.size(); ++i)
        out << "| " << k + 1 << '.' << i + 1 << " | `" << s.items[i].text << "` | " << layout_text(s.items[i].layout) << " | " << s.items[i].sentence << " | |\n";
    } else {
      out << k + 1 << (k + 1 < 10 ? "   " : "  ") << s.call << '\n';
      if (last_refused) {
        out << "    refused: " << s.sentence << "\n  " << printable(text) << "\n  " << std::string(s.column > 0 ? s.column - 1 : 0, ' ') << "^\n";
        continue;
      }
      out << "    " << layout_text(s.after) << "\n    " << s.sentence << '\n';
      for (const std::string& c : s.changes) out << "    " << c << '\n';
      if (dyn_axes) out << "    " << entries(k) << '\n';
      for (std::size_t i = 0; i < s.items.size(); ++i)  // an index's items, each a step of its own
        out << "    " << k + 1 << '.' << i + 1 << "  " << s.items[i].text << " -> " << layout_text(s.items[i].layout) << "\n          " << s.items[i].sentence << '\n';
    }
  }
  if (format == "json") out << "\n  ]\n}\n";
  return refused;
}

// explain --format html: one self-contained page (XHTML, so that it is well-formed XML), a section
// per step with its layout, sentence, changes and the writers' picture (SVG inline), the elements
// whose offset the step changed outlined (when the shape stays).
inline bool write_explain_html(std::ostream& out, const std::string& text, const std::vector<explain_step>& steps) {
  using strider::detail::svg::escape;
  const bool refused = !steps.empty() && !steps.back().after;
  out << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>strider explain: "
      << escape(text) << "</title>\n<style>\nbody { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 24px; color: #222; }\n"
      << "code { font-family: DejaVu Sans Mono, monospace; }\nsection { border-top: 1px solid #ccc; padding: 8px 0 16px; }\n"
      << ".refused { color: #a00; }\n.picture { overflow-x: auto; }\n</style>\n</head>\n<body>\n<h1>strider explain</h1>\n<p><code>" << escape(text)
      << "</code></p>\n";
  index_t picture_bytes = 0;  // the page's pictures so far, at most max_explain_page_bytes
  // An access certificate comes first (the result, with its bank picture), then its arguments'
  // steps, each labelled with the argument it builds.
  std::vector<std::size_t> order(steps.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  if (!steps.empty() && steps.back().access) std::rotate(order.begin(), order.end() - 1, order.end());
  for (const std::size_t k : order) {
    const explain_step& s = steps[k];
    out << "<section>\n<h2>" << k + 1 << ". " << (s.argument.empty() ? "" : escape(s.argument) + ": ") << "<code>" << escape(s.call) << "</code></h2>\n";
    if (!s.after) {
      out << "<p class=\"refused\">refused: " << escape(s.sentence) << "</p>\n</section>\n";
      continue;
    }
    out << "<p><code>" << escape(strider::to_string(*s.after)) << "</code></p>\n<p>" << escape(s.sentence) << "</p>\n";
    if (!s.items.empty()) {
      out << "<ol>\n";
      for (const explain_step::item& i : s.items)
        // "item <code>:</code> gives <code>...</code>": words between, so that an item such as ':' never
        // reads as punctuation of the list (as "<code>:</code>:" did).
        out << "<li>item <code>" << escape(i.text) << "</code> gives <code>" << escape(strider::to_string(i.layout)) << "</code>: " << escape(i.sentence) << "</li>\n";
      out << "</ol>\n";
    }
    if (!s.changes.empty()) {
      out << "<ul>\n";
      for (const std::string& c : s.changes) out << "<li>" << escape(c) << "</li>\n";
      out << "</ul>\n";
    }
    const auto left_out = [&] {
      out << "<p>(picture left out: with it, the page's pictures would pass max_explain_page_bytes, " << max_explain_page_bytes
          << " bytes; the step's text above is whole)</p>\n</section>\n";
    };
    if (picture_bytes >= max_explain_page_bytes) {
      left_out();
      continue;
    }
    svg_options options{s.call, s.tile_rank, {}};  // a tiling coloured by tile, as --format svg does
    if (s.before && !s.thread_values && s.before->shape() == s.after->shape() && s.after->size() <= max_svg_cells) {
      const std::vector<index_t> a = offset_table(*s.before), b = offset_table(*s.after);
      options.marked.resize(b.size());
      for (std::size_t e = 0; e < b.size(); ++e) options.marked[e] = a[e] != b[e];
    }
    std::ostringstream picture;
    try {
      if (s.access) write_access_svg(picture, *s.after, s.swizzle, *s.thread_values, s.element_bytes, *s.access, options);  // the tile by bank
      else if (s.thread_values) write_svg(picture, *s.thread_values, options);  // which thread holds each element
      else write_svg(picture, *s.after, options);
      std::string svg = picture.str();
      svg.erase(0, svg.find("<svg"));  // inline: no XML declaration
      if (picture_bytes + static_cast<index_t>(svg.size()) > max_explain_page_bytes) {
        picture_bytes = max_explain_page_bytes;  // the pictures after it are left out too
        left_out();
        continue;
      }
      picture_bytes += static_cast<index_t>(svg.size());
      out << "<div class=\"picture\">\n" << svg << "</div>\n";
    } catch (const layout_error& e) {  // too large to draw
      out << "<p>(" << escape(e.what()) << ")</p>\n";
    }
    out << "</section>\n";
  }
  out << "</body>\n</html>\n";
  return refused;
}

}  // namespace detail

/// Runs the command: args[0] is the program name. Writes results to `out`, diagnostics to `err`
/// and returns the exit status. Never throws.
inline int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto usage = [&err](const std::string& problem) {
    err << "strider: " << problem << '\n' << usage_text;
    return bad_input;
  };
  std::string expression, format = "grid", name = "offsets", output, dyn_text;
  bool swizzle_search = false;
  bool have_expression = false, info = false, emit = false, cute = false, have_format = false, have_name = false, have_output = false, have_dyn = false;
  const bool explaining = args.size() > 1 && args[1] == "explain";  // strider explain EXPR
  for (std::size_t i = explaining ? 2 : 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    // --opt VALUE and --opt=VALUE
    const auto value = [&](std::string_view option, std::string& into, bool& seen) -> int {
      if (seen) return usage(std::string(option) + " given twice");
      seen = true;
      if (a.size() > option.size() && a[option.size()] == '=') {
        into = a.substr(option.size() + 1);
        return ok;
      }
      if (i + 1 >= args.size()) return usage(std::string(option) + " needs a value");
      into = args[++i];
      return ok;
    };
    const auto is = [&a](std::string_view option) {
      return a == option || (a.size() > option.size() && a.compare(0, option.size(), option) == 0 && a[option.size()] == '=');
    };
    int status = ok;
    if (a == "--help" || a == "-h") {
      out << usage_text << '\n' << help_text();
      return ok;
    } else if (a == "--operations") {
      out << operations_text();
      return ok;
    } else if (a == "--version") {
      out << "strider " << STRIDER_VERSION << '\n';
      return ok;
    } else if (a == "--info") {
      info = true;
    } else if (a == "--emit-cpp") {
      emit = true;
    } else if (a == "--cute") {
      cute = true;
    } else if (a == "--swizzle-search") {
      swizzle_search = true;
    } else if (is("--format")) {
      status = value("--format", format, have_format);
    } else if (is("--dyn")) {
      status = value("--dyn", dyn_text, have_dyn);
    } else if (is("--name")) {
      status = value("--name", name, have_name);
    } else if (a == "-o" || is("--output")) {
      status = value(a == "-o" ? "-o" : "--output", output, have_output);
    } else if (a == "--") {
      if (i + 2 != args.size()) return usage("expected one expression after --");
      if (have_expression) return usage("more than one expression given");
      expression = args[++i];
      have_expression = true;
    } else if (a.size() > 1 && a[0] == '-') {
      static const std::vector<std::string> options = {"--format", "--dyn", "--name", "--output", "-o", "--info", "--emit-cpp", "--cute", "--swizzle-search", "--help", "--operations", "--version"};
      return usage("unknown option " + a + strider::detail::did_you_mean(std::string_view(a).substr(0, a.find('=')), options));
    } else {
      if (have_expression) {
        // `strider expalin EXPR`: a bare word first is a misspelt command, not an expression.
        const bool word = !expression.empty() && std::all_of(expression.begin(), expression.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; });
        if (word) return usage("'" + expression + "' is not a command (the one command is explain: strider explain EXPR)" + strider::detail::did_you_mean(expression, {"explain"}));
        return usage("more than one expression given (quote the expression for the shell)");
      }
      expression = a;
      have_expression = true;
    }
    if (status != ok) return status;
  }
  if (!have_expression) return usage("no expression given");
  if (info && emit) return usage("--info and --emit-cpp cannot be combined");
  if (swizzle_search && (explaining || info || emit || have_format || have_name || have_dyn)) return usage("--swizzle-search takes an access(...) expression and -o only");
  if ((info || emit) && (have_format || have_name)) return usage("--format and --name do not apply to --info or --emit-cpp");
  if (explaining) {
    if (info || emit || have_name) return usage("explain takes --format (text, md, json or html), --dyn and -o only");
    if (format == "text") format = "grid";
    if (format != "grid" && format != "md" && format != "json" && format != "html") return usage("explain writes --format text, md, json or html");
    if (format == "html" && have_dyn) return usage("explain --format html does not show --dyn");
  }
  static constexpr std::string_view formats[] = {"grid", "md", "csv", "json", "cpp", "svg", "cute", "html"};
  if (std::find(std::begin(formats), std::end(formats), format) == std::end(formats) || (format == "html" && !explaining))
    return usage("unknown format '" + format + "' (expected grid, md, csv, json, cpp, svg or cute; html with explain)");
  if (cute && (!emit || have_dyn)) return usage("--cute applies to --emit-cpp without --dyn");
  if (have_name && format != "cpp") return usage("--name applies to --format cpp only");
  if (have_dyn && !info && !emit && !explaining) return usage("--dyn applies to --emit-cpp, --info and explain only");
  std::vector<strider::run_time_extent> dyn_axes;
  if (have_dyn) {  // axes as 0 or 0,2; an axis known to be a multiple of N as 0:N
    const auto number = [](const std::string& text, index_t& out) {
      const char* first = text.data();
      const auto [ptr, ec] = std::from_chars(first, first + text.size(), out);
      return !text.empty() && ec == std::errc() && ptr == first + text.size();
    };
    std::size_t pos = 0;
    while (true) {
      std::size_t end = dyn_text.find(',', pos);
      const std::string item = dyn_text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
      const std::size_t colon = item.find(':');
      strider::run_time_extent r;
      const bool multiple_ok = colon == std::string::npos || (number(item.substr(colon + 1), r.multiple) && r.multiple >= 1);
      if (!number(item.substr(0, colon), r.axis) || r.axis < 0 || !multiple_ok)
        return usage("--dyn '" + dyn_text + "' is not a list of axes (as 0 or 0,2; 0:4 for an extent that is a multiple of 4)");
      dyn_axes.push_back(r);
      if (end == std::string::npos) break;
      pos = end + 1;
    }
  }
  if (!strider::detail::is_identifier(name)) return usage("--name '" + name + "' is not a C++ identifier");

  try {
    std::ostringstream text;  // the whole output first: a failure leaves no partial file
    // A layout, or a thread-value layout, in the form asked for (the writers take both).
    const auto write_as = [&](const auto& x, std::size_t tile_rank) {
      constexpr bool tv = std::is_same_v<std::remove_cvref_t<decltype(x)>, thread_value_value>;
      if (format == "grid") {
        text << strider::to_string(x) << '\n';
        write_grid(text, x);
      } else if (format == "md") write_markdown(text, x);
      else if (format == "csv") write_csv(text, x);
      else if (format == "json") write_json(text, x);
      else if (format == "cpp") {
        if constexpr (tv) write_cpp_header(text, dynamic_layout(x.layout, dynamic_layout::unchecked_t{}), name);  // the element each (thread, value) holds
        else write_cpp_header(text, x, name);
      } else if (format == "cute") {
        if constexpr (tv) text << to_cute_string(dynamic_layout(x.layout, dynamic_layout::unchecked_t{})).view() << '\n';  // the TV layout itself
        else text << to_cute_string(x).view() << '\n';
      } else write_svg(text, x, {detail::printable(expression), tile_rank});
    };
    const auto write_layout = [&](const dynamic_layout& l, std::size_t tile_rank) {
      if (info) detail::write_info(text, expression, l);
      else write_as(l, tile_rank);
    };
    // broadcast_shapes(...) and broadcast_arrays(...) without [i]: a shape, or one view per argument.
    const std::optional<broadcast_expression> broadcast = explaining ? std::nullopt : parse_broadcast(expression);
    bool refused = false;
    if (swizzle_search) {
      // conflict_free_swizzle (core/access.hpp): the swizzle of fewest bits that makes the access
      // conflict-free at its plain vector width, then the certificate through it.
      const std::optional<thread_value_expression> tv = parse_thread_value(expression);
      if (!tv || !tv->accessed) throw expression_error("expression: --swizzle-search takes access(TILE, TV, BYTES), the access to find a swizzle for", 1);
      if (tv->swizzle.bits != 0 || tv->width != 0)
        throw expression_error("expression: --swizzle-search finds the swizzle, at the access's own vector width: write access(TILE, TV, BYTES) without a width or swizzle(...)", tv->call_column);
      const dynamic_layout tile = evaluate(tv->tile);
      const thread_value_value values = evaluate_thread_value(*tv);
      swizzle_value found{};
      try {
        found = conflict_free_swizzle(tile, values, tv->element_bytes);
      } catch (const layout_error& e) {
        throw expression_error(e.what(), tv->call_column);
      }
      if (found.bits == 0) text << "no swizzle needed: the access is conflict-free as it is\n";
      else text << "swizzle(" << found.bits << ", " << found.base << ", " << found.shift << "): the fewest bits that make the access conflict-free at its vector width\n";
      write_access_text(text, access(tile, found, values, tv->element_bytes));
    } else if (explaining) {
      if (have_dyn && parse_thread_value(expression)) throw expression_error("explain: --dyn applies to layout chains, not to thread-value expressions", 1);
      refused = format == "html" ? detail::write_explain_html(text, expression, explain(expression))
                                 : detail::write_explain(text, expression, explain(expression), format, have_dyn ? std::optional(dyn_axes) : std::nullopt);
    } else if (broadcast && !broadcast->part) {
      const bool shapes = !broadcast->arrays;
      const std::string_view call = shapes ? "broadcast_shapes" : "broadcast_arrays";
      const std::string mode = info ? std::string("--info") : emit ? std::string(have_dyn ? "--emit-cpp --dyn" : "--emit-cpp") : "--format " + format;
      const bool shown = shapes ? !info && !have_dyn && (emit || format == "grid" || format == "json") : !info && !emit && format == "grid";
      if (!shown)
        throw expression_error("expression: '" + std::string(call) +
                                   (shapes ? "' gives a shape, not a layout, which " + mode + " does not show (the default text, --format json and --emit-cpp do)"
                                           : "' gives several views and " + mode + " shows one; pick a part with [i]"),
                               broadcast->column);
      if (shapes) {
        const dims common = broadcast_shape(*broadcast);
        if (emit) {  // the static form of the same rule
          text << "strider::broadcast_shapes_t<";
          for (std::size_t k = 0; k < broadcast->shapes.size(); ++k)
            text << (k ? ", " : "") << "strider::shape<" << strider::detail::joined(broadcast->shapes[k], ", ", true) << ">";
          text << ">\n";
        } else if (format == "json") {
          text << "{\n  \"shape\": [" << strider::detail::joined(common) << "]\n}\n";
        } else {
          text << strider::detail::tuple_text(common) << '\n';
        }
      } else {
        const std::vector<dynamic_layout> parts = broadcast_views(*broadcast, max_shown_parts);
        if (parts.empty()) text << call << ": no parts\n";
        for (std::size_t i = 0; i < parts.size(); ++i) {
          text << (i == 0 ? "" : "\n") << "part " << i << " of " << parts.size() << ": " << strider::to_string(parts[i]) << '\n';
          write_grid(text, parts[i]);
        }
      }
    } else if (const std::optional<thread_value_expression> tv = broadcast ? std::nullopt : parse_thread_value(expression)) {
      // thread_value(...), as_thread_value(...): a TV layout drawn over its tile; partition(...): a layout.
      if (have_dyn) throw expression_error("expression: --dyn applies to layout expressions, not to thread-value layouts or partitions", 1);
      if (tv->accessed) {
        // access(...): the certificate as text (also --info), md, json, or the tile by bank (svg).
        const access_report r = evaluate_access(*tv);
        if (emit) {
          text << "using certificate = " << to_static_type(*tv) << ";\nstatic_assert(certificate::vector_width == " << r.vector_width
               << " && certificate::bank_conflicts == " << r.bank_conflicts << " && certificate::sectors == " << r.sectors << ");\n";
        } else if (info || format == "grid") {
          write_access_text(text, r);
        } else if (format == "md") {
          write_access_markdown(text, r);
        } else if (format == "json") {
          write_access_json(text, r);
        } else if (format == "svg") {
          write_access_svg(text, evaluate(tv->tile), tv->swizzle, evaluate_thread_value(*tv), tv->element_bytes, r, {detail::printable(expression), 0});
        } else {
          throw expression_error("expression: 'access' gives a certificate, which --format " + format + " does not show (the default text, md, json and svg do)", tv->call_column);
        }
      } else if (emit) {
        text << to_static_type(*tv) << '\n';
        if (tv->partitioned) evaluate_partition(*tv);  // the type compiles exactly when this succeeds: say so now
        else evaluate_thread_value(*tv);
      } else if (tv->partitioned) {
        write_layout(evaluate_partition(*tv), 0);
      } else {
        const thread_value_value v = evaluate_thread_value(*tv);
        if (info) detail::write_thread_value_info(text, expression, v);
        else write_as(v, 0);
      }
    } else if (const auto parsed = broadcast ? broadcast_input(*broadcast, *broadcast->part, broadcast_shape(*broadcast)) : parse_expression(expression);
               parsed.swizzle) {
      // .swizzle(B, M, S) or cute("Sw<B,M,S> o L"): the offsets through the swizzle (swizzled_t's).
      if (info) throw expression_error("expression: --info describes strided layouts; a swizzled layout's offsets are shown by --format grid, md, csv, json, cpp, svg and cute", parsed.swizzle_column);
      const swizzled_layout_value s = evaluate_swizzled(parsed);
      const swizzle_value& w = s.swizzle;
      const std::string mirrored = parsed.operations.front().cute.empty() ? "" : "the CuTe layout mirrored to strider's row-major axes (CuTe's modes in reverse order; --format cute prints CuTe's)";
      const std::string through = "through swizzle(" + std::to_string(w.bits) + ", " + std::to_string(w.base) + ", " + std::to_string(w.shift) + ")" +
                                  (mirrored.empty() ? "" : "; " + mirrored);
      if (emit && cute) text << "cute::composition(cute::Swizzle<" << w.bits << ", " << w.base << ", " << w.shift << ">{}, " << to_cute_cpp(s.layout) << ")\n";
      else if (emit) text << to_static_type(parsed, dyn_axes) << '\n';  // --dyn: refused, swizzled_t takes a static layout
      else if (format == "grid") {
        text << strider::to_string(s.layout) << ", " << through << '\n';
        strider::detail::write_grid(text, s.layout, w);
      } else if (format == "md") {
        text << '*' << through << "*\n\n";
        strider::detail::write_markdown(text, s.layout, w);
      } else if (format == "csv") strider::detail::write_csv(text, s.layout, w);
      else if (format == "json") strider::detail::write_json(text, s.layout, w);
      else if (format == "cpp") strider::detail::write_cpp_header(text, s.layout, name, w);
      else if (format == "cute") text << to_cute_string(s.layout, w).view() << '\n';
      else strider::detail::svg::write(text, s.layout, w, {detail::printable(expression) + (mirrored.empty() ? "" : " (" + mirrored + ")"), tile_rank(parsed)});
    } else if (emit && cute) {
      text << to_cute_cpp(evaluate(parsed)) << '\n';
    } else if (emit) {
      text << to_static_type(parsed, dyn_axes) << '\n';
      count_results(parsed);  // the type compiles exactly when the layout is valid: say so now
    } else if (strider::detail::ends_with_parts(parsed)) {
      // split, chunk or unbind without [i]: every part, as Python prints the tuple of views.
      const expression::operation& last = parsed.operations.back();
      if (info || format != "grid")
        throw expression_error("expression: '" + std::string(last.op->name) + "' gives several views and " +
                                   (info ? std::string("--info") : "--format " + format) + " shows one; pick a part with [i]",
                               last.column);
      const std::vector<dynamic_layout> parts = evaluate_parts(parsed, max_shown_parts);
      if (parts.empty()) text << last.op->name << ": no parts\n";
      for (std::size_t i = 0; i < parts.size(); ++i) {
        text << (i == 0 ? "" : "\n") << "part " << i << " of " << parts.size() << ": " << strider::to_string(parts[i]) << '\n';
        write_grid(text, parts[i]);
      }
    } else {
      const dynamic_layout l = evaluate(parsed);  // first: its errors point at the call that failed
      const std::string copy = detail::copying_step(parsed, expression);
      const std::string& cute_text = parsed.operations.front().cute;  // a base read from cute("...")
      // A line the layout's text carries: that it is a copy's (a reshape that no view can be, in
      // every format), or that it is CuTe's mirrored (CuTe's notation is column-major and
      // strider's row-major: said in the grid and Markdown, where it happens).
      const std::string note = !copy.empty() ? "the layout of a copy: " + copy + " has no view of this shape"
                               : !cute_text.empty() ? "cute(\"" + cute_text + "\") mirrored to strider's row-major axes: CuTe's modes in reverse order; --format cute prints CuTe's order"
                                                    : std::string();
      if (!cute_text.empty() && parsed.operations.size() == 1 && format == "cute" && !info) {
        text << cute_text << '\n';  // back in CuTe's own order, with the nesting as written
      } else if (note.empty() || (copy.empty() && (info || (format != "grid" && format != "md")))) {
        write_layout(l, tile_rank(parsed));  // a tiled result is drawn by tile
      } else if (info) {
        detail::write_info(text, expression, l);
        detail::info_row(text, "copy", copy + ": no view has this shape; these are the copy's offsets");
      } else if (format == "grid") {
        text << strider::to_string(l) << "\n(" << note << ")\n";
        write_grid(text, l);
      } else if (format == "md") {
        text << "*" << note << "*\n\n";
        write_markdown(text, l);
      } else if (format == "json") {
        std::ostringstream json;
        write_json(json, l);
        std::string body = json.str();
        body.insert(body.find('{') + 1, "\n  \"copy\": \"" + copy + "\",");  // the first member
        text << body;
      } else if (format == "cpp") {
        text << "// " << note << "\n";
        write_cpp_header(text, l, name);
      } else if (format == "svg") {
        write_svg(text, l, {detail::printable(expression) + " (" + note + ")", tile_rank(parsed)});
      } else {  // csv and cute have no comments: the note goes to stderr
        err << "strider: note: " << note << '\n';
        write_layout(l, tile_rank(parsed));
      }
      if (info && have_dyn) detail::write_static_entries(text, evaluate_mixed(parsed, dyn_axes));
    }
    if (refused) {  // explain of a refused chain: the steps, then the status of a bad expression
      out << text.str() << std::flush;
      return bad_input;
    }
    if (output.empty() || output == "-") {
      out << text.str() << std::flush;
    } else {
      std::ofstream file(output, std::ios::binary);
      if (file) file << text.str();
      if (!file) {
        err << "strider: cannot write " << output << '\n';
        return failed;
      }
    }
    return ok;
  } catch (const expression_error& e) {
    detail::report(err, expression, e);
    return bad_input;
  } catch (const layout_error& e) {  // a writer's limit
    err << "strider: " << e.what() << '\n';
    return failed;
  } catch (const std::exception& e) {  // out of memory, and anything unforeseen
    err << "strider: " << e.what() << '\n';
    return failed;
  }
}

}  // namespace strider::cli
