// strider/table/tables.hpp: every element of a layout, enumerated.
//
//   offset_table      storage offset of each element, in logical (row-major) order
//   coordinate_table  the multi-index of each element, in the same order
//   inverse_table     for a unique layout: which element (flat row-major index) sits in each
//                     storage slot of [0, required_span), -1 for a hole
//   storage_table     the same for any layout, multi-valued: every element in each slot
//
// Static layouts get `constexpr std::array`s (`offset_table_v<L>`, ... or `offset_table(L{})`),
// dynamic layouts `std::vector`s (`offset_table(l)`). Both are filled by the same code, the
// core's walk over the elements in logical order (for_each_offset, for_each_element).
//
// Compile time: a static table is built by the compiler's constant evaluator, a few steps per
// element. clang++ stops after 1,048,576 evaluation steps per
// constant (-fconstexpr-steps), which allows about 16,000 elements at rank 2 (fewer at higher
// rank); g++ allows more (-fconstexpr-ops-limit). Above a few thousand elements, prefer the
// dynamic tables: a static table of N elements is also N * 8 bytes in the object file.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "../core/layout.hpp"
#include "../core/swizzle.hpp"
#include "../static/layout.hpp"
#include "../static/swizzled.hpp"

namespace strider {

namespace detail {

constexpr void fill_offsets(const dynamic_layout& l, index_t* out) {
  index_t k = 0;
  for_each_offset(l.value(), [&](index_t offset) { out[k++] = offset; });
}

// Scatters the offsets into slots; a slot reached twice means the layout is not unique, which
// has no single-valued inverse (storage_table is the multi-valued one).
constexpr void fill_inverse(const index_t* offsets, index_t count, index_t* slots, index_t span) {
  for (index_t s = 0; s < span; ++s) slots[s] = -1;
  for (index_t k = 0; k < count; ++k) {
    if (slots[offsets[k]] != -1) throw layout_error("inverse_table: layout is not unique (storage offset {} holds elements {} and {}); use storage_table", offsets[k], slots[offsets[k]], k);
    slots[offsets[k]] = k;
  }
}

// The layout types with static tables: static layouts, and swizzled ones of static layouts
// (their offsets through the swizzle).
template <class L>
concept table_layout = static_layout_type<L> || static_swizzled_layout_type<L>;

template <table_layout L>
constexpr std::size_t table_size = static_cast<std::size_t>(L::size);

template <table_layout L>
constexpr auto make_offset_table() {
  std::array<index_t, table_size<L>> out{};
  if constexpr (static_swizzled_layout_type<L>) {
    fill_offsets(L::layout_type::dynamic(), out.data());
    for (index_t& o : out) o = swizzle_offset(L::swizzle, o);
  } else {
    fill_offsets(L::dynamic(), out.data());
  }
  return out;
}

template <table_layout L>
constexpr auto make_coordinate_table() {
  std::array<std::array<index_t, L::rank>, table_size<L>> out{};
  std::size_t k = 0;
  for_each_element(unswizzled<L>::type::value, [&](const dims& index, index_t) {
    for (std::size_t d = 0; d < L::rank; ++d) out[k][d] = index[d];
    ++k;
  });
  return out;
}

template <class Table, table_layout L>
constexpr auto make_inverse_table(const Table& offsets) {
  std::array<index_t, static_cast<std::size_t>(L::required_span)> out{};
  fill_inverse(offsets.data(), L::size, out.data(), L::required_span);
  return out;
}

}  // namespace detail

// --- static layouts: constexpr std::array ------------------------------------------------------

/// Storage offset of every element of L, in logical (row-major) order: entry k is the offset of
/// the k-th element when the multi-index counts like an odometer (last axis fastest). For a
/// swizzled_t, the offsets through its swizzle.
template <detail::table_layout L>
inline constexpr std::array<index_t, detail::table_size<L>> offset_table_v = detail::make_offset_table<L>();

/// The multi-index of every element of L, in the same order as offset_table_v<L>.
template <detail::table_layout L>
inline constexpr std::array<std::array<index_t, L::rank>, detail::table_size<L>> coordinate_table_v =
    detail::make_coordinate_table<L>();

/// For a unique L: entry s is the flat logical index of the element stored at offset s, for
/// every s in [0, L::required_span), or -1 when no element of L lives there (a hole). For a
/// layout that is not unique, using it is a compile error ("inverse_table: layout is not unique").
template <detail::table_layout L>
inline constexpr std::array<index_t, static_cast<std::size_t>(L::required_span)> inverse_table_v =
    detail::make_inverse_table<std::array<index_t, detail::table_size<L>>, L>(offset_table_v<L>);

/// Function forms: `offset_table<contiguous<3, 4>>()` and `offset_table(contiguous<3, 4>{})` are
/// `offset_table_v<contiguous<3, 4>>`.
template <detail::table_layout L>
constexpr const auto& offset_table(L = {}) { return offset_table_v<L>; }
template <detail::table_layout L>
constexpr const auto& coordinate_table(L = {}) { return coordinate_table_v<L>; }
template <detail::table_layout L>
constexpr const auto& inverse_table(L = {}) { return inverse_table_v<L>; }

// --- dynamic layouts: std::vector --------------------------------------------------------------

/// Storage offset of every element, in logical (row-major) order.
inline std::vector<index_t> offset_table(const dynamic_layout& l) {
  std::vector<index_t> out(static_cast<std::size_t>(l.size()));
  detail::fill_offsets(l, out.data());
  return out;
}

/// The offsets of l's elements through a swizzle (a swizzled layout's, at run time).
inline std::vector<index_t> offset_table(const dynamic_layout& l, swizzle_value swizzle) {
  detail::check_swizzle(swizzle);  // a value of the caller's: CuTe's conditions, before any shift
  std::vector<index_t> out = offset_table(l);
  for (index_t& o : out) o = swizzle_offset(swizzle, o);
  return out;
}

/// The multi-index of every element, in logical order.
inline std::vector<dims> coordinate_table(const dynamic_layout& l) {
  std::vector<dims> out;
  out.reserve(static_cast<std::size_t>(l.size()));
  detail::for_each_element(l.value(), [&](const dims& index, index_t) { out.push_back(index); });
  return out;
}

/// For a unique layout: the flat logical index stored at each offset of [0, required_span), -1
/// for a hole. Throws layout_error ("inverse_table: layout is not unique ...") when two elements
/// share an offset; the check is exact (not the conservative is_unique of large layouts).
inline std::vector<index_t> inverse_table(const dynamic_layout& l) {
  const std::vector<index_t> offsets = offset_table(l);
  std::vector<index_t> out(static_cast<std::size_t>(l.required_span()));
  detail::fill_inverse(offsets.data(), l.size(), out.data(), l.required_span());
  return out;
}

/// The multi-valued inverse, for any layout (broadcast and overlapping ones included): for each
/// storage offset s in [0, required_span), the flat logical indices of the elements stored at s,
/// in increasing order; an empty list is a hole.
class storage_table {
 public:
  explicit storage_table(const dynamic_layout& l) : storage_table(offset_table(l), l.required_span()) {}
  /// From an offset table (each offset in [0, span)): a swizzled layout's, say.
  storage_table(std::vector<index_t> offsets, index_t required_span) : offsets_(std::move(offsets)) {
    const auto span = static_cast<std::size_t>(required_span);
    // Counting sort by offset; filling in logical order keeps each slot's list increasing.
    starts_.assign(span + 1, 0);
    for (index_t off : offsets_) ++starts_[static_cast<std::size_t>(off) + 1];
    for (std::size_t s = 0; s < span; ++s) starts_[s + 1] += starts_[s];
    elements_.resize(offsets_.size());
    std::vector<index_t> next(starts_.begin(), starts_.end() - 1);
    for (std::size_t k = 0; k < offsets_.size(); ++k)
      elements_[static_cast<std::size_t>(next[static_cast<std::size_t>(offsets_[k])]++)] = static_cast<index_t>(k);
  }

  /// required_span() of the layout: the number of slots.
  index_t span() const { return static_cast<index_t>(starts_.size()) - 1; }
  /// The elements (flat logical indices) stored at offset `slot`.
  std::span<const index_t> operator[](index_t slot) const {
    const auto s = static_cast<std::size_t>(slot);
    return {elements_.data() + starts_[s], static_cast<std::size_t>(starts_[s + 1] - starts_[s])};
  }
  /// How many elements share offset `slot` (0 for a hole).
  index_t count(index_t slot) const { return static_cast<index_t>((*this)[slot].size()); }
  /// The offset table it was built from (offset of each element in logical order).
  const std::vector<index_t>& offsets() const { return offsets_; }

 private:
  std::vector<index_t> offsets_;
  std::vector<index_t> starts_;    // slot s holds elements_[starts_[s] .. starts_[s + 1])
  std::vector<index_t> elements_;
};

}  // namespace strider
