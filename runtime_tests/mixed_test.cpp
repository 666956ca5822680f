// Mixed layouts (contiguous<dyn, 3, 224, 224>): the compile-time pass of the rules on entries
// that may be unknown, against the run-time rules on every value (differential), and the types
// built on it (construction, layout_cast, operations on objects, views and copies).
#include <strider/storage.hpp>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider_test;
using strider::dyn;
using strider::layout_error;
using strider::detail::maybe_layout;

namespace {

// One random operation with its arguments, run on either kind of layout.
struct step {
  std::string name;
  std::function<dynamic_layout(const dynamic_layout&)> on_values;
  std::function<maybe_layout(const maybe_layout&)> on_maybe_layout;
  std::string detail;  // the arguments, where the name does not say them (rearrange's pattern)
  // view, flatten and rearrange: their `_copies` predicate on a maybe_layout (true: a copy for every
  // non-empty value, so no type may exist).
  std::function<bool(const maybe_layout&)> copies_on_pattern = {};
};

template <class F>
step make_step(std::string name, F f, std::string detail = {}) {
  return {std::move(name), [f](const dynamic_layout& l) { return f(l); }, [f](const maybe_layout& l) { return f(l); }, std::move(detail)};
}

// A shape for view and reshape, mostly of current's element count: every axis merged, two
// merged, one split, or a random shape; sometimes with a -1.
dims random_view_shape(std::mt19937& rng, const dynamic_layout& current) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, std::max(lo, hi))(rng); };
  dims s = current.shape();
  const int r = static_cast<int>(s.size());
  dims out;
  switch (pick(0, 3)) {
    case 0: out.push_back(-1); return out;
    case 1: {
      const int i = pick(0, r - 2);
      for (int d = 0; d < r; ++d) {
        if (d == i + 1 && r >= 2) out[out.size() - 1] *= s[d];
        else out.push_back(s[d]);
      }
      break;
    }
    case 2: {
      const int i = pick(0, r - 1), k = pick(1, 3);
      for (int d = 0; d < r; ++d) {
        if (d != i) out.push_back(s[d]);
        else if (s[d] % k == 0) out.push_back(s[d] / k), out.push_back(k);
        else out.push_back(k), out.push_back(-1);
      }
      break;
    }
    default:
      for (int d = pick(1, 3); d-- > 0;) out.push_back(pick(1, 4));
  }
  bool has_inferred = false;
  for (const index_t e : out) has_inferred = has_inferred || e == -1;
  if (!has_inferred && !out.empty() && pick(0, 1)) out[static_cast<std::size_t>(pick(0, static_cast<int>(out.size()) - 1))] = -1;
  return out;
}

