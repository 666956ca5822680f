// strider/storage/view.hpp: tensor_view, a pointer to storage plus a layout, and the view
// operations on it.
//
// A view owns nothing. Element (i...) of `tensor_view<T, L> v` is `v.data()[layout(i...)]`: the
// pointer is the start of the storage (offset 0), and the layout's storage offset, which may be
// non-zero, selects the first element. With a static layout the view is just the pointer.
//
// View operations (slice, permute, ...) return a new view of the same storage; they run the
// layout operation of the same name (core/operations.hpp, static/operations.hpp) and copy
// nothing. The API mirrors the layout functions:
//
//   static layouts:  strider::permute<2, 0, 1>(v)   strider::slice<"1:, ::-1">(v)
//   dynamic layouts: strider::permute(v, {2, 0, 1}) strider::slice(v, "1:, ::-1")
//                    and, for chaining, v.permute({2, 0, 1}).slice("1:, ::-1")
//
// Writes: a view whose layout is not unique (broadcast_to, an overlapping unfold or as_strided)
// cannot be written through. With a static layout its element access returns `const T&`, so a
// write does not compile; with a dynamic layout, obtaining mutable access (element access,
// for_each, copy into it) throws layout_error "write: ...". Read such a view through as_const().
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <span>  // also std::ranges' range concepts, without all of <ranges>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../core/dims.hpp"
#include "../core/error.hpp"
#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../core/slice.hpp"
#include "../static/fixed_string.hpp"
#include "../static/layout.hpp"
#include "../static/operations.hpp"
#include "../static/swizzled.hpp"
#include "memory.hpp"

namespace strider {

/// The layouts a `tensor` (storage inside the object) can hold: a static layout type, or a
/// swizzled one of a static layout.
template <class L>
concept tensor_layout = static_layout_type<L> || static_swizzled_layout_type<L>;

template <class T, tensor_layout L>
class tensor;
template <class T>
class dynamic_tensor;

/// The layouts a view or tensor can hold: a static layout type, a mixed one, dynamic_layout, or
/// a swizzled layout (static/swizzled.hpp).
template <class L>
concept view_layout = static_layout_type<L> || mixed_layout_type<L> || std::same_as<L, dynamic_layout> || swizzled_layout_type<L>;

namespace detail {

/// An element index: a run-time integer, or a compile-time one (std::integral_constant,
/// hana::llong_c<2>, 2_c).
template <class I>
concept index_argument = std::integral<I> || static_index<I>;

template <class I>
STRIDER_HOST_DEVICE constexpr index_t index_value(I i) {
  if constexpr (static_index<I>) return static_cast<index_t>(I::value);
  else return static_cast<index_t>(i);
}

// Storage offset of element (i...). A static layout checks integral-constant indices at compile
// time and run-time ones unless NDEBUG (static_layout::operator()).
template <static_layout_type L, index_argument... I>
STRIDER_HOST_DEVICE constexpr index_t element_offset(L layout, I... i) {
  if constexpr (sizeof...(I) > 0 && (static_index<I> && ...)) return layout(i...);
  else return layout(index_value(i)...);
}

// A mixed layout multiplies by its static strides as constants (mixed_layout::operator()).
template <mixed_layout_type L, index_argument... I>
STRIDER_HOST_DEVICE constexpr index_t element_offset(const L& layout, I... i) {
  return layout(index_value(i)...);
}

// A swizzled layout: its layout's offset (checked as that layout checks it), through the swizzle.
template <swizzled_layout_type L, index_argument... I>
STRIDER_HOST_DEVICE constexpr index_t element_offset(const L& layout, I... i) {
  return layout(index_value(i)...);
}

// A dynamic layout checks the index count always (a wrong count would silently address another
// element) and each index against its extent unless NDEBUG, as static layouts do.
template <index_argument... I>
STRIDER_HOST_DEVICE constexpr index_t element_offset(const dynamic_layout& layout, I... i) {
  static_assert(sizeof...(I) <= max_rank, "index: more indices than max_rank");
#ifdef NDEBUG
  if (sizeof...(I) != layout.rank()) return layout(dims{index_value(i)...});  // throws
  const layout_value& v = layout.value();
  index_t offset = v.offset;
  std::size_t d = 0;
  ((offset += index_value(i) * v.strides[d++]), ...);
  return offset;
#else
  return layout(dims{index_value(i)...});
#endif
}

[[noreturn]] STRIDER_HOST_DEVICE inline void refuse_not_writable() {
  detail::refuse("write: the layout is not unique (elements share storage, as after broadcast_to or an overlapping unfold or as_strided, or it has more than {} interleaved elements and could not be proven unique); read it through as_const()", unique_check_limit);
}

template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr bool accepts_index_count(std::size_t n) { return n == L::rank; }
template <std::same_as<dynamic_layout> L>
STRIDER_HOST_DEVICE constexpr bool accepts_index_count(std::size_t n) { return n <= max_rank; }
template <mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr bool accepts_index_count(std::size_t n) { return n == L::rank; }
template <swizzled_layout_type L>
STRIDER_HOST_DEVICE constexpr bool accepts_index_count(std::size_t n) { return n == L::rank; }

// The layout part of views and tensors, and the queries on it. For a static layout every query
// is a static constexpr function and the class is empty (a view is then only its pointer).
template <class L>
class layout_queries;

// What the view of any layout type (a static layout, or a swizzled one of a static layout)
// answers: every query a static constexpr function, the class empty.
template <class L>
class static_layout_queries {
 public:
  using layout_type = L;
  /// True: the layout is a type, and every query below a constant expression.
  static constexpr bool is_static = true;

  /// The layout (an empty object).
  STRIDER_HOST_DEVICE static constexpr L layout() { return {}; }
  /// Number of axes.
  STRIDER_HOST_DEVICE static constexpr std::size_t rank() { return L::rank; }
  /// Extents, one per axis, and the extent of one axis (axis < rank()).
  STRIDER_HOST_DEVICE static constexpr index_array<L::rank> shape() { return L::shape; }
  STRIDER_HOST_DEVICE static constexpr index_t extent(std::size_t axis) { return unswizzled<L>::type::dynamic().extent(axis); }
  /// Number of elements.
  STRIDER_HOST_DEVICE static constexpr index_t size() { return L::size; }
  /// No two elements sharing storage (the core's rule).
  STRIDER_HOST_DEVICE static constexpr bool is_unique() { return L::is_unique; }
  /// Storage elements the layout reaches from data(): max_offset + 1 (0 when empty).
  STRIDER_HOST_DEVICE static constexpr index_t required_span() { return L::required_span; }
  /// Elements of the storage at data() that the layout knows (at least required_span()):
  /// as_strided may reach anywhere in it.
  STRIDER_HOST_DEVICE static constexpr index_t storage_size() { return L::storage_size; }

 protected:
  constexpr static_layout_queries() = default;
  STRIDER_HOST_DEVICE constexpr static_layout_queries(L, bool) {}
  STRIDER_HOST_DEVICE static constexpr bool writes_allowed() { return L::is_unique; }
};

template <static_layout_type L>
class layout_queries<L> : public static_layout_queries<L> {
 public:
  /// What an operation on the view applies to, and the layout type of its result (a swizzled
  /// layout's differ: the operation applies to the layout before the swizzle).
  using operand_type = L;
  template <class R>
  using result_type = R;
  /// Strides (in elements), one per axis, and the stride of one axis (axis < rank()).
  STRIDER_HOST_DEVICE static constexpr index_array<L::rank> strides() { return L::strides; }
  STRIDER_HOST_DEVICE static constexpr index_t stride(std::size_t axis) { return L::dynamic().stride(axis); }
  /// Storage offset of the first element, from data().
  STRIDER_HOST_DEVICE static constexpr index_t offset() { return L::offset; }
  /// C-contiguous (PyTorch's rule).
  STRIDER_HOST_DEVICE static constexpr bool is_contiguous() { return L::is_contiguous; }

 protected:
  using static_layout_queries<L>::static_layout_queries;
};

// What the view of a layout object answers (a dynamic_layout, a mixed layout, or a swizzled one
// of a mixed layout): the object holds the run-time entries (a mixed layout's static ones are
// constants of its type), and whether writes are allowed.
template <class L>
class held_layout_queries {
 public:
  using layout_type = L;
  /// False: the layout is, or has, run-time values.
  static constexpr bool is_static = false;

