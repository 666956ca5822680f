// The differential test: strider against NumPy (or PyTorch) on random chains of view operations,
// and the mixed pass of each chain (a run-time base extent) against strider's run-time result.
//
//   strider_differential CASES.tsv                          compare, print counts, fail on any mismatch
//   strider_differential CASES.tsv --emit-static N OUT.cpp  write static_asserts for N of the cases
//
// CASES.tsv comes from numpy_reference.py (see there for the format and the two documented
// relaxations) or torch_reference.py (the same format): the reference's shape, strides, storage
// offset and whole offset table for each expression, or the call at which it refused. The first
// line names the reference ("# strider differential cases: torch ..."). Each expression is evaluated with
// strider::evaluate; a refusal must be a strider error at the same call.
#include <strider/expression.hpp>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using strider::index_t;

std::string reference = "NumPy";  // as the cases file's first line names it

struct numpy_case {
  std::size_t line = 0;
  bool refused = false;
  bool long_axis_strides_only = false;  // flag S
  bool strides_compared = true;         // not flag E
  bool offset_compared = true;          // not after flag E, nor for an empty result after flag S
  std::string expression;
  std::vector<index_t> shape, strides, table;
  index_t offset = 0;
  std::size_t failed_call = 0;  // 0 is the base layout, 1 the first call after it
  std::string message;
};

std::vector<std::string> split(const std::string& line, char separator) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = line.find(separator, start);
    fields.push_back(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return fields;
    start = end + 1;
  }
}

std::vector<index_t> integers(const std::string& text) {
  std::vector<index_t> out;
  std::istringstream in(text);
  for (index_t v = 0; in >> v;) out.push_back(v);
  return out;
}

