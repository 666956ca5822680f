// strider/storage/view.hpp: tensor_view, a pointer to storage plus a layout, and the view
// operations on it.
//
// A view owns nothing. Element (i...) of `tensor_view<T, L> v` is `v.data()[layout(i...)]`: the
// pointer is the start of the storage (offset 0), and the layout's storage offset, which may be
// non-zero, selects the first element. With a static layout the view is just the pointer.
//
// View operations (slice, permute, ...) return a new view of the same storage; they run the
// layout operation of the same name (core/operations.hpp, static/operations.hpp) and copy
// nothing: their member forms are in view_members.hpp, their free forms in view_operations.hpp
// (included at the end). Over 600 lines: the view type is one class with its queries for static,
// held and swizzled layouts and its element access. The API mirrors the layout functions:
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
#include "../util/error.hpp"
#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../core/slice.hpp"
#include "../util/fixed_string.hpp"
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

// Whether a held layout's static entries prove it unique (a mixed layout's static_is_unique is
// yes): then writes need no test at run time.
template <class L>
STRIDER_HOST_DEVICE constexpr bool proven_unique() {
  if constexpr (requires { L::static_is_unique; }) return L::static_is_unique == static_answer::yes;
  else return false;
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
// An element access takes one index per axis (a thread's values of a partition: one per value
// axis, out(i / 2, i % 2) rather than out(i)). A named concept, so that the compiler's note says
// the rule: "one_index_per_axis<L, 1>" evaluated to false. Not a hard error: `requires { v(i); }`
// tells whether an index list fits.
template <class L, std::size_t N>
concept one_index_per_axis = accepts_index_count<L>(N);

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

// Tag of the internal constructors of a view whose uniqueness is already known (held layouts).
struct known_uniqueness_t {};

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
      : layout_(layout), writes_allowed_(!mutable_access || proven_unique<L>() || layout.is_unique()) {}  // the static entries decide it, where they can
  STRIDER_HOST_DEVICE constexpr held_layout_queries(const L& layout, bool writes_allowed, known_uniqueness_t) : layout_(layout), writes_allowed_(writes_allowed) {}
  STRIDER_HOST_DEVICE constexpr bool writes_allowed() const { return writes_allowed_; }
  // A layout_error on the host, a message and a trap in device code.
  STRIDER_HOST_DEVICE constexpr void check_writable() const {
    if constexpr (proven_unique<L>()) return;  // the static entries decide it: no flag to test
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

// Tag of the internal constructor of a tensor whose storage is about to be overwritten.
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

}  // namespace detail

}  // namespace strider

#include "view_members.hpp"  // detail::dynamic_view_operations: the member forms of the view operations

namespace strider {

namespace detail {

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
      : queries(layout, writes_allowed, detail::known_uniqueness_t{}), data_(data) {}
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
  /// Whether element access may write: the layout's uniqueness, decided once when the view was
  /// made (by the type where its static entries decide it). A view of a subset of these elements
  /// (select, narrow, tile_at, partition) inherits it, in device code too. A view of const
  /// elements never writes, and says true.
  STRIDER_HOST_DEVICE constexpr bool writes_allowed() const {
    if constexpr (detail::proven_unique<Layout>()) return true;  // the type decides: no flag to read
    else return queries::writes_allowed();
  }
  /// Itself: views and tensors both have as_view(), which the free functions use.
  STRIDER_HOST_DEVICE constexpr tensor_view as_view() const { return *this; }
  /// The same elements, read-only.
  STRIDER_HOST_DEVICE constexpr tensor_view<const T, Layout> as_const() const { return {data_, this->layout(), detail::within_checked_t{}}; }

  /// Element (i...): one index per axis, each in [0, extent). Integral-constant indices
  /// (std::integral_constant, hana::llong_c<1>, 1_c) on a static layout are checked at compile
  /// time; run-time indices are checked (layout_error "index: ...") unless NDEBUG, and then cost
  /// nothing. A mutable view of a dynamic layout that is not unique throws "write: ...".
  template <detail::index_argument... I>
    requires detail::one_index_per_axis<Layout, sizeof...(I)>
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

}  // namespace strider

#include "view_operations.hpp"  // the free forms of every view operation
#include "runtime_index.hpp"  // select<Dim>(v, i), narrow<Dim, Length>(v, start), tile_at(v, i...)