  /// The layout.
  STRIDER_HOST_DEVICE constexpr const L& layout() const { return layout_; }
  /// Number of axes.
  STRIDER_HOST_DEVICE constexpr std::size_t rank() const {
    if constexpr (std::same_as<L, dynamic_layout>) return layout_.rank();
    else return L::rank;
  }
  /// Extents, one per axis, and the extent of one axis (axis < rank()).
  STRIDER_HOST_DEVICE constexpr dims shape() const { return layout_.shape(); }
  STRIDER_HOST_DEVICE constexpr index_t extent(std::size_t axis) const { return layout_.extent(axis); }
  /// Number of elements.
  STRIDER_HOST_DEVICE constexpr index_t size() const { return layout_.size(); }
  /// No two elements sharing storage (the core's rule).
  STRIDER_HOST_DEVICE constexpr bool is_unique() const { return layout_.is_unique(); }
  /// Storage elements the layout reaches from data(): max_offset + 1 (0 when empty).
  STRIDER_HOST_DEVICE constexpr index_t required_span() const { return layout_.required_span(); }
  /// Elements of the storage at data() that the layout knows (at least required_span()):
  /// as_strided may reach anywhere in it.
  STRIDER_HOST_DEVICE constexpr index_t storage_size() const { return layout_.storage_size(); }

 protected:
  // Uniqueness is decided once, when a mutable view or tensor is made, so that element access
  // only tests a flag; const ones never write and skip the test.
  STRIDER_HOST_DEVICE constexpr held_layout_queries(const L& layout, bool mutable_access)
      : layout_(layout), writes_allowed_(!mutable_access || layout.is_unique()) {}
  STRIDER_HOST_DEVICE constexpr held_layout_queries(const L& layout, bool writes_allowed, int /*known*/) : layout_(layout), writes_allowed_(writes_allowed) {}
  STRIDER_HOST_DEVICE constexpr bool writes_allowed() const { return writes_allowed_; }
  // A layout_error on the host, a message and a trap in device code.
  STRIDER_HOST_DEVICE constexpr void check_writable() const {
    if (!writes_allowed_) refuse_not_writable();
  }

  L layout_;
  bool writes_allowed_ = true;
};

template <class L>
  requires std::same_as<L, dynamic_layout> || mixed_layout_type<L>
class layout_queries<L> : public held_layout_queries<L> {
 public:
  /// Strides (in elements), one per axis, and the stride of one axis (axis < rank()).
  STRIDER_HOST_DEVICE constexpr dims strides() const { return this->layout_.strides(); }
  STRIDER_HOST_DEVICE constexpr index_t stride(std::size_t axis) const { return this->layout_.stride(axis); }
  /// Storage offset of the first element, from data().
  STRIDER_HOST_DEVICE constexpr index_t offset() const { return this->layout_.offset(); }
  /// C-contiguous (PyTorch's rule).
  STRIDER_HOST_DEVICE constexpr bool is_contiguous() const { return this->layout_.is_contiguous(); }

 protected:
  using held_layout_queries<L>::held_layout_queries;
};

// A swizzled layout: the queries that mean something through a swizzle (no strides, no offset,
// no contiguity: its offsets are not a strided function). An operation on a view of it applies
// to the layout before the swizzle (`operand_type`) and keeps the swizzle (`result_type`).
template <static_swizzled_layout_type L>
class layout_queries<L> : public static_layout_queries<L> {
 public:
  using operand_type = typename L::layout_type;
  template <class R>
  using result_type = swizzled_layout<R, typename L::swizzle_type>;
  /// The swizzle.
  STRIDER_HOST_DEVICE static constexpr swizzle_value swizzle() { return L::swizzle; }

 protected:
  using static_layout_queries<L>::static_layout_queries;
};

template <swizzled_layout_type L>
  requires mixed_layout_type<typename L::layout_type>
class layout_queries<L> : public held_layout_queries<L> {
 public:
  /// The swizzle.
  STRIDER_HOST_DEVICE static constexpr swizzle_value swizzle() { return L::swizzle; }