step random_step(std::mt19937& rng, const dynamic_layout& current) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, std::max(lo, hi))(rng); };
  const std::size_t rank = current.rank();
  const auto r = static_cast<int>(rank);
  // A small static layout at offset 0 (composition's second layout, a tiler): one or two axes.
  const auto small_layout = [&] {
    dims shape, strides;
    for (int d = pick(1, 2); d-- > 0;) {
      shape.push_back(pick(1, 4));
      strides.push_back(pick(0, 6) == 0 ? 0 : pick(1, 8));
    }
    return dynamic_layout(shape, strides);
  };
  switch (pick(0, 39)) {
    case 26: return make_step("coalesce", [](const auto& l) { return strider::coalesce(l); });
    case 27: {
      const dynamic_layout b = small_layout();
      return make_step("composition", [b](const auto& l) { return strider::composition(l, b); }, describe(b));
    }
    case 28: {
      const index_t n = pick(1, 64);
      return make_step("complement", [n](const auto& l) { return strider::complement(l, n); }, std::to_string(n));
    }
    case 29: return make_step("right_inverse", [](const auto& l) { return strider::right_inverse(l); });
    case 30: return make_step("left_inverse", [](const auto& l) { return strider::left_inverse(l); });
    case 31: {
      const dynamic_layout t = small_layout();
      return make_step("logical_divide", [t](const auto& l) { return strider::logical_divide(l, t); }, describe(t));
    }
    case 32: {
      const dynamic_layout t = small_layout();
      return make_step("logical_product", [t](const auto& l) { return strider::logical_product(l, t); }, describe(t));
    }
    case 33: {
      dims tiles;
      for (int d = 0; d < r; ++d) tiles.push_back(pick(0, 2) == 0 ? pick(1, 3) : std::max<index_t>(1, current.extent(static_cast<std::size_t>(d)) / pick(1, 2)));
      return make_step("tile", [tiles](const auto& l) { return strider::tile(l, tiles); });
    }
    case 34: return make_step("t", [](const auto& l) { return strider::t(l); });
    case 35: {
      const index_t k = pick(-5, 5), a = pick(-r, r), b = pick(-r, r);
      return make_step("rot90", [k, a, b](const auto& l) { return strider::rot90(l, k, a, b); });
    }
    case 36: {
      const index_t axis = pick(-r, r), start = pick(-r - 1, r + 1);
      return make_step("rollaxis", [axis, start](const auto& l) { return strider::rollaxis(l, axis, start); });
    }
    case 37: {
      // Two axes at most, on small ranks (the chain's other draws build shapes of rank + 1).
      const dims axes = r > 3 ? dims{} : pick(0, 1) ? dims{pick(-r - 1, r)} : dims{pick(0, r + 1), pick(-r - 2, -1)};
      return make_step("expand_dims", [axes](const auto& l) { return strider::expand_dims(l, axes); });
    }
    case 38: return make_step("ravel", [](const auto& l) { return strider::ravel(l); });
    case 39: {
      const index_t sections = pick(0, 3), dim = pick(-r, r - 1), part = pick(-2, 2);
      switch (pick(0, 3)) {
        case 0: return make_step("tensor_split", [sections, dim, part](const auto& l) { return strider::tensor_split(l, sections, dim)[part]; });
        case 1: return make_step("numpy_split", [sections, dim, part](const auto& l) { return strider::numpy_split(l, sections, dim)[part]; });
        case 2: {
          const dims indices{pick(-3, 3), pick(-3, 3)};
          return make_step("tensor_split_indices", [indices, dim, part](const auto& l) { return strider::tensor_split_indices(l, indices, dim)[part]; });
        }
        default: return make_step("hsplit", [sections, part](const auto& l) { return strider::hsplit(l, sections)[part]; });
      }
    }
    case 25: {  // einops: one axis split by a size, the elementary axes reordered, two merged
      std::vector<std::string> left, names;
      const int split = pick(0, r - 1), k = pick(1, 3);
      for (int i = 0; i < r; ++i) {
        std::string a = "a";
        a += std::to_string(i);
        names.push_back(a);
        if (i != split) {
          left.push_back(a);
          continue;
        }
        names.push_back("s");
        std::string group = "(";
        group += a;
        group += " s)";
        left.push_back(group);
      }
      std::shuffle(names.begin(), names.end(), rng);
      std::string pattern;
      for (const std::string& e : left) {
        pattern += e;
        pattern += ' ';
      }
      pattern += "->";
      const int merge = names.size() >= 2 ? pick(-1, static_cast<int>(names.size()) - 2) : -1;
      for (int i = 0; i < static_cast<int>(names.size()); ++i) {
        pattern += i == merge ? " (" : " ";
        pattern += names[static_cast<std::size_t>(i)];
        if (merge >= 0 && i == merge + 1) pattern += ')';
      }
      const std::string sizes = split >= 0 && r > 0 ? "s=" + std::to_string(k) : "";
      step st = make_step("rearrange", [pattern, sizes](const auto& l) { return strider::rearrange(l, pattern, sizes); }, pattern + " " + sizes);
      st.copies_on_pattern = [pattern, sizes](const maybe_layout& l) { return strider::detail::rearrange_copies(l, pattern, sizes); };
      return st;
    }
    case 22: {
      const index_t size = pick(0, 3), dim = pick(-r, r - 1), part = pick(-2, 2);
      return make_step("split", [size, dim, part](const auto& l) { return strider::split(l, size, dim)[part]; });
    }
    case 23: {
      const index_t chunks = pick(0, 3), dim = pick(-r, r - 1), part = pick(-1, 2);
      return make_step("chunk", [chunks, dim, part](const auto& l) { return strider::chunk(l, chunks, dim)[part]; });
    }
    case 24: {
      const index_t dim = pick(-r, r - 1), part = pick(-2, 3);
      return make_step("unbind", [dim, part](const auto& l) { return strider::unbind(l, dim)[part]; });
    }
    case 17: {
      const dims shape = random_view_shape(rng, current);
      step st = make_step("view", [shape](const auto& l) { return strider::view(l, shape); });
      st.copies_on_pattern = [shape](const maybe_layout& l) { return strider::detail::reshape_copies(l, shape); };
      return st;
    }
    case 18: {
      const dims shape = random_view_shape(rng, current);
      return make_step("reshape", [shape](const auto& l) { return strider::reshape(l, shape); });
    }
    case 19: {
      const index_t start = pick(-r, r - 1), end = pick(-r, r - 1);
      step st = make_step("flatten", [start, end](const auto& l) { return strider::flatten(l, start, end); });
      st.copies_on_pattern = [start, end](const maybe_layout& l) { return strider::detail::flatten_copies(l, start, end); };
      return st;
    }
    case 20: {
      const index_t dim = pick(-r, r - 1);
      const dims sizes = pick(0, 1) ? dims{pick(1, 3), -1} : dims{-1, 1, pick(1, 2)};
      return make_step("unflatten", [dim, sizes](const auto& l) { return strider::unflatten(l, dim, sizes); });
    }
    case 21: {
      const index_t window = pick(0, 3), axis = pick(-r, r - 1);
      return make_step("sliding_window_view", [window, axis](const auto& l) { return strider::sliding_window_view(l, dims{window}, dims{axis}); });
    }
    case 15: {
      const index_t n = pick(0, 90);
      return make_step("with_storage", [n](const auto& l) { return strider::with_storage(l, n); });
    }
    case 16: {
      const index_t e = pick(0, 3), s = pick(-2, 4), off = pick(-1, 40);
      return make_step("as_strided", [e, s, off](const auto& l) { return strider::as_strided(l, dims{e, 2}, dims{s, 1}, off); });
    }
    case 11: {
      dims shape;
      const int lead = pick(0, 1);
      for (int i = 0; i < lead; ++i) shape.push_back(pick(0, 3));
      for (int i = 0; i < r; ++i) shape.push_back(pick(0, 2) == 0 ? pick(0, 5) : -1);  // -1: filled below
      return make_step("broadcast_to", [shape](const auto& l) {
        dims target = shape;  // -1 entries take the input's extent (when it is known here), else 1
        const std::size_t lead = target.size() - l.rank();
        for (std::size_t d = lead; d < target.size(); ++d)
          if (target[d] == -1) target[d] = 3;
        return strider::broadcast_to(l, target);
      });
    }
    case 12: {
      dims sizes;
      if (pick(0, 1)) sizes.push_back(pick(0, 3));
      for (int i = 0; i < r; ++i) sizes.push_back(pick(0, 2) == 0 ? pick(-1, 4) : -1);
      return make_step("expand", [sizes](const auto& l) { return strider::expand(l, sizes); });
    }
    case 13: {
      const index_t offset = pick(-3, 3), a = pick(-r, r - 1), b = pick(-r, r - 1);
      return make_step("diagonal", [offset, a, b](const auto& l) { return strider::diagonal(l, offset, a, b); });
    }
    case 14: {
      const index_t dim = pick(-r, r - 1), size = pick(0, 4), step = pick(0, 3);
      return make_step("unfold", [dim, size, step](const auto& l) { return strider::unfold(l, dim, size, step); });
    }
    case 0: {
      dims axes;
      std::vector<index_t> p(rank);
      for (std::size_t i = 0; i < rank; ++i) p[i] = static_cast<index_t>(i);
      std::shuffle(p.begin(), p.end(), rng);
      if (rank > 1 && pick(0, 5) == 0) p[0] = p[1];  // sometimes a repeated axis: a refusal
      for (index_t a : p) axes.push_back(a);
      return make_step("permute", [axes](const auto& l) { return strider::permute(l, axes); });
    }
    case 1: {
      const index_t a = pick(-r, r), b = pick(-r, r - 1);
      return make_step("transpose", [a, b](const auto& l) { return strider::transpose(l, a, b); });
    }
    case 2: {
      dims axes;
      if (rank > 0) axes.push_back(pick(-r, r - 1));
      return make_step("flip", [axes](const auto& l) { return strider::flip(l, axes); });
    }
    case 3: {
      static const char* const indices[] = {"1:", "::-1", ":, 1:", "2", "-1", "..., ::2", ":2, None", "1:-1", "::-2, 0", "5:", ":0", "-2:", "..., 1"};
      const std::string index = indices[pick(0, 12)];
      return make_step("slice[" + index + "]", [index](const auto& l) { return strider::slice(l, index); });
    }
    case 4: {
      const index_t dim = pick(-r, r), index = pick(-3, 3);
      return make_step("select", [dim, index](const auto& l) { return strider::select(l, dim, index); });
    }
    case 5: {
      const index_t dim = pick(-r, r), start = pick(-2, 3), length = pick(0, 3);
      return make_step("narrow", [dim, start, length](const auto& l) { return strider::narrow(l, dim, start, length); });
    }
    case 6: {
      const index_t axis = pick(-r - 1, r);
      return make_step("unsqueeze", [axis](const auto& l) { return strider::unsqueeze(l, axis); });
    }
    case 7: {
      if (pick(0, 3) == 0) return make_step("squeeze()", [](const auto& l) { return strider::squeeze(l); });
      dims axes;
      if (rank > 0) axes.push_back(pick(-r, r - 1));
      return make_step("squeeze", [axes](const auto& l) { return strider::squeeze(l, axes); });
    }
    case 8: {
      const index_t s = pick(-r, r - 1), d = pick(-r, r - 1);
      return make_step("movedim", [s, d](const auto& l) { return strider::movedim(l, dims{s}, dims{d}); });
    }
    case 9: return make_step("matrix_transpose", [](const auto& l) { return strider::matrix_transpose(l); });
    default: return make_step("reverse_axis_order", [](const auto& l) { return strider::reverse_axis_order(l); });
  }
}

