// libFuzzer target: the expression parser, the evaluator, the static-type printer, every table
// writer (of layouts and thread-value layouts), and the `strider` command's argument handling, on arbitrary bytes. Besides crashes and
// sanitizer reports it checks invariants that must hold for every input (see `require`).
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "../cli.hpp"
#include "fuzz_input.hpp"

namespace {

using strider_fuzz::require;

// Layouts small enough to write quickly, so that the fuzzer keeps a high exec rate.
constexpr strider::index_t small = 2048;

void check_layout(const strider::dynamic_layout& l, std::string_view text) {
  using namespace strider;
  // An empty layout addresses nothing, so its offset may lie before the storage (as NumPy's empty
  // views of reversed axes do); every element of a non-empty one lies in its storage.
  require(l.size() == 0 || l.min_offset() >= 0, "min_offset >= 0");
  require(l.size() == 0 || l.max_offset() < l.storage_size(), "max_offset < storage_size");
  require(l.storage_size() >= l.required_span(), "storage_size >= required_span");
  require(l.size() == 0 || l.min_offset() <= l.max_offset(), "min_offset <= max_offset");
  if (l.size() > small || l.required_span() > 8 * small) return;
  const storage_table slots(l);
  bool shared = false;
  for (index_t o : slots.offsets()) {
    require(o >= l.min_offset() && o <= l.max_offset(), "offsets within [min_offset, max_offset]");
    shared = shared || slots.count(o) > 1;
  }
  // is_unique is exact up to unique_check_limit elements.
  require(l.is_unique() == !shared, "is_unique agrees with the storage table");
  if (!shared) require(inverse_table(l).size() == static_cast<std::size_t>(l.required_span()), "inverse_table size");
  std::ostringstream sink;
  try {
    write_grid(sink, l);
    write_markdown(sink, l);
    write_csv(sink, l);
    write_json(sink, l);
    write_cpp_header(sink, l, "fuzz");
    write_svg(sink, l, {std::string(text)});
  } catch (const layout_error& e) {  // only a writer's size limit may refuse a valid layout
    require(std::string_view(e.what()).substr(0, 6) == "write_", "a writer refuses only with its own message");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  bool valid = false, several = false;  // several: ends with split, chunk or unbind without [i]
  bool shape = false, views = false;    // broadcast_shapes(...); broadcast_arrays(...) without [i]
  bool chain = false;                   // a layout or TV expression that evaluates: explain walks it to the end
  bool swizzled = false;                // a layout expression ending in .swizzle(...): --info and explain refuse it
  try {
    const std::optional<strider::broadcast_expression> b = strider::parse_broadcast(text);
    shape = b && !b->arrays;
    views = b && b->arrays && !b->part;
    const std::optional<strider::thread_value_expression> tv = b ? std::nullopt : strider::parse_thread_value(text);
    if (tv) {
      // thread_value(...), as_thread_value(...), partition(...): the TV layout, its writers, or the partition.
      (void)strider::to_static_type(*tv);
      if (tv->accessed) {
        const strider::access_report r = strider::evaluate_access(*tv);
        valid = true;
        require(r.wavefronts == r.phases + r.bank_conflicts && r.sectors >= r.ideal_sectors, "the certificate's counts agree");
      } else if (tv->partitioned) {
        const strider::dynamic_layout l = strider::evaluate_partition(*tv);
        valid = true;
        check_layout(l, text);
      } else {
        const strider::thread_value_value v = strider::evaluate_thread_value(*tv);
        valid = true;
        require(v.tile_size() <= v.threads() * v.values(), "every element of the tile is held");
        if (v.threads() * v.values() <= small) {
          std::ostringstream sink;
          strider::write_grid(sink, v);
          strider::write_markdown(sink, v);
          strider::write_csv(sink, v);
          strider::write_json(sink, v);
          strider::write_svg(sink, v, {text});
        }
      }
      chain = true;  // explain walks its layouts' chains, then the whole
    } else if (shape || views) {
      (void)strider::broadcast_shape(*b);
      if (views && b->inputs.size() <= strider::cli::max_shown_parts)
        for (const strider::dynamic_layout& part : strider::broadcast_views(*b, strider::cli::max_shown_parts)) check_layout(part, text);
      valid = true;
    } else {
      // broadcast_arrays(...)[i] is a layout expression: argument i, broadcast_to, the views after [i].
      const strider::expression e = b ? strider::broadcast_input(*b, *b->part, strider::broadcast_shape(*b)) : strider::parse_expression(text);
      try {
        (void)strider::to_static_type(e);
      } catch (const strider::expression_error& error) {
        require(error.column() >= 1 && error.column() <= text.size() + 1, "to_static_type: column within the text");
      }
      several = strider::detail::ends_with_parts(e);
      if (e.swizzle) {
        // Its offsets are no strided layout's: evaluate refuses it, evaluate_swizzled gives both.
        check_layout(strider::evaluate_swizzled(e).layout, text);
        valid = swizzled = true;
      } else if (several) {
        const std::size_t count = strider::count_results(e);
        valid = true;
        if (count <= strider::cli::max_shown_parts)
          for (const strider::dynamic_layout& part : strider::evaluate_parts(e, strider::cli::max_shown_parts)) check_layout(part, text);
      } else {
        const strider::dynamic_layout l = strider::evaluate(e);
        valid = true;
        chain = !b;  // broadcast_arrays(...)[i] is not a chain explain reads
        check_layout(l, text);
      }
    }
  } catch (const strider::expression_error& error) {
    require(error.column() >= 1 && error.column() <= text.size() + 1, "column within the text");
    require(std::string_view(error.what()).find(": ") != std::string_view::npos, "message names its operation");
  }
  // The command on the same text: an invalid expression exits 2, a valid one 0 (or 1 past a
  // writer's limit); nothing escapes run_cli. --info shows one layout, so it refuses several.
  std::ostringstream out, err;
  const int info = strider::cli::run_cli({"strider", "--info", "--", text}, out, err);
  require(valid && !several && !shape && !views && !swizzled ? info == 0 : info == 2, "--info exit status");
  const int explained = strider::cli::run_cli({"strider", "explain", "--", text}, out, err);
  require(chain ? explained == 0 : explained == 2, "explain exit status");
  const int emit = strider::cli::run_cli({"strider", "--emit-cpp", "--", text}, out, err);
  require(valid && !views ? emit == 0 : emit == 2, "--emit-cpp exit status");  // broadcast_arrays names one view with [i]
  return 0;
}