 protected:
  using held_layout_queries<L>::held_layout_queries;
};

// Number of elements a contiguous range holds, when its type says so (std::array, C arrays,
// fixed-extent std::span); std::dynamic_extent otherwise.
template <class R>
STRIDER_HOST_DEVICE constexpr std::size_t static_size() {
  using U = std::remove_cvref_t<R>;
  if constexpr (std::is_bounded_array_v<U>) {
    return std::extent_v<U>;
  } else if constexpr (requires { std::tuple_size<U>::value; }) {
    return std::tuple_size<U>::value;
  } else if constexpr (requires { { U::extent } -> std::convertible_to<std::size_t>; }) {
    return U::extent;
  } else {
    return std::dynamic_extent;
  }
}

// A contiguous range that can back a view of T: its elements are T (const T for a const view),
// and it outlives the call (borrowed), except that a const view may refer to a temporary for the
// duration of a full expression, as std::span<const T> may. Views and tensors are ranges too,
// but not storage: they convert to views instead.
template <class R, class T>
concept storage_range =
    !requires(std::remove_reference_t<R>& r) { r.as_view(); } &&
    std::ranges::contiguous_range<R> && std::ranges::sized_range<R> &&
    (std::ranges::borrowed_range<R> || std::is_const_v<T>) &&
    std::convertible_to<std::remove_reference_t<std::ranges::range_reference_t<R>> (*)[], T (*)[]>;

template <class T>
inline constexpr bool always_false = false;

// True for a static layout that is not unique: views of it refuse writes at compile time.
template <class L>
inline constexpr bool refuses_writes = false;
template <static_layout_type L>
inline constexpr bool refuses_writes<L> = !L::is_unique;
template <static_swizzled_layout_type L>
inline constexpr bool refuses_writes<L> = !L::is_unique;

template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr layout_value to_layout_value(L) { return L::value; }
STRIDER_HOST_DEVICE constexpr const layout_value& to_layout_value(const dynamic_layout& layout) { return layout.value(); }
template <mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr layout_value to_layout_value(const L& layout) { return layout.value(); }
template <class L>
STRIDER_HOST_DEVICE constexpr dynamic_layout to_dynamic(const L& layout) {
  if constexpr (static_layout_type<L>) return L::dynamic();
  else if constexpr (mixed_layout_type<L>) return layout.dynamic();
  else return layout;
}

// Every storage offset of a view's layout in C order (a swizzled one's through its swizzle):
// visit(offset), and with the index, visit(index, offset). Not the copy engine: the walk a
// swizzled layout's copy and iteration take.
template <class L, class Visit>
STRIDER_HOST_DEVICE constexpr void walk_offsets(const L& layout, Visit&& visit) {
  if constexpr (swizzled_layout_type<L>) for_each_offset(to_layout_value(layout.layout()), [&](index_t o) { visit(swizzle_offset(L::swizzle, o)); });
  else for_each_offset(to_layout_value(layout), visit);
}
template <class L, class Visit>
STRIDER_HOST_DEVICE constexpr void walk_elements(const L& layout, Visit&& visit) {
  if constexpr (swizzled_layout_type<L>) for_each_element(to_layout_value(layout.layout()), [&](const dims& i, index_t o) { visit(i, swizzle_offset(L::swizzle, o)); });
  else for_each_element(to_layout_value(layout), visit);
}

// True when static layout To is From over less of its storage (a view converts that way).
template <class From, class To>
inline constexpr bool narrows_storage_v = false;
template <layout_value V, layout_value W>
inline constexpr bool narrows_storage_v<static_layout<V>, static_layout<W>> = V != W && narrows_storage(V, W);

// Tags of internal constructors: a view whose uniqueness is already known, and a tensor whose
// storage is about to be overwritten.
struct known_uniqueness_t {};
struct uninitialized_t {};
// Tag of the internal constructor of a view within memory already checked: a view derived from
// another (an operation's result lies in its input's storage), or a tensor's own allocation.
struct within_checked_t {};

}  // namespace detail

template <class T, view_layout Layout>
class tensor_view;  // below
template <class T>
class view_parts;  // split, chunk and unbind's views (below)

namespace detail {

// The member forms of the view operations on dynamic layouts, written once for dynamic views and
// dynamic tensors (Derived, with as_view() and layout()): each gives a view of Derived's storage
// under the layout function of the same name, of const elements when Derived is const (a const
// tensor). On a temporary tensor (Owning) they are deleted, since the view would dangle; a
// temporary view is fine. The free functions (below) call these.
template <class Derived, bool Owning>
class dynamic_view_operations {
 public:
  /// NumPy basic indexing, `v.slice("1:, ::-1")` is `a[1:, ::-1]`.
  auto slice(std::string_view index) & { return on(self(), strider::slice(self().layout(), index)); }
  auto slice(std::string_view index) const& { return on(self(), strider::slice(self().layout(), index)); }
  void slice(std::string_view index) && requires Owning = delete;
  /// Result axis i is axis axes[i].
  auto permute(const dims& axes) & { return on(self(), strider::permute(self().layout(), axes)); }
  auto permute(const dims& axes) const& { return on(self(), strider::permute(self().layout(), axes)); }
  void permute(const dims& axes) && requires Owning = delete;
  /// Swaps two axes.
  auto transpose(index_t axis_a, index_t axis_b) & { return on(self(), strider::transpose(self().layout(), axis_a, axis_b)); }
  auto transpose(index_t axis_a, index_t axis_b) const& { return on(self(), strider::transpose(self().layout(), axis_a, axis_b)); }
  void transpose(index_t axis_a, index_t axis_b) && requires Owning = delete;
  /// Reverses every axis.
  auto flip() & { return on(self(), strider::flip(self().layout())); }
  auto flip() const& { return on(self(), strider::flip(self().layout())); }
  void flip() && requires Owning = delete;
  /// Reverses the given axes.
  auto flip(const dims& axes) & { return on(self(), strider::flip(self().layout(), axes)); }
  auto flip(const dims& axes) const& { return on(self(), strider::flip(self().layout(), axes)); }
  void flip(const dims& axes) && requires Owning = delete;
  /// NumPy broadcast_to: the result is not unique when an axis is stretched (read-only).
  auto broadcast_to(const dims& shape) & { return on(self(), strider::broadcast_to(self().layout(), shape)); }
  auto broadcast_to(const dims& shape) const& { return on(self(), strider::broadcast_to(self().layout(), shape)); }
  void broadcast_to(const dims& shape) && requires Owning = delete;
  /// PyTorch view: the same elements in C order with a new shape (one extent may be -1).
  /// Throws "view: ..." when the strides cannot express it; then use contiguous().view(...).
  auto view(const dims& shape) & { return on(self(), viewed(shape)); }
  auto view(const dims& shape) const& { return on(self(), viewed(shape)); }
  /// Removes every extent-1 axis.
  auto squeeze() & { return on(self(), strider::squeeze(self().layout())); }
  auto squeeze() const& { return on(self(), strider::squeeze(self().layout())); }
  void squeeze() && requires Owning = delete;
  /// Removes the given extent-1 axes.
  auto squeeze(const dims& axes) & { return on(self(), strider::squeeze(self().layout(), axes)); }
  auto squeeze(const dims& axes) const& { return on(self(), strider::squeeze(self().layout(), axes)); }
  void squeeze(const dims& axes) && requires Owning = delete;
  /// Inserts an extent-1 axis.
  auto unsqueeze(index_t axis) & { return on(self(), strider::unsqueeze(self().layout(), axis)); }
  auto unsqueeze(index_t axis) const& { return on(self(), strider::unsqueeze(self().layout(), axis)); }
  void unsqueeze(index_t axis) && requires Owning = delete;
  /// The diagonal of axes a and b, appended as the last axis.
  auto diagonal(index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) & { return on(self(), strider::diagonal(self().layout(), offset, axis_a, axis_b)); }
  auto diagonal(index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) const& { return on(self(), strider::diagonal(self().layout(), offset, axis_a, axis_b)); }
  void diagonal(index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) && requires Owning = delete;
  /// Sliding windows along dim (overlapping, hence read-only, when step < size).
  auto unfold(index_t dim, index_t size, index_t step) & { return on(self(), strider::unfold(self().layout(), dim, size, step)); }
  auto unfold(index_t dim, index_t size, index_t step) const& { return on(self(), strider::unfold(self().layout(), dim, size, step)); }
  void unfold(index_t dim, index_t size, index_t step) && requires Owning = delete;
  /// Axes source[i] moved to places destination[i] (PyTorch movedim, NumPy moveaxis).
  auto movedim(const dims& source, const dims& destination) & { return on(self(), strider::movedim(self().layout(), source, destination)); }
  auto movedim(const dims& source, const dims& destination) const& { return on(self(), strider::movedim(self().layout(), source, destination)); }
  void movedim(const dims& source, const dims& destination) && requires Owning = delete;
  /// Dimension dim split into axes of these sizes (one may be -1).
  auto unflatten(index_t dim, const dims& sizes) & { return on(self(), strider::unflatten(self().layout(), dim, sizes)); }
  auto unflatten(index_t dim, const dims& sizes) const& { return on(self(), strider::unflatten(self().layout(), dim, sizes)); }
  void unflatten(index_t dim, const dims& sizes) && requires Owning = delete;
  /// PyTorch expand: extent-1 axes stretched (stride 0; read-only), -1 keeps an axis.
  auto expand(const dims& sizes) & { return on(self(), strider::expand(self().layout(), sizes)); }
  auto expand(const dims& sizes) const& { return on(self(), strider::expand(self().layout(), sizes)); }
  void expand(const dims& sizes) && requires Owning = delete;
  /// Axes start..end merged into one, as a view (throws when that would copy).
  auto flatten(index_t start = 0, index_t end = -1) & { return on(self(), strider::flatten(self().layout(), start, end)); }
  auto flatten(index_t start = 0, index_t end = -1) const& { return on(self(), strider::flatten(self().layout(), start, end)); }
  void flatten(index_t start = 0, index_t end = -1) && requires Owning = delete;
  /// Elements [start, start + length) of dimension dim.
  auto narrow(index_t dim, index_t start, index_t length) & { return on(self(), strider::narrow(self().layout(), dim, start, length)); }
  auto narrow(index_t dim, index_t start, index_t length) const& { return on(self(), strider::narrow(self().layout(), dim, start, length)); }
  void narrow(index_t dim, index_t start, index_t length) && requires Owning = delete;
  /// Index `index` of dimension dim, which is removed.
  auto select(index_t dim, index_t index) & { return on(self(), strider::select(self().layout(), dim, index)); }
  auto select(index_t dim, index_t index) const& { return on(self(), strider::select(self().layout(), dim, index)); }
  void select(index_t dim, index_t index) && requires Owning = delete;
  /// The fewest axes with the same elements in the same order (CuTe coalesce).
  auto coalesce() & { return on(self(), strider::coalesce(self().layout())); }
  auto coalesce() const& { return on(self(), strider::coalesce(self().layout())); }
  void coalesce() && requires Owning = delete;
  /// CuTe composition: element i is this view's element at index b(i) (b starts at offset 0).
  auto composition(const dynamic_layout& b) & { return on(self(), strider::composition(self().layout(), b)); }
  auto composition(const dynamic_layout& b) const& { return on(self(), strider::composition(self().layout(), b)); }
  void composition(const dynamic_layout& b) && requires Owning = delete;
  /// CuTe logical_divide: which tile, then the tile (the trailing axes of tiler's composition).
  auto logical_divide(const dynamic_layout& tiler) & { return on(self(), strider::logical_divide(self().layout(), tiler)); }
  auto logical_divide(const dynamic_layout& tiler) const& { return on(self(), strider::logical_divide(self().layout(), tiler)); }
  void logical_divide(const dynamic_layout& tiler) && requires Owning = delete;
  /// einops rearrange as a view: rearrange("b (h p) -> b h p", "p=2").
  auto rearrange(std::string_view pattern, std::string_view sizes = {}) & { return on(self(), strider::rearrange(self().layout(), pattern, sizes)); }
  auto rearrange(std::string_view pattern, std::string_view sizes = {}) const& { return on(self(), strider::rearrange(self().layout(), pattern, sizes)); }
  void rearrange(std::string_view pattern, std::string_view sizes = {}) && requires Owning = delete;
  /// Every axis blocked by its tile extent: which tile, then the element in the tile.
  auto tile(const dims& tile_shape) & { return on(self(), strider::tile(self().layout(), tile_shape)); }
  auto tile(const dims& tile_shape) const& { return on(self(), strider::tile(self().layout(), tile_shape)); }
  void tile(const dims& tile_shape) && requires Owning = delete;
  /// The last two axes swapped (PyTorch mT).
  auto matrix_transpose() & { return on(self(), strider::matrix_transpose(self().layout())); }
  auto matrix_transpose() const& { return on(self(), strider::matrix_transpose(self().layout())); }
  void matrix_transpose() && requires Owning = delete;
  /// The order of the axes reversed (NumPy .T).
  auto reverse_axis_order() & { return on(self(), strider::reverse_axis_order(self().layout())); }
  auto reverse_axis_order() const& { return on(self(), strider::reverse_axis_order(self().layout())); }
  void reverse_axis_order() && requires Owning = delete;
  /// NumPy sliding_window_view, one window extent per axis (read-only when windows overlap).
  auto sliding_window_view(const dims& window) & { return on(self(), strider::sliding_window_view(self().layout(), window)); }
  auto sliding_window_view(const dims& window) const& { return on(self(), strider::sliding_window_view(self().layout(), window)); }
  void sliding_window_view(const dims& window) && requires Owning = delete;
  /// NumPy sliding_window_view over the given axes.
  auto sliding_window_view(const dims& window, const dims& axes) & { return on(self(), strider::sliding_window_view(self().layout(), window, axes)); }
  auto sliding_window_view(const dims& window, const dims& axes) const& { return on(self(), strider::sliding_window_view(self().layout(), window, axes)); }
  void sliding_window_view(const dims& window, const dims& axes) && requires Owning = delete;
  /// PyTorch split: parts of split_size elements along dim.
  auto split(index_t split_size, index_t dim = 0) & { return parts_on(self(), strider::split(self().layout(), split_size, dim)); }
  auto split(index_t split_size, index_t dim = 0) const& { return parts_on(self(), strider::split(self().layout(), split_size, dim)); }
  void split(index_t split_size, index_t dim = 0) && requires Owning = delete;
  /// PyTorch split with a list of part sizes.
  auto split_with_sizes(const dims& split_sizes, index_t dim = 0) & { return parts_on(self(), strider::split_with_sizes(self().layout(), split_sizes, dim)); }
  auto split_with_sizes(const dims& split_sizes, index_t dim = 0) const& { return parts_on(self(), strider::split_with_sizes(self().layout(), split_sizes, dim)); }
  void split_with_sizes(const dims& split_sizes, index_t dim = 0) && requires Owning = delete;
  /// PyTorch chunk: at most `chunks` parts along dim.
  auto chunk(index_t chunks, index_t dim = 0) & { return parts_on(self(), strider::chunk(self().layout(), chunks, dim)); }
  auto chunk(index_t chunks, index_t dim = 0) const& { return parts_on(self(), strider::chunk(self().layout(), chunks, dim)); }
  void chunk(index_t chunks, index_t dim = 0) && requires Owning = delete;
  /// PyTorch unbind: one part per index of dim, which is removed.
  auto unbind(index_t dim = 0) & { return parts_on(self(), strider::unbind(self().layout(), dim)); }
  auto unbind(index_t dim = 0) const& { return parts_on(self(), strider::unbind(self().layout(), dim)); }
  void unbind(index_t dim = 0) && requires Owning = delete;
  /// PyTorch t(): a matrix transposed (rank 0 and 1 as they are).
  auto t() & { return on(self(), strider::t(self().layout())); }
  auto t() const& { return on(self(), strider::t(self().layout())); }
  void t() && requires Owning = delete;
  /// NumPy rot90: k quarter turns from axis1 towards axis2.
  auto rot90(index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) & { return on(self(), strider::rot90(self().layout(), k, axis1, axis2)); }
  auto rot90(index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) const& { return on(self(), strider::rot90(self().layout(), k, axis1, axis2)); }
  void rot90(index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) && requires Owning = delete;
  /// NumPy rollaxis: axis moved to just before the axis at start.
  auto rollaxis(index_t axis, index_t start = 0) & { return on(self(), strider::rollaxis(self().layout(), axis, start)); }
  auto rollaxis(index_t axis, index_t start = 0) const& { return on(self(), strider::rollaxis(self().layout(), axis, start)); }
  void rollaxis(index_t axis, index_t start = 0) && requires Owning = delete;
  /// NumPy expand_dims: an extent-1 axis at each of axes (places in the result).
  auto expand_dims(const dims& axes) & { return on(self(), strider::expand_dims(self().layout(), axes)); }
  auto expand_dims(const dims& axes) const& { return on(self(), strider::expand_dims(self().layout(), axes)); }
  void expand_dims(const dims& axes) && requires Owning = delete;
  /// PyTorch tensor_split (NumPy array_split): `sections` parts, the first ones one longer.
  auto tensor_split(index_t sections, index_t dim = 0) & { return parts_on(self(), strider::tensor_split(self().layout(), sections, dim)); }
  auto tensor_split(index_t sections, index_t dim = 0) const& { return parts_on(self(), strider::tensor_split(self().layout(), sections, dim)); }
  void tensor_split(index_t sections, index_t dim = 0) && requires Owning = delete;
  /// PyTorch tensor_split at indices: the parts between them, as Python slices.
  auto tensor_split_indices(const dims& indices, index_t dim = 0) & { return parts_on(self(), strider::tensor_split_indices(self().layout(), indices, dim)); }
  auto tensor_split_indices(const dims& indices, index_t dim = 0) const& { return parts_on(self(), strider::tensor_split_indices(self().layout(), indices, dim)); }
  void tensor_split_indices(const dims& indices, index_t dim = 0) && requires Owning = delete;
  /// NumPy split: `sections` parts of equal extent.
  auto numpy_split(index_t sections, index_t axis = 0) & { return parts_on(self(), strider::numpy_split(self().layout(), sections, axis)); }
  auto numpy_split(index_t sections, index_t axis = 0) const& { return parts_on(self(), strider::numpy_split(self().layout(), sections, axis)); }
  void numpy_split(index_t sections, index_t axis = 0) && requires Owning = delete;
  /// NumPy hsplit: numpy_split along axis 1 (0 of a 1-D view).
  auto hsplit(index_t sections) & { return parts_on(self(), strider::hsplit(self().layout(), sections)); }
  auto hsplit(index_t sections) const& { return parts_on(self(), strider::hsplit(self().layout(), sections)); }
  void hsplit(index_t sections) && requires Owning = delete;
  /// NumPy vsplit: numpy_split along axis 0.
  auto vsplit(index_t sections) & { return parts_on(self(), strider::vsplit(self().layout(), sections)); }
  auto vsplit(index_t sections) const& { return parts_on(self(), strider::vsplit(self().layout(), sections)); }
  void vsplit(index_t sections) && requires Owning = delete;
  /// NumPy dsplit: numpy_split along axis 2.
  auto dsplit(index_t sections) & { return parts_on(self(), strider::dsplit(self().layout(), sections)); }
  auto dsplit(index_t sections) const& { return parts_on(self(), strider::dsplit(self().layout(), sections)); }
  void dsplit(index_t sections) && requires Owning = delete;
  /// NumPy hsplit at indices.
  auto hsplit_indices(const dims& indices) & { return parts_on(self(), strider::hsplit_indices(self().layout(), indices)); }
  auto hsplit_indices(const dims& indices) const& { return parts_on(self(), strider::hsplit_indices(self().layout(), indices)); }
  void hsplit_indices(const dims& indices) && requires Owning = delete;
  /// NumPy vsplit at indices.
  auto vsplit_indices(const dims& indices) & { return parts_on(self(), strider::vsplit_indices(self().layout(), indices)); }
  auto vsplit_indices(const dims& indices) const& { return parts_on(self(), strider::vsplit_indices(self().layout(), indices)); }
  void vsplit_indices(const dims& indices) && requires Owning = delete;
  /// NumPy dsplit at indices.
  auto dsplit_indices(const dims& indices) & { return parts_on(self(), strider::dsplit_indices(self().layout(), indices)); }
  auto dsplit_indices(const dims& indices) const& { return parts_on(self(), strider::dsplit_indices(self().layout(), indices)); }
  void dsplit_indices(const dims& indices) && requires Owning = delete;
  /// Any layout within the storage the view's layout knows, [0, storage_size()).
  auto as_strided(const dims& shape, const dims& strides, index_t offset) & { return on(self(), strider::as_strided(self().layout(), shape, strides, offset)); }
  auto as_strided(const dims& shape, const dims& strides, index_t offset) const& { return on(self(), strider::as_strided(self().layout(), shape, strides, offset)); }
  void as_strided(const dims& shape, const dims& strides, index_t offset) && requires Owning = delete;

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  // Derived's storage under `layout`, as a view (of const elements for a const tensor).
  template <class Self>
  using element_of = typename decltype(std::declval<Self&>().as_view())::element_type;
  template <class Self>
  static auto on(Self& self, const dynamic_layout& layout) {
    return tensor_view<element_of<Self>, dynamic_layout>(self.as_view().data(), layout, within_checked_t{});
  }
  template <class Self>
  static auto parts_on(Self& self, const layout_parts& parts) {
    return view_parts<element_of<Self>>(self.as_view().data(), parts);
  }
  dynamic_layout viewed(const dims& shape) const {
    if (!can_view(self().layout(), shape))
      detail::refuse("view: the view's strides cannot express this shape without copying; use contiguous() and view the copy");
    return strider::view(self().layout(), shape);
  }
};

// Views of static and mixed layouts have no member forms: their operations are the free
// functions with the arguments as template arguments.
struct no_view_operations {};

template <class Derived, class Layout>
using view_operations_for = std::conditional_t<std::same_as<Layout, dynamic_layout>, dynamic_view_operations<Derived, false>, no_view_operations>;

}  // namespace detail

/// A non-owning view of strided storage: a pointer `data()` to the start of the storage and a
/// layout (a static layout type, or dynamic_layout). `T` may be const (a read-only view); a
/// mutable view converts to a const one, and a static view to a dynamic one.
///
/// Views are cheap to copy (a view of a static layout is one pointer) and shallow-const, like
/// std::span: a const view of mutable elements still writes them.

template <class T, view_layout Layout>
class tensor_view : public detail::layout_queries<Layout>, public detail::view_operations_for<tensor_view<T, Layout>, Layout> {
  using queries = detail::layout_queries<Layout>;