// A random valid layout: extents 0 to 5, permuted and flipped C-order strides with gaps, an offset.
dynamic_layout random_layout(std::mt19937& rng) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::size_t rank = static_cast<std::size_t>(pick(0, 4));
  dims shape, strides;
  for (std::size_t d = 0; d < rank; ++d) shape.push_back(pick(0, 5));
  for (std::size_t d = 0; d < rank; ++d) strides.push_back(0);
  index_t s = pick(1, 2);
  for (std::size_t d = rank; d-- > 0;) {
    strides[d] = pick(0, 6) == 0 ? 0 : (pick(0, 3) == 0 ? -s : s);
    s *= std::max<index_t>(shape[d], 1) + pick(0, 1);
  }
  bool negative = false;
  for (const index_t t : strides) negative = negative || t < 0;
  // The offset covers any negative stride; offset 0 now and then, as the algebra's index maps need.
  return dynamic_layout(shape, strides, !negative && pick(0, 2) == 0 ? 0 : s + pick(0, 3));
}

// The layout value of `l` with the entries `mask` names made `dyn` (an extent dyn_multiple<k>
// where it is a multiple of a drawn k): a mixed layout's value.
strider::layout_value with_dyn(const dynamic_layout& l, unsigned mask, std::mt19937& rng) {
  const auto mark = [&](index_t value) {
    const index_t k = std::uniform_int_distribution<index_t>(1, 4)(rng);
    return value % k == 0 ? dyn + (k - 1) : dyn;  // an extent
  };
  strider::layout_value v = l.value();
  unsigned bit = 0;
  for (std::size_t d = 0; d < v.rank; ++d)
    if (mask >> bit++ & 1) v.shape[d] = mark(v.shape[d]);
  for (std::size_t d = 0; d < v.rank; ++d)
    if (mask >> bit++ & 1) v.strides[d] = dyn;
  if (mask >> bit & 1) v.offset = dyn;
  v.storage_size = strider::detail::required_span_storage;
  return v;
}