std::vector<numpy_case> read_cases(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    std::exit(2);
  }
  std::vector<numpy_case> cases;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (number == 1 && line.rfind("# strider differential cases: torch", 0) == 0) reference = "PyTorch";
    if (line.empty() || line[0] == '#') continue;
    const auto f = split(line, '\t');
    numpy_case c;
    c.line = number;
    const bool ok = f.size() == 7 && f[0] == "ok", refused = f.size() == 5 && f[0] == "error";
    if (!ok && !refused) {
      std::cerr << path << ":" << number << ": malformed line\n";
      std::exit(2);
    }
    c.refused = refused;
    c.long_axis_strides_only = f[1].find('S') != std::string::npos;
    c.strides_compared = f[1].find('E') == std::string::npos;
    c.expression = f[2];
    if (ok) {
      c.shape = integers(f[3]);
      c.strides = integers(f[4]);
      c.offset = std::stoll(f[5]);
      c.table = integers(f[6]);
      // Extent-1 strides (flag S) can move the offset of an empty result (an empty diagonal at
      // the matrix's edge starts one such stride away); an empty result addresses nothing.
      c.offset_compared = c.strides_compared && !(c.long_axis_strides_only && c.table.empty());
    } else {
      c.failed_call = std::stoul(f[3]);
      c.message = f[4];
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::string text_of(const std::vector<index_t>& values) {
  std::string out = "(";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + ")";
}

// Every storage offset in C order, through the layout's own element access.
std::vector<index_t> offset_table(const strider::dynamic_layout& l) {
  std::vector<index_t> out;
  if (l.size() == 0) return out;
  strider::dims index;
  for (std::size_t d = 0; d < l.rank(); ++d) index.push_back(0);
  while (true) {
    out.push_back(l(index));
    std::size_t d = l.rank();
    while (d > 0 && ++index[d - 1] == l.extent(d - 1)) index[--d] = 0;
    if (d == 0) return out;
  }
}

// The mixed pass against the run-time result it must describe: the same expression with the base
// layout's leading extent, then its last, known only at run time (a mixed layout, docs/mixed.md).
// Each entry it keeps static must be the run-time result's, with what docs/mixed.md allows: a
// mixed type's static entries describe its non-empty values (an empty result's strides and offset
// are not compared, and a call whose input is empty there may be refused: an empty layout views as
// anything at run time), and after a call that regroups axes by PyTorch's view rule the stride of
// an extent-1 axis may differ (it addresses nothing). Otherwise it may refuse only for want of a
// run-time entry ("known only at run time"). Empty when it agrees, else what differs.
std::size_t mixed_compared = 0, mixed_refused = 0, mixed_refused_empty = 0;  // the summary's counts

// The call an expression_error is about: the last call that starts at or before its column (an
// index out of range points inside the call's [ ], at the index).
std::size_t refused_call(const strider::expression& parsed, std::size_t column) {
  std::size_t call = parsed.operations.size();
  for (std::size_t i = 0; i < parsed.operations.size(); ++i)
    if (parsed.operations[i].column <= column) call = i;
  return call;
}

// The call of an expression that the 1-based `column` lies in, from the text alone (for a refusal
// while the text is read, before there are calls): 0 for the base, then one more at each '.name'
// or '[' outside brackets, except the [i] that picks a part of split and its kin.
std::size_t call_at_column(const std::string& text, std::size_t column) {
  std::size_t call = 0, depth = 0;
  std::string name;          // of the last call, as written
  bool after_parts = false;  // just after the ')' of an operation with several results
  for (std::size_t i = 0; i < text.size() && i + 1 < column; ++i) {
    const char ch = text[i];
    if (ch == '.' && depth == 0) {
      ++call;
      name.clear();
      for (std::size_t j = i + 1; j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'); ++j) name += text[j];
    } else if (ch == '(' || ch == '[') {
      if (ch == '[' && depth == 0 && !after_parts) ++call;
      ++depth;
    } else if ((ch == ')' || ch == ']') && depth > 0) {
      --depth;
    }
    if (ch == ')' && depth == 0) {
      const auto* op = strider::find_operation(name);
      after_parts = op != nullptr && op->parts != nullptr;
    } else if (ch != ' ') {
      after_parts = false;
    }
  }
  return call;
}

std::string compare_mixed(const strider::expression& parsed, const strider::dynamic_layout& l) {
  const std::size_t base_rank = parsed.operations[0].values.size();
  bool regroups = false;  // a call that finds strides by PyTorch's view rule, as in mixed_test
  for (const strider::expression::operation& op : parsed.operations)
    for (const char* name : {"view", "reshape", "flatten", "unflatten", "ravel", "rearrange"}) regroups = regroups || op.op->name == name;
  std::vector<std::size_t> axes;
  if (base_rank > 0) axes.push_back(0);
  if (base_rank > 1) axes.push_back(base_rank - 1);
  for (const std::size_t axis : axes) {
    const std::string where = "with base axis " + std::to_string(axis) + " run-time: ";
    strider::detail::maybe_layout m;
    try {
      m = strider::evaluate_mixed(parsed, {strider::run_time_extent{static_cast<index_t>(axis), 1}});
    } catch (const strider::expression_error& e) {
      ++mixed_refused;
      if (std::string(e.what()).find("known only at run time") != std::string::npos) continue;
      strider::expression before = parsed;  // the calls before the refused one, at run time
      const std::size_t refused = refused_call(parsed, e.column());
      if (refused >= 1 && refused < parsed.operations.size()) before.operations.resize(refused);
      if (before.operations.size() < parsed.operations.size() && strider::evaluate(before).size() == 0) {
        ++mixed_refused_empty;
        continue;
      }
      return where + "the mixed pass refused (" + e.what() + "), the run-time evaluation did not";
    }
    ++mixed_compared;
    const auto& v = m.entries();
    if (v.rank != l.rank()) return where + "rank " + std::to_string(v.rank) + ", at run time " + std::to_string(l.rank());
    for (std::size_t d = 0; d < l.rank(); ++d) {
      if (v.shape[d].known && v.shape[d].value != l.extent(d))
        return where + "static extent " + std::to_string(v.shape[d].value) + " of axis " + std::to_string(d) + ", at run time " +
               std::to_string(l.extent(d));
      if (l.size() > 0 && v.strides[d].known && v.strides[d].value != l.stride(d) && !(regroups && l.extent(d) == 1))
        return where + "static stride " + std::to_string(v.strides[d].value) + " of axis " + std::to_string(d) + ", at run time " +
               std::to_string(l.stride(d));
    }
    if (l.size() > 0 && v.offset.known && v.offset.value != l.offset())
      return where + "static offset " + std::to_string(v.offset.value) + ", at run time " + std::to_string(l.offset());
  }
  return {};
}

// Empty when strider agrees with the reference, else what differs.
std::string compare(const numpy_case& c) {
  strider::expression parsed;
  try {
    parsed = strider::parse_expression(c.expression);
  } catch (const strider::expression_error& e) {
    // Refused as the text is read (a list of more than max_rank values): a refusal of that call.
    if (c.refused && call_at_column(c.expression, e.column()) == c.failed_call) return {};
    return std::string("does not parse: ") + e.what();
  }
  try {
    const strider::dynamic_layout l = strider::evaluate(parsed);
    if (c.refused)
      return reference + " refused call " + std::to_string(c.failed_call) + " (" + c.message + "), strider did not";
    const auto shape = l.shape(), strides = l.strides();
    std::vector<index_t> ours_shape(shape.begin(), shape.end()), ours_strides(strides.begin(), strides.end());
    if (ours_shape != c.shape) return "shape " + text_of(ours_shape) + ", " + reference + " " + text_of(c.shape);
    const bool strides_compared = c.strides_compared && !(c.long_axis_strides_only && l.size() == 0);
    for (std::size_t d = 0; d < l.rank() && strides_compared; ++d)
      if (!(c.long_axis_strides_only && l.extent(d) <= 1) && l.stride(d) != c.strides[d])
        return "strides " + text_of(ours_strides) + ", " + reference + " " + text_of(c.strides);
    if (c.offset_compared && l.offset() != c.offset)
      return "offset " + std::to_string(l.offset()) + ", " + reference + " " + std::to_string(c.offset);
    const auto table = offset_table(l);
    if (table != c.table) return "offset table " + text_of(table) + ", " + reference + " " + text_of(c.table);
    return compare_mixed(parsed, l);
  } catch (const strider::expression_error& e) {
    const std::size_t call = refused_call(parsed, e.column());
    if (!c.refused) return std::string("strider refused (") + e.what() + "), " + reference + " did not";
    if (call != c.failed_call)
      return "strider refused call " + std::to_string(call) + " (" + e.what() + "), " + reference + " call " +
             std::to_string(c.failed_call) + " (" + c.message + ")";
    return {};
  }
}

// static_asserts over the static types of the expressions (strider::to_static_type) against
// NumPy's numbers; compiling the file is the test.
void emit_static(const std::vector<numpy_case>& cases, std::size_t wanted, const char* path) {
  std::vector<const numpy_case*> views;
  for (const numpy_case& c : cases)
    if (!c.refused) views.push_back(&c);
  std::ofstream out(path);
  out << "// Generated by strider_differential from NumPy's answers (numpy_reference.py): do not edit.\n"
         "// Each static type is strider::to_static_type of the expression beside it.\n"
         "#include <array>\n#include <utility>\n#include <strider/static.hpp>\n\n"
         "namespace {\n"
         "using strider::index_t;\n"
         "template <index_t... V>\n"
         "struct list {\n"
         "  static constexpr std::array<index_t, sizeof...(V)> values{V...};\n"
         "};\n\n"
         "template <class L, std::size_t... D>\n"
         "constexpr index_t element(const std::array<index_t, L::rank>& index, std::index_sequence<D...>) {\n"
         "  return L{}(index[D]...);\n"
         "}\n\n"
         "// Shape, strides (when CompareStrides; of axes longer than 1 only, when LongAxesOnly), offset\n"
         "// (when CompareOffset) and every element's offset, through the static layout's operator().\n"
         "template <class L, class Shape, class Strides, index_t Offset, class Table, bool CompareStrides, bool LongAxesOnly,\n"
         "          bool CompareOffset>\n"
         "constexpr bool agrees() {\n"
         "  if constexpr (L::rank != Shape::values.size()) {\n"
         "    return false;\n"
         "  } else {\n"
         "    if (L::shape != Shape::values) return false;\n"
         "    for (std::size_t d = 0; d < L::rank; ++d)\n"
         "      if (CompareStrides && !(LongAxesOnly && L::shape[d] <= 1) && L::strides[d] != Strides::values[d]) return false;\n"
         "    if (CompareOffset && L::offset != Offset) return false;\n"
         "    if (static_cast<std::size_t>(L::size) != Table::values.size()) return false;\n"
         "    std::array<index_t, L::rank> index{};\n"
         "    for (std::size_t k = 0; k < Table::values.size(); ++k) {\n"
         "      if (element<L>(index, std::make_index_sequence<L::rank>{}) != Table::values[k]) return false;\n"
         "      for (std::size_t d = L::rank; d-- > 0;) {\n"
         "        if (++index[d] < L::shape[d]) break;\n"
         "        index[d] = 0;\n"
         "      }\n"
         "    }\n"
         "    return true;\n"
         "  }\n"
         "}\n\n";
  const auto list = [](const std::vector<index_t>& values) {
    std::string s = "list<";
    for (std::size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::to_string(values[i]);
    return s + ">";
  };
  const std::size_t n = std::min(wanted, views.size());
  for (std::size_t i = 0; i < n; ++i) {
    const numpy_case& c = *views[i * views.size() / n];  // spread over the whole file
    out << "// " << c.expression << "\n"
        << "static_assert(agrees<" << strider::to_static_type(c.expression) << ", " << list(c.shape) << ", "
        << list(c.strides) << ", " << c.offset << ", " << list(c.table) << ", "
        << (c.strides_compared && !(c.long_axis_strides_only && c.table.empty()) ? "true" : "false") << ", "
        << (c.long_axis_strides_only ? "true" : "false") << ", " << (c.offset_compared ? "true" : "false") << ">());\n";
  }
  out << "}  // namespace\n";
  if (!out) {
    std::cerr << "cannot write " << path << "\n";
    std::exit(2);
  }
  std::cout << "wrote " << n << " static cases to " << path << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && !(argc == 5 && std::string(argv[2]) == "--emit-static")) {
    std::cerr << "usage: strider_differential CASES.tsv [--emit-static N OUT.cpp]\n";
    return 2;
  }
  const auto cases = read_cases(argv[1]);
  if (argc == 5) {
    emit_static(cases, std::stoul(argv[3]), argv[4]);
    return 0;
  }
  std::size_t views = 0, refusals = 0, relaxed_strides = 0, relaxed_offsets = 0, mismatches = 0;
  for (const numpy_case& c : cases) {
    (c.refused ? refusals : views) += 1;
    relaxed_strides += c.long_axis_strides_only || !c.strides_compared;
    relaxed_offsets += !c.offset_compared;
    const std::string difference = compare(c);
    if (difference.empty()) continue;
    if (++mismatches <= 25) std::cout << argv[1] << ":" << c.line << ": " << c.expression << "\n    " << difference << "\n";
  }
  std::cout << "compared " << cases.size() << " cases with " << reference << " (" << views << " views, " << refusals
            << " refusals; some strides not compared in " << relaxed_strides << ", the offset of an empty result in "
            << relaxed_offsets << "); the mixed pass (the base's first or last extent run-time) agreed " << mixed_compared
            << " times and refused " << mixed_refused << " (for want of a run-time entry, or " << mixed_refused_empty
            << " times where the run-time input is empty): " << mismatches << " mismatches\n";
  return mismatches == 0 && !cases.empty() ? 0 : 1;
}