 public:
  /// The element type as viewed (const for a read-only view), and without const.
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using pointer = T*;
  /// What element access returns: `const T&` when the layout is static and not unique (writes
  /// refused at compile time), `T&` otherwise (a dynamic layout checks at run time).
  using reference = std::conditional_t<detail::refuses_writes<Layout>, const T&, T&>;

  /// From a pointer to storage that holds at least `layout.storage_size()` elements: the caller
  /// vouches for that many (see also `from_blob`); the addresses are checked (detail::check_memory:
  /// layout_error "view: ..." for a null or misaligned `data`, or a storage that would reach past
  /// the end of the address space; on the host, not in device code). as_strided then reaches
  /// anywhere in those elements; a layout made from extents or strides knows exactly its required
  /// span, and `with_storage(layout, n)` states more.
  STRIDER_HOST_DEVICE constexpr tensor_view(T* data, const Layout& layout)
    requires(!queries::is_static)
      : queries(layout, !std::is_const_v<T>), data_(data) {
#if !defined(__CUDA_ARCH__)
    detail::check_memory(data, this->storage_size(), detail::unknown_size, "view");
#endif
  }
  STRIDER_HOST_DEVICE constexpr tensor_view(T* data, const Layout&)
    requires queries::is_static
      : data_(data) {
    check_pointer(data);
  }
  /// Static layouts: the layout is the type.
  STRIDER_HOST_DEVICE constexpr explicit tensor_view(T* data)
    requires queries::is_static
      : data_(data) {
    check_pointer(data);
  }