// `base` with its run-time entries given other values (multiples of their dyn_multiple's N, the
// static ones kept); invalid draws are skipped by the caller.
dynamic_layout resample(const strider::layout_value& pattern, const dynamic_layout& base, std::mt19937& rng) {
  const auto pick = [&](index_t lo, index_t hi, index_t mark) {
    const index_t m = strider::detail::multiple_of_mark(mark);
    return m * std::uniform_int_distribution<index_t>(lo / m, hi / m)(rng);
  };
  dims shape, strides;
  for (std::size_t d = 0; d < pattern.rank; ++d) {
    shape.push_back(strider::detail::is_dyn_extent(pattern.shape[d]) ? pick(0, 6, pattern.shape[d]) : base.extent(d));
    strides.push_back(pattern.strides[d] == dyn ? pick(-12, 12, dyn) : base.stride(d));
  }
  return dynamic_layout(shape, strides, pattern.offset == dyn ? pick(0, 80, dyn) : base.offset());
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const layout_error& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST_CASE("mixed layouts: the compile-time pass agrees with the run-time rules (differential)", "[mixed]") {
  std::mt19937 rng(17);
  int chains = 0, static_refusals = 0, run_time_refusals = 0, refused_for_nonempty_only = 0, type_for_every_draw_refused = 0, compile_time_only = 0, results = 0, samples = 0;
  int static_entries = 0, dynamic_entries = 0, dynamic_but_constant = 0, same_text = 0, other_problem_first = 0, extent_1_strides_differ = 0, regrouped_results = 0, algebra_results = 0, algebra_compile_time_only = 0, static_width_exact = 0, static_width_wider = 0, static_uniqueness = 0, static_contiguity = 0, multiples_checked = 0;
  for (int trial = 0; trial < 12000; ++trial) {
    const dynamic_layout base = random_layout(rng);
    const unsigned mask = std::uniform_int_distribution<unsigned>(0, (1u << (2 * base.rank() + 1)) - 1)(rng);
    const strider::layout_value value = with_dyn(base, mask, rng);
    // Each step's arguments are drawn for the rank its input has (mostly valid, some not).
    std::vector<step> chain;
    dynamic_layout current = base;
    const int length = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int i = 0; i < length; ++i) {
      if (current.rank() + 1 >= strider::max_rank) break;  // some draws build a shape of rank + 1
      chain.push_back(random_step(rng, current));
      try {
        current = chain.back().on_values(current);
      } catch (const layout_error&) {
      }
    }
    ++chains;
    // The compile-time pass (what a mixed layout type does), then the run-time rules on the values.
    maybe_layout pattern = maybe_layout::of(value);
    dynamic_layout all_dynamic = base;
    std::string static_message, dynamic_message;
    std::size_t static_step = chain.size(), dynamic_step = chain.size();
    std::vector<maybe_layout> patterns_before(chain.size());
    for (std::size_t i = 0; i < chain.size() && static_message.empty(); ++i) {
      patterns_before[i] = pattern;
      static_message = refusal([&] { pattern = chain[i].on_maybe_layout(pattern); });
      if (!static_message.empty()) static_step = i;
    }
    bool empty_at_static_step = false;  // the values reaching the static refusal have no element
    for (std::size_t i = 0; i < chain.size() && dynamic_message.empty(); ++i) {
      if (i == static_step) empty_at_static_step = all_dynamic.size() == 0;
      dynamic_message = refusal([&] { all_dynamic = chain[i].on_values(all_dynamic); });
      if (!dynamic_message.empty()) dynamic_step = i;
    }
    if (!static_message.empty()) {
      // A compile error: a question on a run-time entry that a type cannot answer (squeeze()
      // of a dyn extent), or a refusal for every value, with the run-time rule's text. The
      // values may be refused earlier in the chain by a run-time check; never later.
      if (static_message.find("known only at run time") != std::string::npos) {
        ++compile_time_only;
        for (const char* op : {"coalesce", "composition", "complement", "right_inverse", "left_inverse", "logical_divide", "logical_product", "tile"})
          algebra_compile_time_only += chain[static_step].name == op;
        continue;
      }
      ++static_refusals;
      INFO(chain[static_step].name << " on " << base.rank() << "-d, mask " << mask << ": " << static_message << " base " << describe(base));
      // A type answers for the non-empty values of its run-time entries (an empty layout views
      // as anything: view, flatten and rearrange accept it at run time, and no type exists).
      if (empty_at_static_step && dynamic_step > static_step) {
        ++refused_for_nonempty_only;
        continue;
      }
      REQUIRE(dynamic_step <= static_step);
      // At the same call, the same operation refuses. The text is the same unless the call has
      // several problems and a run-time entry's comes first for these values (broadcast_to of
      // a run-time 2 and a static 5 to 3): the compile error names the static one, which every
      // value has.
      if (dynamic_step == static_step) {
        const std::string op = static_message.substr(0, static_message.find(':'));
        CHECK(dynamic_message.substr(0, dynamic_message.find(':')) == op);
        if (static_message == dynamic_message) ++same_text;
        else ++other_problem_first;
      }
      // Every other value of the dyn entries is refused too, by that step at the latest.
      for (int k = 0; k < 8; ++k) {
        dynamic_layout in;
        try {
          in = resample(value, base, rng);
        } catch (const layout_error&) {
          continue;  // an invalid draw
        }
        std::size_t step = chain.size();
        bool empty_there = false;
        for (std::size_t i = 0; i < chain.size() && step == chain.size(); ++i) {
          if (i == static_step) empty_there = in.size() == 0;
          if (!refusal([&] { in = chain[i].on_values(in); }).empty()) step = i;
        }
        CHECK((step <= static_step || empty_there));
      }
      continue;
    }
    if (!dynamic_message.empty()) {
      ++run_time_refusals;  // decided by a run-time entry: a layout_error with the rule's text
      // The type exists (the static pass accepted the chain), so the step that refused these
      // values must not be one whose `_copies` predicate says it copies for every non-empty
      // value: that refusal is the compiler's to make (issue 29).
      if (chain[dynamic_step].copies_on_pattern) {
        bool copies = false;
        try {
          copies = chain[dynamic_step].copies_on_pattern(patterns_before[dynamic_step]);
        } catch (const layout_error&) {
          // undecidable from the static entries ("depends on an entry known only at run time")
        }
        INFO(chain[dynamic_step].name << " on " << describe(base) << ", mask " << mask << ": a type exists though its _copies is true: " << dynamic_message);
        CHECK_FALSE(copies);
        type_for_every_draw_refused += copies;
      }
      continue;
    }
    ++results;
    const strider::layout_value p = pattern.value();
    std::string steps;
    for (const step& st : chain) steps += st.name + (st.detail.empty() ? "" : "[" + st.detail + "]") + " ";
    INFO("chain " << steps << "on " << describe(base) << ", mask " << mask);
    bool regroups = false;  // a step that finds strides by PyTorch's view rule
    for (const step& st : chain)
      regroups = regroups || st.name == "view" || st.name == "reshape" || st.name == "flatten" || st.name == "unflatten" || st.name == "ravel" ||
                             st.name == "rearrange";
    regrouped_results += regroups;
    bool algebra = false;  // a step of the layout algebra, whose empty results may have other axes
    for (const step& st : chain)
      algebra = algebra || st.name == "coalesce" || st.name == "composition" || st.name == "logical_divide" || st.name == "logical_product" || st.name == "tile";
    algebra_results += algebra;
    if (all_dynamic.size() != 0 || !algebra) REQUIRE(p.rank == all_dynamic.rank());
    // Soundness: every static entry is right for these values and for others of the dyn inputs.
    std::vector<dynamic_layout> draws{all_dynamic};
    for (int k = 0; k < 12; ++k) {
      dynamic_layout in;
      try {
        in = resample(value, base, rng);
        for (const step& s : chain) in = s.on_values(in);
      } catch (const layout_error&) {
        continue;  // an invalid draw, or one the rules refuse
      }
      if (in.rank() != p.rank) {  // only an empty result of the algebra (docs/mixed.md)
        CHECK((algebra && in.size() == 0));
        continue;
      }
      draws.push_back(in);
    }
    if (draws[0].rank() != p.rank) draws.erase(draws.begin());
    // The derived properties a type answers at compile time hold for every draw.
    const strider::detail::maybe_bool unique = strider::detail::is_unique(pattern.entries());
    const strider::detail::maybe_bool contiguous = strider::detail::is_contiguous(pattern.entries());
    static_uniqueness += unique.known;
    static_contiguity += contiguous.known;
    // vector_width_v of the type: a load width every non-empty draw allows.
    const index_t width = strider::detail::vector_width_of(pattern.entries(), 4, 64);
    bool width_exact = true;
    for (const dynamic_layout& d : draws) {
      if (d.size() == 0) continue;
      const index_t own = strider::vector_width(d, 4, 64);
      CHECK(own % width == 0);
      width_exact = width_exact && own == width;
    }
    static_width_exact += width_exact;
    static_width_wider += width > 1;
    for (const dynamic_layout& d : draws) {
      if (unique.known) CHECK(d.is_unique() == unique.value);
      if (contiguous.known) CHECK(d.is_contiguous() == contiguous.value);
    }
    for (const dynamic_layout& d : draws) {
      ++samples;
      if (d.size() == 0) continue;  // an empty result's strides and offset are never read
      // A run-time entry known to be a multiple of N (dyn_multiple<N>) is one in every draw.
      const auto multiple_of = [](index_t mark) { return strider::detail::multiple_of_mark(mark); };
      for (std::size_t a = 0; a < p.rank; ++a) {
        if (!strider::detail::is_dyn_extent(p.shape[a])) continue;
        CHECK(d.extent(a) % multiple_of(p.shape[a]) == 0);
        multiples_checked += multiple_of(p.shape[a]) > 1;
      }
      for (std::size_t a = 0; a < p.rank; ++a) {
        if (!strider::detail::is_dyn_extent(p.shape[a])) CHECK(p.shape[a] == d.extent(a));
        // The stride of an extent-1 axis addresses nothing: view's may differ (docs/mixed.md).
        if (p.strides[a] != dyn && p.strides[a] != d.stride(a) && d.extent(a) == 1 && regroups) {
          ++extent_1_strides_differ;
          continue;
        }
        if (p.strides[a] != dyn) CHECK(p.strides[a] == d.stride(a));
      }
      if (p.offset != dyn) CHECK(p.offset == d.offset());
    }
    // Precision: entries carried at run time that every draw gave the same value.
    const auto count = [&](bool is_dyn, auto entry) {
      if (!is_dyn) return void(++static_entries);
      ++dynamic_entries;
      bool same = draws.size() > 1;
      if (draws.empty()) return;
      for (const dynamic_layout& d : draws) same = same && entry(d) == entry(draws[0]);
      dynamic_but_constant += same;
    };
    for (std::size_t a = 0; a < p.rank; ++a) {
      count(strider::detail::is_dyn_extent(p.shape[a]), [a](const dynamic_layout& d) { return d.extent(a); });
      count(p.strides[a] == dyn, [a](const dynamic_layout& d) { return d.stride(a); });
    }
    count(p.offset == dyn, [](const dynamic_layout& d) { return d.offset(); });
  }
  WARN("chains " << chains << ": " << results << " results (" << regrouped_results << " through view, reshape, flatten, unflatten or rearrange, " << algebra_results << " through the layout algebra), " << static_refusals << " static refusals (" << refused_for_nonempty_only << " of values empty there, which run time accepts), " << type_for_every_draw_refused <<  " types whose _copies is true (none), " << run_time_refusals
                 << " run-time refusals, " << same_text << " static refusals at the same call with the same text, " << other_problem_first
                 << " naming another of the call's problems; " << compile_time_only << " refused as depending on a run-time entry (" << algebra_compile_time_only << " by the layout algebra); " << samples
                 << " value samples; entries " << static_entries << " static, " << dynamic_entries << " run-time, of which "
                 << dynamic_but_constant << " were the same in every sample; " << extent_1_strides_differ
                 << " strides of extent-1 axes after a view differ from the run-time rule's; is_unique static for " << static_uniqueness
                 << " results, is_contiguous for " << static_contiguity << "; vector_width_v the draws' own for " << static_width_exact << " results (above 1 for " << static_width_wider << "); " << multiples_checked << " run-time entries known to be a multiple of N > 1 checked");
  CHECK(results > 1000);
  CHECK(static_refusals > 100);
  CHECK(run_time_refusals > 100);
  CHECK(regrouped_results > 300);
  CHECK(algebra_results > 300);
}