  /// From a contiguous range (std::vector, std::array, std::span, C array), checked against the
  /// range's size. A dynamic layout must reach no further than the range (layout_error "view:
  /// storage has N elements but the layout needs M"), and the view's layout then knows the whole
  /// range as its storage: as_strided may reach any element of it. A static layout is a type,
  /// which knows its own storage_size: the range must hold that many elements, checked at
  /// compile time for a range of static size (std::array, C array, fixed-extent std::span) and
  /// at run time otherwise; `with_storage_t<L, N>` lets it know more.
  template <class R>
    requires detail::storage_range<R, T>
  STRIDER_HOST_DEVICE constexpr tensor_view(R&& storage, const Layout& layout)
      : tensor_view(std::ranges::data(storage), storage_layout(std::ranges::data(storage), std::ranges::size(storage), layout), detail::within_checked_t{}) {
    constexpr std::size_t known = detail::static_size<R>();
    if constexpr (queries::is_static && known != std::dynamic_extent)
      static_assert(static_cast<index_t>(known) >= Layout::storage_size,
                    "view: the storage has fewer elements than the layout's storage_size");
  }
  /// From a C array (a `__shared__` one in device code too), for a static layout: it must hold
  /// the layout's storage_size elements, checked at compile time.
  template <class U, std::size_t N>
    requires queries::is_static && std::convertible_to<U (*)[], T (*)[]>
  STRIDER_HOST_DEVICE constexpr tensor_view(U (&storage)[N]) : data_(storage) {
    static_assert(static_cast<index_t>(N) >= Layout::storage_size, "view: the array has fewer elements than the layout's storage_size");
    check_pointer(data_);
  }
  /// From a contiguous range, for a static layout (checked as above).
  template <class R>
    requires queries::is_static && detail::storage_range<R, T>
  STRIDER_HOST_DEVICE constexpr tensor_view(R&& storage) : tensor_view(std::forward<R>(storage), Layout{}) {}

  /// A view of mutable elements converts to one of const elements, a view of a static layout to
  /// one of a dynamic layout, and to one of the same static layout over less of its storage
  /// (`slice_t<contiguous<8>, ":2">` to `contiguous<2>`).
  template <class U, view_layout L2>
    requires(!std::same_as<tensor_view<U, L2>, tensor_view>) && std::convertible_to<U (*)[], T (*)[]> &&
            (std::same_as<L2, Layout> || ((static_layout_type<L2> || mixed_layout_type<L2>) && std::same_as<Layout, dynamic_layout>) ||
             detail::narrows_storage_v<L2, Layout>)
  STRIDER_HOST_DEVICE constexpr tensor_view(const tensor_view<U, L2>& other) : tensor_view(other.data(), as_layout(other.layout()), detail::within_checked_t{}) {}

  /// Internal: a dynamic view whose uniqueness is already known (dynamic_tensor::as_view()).
  STRIDER_HOST_DEVICE constexpr tensor_view(T* data, const Layout& layout, bool writes_allowed, detail::known_uniqueness_t)
    requires(!queries::is_static)
      : queries(layout, writes_allowed, 0), data_(data) {}
  /// Internal: a view within memory already checked (an operation's result on a view, a tensor's
  /// own storage): no check of the addresses again.
  STRIDER_HOST_DEVICE constexpr tensor_view(T* data, const Layout& layout, detail::within_checked_t)
    requires(!queries::is_static)
      : queries(layout, !std::is_const_v<T>), data_(data) {}
  STRIDER_HOST_DEVICE constexpr tensor_view(T* data, detail::within_checked_t)
    requires queries::is_static
      : data_(data) {}
  STRIDER_HOST_DEVICE constexpr tensor_view(T* data, const Layout&, detail::within_checked_t)
    requires queries::is_static
      : data_(data) {}

  /// The start of the storage (storage offset 0, not necessarily the first element).
  STRIDER_HOST_DEVICE constexpr T* data() const { return data_; }
  /// Itself: views and tensors both have as_view(), which the free functions use.
  STRIDER_HOST_DEVICE constexpr tensor_view as_view() const { return *this; }
  /// The same elements, read-only.
  STRIDER_HOST_DEVICE constexpr tensor_view<const T, Layout> as_const() const { return {data_, this->layout(), detail::within_checked_t{}}; }

  /// Element (i...): one index per axis, each in [0, extent). Integral-constant indices
  /// (std::integral_constant, hana::llong_c<1>, 1_c) on a static layout are checked at compile
  /// time; run-time indices are checked (layout_error "index: ...") unless NDEBUG, and then cost
  /// nothing. A mutable view of a dynamic layout that is not unique throws "write: ...".
  template <detail::index_argument... I>
    requires(detail::accepts_index_count<Layout>(sizeof...(I)))
  STRIDER_HOST_DEVICE constexpr reference operator()(I... index) const {
    if constexpr (!queries::is_static && !std::is_const_v<T>) this->check_writable();
    return data_[detail::element_offset(this->layout(), index...)];
  }

  /// An owning copy in C order: for a static layout a `tensor` (storage inside the object) up to
  /// max_inline_tensor_bytes and a `heap_tensor` above, so that a copy never overflows the
  /// stack; for a mixed layout a `heap_tensor` of the C-order mixed layout of the same static
  /// extents; a `dynamic_tensor` for a dynamic layout (defined in tensor.hpp).
  auto contiguous() const;

 private:
  template <class L2>
  STRIDER_HOST_DEVICE static constexpr Layout as_layout(const L2& layout) {
    if constexpr (std::same_as<L2, Layout>) return layout;
    else if constexpr (queries::is_static) return Layout{};
    else return detail::to_dynamic(layout);
  }

  // The layout of a view over a range of `size` elements at `data`, checked against it: the
  // storage the layout knows (a static or mixed layout's storage_size, which as_strided may
  // reach; a dynamic layout's required span, after which it knows the whole range) must be in it.
  STRIDER_HOST_DEVICE static constexpr Layout storage_layout(const T* data, std::size_t size, const Layout& layout) {
    const auto held = static_cast<index_t>(size);
    if constexpr (queries::is_static) {
      detail::check_memory(data, Layout::storage_size, held, "view", "the layout's storage_size is");
      return layout;
    } else if constexpr (mixed_layout_type<Layout> || swizzled_layout_type<Layout>) {
      detail::check_memory(data, layout.storage_size(), held, "view", "the layout's storage_size is");
      return layout;
    } else {
      detail::check_memory(data, layout.required_span(), held, "view");
      return with_storage(layout, held);
    }
  }

  // A pointer given with a static layout: its addresses, on the host (device code has no
  // layout_error; a kernel's pointers come from its launch).
  STRIDER_HOST_DEVICE static constexpr void check_pointer([[maybe_unused]] T* data) {
#if !defined(__CUDA_ARCH__)
    if (!std::is_constant_evaluated()) detail::check_memory(data, Layout::storage_size, detail::unknown_size, "view");
#endif
  }

  T* data_;
};

/// The views split, chunk and unbind give on a dynamic view or tensor: `size()` views into the
/// same storage, each made on access (`parts[i]`, negative i from the end; a range-for visits
/// them in order).
template <class T>
class view_parts {
 public:
  STRIDER_HOST_DEVICE constexpr view_parts(T* data, const layout_parts& parts) : data_(data), parts_(parts) {}
  STRIDER_HOST_DEVICE constexpr std::size_t size() const { return parts_.size(); }
  STRIDER_HOST_DEVICE constexpr bool empty() const { return parts_.empty(); }
  STRIDER_HOST_DEVICE constexpr tensor_view<T, dynamic_layout> operator[](index_t part) const { return {data_, parts_[part], detail::within_checked_t{}}; }
  /// The parts' layouts.
  STRIDER_HOST_DEVICE constexpr const layout_parts& layouts() const { return parts_; }

  using iterator = detail::part_iterator<view_parts, tensor_view<T, dynamic_layout>>;
  STRIDER_HOST_DEVICE constexpr iterator begin() const { return {this, 0}; }
  STRIDER_HOST_DEVICE constexpr iterator end() const { return {this, static_cast<index_t>(parts_.size())}; }

 private:
  T* data_;
  layout_parts parts_;
};

template <class R, view_layout L>
  requires std::ranges::contiguous_range<R>
tensor_view(R&&, L) -> tensor_view<std::remove_reference_t<std::ranges::range_reference_t<R>>, L>;

/// A view of `layout` over storage starting at `data`, which must hold `layout.storage_size()`
/// elements (unchecked: the caller vouches for it, as with PyTorch's from_blob).
template <class T, view_layout L>
STRIDER_HOST_DEVICE constexpr tensor_view<T, L> from_blob(T* data, const L& layout) {
  return {data, layout};
}

namespace detail {

template <class X>
inline constexpr bool is_view_v = false;
template <class T, class L>
inline constexpr bool is_view_v<tensor_view<T, L>> = true;

/// Anything with `as_view()`: views, tensors and dynamic tensors. The free functions take these.
template <class X>
concept view_source = requires(std::remove_reference_t<X>& x) { x.as_view(); } &&
                      is_view_v<decltype(std::declval<std::remove_reference_t<X>&>().as_view())>;

template <class X>
using view_of_t = decltype(std::declval<std::remove_reference_t<X>&>().as_view());

template <class X>
concept static_source = view_source<X> && view_of_t<X>::is_static;
template <class X>
concept dynamic_source = view_source<X> && std::same_as<typename view_of_t<X>::layout_type, dynamic_layout>;
template <class X>
concept mixed_source = view_source<X> && (mixed_layout_type<typename view_of_t<X>::layout_type> ||
                                          mixed_layout_type<typename unswizzled<typename view_of_t<X>::layout_type>::type>);

// A view operation's result points into x's storage, so x must not be an owning temporary.
template <class X>
concept borrowable = std::is_lvalue_reference_v<X> || is_view_v<std::remove_cvref_t<X>>;

// The view of x's storage through L, an operation's result on x's operand_type (a swizzled
// view's result keeps its swizzle).
template <class L, class X>
STRIDER_HOST_DEVICE constexpr auto with_layout(X& x) {
  using V = view_of_t<X>;
  return tensor_view<typename V::element_type, typename V::template result_type<L>>(x.as_view().data(), within_checked_t{});
}

// The view of x's storage through make(x's mixed layout), the layout function form; for a
// swizzled one, make applies to the layout before the swizzle and the result keeps it.
template <class X, class Make>
STRIDER_HOST_DEVICE constexpr auto with_mixed_layout(X& x, Make make) {
  const auto v = x.as_view();
  using L = typename view_of_t<X>::layout_type;
  if constexpr (swizzled_layout_type<L>) {
    const auto made = make(v.layout().layout());
    const swizzled_layout<std::remove_cvref_t<decltype(made)>, typename L::swizzle_type> layout(made);
    return tensor_view<typename view_of_t<X>::element_type, std::remove_cvref_t<decltype(layout)>>(v.data(), layout, within_checked_t{});
  } else {
    const auto layout = make(v.layout());
    return tensor_view<typename view_of_t<X>::element_type, std::remove_cvref_t<decltype(layout)>>(v.data(), layout, within_checked_t{});
  }
}
// The views of x's storage through each layout of make(x's mixed layout), a std::tuple (split
// and its kin), each a view of a static or a mixed layout.
template <class X, class Make>
constexpr auto with_mixed_layouts(X& x, Make make) {
  const auto v = x.as_view();
  using T = typename view_of_t<X>::element_type;
  using L = typename view_of_t<X>::layout_type;
  if constexpr (swizzled_layout_type<L>) {  // each part through the same swizzle
    const auto swizzled = [](const auto& part) {
      using P = std::remove_cvref_t<decltype(part)>;
      if constexpr (static_layout_type<P>) return swizzled_layout<P, typename L::swizzle_type>{};
      else return swizzled_layout<P, typename L::swizzle_type>(part);
    };
    return std::apply([&](const auto&... part) { return std::tuple{tensor_view<T, decltype(swizzled(part))>(v.data(), swizzled(part), within_checked_t{})...}; },
                      make(v.layout().layout()));
  } else {
    return std::apply([&](const auto&... part) { return std::tuple{tensor_view<T, std::remove_cvref_t<decltype(part)>>(v.data(), part, within_checked_t{})...}; },
                      make(v.layout()));
  }
}

}  // namespace detail

/// The view of x (itself for a view; the whole storage of a tensor).
template <detail::view_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto as_view(X&& x) {
  return x.as_view();
}

/// The view of x with a dynamic layout (the same elements; for functions that take any layout).
template <detail::view_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto as_dynamic(X&& x) {
  using V = detail::view_of_t<X>;
  return tensor_view<typename V::element_type, dynamic_layout>(x.as_view());
}

// --- view operations, mixed layouts: the same template arguments, on the run-time entries -----
// Each runs the layout function form of the same name (static/operations.hpp).

template <fixed_string Index, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto slice(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return slice<Index>(l); }); }
template <index_t... P, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto permute(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return permute<P...>(l); }); }
template <index_t A, index_t B, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto transpose(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return transpose<A, B>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flip(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return flip<Axes...>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto squeeze(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return squeeze<Axes...>(l); }); }
template <index_t Axis, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unsqueeze(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return unsqueeze<Axis>(l); }); }
template <class Source, class Destination, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto movedim(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return movedim<Source, Destination>(l); }); }
template <index_t Dim, index_t Start, index_t Length, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto narrow(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return narrow<Dim, Start, Length>(l); }); }
template <index_t Dim, index_t Index, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto select(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return select<Dim, Index>(l); }); }
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto broadcast_to(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return broadcast_to<E...>(l); }); }
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return expand<E...>(l); }); }
template <index_t Offset = 0, index_t A = 0, index_t B = 1, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto diagonal(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return diagonal<Offset, A, B>(l); }); }
template <index_t Dim, index_t Size, index_t Step, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unfold(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return unfold<Dim, Size, Step>(l); }); }
template <class Shape, class Strides, index_t Offset, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto as_strided(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return as_strided<Shape, Strides, Offset>(l); }); }
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto matrix_transpose(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return matrix_transpose(l); }); }
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto reverse_axis_order(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return reverse_axis_order(l); }); }
template <index_t Size, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto split(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return split<Size, Dim>(l); }); }
template <class Sizes, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto split_with_sizes(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return split_with_sizes<Sizes, Dim>(l); }); }
template <index_t Chunks, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto chunk(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return chunk<Chunks, Dim>(l); }); }
template <index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto unbind(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return unbind<Dim>(l); }); }
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto t(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return t(l); }); }
template <index_t K = 1, index_t A = 0, index_t B = 1, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rot90(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return rot90<K, A, B>(l); }); }
template <index_t Axis, index_t Start = 0, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rollaxis(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return rollaxis<Axis, Start>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand_dims(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return expand_dims<Axes...>(l); }); }
template <index_t Sections, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return tensor_split<Sections, Dim>(l); }); }
template <class Indices, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return tensor_split_indices<Indices, Dim>(l); }); }
template <index_t Sections, index_t Axis = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto numpy_split(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return numpy_split<Sections, Axis>(l); }); }
template <index_t Sections, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto hsplit(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return hsplit<Sections>(l); }); }
template <class Indices, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto hsplit_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return hsplit_indices<Indices>(l); }); }
template <index_t Sections, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto vsplit(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return vsplit<Sections>(l); }); }
template <class Indices, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto vsplit_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return vsplit_indices<Indices>(l); }); }
template <index_t Sections, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto dsplit(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return dsplit<Sections>(l); }); }
template <class Indices, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto dsplit_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return dsplit_indices<Indices>(l); }); }
template <fixed_string Pattern, fixed_string Sizes = "", detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rearrange(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return rearrange<Pattern, Sizes>(l); }); }
// view refuses at compile time what the static entries decide, and throws for the rest.
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto view(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return view<E...>(l); }); }
template <index_t Start = 0, index_t End = -1, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flatten(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return flatten<Start, End>(l); }); }
template <index_t Dim, index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unflatten(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return unflatten<Dim, E...>(l); }); }
template <class Window, class Axes = void, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return sliding_window_view<Window, Axes>(l); }); }
// The layout algebra: the tiler or second layout is a static (or mixed) layout object.
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto coalesce(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return coalesce(l); }); }
template <detail::mixed_source X, detail::algebra_operand B>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto composition(X&& x, const B& b) { return detail::with_mixed_layout(x, [&b](const auto& l) { return composition(l, b); }); }
template <detail::mixed_source X, detail::algebra_operand T>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto logical_divide(X&& x, const T& tiler) { return detail::with_mixed_layout(x, [&tiler](const auto& l) { return logical_divide(l, tiler); }); }
template <index_t... T, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return tile<T...>(l); }); }