TEST_CASE("mixed layouts: construction, reading, layout_cast", "[mixed]") {
  using B = strider::contiguous<dyn, 3, 4, 5>;
  const B b(7);
  CHECK(b.extent(0) == 7);
  CHECK(b.size() == 7 * 60);
  CHECK(b.shape() == dims{7, 3, 4, 5});
  CHECK(b.strides() == dims{60, 20, 5, 1});
  CHECK(b(6, 2, 3, 4) == 6 * 60 + 2 * 20 + 3 * 5 + 4);
  CHECK(b.dynamic() == dynamic_layout::contiguous({7, 3, 4, 5}));
  CHECK(b.storage_size() == 420);
  CHECK_THROWS_WITH(B(-1), "layout: extent -1 of axis 0 is negative");
#ifndef NDEBUG  // element access is checked unless NDEBUG, as for static layouts
  CHECK_THROWS_WITH(b(7, 0, 0, 0), "index: index 7 is out of range for axis 0 with extent 7");
#endif
  CHECK_THROWS_WITH(b.extent(4), "layout: axis 4 is out of range for rank 4");
  CHECK_THROWS_WITH((strider::contiguous<dyn, 2>(INT64_MAX)), "layout: int64 overflow computing 9223372036854775807 * 2");
  using G = strider::layout<strider::shape<dyn, 4>, strider::strides<dyn, 1>, dyn>;
  const G g(3, 10, 2);
  CHECK(g(2, 3) == 2 + 20 + 3);
  CHECK_THROWS_WITH(G(3, -10, 2), "layout: an element lies at negative storage offset -18");
  // layout_cast: the static entries are checked, the first disagreement named by its axis.
  CHECK(strider::layout_cast<B>(dynamic_layout::contiguous({2, 3, 4, 5})).extent(0) == 2);
  CHECK_THROWS_WITH(strider::layout_cast<B>(dynamic_layout::contiguous({2, 3, 4})), "layout_cast: the layout has rank 3 but the type has rank 4");
  CHECK_THROWS_WITH(strider::layout_cast<B>(dynamic_layout(dims{2, 3, 4, 5}, dims{60, 20, 5, 1}, 1)), "layout_cast: the offset is 1 but the type says 0");
  CHECK_THROWS_WITH(strider::layout_cast<B>(dynamic_layout::contiguous({2, 3, 6, 5})), "layout_cast: axis 2 has extent 6 but the type says 4");
  CHECK_THROWS_WITH(strider::layout_cast<B>(dynamic_layout(dims{2, 3, 6, 5}, dims{60, 20, 5, 1})), "layout_cast: axis 2 has extent 6 but the type says 4");
  CHECK_NOTHROW((strider::layout_cast<strider::contiguous<3, 4>>(dynamic_layout::contiguous({3, 4}))));
  // dyn_multiple<N>: checked when the layout is made or cast, and kept through the rules.
  using R = strider::contiguous<strider::dyn_multiple<4>, 8>;
  CHECK(R(12).extent(0) == 12);
  CHECK_THROWS_WITH(R(6), "layout: extent 6 of axis 0 is not a multiple of 4 (dyn_multiple)");
  CHECK_THROWS_WITH(strider::layout_cast<R>(dynamic_layout::contiguous({6, 8})), "layout_cast: extent 6 of axis 0 is not a multiple of 4 (dyn_multiple)");
  using S = strider::layout<strider::shape<dyn, strider::dyn_multiple<2>>, strider::strides<dyn, 1>, 0>;
  CHECK_THROWS_WITH(S(3, 3, 3), "layout: extent 3 of axis 1 is not a multiple of 2 (dyn_multiple)");
  CHECK(strider::view<-1, 4, 8>(R(12)).extent(0) == 3);
  CHECK_THROWS_WITH((strider::unflatten<0, -1, 3>(R(8))), "unflatten: the sizes multiply to a multiple of 3, which does not divide the extent 8 of dimension 0");
  CHECK_THROWS_WITH((strider::layout_cast<strider::contiguous<3, 4>>(dynamic_layout::contiguous({3, 5}))), "layout_cast: axis 1 has extent 5 but the type says 4");
}