// --- view operations, static layouts: template arguments, as the layout functions ------------

/// NumPy basic indexing: `slice<"1:, ::-1">(v)` is `a[1:, ::-1]`.
template <fixed_string Index, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto slice(X&& x) {
  return detail::with_layout<slice_t<typename detail::view_of_t<X>::operand_type, Index>>(x);
}
/// `permute<2, 0, 1>(v)`: result axis i is axis P[i].
template <index_t... P, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto permute(X&& x) {
  return detail::with_layout<permute_t<typename detail::view_of_t<X>::operand_type, P...>>(x);
}
/// Swaps axes A and B.
template <index_t A, index_t B, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto transpose(X&& x) {
  return detail::with_layout<transpose_t<typename detail::view_of_t<X>::operand_type, A, B>>(x);
}
/// Reverses the given axes; with none, every axis.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flip(X&& x) {
  return detail::with_layout<flip_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
}
/// NumPy broadcast_to: stretched axes have stride 0, so the result is read-only.
template <index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto broadcast_to(X&& x) {
  return detail::with_layout<broadcast_to_t<typename detail::view_of_t<X>::operand_type, E...>>(x);
}
/// PyTorch view (one extent may be -1). When the strides cannot express the shape, a compile
/// error: copy first with contiguous().
template <index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto view(X&& x) {
  using L = typename detail::view_of_t<X>::operand_type;
  if constexpr (reshape_copies<L, E...>) {
    static_assert(detail::always_false<X>, "view: the view's strides cannot express this shape without copying; use contiguous() and view the copy");
  } else {
    return detail::with_layout<view_t<L, E...>>(x);
  }
}
/// Removes the given extent-1 axes; with none, every extent-1 axis.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto squeeze(X&& x) {
  return detail::with_layout<squeeze_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
}
/// Inserts an extent-1 axis at Axis.
template <index_t Axis, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unsqueeze(X&& x) {
  return detail::with_layout<unsqueeze_t<typename detail::view_of_t<X>::operand_type, Axis>>(x);
}
/// The diagonal of axes A and B (offset Offset), appended as the last axis.
template <index_t Offset = 0, index_t A = 0, index_t B = 1, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto diagonal(X&& x) {
  return detail::with_layout<diagonal_t<typename detail::view_of_t<X>::operand_type, Offset, A, B>>(x);
}
/// Sliding windows of Size elements every Step along Dim (read-only when they overlap).
template <index_t Dim, index_t Size, index_t Step, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unfold(X&& x) {
  return detail::with_layout<unfold_t<typename detail::view_of_t<X>::operand_type, Dim, Size, Step>>(x);
}
/// Axes Source moved to places Destination (`axes<...>` each).
template <class Source, class Destination, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto movedim(X&& x) {
  return detail::with_layout<movedim_t<typename detail::view_of_t<X>::operand_type, Source, Destination>>(x);
}
/// Axis Dim split into E... (one may be -1).
template <index_t Dim, index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unflatten(X&& x) {
  return detail::with_layout<unflatten_t<typename detail::view_of_t<X>::operand_type, Dim, E...>>(x);
}
/// Extent-1 axes stretched to E... (stride 0), -1 keeping an axis.
template <index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand(X&& x) {
  return detail::with_layout<expand_t<typename detail::view_of_t<X>::operand_type, E...>>(x);
}
/// Axes Start..End merged into one (a compile error when that would copy).
template <index_t Start = 0, index_t End = -1, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flatten(X&& x) {
  return detail::with_layout<flatten_t<typename detail::view_of_t<X>::operand_type, Start, End>>(x);
}
/// Elements [Start, Start + Length) of axis Dim.
template <index_t Dim, index_t Start, index_t Length, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto narrow(X&& x) {
  return detail::with_layout<narrow_t<typename detail::view_of_t<X>::operand_type, Dim, Start, Length>>(x);
}
/// Index Index of axis Dim, which is removed.
template <index_t Dim, index_t Index, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto select(X&& x) {
  return detail::with_layout<select_t<typename detail::view_of_t<X>::operand_type, Dim, Index>>(x);
}
/// The fewest axes with the same elements in the same order (CuTe coalesce).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto coalesce(X&& x) {
  return detail::with_layout<coalesce_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// CuTe composition: element i is x's element at index B(i) (B a static layout at offset 0).
template <detail::static_source X, static_layout_type B>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto composition(X&& x, B) {
  return detail::with_layout<composition_t<typename detail::view_of_t<X>::operand_type, B>>(x);
}
/// CuTe logical_divide by a static tiler: which tile, then the tile.
template <detail::static_source X, static_layout_type T>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto logical_divide(X&& x, T) {
  return detail::with_layout<logical_divide_t<typename detail::view_of_t<X>::operand_type, T>>(x);
}
/// einops rearrange as a view: rearrange<"b (h p) -> b h p", "p=2">(x).
template <fixed_string Pattern, fixed_string Sizes = "", detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rearrange(X&& x) {
  return detail::with_layout<rearrange_t<typename detail::view_of_t<X>::operand_type, Pattern, Sizes>>(x);
}
/// Every axis blocked by its tile extent T...: which tile, then the element in the tile.
template <index_t... T, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) {
  return detail::with_layout<tile_t<typename detail::view_of_t<X>::operand_type, T...>>(x);
}
/// The last two axes swapped (PyTorch mT).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto matrix_transpose(X&& x) {
  return detail::with_layout<matrix_transpose_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// The order of the axes reversed (NumPy .T).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto reverse_axis_order(X&& x) {
  return detail::with_layout<reverse_axis_order_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// NumPy sliding_window_view (Window = shape<...>, Axes = axes<...> or none for every axis).
template <class Window, class Axes = void, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view(X&& x) {
  return detail::with_layout<sliding_window_view_t<typename detail::view_of_t<X>::operand_type, Window, Axes>>(x);
}

namespace detail {
template <class Layouts, class X, std::size_t... I>
constexpr auto with_layouts(X& x, std::index_sequence<I...>) {
  return std::tuple<decltype(with_layout<std::tuple_element_t<I, Layouts>>(x))...>(with_layout<std::tuple_element_t<I, Layouts>>(x)...);
}
template <class Layouts, class X>
constexpr auto with_layouts(X& x) { return with_layouts<Layouts>(x, std::make_index_sequence<std::tuple_size_v<Layouts>>{}); }
}  // namespace detail

/// PyTorch split: a std::tuple of views, parts of Size elements along Dim.
template <index_t Size, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto split(X&& x) {
  return detail::with_layouts<split_t<typename detail::view_of_t<X>::operand_type, Size, Dim>>(x);
}
/// PyTorch split with a list of part sizes (Sizes = shape<...>): a std::tuple of views.
template <class Sizes, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto split_with_sizes(X&& x) {
  return detail::with_layouts<split_with_sizes_t<typename detail::view_of_t<X>::operand_type, Sizes, Dim>>(x);
}
/// PyTorch chunk: a std::tuple of at most Chunks views along Dim.
template <index_t Chunks, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto chunk(X&& x) {
  return detail::with_layouts<chunk_t<typename detail::view_of_t<X>::operand_type, Chunks, Dim>>(x);
}
/// PyTorch unbind: a std::tuple of views, one per index of Dim.
template <index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto unbind(X&& x) {
  return detail::with_layouts<unbind_t<typename detail::view_of_t<X>::operand_type, Dim>>(x);
}
/// PyTorch t(): a matrix transposed (rank 0 and 1 as they are).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto t(X&& x) {
  return detail::with_layout<t_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// NumPy rot90: K quarter turns from axis A towards axis B.