TEST_CASE("mixed layouts: operations on objects keep the run-time entries and check them", "[mixed]") {
  using B = strider::contiguous<dyn, 3, 8, 8>;
  const B b(5);
  const auto crop = strider::permute<0, 2, 3, 1>(strider::slice<":, :, 2:-2, ::-1">(b));
  CHECK(crop.dynamic() == strider::permute(strider::slice(dynamic_layout::contiguous({5, 3, 8, 8}), ":, :, 2:-2, ::-1"), {0, 2, 3, 1}));
  const auto tail = strider::slice<"1:">(b);
  CHECK(tail.extent(0) == 4);
  CHECK(tail.offset() == 192);
  CHECK(strider::slice<"::-1">(b).offset() == 4 * 192);
  CHECK(strider::flip<0>(b).dynamic() == strider::flip(b.dynamic(), {0}));
  // Run-time refusals, with the rules' text.
  CHECK_THROWS_WITH((strider::select<0, 5>(b)), "select: index 5 is out of range for dimension 0 with extent 5");
  CHECK_THROWS_WITH(strider::slice<"-6">(b), "slice: index -6 is out of range for axis 0 with extent 5");
  CHECK_THROWS_WITH((strider::narrow<0, 2, 4>(b)), "narrow: start 2 + length 4 exceeds extent 5 of dimension 0");
  CHECK_THROWS_WITH((strider::squeeze<0>(b)), "squeeze: axis 0 has extent 5, not 1");
  CHECK(strider::squeeze<0>(B(1)).dynamic() == dynamic_layout::contiguous({3, 8, 8}));
  // Broadcasting a run-time 5 to 7 is refused when the 5 arrives; 1 to 7 is a broadcast.
  using V = strider::contiguous<dyn>;
  CHECK_THROWS_WITH((strider::broadcast_to<7>(V(5))), "broadcast_to: extent 5 of axis 0 cannot be broadcast to 7");
  CHECK(strider::broadcast_to<2, 7>(V(1)).dynamic() == strider::broadcast_to(dynamic_layout::contiguous({1}), {2, 7}));
  CHECK(strider::broadcast_to<2, 7>(V(7)).dynamic() == strider::broadcast_to(dynamic_layout::contiguous({7}), {2, 7}));
  CHECK(strider::unfold<0, 2, 1>(b).dynamic() == strider::unfold(b.dynamic(), 0, 2, 1));
  CHECK_THROWS_WITH((strider::unfold<0, 6, 1>(b)), "unfold: size 6 is larger than extent 5 of dimension 0");
  CHECK((strider::diagonal<1, 2, 3>(b).dynamic() == strider::diagonal(b.dynamic(), 1, 2, 3)));
  CHECK(strider::expand<-1, 3, 8, 8>(b).dynamic() == b.dynamic());
  // as_strided within the storage a view came from: a run-time storage size, checked at run time.
  const auto first = strider::select<0, 0>(b);  // its storage is the whole batch's
  CHECK(first.storage_size() == 5 * 192);
  const auto last = strider::as_strided<strider::shape<3, 8, 8>, strider::strides<64, 8, 1>, 4 * 192>(first);
  static_assert(strider::mixed_layout_type<decltype(last)> && decltype(last)::dynamic_count == 1);  // only the storage is run-time
  CHECK(last.dynamic() == strider::as_strided(first.dynamic(), {3, 8, 8}, {64, 8, 1}, 4 * 192));
  CHECK_THROWS_WITH((strider::as_strided<strider::shape<3, 8, 8>, strider::strides<64, 8, 1>, 5 * 192>(first)),
                    "as_strided: reaches storage offset 1151, outside the input's storage [0, 960)");
  CHECK(strider::with_storage<2000>(b).storage_size() == 2000);
  // An empty batch: the static entries are those of a non-empty result (nothing is addressed).
  const auto empty = strider::slice<"1:">(B(0));
  CHECK(empty.size() == 0);
  CHECK(empty.extent(0) == 0);
}