template <index_t K = 1, index_t A = 0, index_t B = 1, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rot90(X&& x) {
  return detail::with_layout<rot90_t<typename detail::view_of_t<X>::operand_type, K, A, B>>(x);
}
/// NumPy rollaxis: axis Axis moved to just before the axis at Start.
template <index_t Axis, index_t Start = 0, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rollaxis(X&& x) {
  return detail::with_layout<rollaxis_t<typename detail::view_of_t<X>::operand_type, Axis, Start>>(x);
}
/// NumPy expand_dims: an extent-1 axis at each of Axes.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand_dims(X&& x) {
  return detail::with_layout<expand_dims_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
}
/// PyTorch tensor_split (NumPy array_split): a std::tuple of Sections views along Dim.
template <index_t Sections, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split(X&& x) {
  return detail::with_layouts<tensor_split_t<typename detail::view_of_t<X>::operand_type, Sections, Dim>>(x);
}
/// PyTorch tensor_split at indices (Indices = shape<...>): a std::tuple of views.
template <class Indices, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split_indices(X&& x) {
  return detail::with_layouts<tensor_split_indices_t<typename detail::view_of_t<X>::operand_type, Indices, Dim>>(x);
}
/// NumPy split: a std::tuple of Sections views of equal extent along Axis.
template <index_t Sections, index_t Axis = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto numpy_split(X&& x) {
  return detail::with_layouts<numpy_split_t<typename detail::view_of_t<X>::operand_type, Sections, Axis>>(x);
}
/// NumPy hsplit: a std::tuple of Sections equal views along axis 1 (0 of a 1-D view).
template <index_t Sections, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto hsplit(X&& x) {
  return detail::with_layouts<hsplit_t<typename detail::view_of_t<X>::operand_type, Sections>>(x);
}
/// NumPy vsplit: a std::tuple of Sections equal views along axis 0.
template <index_t Sections, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto vsplit(X&& x) {
  return detail::with_layouts<vsplit_t<typename detail::view_of_t<X>::operand_type, Sections>>(x);
}
/// NumPy dsplit: a std::tuple of Sections equal views along axis 2.
template <index_t Sections, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto dsplit(X&& x) {
  return detail::with_layouts<dsplit_t<typename detail::view_of_t<X>::operand_type, Sections>>(x);
}
/// NumPy hsplit at indices (a shape<...>): a std::tuple of views.
template <class Indices, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto hsplit_indices(X&& x) {
  return detail::with_layouts<hsplit_indices_t<typename detail::view_of_t<X>::operand_type, Indices>>(x);
}
/// NumPy vsplit at indices (a shape<...>): a std::tuple of views.
template <class Indices, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto vsplit_indices(X&& x) {
  return detail::with_layouts<vsplit_indices_t<typename detail::view_of_t<X>::operand_type, Indices>>(x);
}
/// NumPy dsplit at indices (a shape<...>): a std::tuple of views.
template <class Indices, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto dsplit_indices(X&& x) {
  return detail::with_layouts<dsplit_indices_t<typename detail::view_of_t<X>::operand_type, Indices>>(x);
}
/// Any layout (Shape = shape<...>, Strides = strides<...>) within the storage x was cut from, [0, storage_size()).
template <class Shape, class Strides, index_t Offset, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto as_strided(X&& x) {
  return detail::with_layout<as_strided_t<typename detail::view_of_t<X>::operand_type, Shape, Strides, Offset>>(x);
}

// --- view operations, dynamic layouts: function arguments, as the layout functions -----------

/// NumPy basic indexing: `slice(v, "1:, ::-1")` is `a[1:, ::-1]`.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto slice(X&& x, std::string_view index) { return x.as_view().slice(index); }
/// Result axis i is axis axes[i].
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto permute(X&& x, const dims& axes) { return x.as_view().permute(axes); }
/// Swaps two axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto transpose(X&& x, index_t axis_a, index_t axis_b) { return x.as_view().transpose(axis_a, axis_b); }
/// Reverses every axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flip(X&& x) { return x.as_view().flip(); }
/// Reverses the given axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flip(X&& x, const dims& axes) { return x.as_view().flip(axes); }
/// NumPy broadcast_to (read-only when an axis is stretched).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto broadcast_to(X&& x, const dims& shape) { return x.as_view().broadcast_to(shape); }
/// PyTorch view; throws "view: ..." when it would need a copy.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto view(X&& x, const dims& shape) { return x.as_view().view(shape); }
/// Removes every extent-1 axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto squeeze(X&& x) { return x.as_view().squeeze(); }
/// Removes the given extent-1 axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto squeeze(X&& x, const dims& axes) { return x.as_view().squeeze(axes); }
/// Inserts an extent-1 axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unsqueeze(X&& x, index_t axis) { return x.as_view().unsqueeze(axis); }
/// The diagonal of two axes, appended as the last axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto diagonal(X&& x, index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) {
  return x.as_view().diagonal(offset, axis_a, axis_b);
}
/// Sliding windows along dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unfold(X&& x, index_t dim, index_t size, index_t step) { return x.as_view().unfold(dim, size, step); }
/// Axes source[i] moved to places destination[i].
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto movedim(X&& x, const dims& source, const dims& destination) { return x.as_view().movedim(source, destination); }
/// Dimension dim split into axes of these sizes (one may be -1).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unflatten(X&& x, index_t dim, const dims& sizes) { return x.as_view().unflatten(dim, sizes); }
/// Extent-1 axes stretched (stride 0), -1 keeping an axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto expand(X&& x, const dims& sizes) { return x.as_view().expand(sizes); }
/// Axes start..end merged into one, as a view.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flatten(X&& x, index_t start = 0, index_t end = -1) { return x.as_view().flatten(start, end); }
/// Elements [start, start + length) of dimension dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto narrow(X&& x, index_t dim, index_t start, index_t length) { return x.as_view().narrow(dim, start, length); }
/// Index `index` of dimension dim, which is removed.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto select(X&& x, index_t dim, index_t index) { return x.as_view().select(dim, index); }
/// The fewest axes with the same elements in the same order (CuTe coalesce).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto coalesce(X&& x) { return x.as_view().coalesce(); }
/// CuTe composition: element i is x's element at index b(i).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto composition(X&& x, const dynamic_layout& b) { return x.as_view().composition(b); }
/// CuTe logical_divide: which tile, then the tile.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto logical_divide(X&& x, const dynamic_layout& tiler) { return x.as_view().logical_divide(tiler); }
/// einops rearrange as a view.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto rearrange(X&& x, std::string_view pattern, std::string_view sizes = {}) { return x.as_view().rearrange(pattern, sizes); }
/// Every axis blocked by its tile extent: which tile, then the element in the tile.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tile(X&& x, const dims& tile_shape) { return x.as_view().tile(tile_shape); }
/// The last two axes swapped (PyTorch mT).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto matrix_transpose(X&& x) { return x.as_view().matrix_transpose(); }
/// The order of the axes reversed (NumPy .T).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto reverse_axis_order(X&& x) { return x.as_view().reverse_axis_order(); }
/// NumPy sliding_window_view, one window extent per axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto sliding_window_view(X&& x, const dims& window) { return x.as_view().sliding_window_view(window); }
/// NumPy sliding_window_view over the given axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto sliding_window_view(X&& x, const dims& window, const dims& axes) { return x.as_view().sliding_window_view(window, axes); }
/// PyTorch split: parts of split_size elements along dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto split(X&& x, index_t split_size, index_t dim = 0) { return x.as_view().split(split_size, dim); }
/// PyTorch split with a list of part sizes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto split_with_sizes(X&& x, const dims& split_sizes, index_t dim = 0) { return x.as_view().split_with_sizes(split_sizes, dim); }
/// PyTorch chunk: at most `chunks` parts along dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto chunk(X&& x, index_t chunks, index_t dim = 0) { return x.as_view().chunk(chunks, dim); }
/// PyTorch unbind: one part per index of dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unbind(X&& x, index_t dim = 0) { return x.as_view().unbind(dim); }
/// PyTorch t(): a matrix transposed.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto t(X&& x) { return x.as_view().t(); }
/// NumPy rot90: k quarter turns from axis1 towards axis2.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto rot90(X&& x, index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) { return x.as_view().rot90(k, axis1, axis2); }
/// NumPy rollaxis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto rollaxis(X&& x, index_t axis, index_t start = 0) { return x.as_view().rollaxis(axis, start); }
/// NumPy expand_dims: an extent-1 axis at each of axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto expand_dims(X&& x, const dims& axes) { return x.as_view().expand_dims(axes); }
/// PyTorch tensor_split (NumPy array_split) by sections.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tensor_split(X&& x, index_t sections, index_t dim = 0) { return x.as_view().tensor_split(sections, dim); }
/// PyTorch tensor_split at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tensor_split_indices(X&& x, const dims& indices, index_t dim = 0) { return x.as_view().tensor_split_indices(indices, dim); }
/// NumPy split into equal sections.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto numpy_split(X&& x, index_t sections, index_t axis = 0) { return x.as_view().numpy_split(sections, axis); }
/// NumPy hsplit.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto hsplit(X&& x, index_t sections) { return x.as_view().hsplit(sections); }
/// NumPy vsplit.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto vsplit(X&& x, index_t sections) { return x.as_view().vsplit(sections); }
/// NumPy dsplit.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto dsplit(X&& x, index_t sections) { return x.as_view().dsplit(sections); }
/// NumPy hsplit at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto hsplit_indices(X&& x, const dims& indices) { return x.as_view().hsplit_indices(indices); }
/// NumPy vsplit at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto vsplit_indices(X&& x, const dims& indices) { return x.as_view().vsplit_indices(indices); }
/// NumPy dsplit at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto dsplit_indices(X&& x, const dims& indices) { return x.as_view().dsplit_indices(indices); }
/// Any layout within the storage x was cut from, [0, storage_size()).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto as_strided(X&& x, const dims& shape, const dims& strides, index_t offset) {
  return x.as_view().as_strided(shape, strides, offset);
}

}  // namespace strider

#include "runtime_index.hpp"  // select<Dim>(v, i), narrow<Dim, Length>(v, start), tile_at(v, i...)