TEST_CASE("mixed layouts: views index with static strides and copy", "[mixed]") {
  using B = strider::contiguous<dyn, 3, 4, 4>;
  const index_t n = 3;
  std::vector<float> data(static_cast<std::size_t>(n * 48));
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i);
  strider::tensor_view<float, B> images(data.data(), B(n));
  CHECK(images.size() == n * 48);
  CHECK(images(2, 1, 3, 0) == 2 * 48 + 16 + 12);
  // Cropped and permuted to NHWC: the same elements as the naive index arithmetic.
  const auto nhwc = strider::permute<0, 2, 3, 1>(strider::slice<":, :, 1:3, ::-1">(images));
  static_assert(decltype(nhwc)::layout_type::static_strides == std::array<index_t, 4>{48, 4, -1, 16});
  for (index_t b = 0; b < n; ++b)
    for (index_t h = 0; h < 2; ++h)
      for (index_t w = 0; w < 4; ++w)
        for (index_t c = 0; c < 3; ++c) CHECK(nhwc(b, h, w, c) == data[static_cast<std::size_t>(b * 48 + c * 16 + (h + 1) * 4 + (3 - w))]);
  const auto copied = nhwc.contiguous();
  CHECK(copied.shape() == dims{n, 2, 4, 3});
  CHECK(copied(2, 1, 0, 2) == nhwc(2, 1, 0, 2));
  images(0, 0, 0, 0) = -1.0f;
  CHECK(data[0] == -1.0f);
  const auto too_small = [&] { return strider::tensor_view<float, B>(std::span<float>(data.data(), 10), B(n)); };
  CHECK_THROWS_WITH(too_small(), "view: storage has 10 elements but the layout's storage_size is 144");
  const strider::tensor_view<float, dynamic_layout> as_dynamic = nhwc;
  CHECK(as_dynamic.layout() == nhwc.layout().dynamic());
}

TEST_CASE("mixed layouts: view, flatten, unflatten, windows and parts of a batch", "[mixed]") {
  using B = strider::contiguous<dyn, 3, 4, 4>;
  const index_t n = 3;
  std::vector<float> data(static_cast<std::size_t>(2 * n * 48));
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i);
  strider::tensor_view<float, B> images(data.data(), B(n));
  // Rows of pixels: the naive index arithmetic, with the batch run-time and the strides static.
  const auto rows = strider::view<-1, 16>(images);
  static_assert(decltype(rows)::layout_type::static_strides == std::array<index_t, 2>{16, 1});
  CHECK(rows.extent(0) == n * 3);
  for (index_t r = 0; r < n * 3; ++r)
    for (index_t p = 0; p < 16; ++p) CHECK(rows(r, p) == data[static_cast<std::size_t>(r * 16 + p)]);
  // Every other image of a larger batch, flattened per image: stride 96 between images.
  strider::tensor_view<float, B> batch(data.data(), B(2 * n));
  const auto images_flat = strider::flatten<1>(strider::slice<"::2">(batch));
  static_assert(decltype(images_flat)::layout_type::static_strides == std::array<index_t, 2>{96, 1});
  CHECK(images_flat.extent(0) == n);
  CHECK(images_flat(2, 47) == data[4 * 48 + 47]);
  // The view rule at run time: a refusal with view's text once the batch is known.
  const auto nhwc = strider::permute<0, 2, 3, 1>(images);
  CHECK_THROWS_WITH((strider::view<-1, 3>(nhwc)), Catch::Contains("view: the requested shape is not compatible"));
  CHECK(strider::view<-1, 3>(strider::permute<0, 2, 3, 1>(strider::slice<":1">(images))).extent(0) == 16);
  CHECK_THROWS_WITH((strider::view<-1, 7>(images)), "view: shape is invalid for 144 elements (the other extents multiply to 7)");
  // unflatten of a static axis, sliding windows along one.
  const auto halves = strider::unflatten<2, 2, -1>(images);
  CHECK(halves(2, 1, 1, 1, 3) == data[2 * 48 + 16 + 12 + 3]);
  const auto windows = strider::sliding_window_view<strider::shape<3>, strider::axes<3>>(images.as_const());  // overlapping: read-only
  CHECK(windows.shape() == dims{n, 3, 4, 2, 3});
  CHECK(windows(1, 2, 3, 1, 2) == data[48 + 32 + 12 + 3]);
  // split, chunk and unbind of a static axis: views with static offsets.
  const auto [red, green, blue] = strider::unbind<1>(images);
  static_assert(decltype(blue)::layout_type::static_offset == 32);
  CHECK(blue(2, 3, 3) == data[2 * 48 + 32 + 15]);
  const auto [top, bottom] = strider::chunk<2, 2>(images);
  CHECK(bottom(1, 0, 0, 0) == data[48 + 8]);
  const auto [first_channel, rest] = strider::split_with_sizes<strider::shape<1, 2>, 1>(images);
  CHECK(rest.shape() == dims{n, 2, 4, 4});
  CHECK(first_channel(1, 0, 1, 1) == data[48 + 5]);
  // The layout function forms on objects agree with the dynamic rules.
  const B b(n);
  CHECK(strider::reshape<-1, 4>(strider::permute<0, 2, 3, 1>(b)).dynamic() == strider::reshape(strider::permute(b.dynamic(), {0, 2, 3, 1}), {-1, 4}));
  CHECK((strider::flatten<1, 2>(b).dynamic() == strider::flatten(b.dynamic(), 1, 2)));
}

TEST_CASE("mixed layouts: owning heap tensors and contiguous copies keep static strides", "[mixed]") {
  using B = strider::contiguous<dyn, 3, 4, 4>;
  strider::heap_tensor<float, B> t(B(2));
  CHECK(t.shape() == dims{2, 3, 4, 4});
  CHECK(t(1, 2, 3, 3) == 0.0f);  // value-initialized
  for (index_t i = 0; i < 2; ++i)
    for (index_t c = 0; c < 3; ++c)
      for (index_t h = 0; h < 4; ++h)
        for (index_t w = 0; w < 4; ++w) t(i, c, h, w) = static_cast<float>(1000 * i + 100 * c + 10 * h + w);
  CHECK(t.data()[48 + 2 * 16 + 3 * 4 + 1] == 1231.0f);
  // An NHWC copy: a heap tensor of contiguous<dyn, 4, 4, 3>, its elements the naive loop's.
  const auto nhwc = strider::permute<0, 2, 3, 1>(t).contiguous();
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(nhwc)>, strider::heap_tensor<float, strider::contiguous<dyn, 4, 4, 3>>>);
  for (index_t i = 0; i < 2; ++i)
    for (index_t h = 0; h < 4; ++h)
      for (index_t w = 0; w < 4; ++w)
        for (index_t c = 0; c < 3; ++c) CHECK(nhwc(i, h, w, c) == static_cast<float>(1000 * i + 100 * c + 10 * h + w));
  // Copies own their elements; a moved-from tensor has no storage.
  strider::heap_tensor<float, B> copy = t;
  copy(0, 0, 0, 0) = -1.0f;
  CHECK(t(0, 0, 0, 0) == 0.0f);
  strider::heap_tensor<float, B> moved = std::move(copy);
  CHECK(moved(0, 0, 0, 0) == -1.0f);
  CHECK(copy.data() == nullptr);
  strider::heap_tensor<int, B> sevens(B(1), 7);
  CHECK(sevens(0, 2, 3, 3) == 7);
  // A layout whose elements share storage: reads work, writes throw.
  const auto repeated = strider::broadcast_to<2, 3>(strider::contiguous<dyn>(1));
  strider::heap_tensor<int, std::remove_cvref_t<decltype(repeated)>> shared(repeated, 5);
  CHECK(std::as_const(shared)(1, 2) == 5);
  CHECK_THROWS_WITH(shared(0, 0) = 1, Catch::Contains("write: the layout is not unique"));
}

TEST_CASE("mixed layouts: the layout algebra on objects and views of a batch", "[mixed]") {
  using strider::dyn_multiple;
  // Against the run-time rules on the same values, and against a naive loop over the storage.
  using B = strider::contiguous<dyn, 3, 8, 8>;
  for (const index_t n : {1, 2, 5}) {
    const B b(n);
    const auto c = strider::coalesce(b);
    CHECK(c.dynamic() == strider::coalesce(b.dynamic()));
    CHECK(decltype(c)::static_strides == std::array<index_t, 1>{1});
  }
  // An empty batch: the rule's own answer is (0,); the type's axes stay, with extent 0.
  const auto crop = [](index_t n) { return strider::narrow<1, 2, 4>(strider::contiguous<dyn_multiple<2>, 8, 8>(n)); };
  const auto empty = strider::coalesce(crop(0));
  CHECK(empty.rank == 2);
  CHECK(empty.size() == 0);
  CHECK(strider::coalesce(crop(4)).dynamic() == strider::coalesce(crop(4).dynamic()));
  CHECK(strider::coalesce(B(0)).size() == 0);

  using Rows = strider::contiguous<dyn, 64>;
  using Tiler = strider::layout<strider::shape<4, 16>, strider::strides<64, 1>>;
  const strider::contiguous<dyn_multiple<8>, 64> rows(16);
  const auto d = strider::logical_divide(rows, Tiler{});
  CHECK(decltype(d)::tile_rank == 2);
  CHECK(d.dynamic() == strider::logical_divide(rows.dynamic(), Tiler::dynamic()));
  const auto t = strider::tile<4, 16>(Rows(8));
  CHECK(decltype(t)::tile_rank == 2);
  CHECK(t.dynamic() == strider::tile(dynamic_layout::contiguous({8, 64}), {4, 16}));
  // What the static entries cannot decide is checked when the values meet the rule.
  CHECK_THROWS_WITH((strider::tile<4, 16>(Rows(6))), "tile: tile extent 4 does not divide extent 6 of axis 0 (the padded and masked tilings round the tile count up)");
  using Block = strider::layout<strider::shape<8, 8>, strider::strides<1, 8>>;
  CHECK_THROWS_WITH(strider::composition(Rows(0), Block{}), "composition: the second layout reaches index 63, past the 0 elements of the first layout");
  CHECK(strider::composition(Rows(1), Block{}).dynamic() == strider::composition(dynamic_layout::contiguous({1, 64}), Block::dynamic()));
  CHECK(strider::right_inverse(strider::contiguous<dyn, 8>(3)).dynamic() == strider::right_inverse(dynamic_layout::contiguous({3, 8})));
  CHECK(strider::left_inverse(strider::contiguous<dyn_multiple<2>, 8>(4)).dynamic() == strider::left_inverse(dynamic_layout::contiguous({4, 8})));
  CHECK(strider::vector_width(strider::slice<":, 4:">(Rows(2)), 4, 16) == 4);
  CHECK(strider::vector_width(strider::slice<":, 2:">(Rows(2)), 4, 16) == 2);
  CHECK(strider::vector_width_v<strider::slice_t<Rows, ":, 2:">, 4, 16> == 2);

  // Views: tiles of a batch of rows read the elements a naive loop finds.
  std::vector<int> storage(16 * 64);
  for (std::size_t i = 0; i < storage.size(); ++i) storage[i] = static_cast<int>(i);
  const strider::tensor_view<const int, strider::contiguous<dyn_multiple<8>, 64>> v(storage.data(), rows);
  const auto tiles = strider::logical_divide(v, Tiler{});
  int wrong = 0;
  for (index_t i = 0; i < tiles.extent(0); ++i)
    for (index_t j = 0; j < 4; ++j)
      for (index_t r = 0; r < 4; ++r)
        for (index_t k = 0; k < 16; ++k)  // tile (i, j): rows 4 i to 4 i + 3, columns 16 j to 16 j + 15
          wrong += tiles(i, j, r, k) != storage[static_cast<std::size_t>((4 * i + r) * 64 + 16 * j + k)];
  CHECK(wrong == 0);
  const auto blocks = strider::tile<4, 16>(v);
  for (index_t i = 0; i < blocks.extent(0); ++i)
    for (index_t j = 0; j < 4; ++j)
      for (index_t r = 0; r < 4; ++r)
        for (index_t k = 0; k < 16; ++k) wrong += blocks(i, j, r, k) != storage[static_cast<std::size_t>((4 * i + r) * 64 + 16 * j + k)];
  CHECK(wrong == 0);
  const auto flat = strider::coalesce(v);
  CHECK(flat.rank() == 1);
  for (index_t i = 0; i < flat.extent(0); ++i) wrong += flat(i) != storage[static_cast<std::size_t>(i)];
  CHECK(wrong == 0);
}
