// strider/storage/tensor.hpp: owning tensors.
//
//   tensor<T, L>        a static layout over std::array<T, L::storage_size>: no heap, usable
//                       on the stack and in constant expressions
//   dynamic_tensor<T>   a dynamic layout over heap storage; copyable and movable
//   v.contiguous()      an owning C-order copy of a view (copies are in copy.hpp)
//
// Every view operation (slice, permute, ...) also takes a tensor (an lvalue: the result is a
// view of the tensor's storage).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../util/heap_array.hpp"
#include "copy.hpp"
#include "view.hpp"

namespace strider {


/// An owning tensor of a static layout L: the elements live in a `std::array<T,
/// L::storage_size>` inside the object (a tensor of a non-contiguous layout holds the whole
/// storage it was cut from, at least the span it reaches). `tensor t;` leaves trivial elements uninitialized, as std::array does;
/// `tensor t{};` zeroes them. Usable in constant expressions.
template <class T, tensor_layout L>
class tensor : public detail::layout_queries<L> {
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T>, "tensor: the element type must be a non-const object type");

 public:
  /// The element type.
  using element_type = T;
  using value_type = T;
  /// The storage: L::storage_size elements from storage offset 0, every element the layout
  /// reaches and the rest of the storage it was cut from.
  using storage_type = std::array<T, static_cast<std::size_t>(L::storage_size)>;
  /// `T&`, or `const T&` when L is not unique (writes refused at compile time).
  using reference = std::conditional_t<L::is_unique, T&, const T&>;

  constexpr tensor() = default;
  /// From the storage itself (L::storage_size elements, in storage order).
  constexpr explicit tensor(const storage_type& storage) : storage_(storage) {}

  /// Element (i...), checked as tensor_view's; also in CUDA device code.
  template <detail::index_argument... I>
    requires(sizeof...(I) == L::rank)
  STRIDER_HOST_DEVICE constexpr reference operator()(I... index) {
    return data()[detail::element_offset(L{}, index...)];
  }
  template <detail::index_argument... I>
    requires(sizeof...(I) == L::rank)
  STRIDER_HOST_DEVICE constexpr const T& operator()(I... index) const {
    return data()[detail::element_offset(L{}, index...)];
  }

  /// The start of the storage (storage offset 0), and the storage itself.
  STRIDER_HOST_DEVICE constexpr T* data() {
#ifdef __CUDA_ARCH__
    return reinterpret_cast<T*>(&storage_);  // std::array's members are host-only there; its first member is the T[N]
#else
    return storage_.data();
#endif
  }
  STRIDER_HOST_DEVICE constexpr const T* data() const {
#ifdef __CUDA_ARCH__
    return reinterpret_cast<const T*>(&storage_);
#else
    return storage_.data();
#endif
  }
  constexpr storage_type& storage() { return storage_; }
  constexpr const storage_type& storage() const { return storage_; }
  /// Sets every storage element (also those the layout does not reach).
  constexpr void fill(const T& value) { storage_.fill(value); }

  /// A view of the whole tensor.
  constexpr tensor_view<T, L> as_view() { return tensor_view<T, L>(storage_.data()); }
  constexpr tensor_view<const T, L> as_view() const { return tensor_view<const T, L>(storage_.data()); }
  constexpr operator tensor_view<T, L>() { return as_view(); }
  constexpr operator tensor_view<const T, L>() const { return as_view(); }

  /// A C-order copy (a tensor of the contiguous layout of the same shape).
  auto contiguous() const { return as_view().contiguous(); }

 private:
  storage_type storage_;
};

/// The largest storage, in bytes, that `contiguous()` of a static view returns inline (a
/// `tensor`, whose std::array lives wherever the result does, usually the stack); a larger copy
/// is a `heap_tensor`, so that a copy never overflows a thread's stack.
inline constexpr std::size_t max_inline_tensor_bytes = std::size_t{64} << 10;

/// An owning tensor with its elements on the heap, of a static layout L or a mixed one
/// (`contiguous<dyn, 3, 224, 224>`). Copying copies the elements; a moved-from heap_tensor has
/// no storage (data() is null) and may only be assigned to or destroyed.
template <class T, class L>
  requires static_layout_type<L> || mixed_layout_type<L>
class heap_tensor;

/// Of a static layout: element access, views and queries as `tensor`'s (the layout is still the
/// type), the storage allocated once. What `contiguous()` of a large static view returns.
template <class T, static_layout_type L>
class heap_tensor<T, L> : public detail::layout_queries<L> {
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T>, "heap_tensor: the element type must be a non-const object type");
  static_assert(static_cast<std::uintmax_t>(L::storage_size) <= static_cast<std::uintmax_t>(PTRDIFF_MAX) / sizeof(T),
                "heap_tensor: the storage is larger than the largest allocation (PTRDIFF_MAX bytes)");
  static constexpr auto span = static_cast<std::size_t>(L::storage_size);

 public:
  using element_type = T;
  using value_type = T;
  /// `T&`, or `const T&` when L is not unique (writes refused at compile time).
  using reference = std::conditional_t<L::is_unique, T&, const T&>;

  /// L::storage_size value-initialized elements (zero for arithmetic types).
  heap_tensor() : storage_(span) {}
  /// Internal (contiguous()): storage default-initialized, to be overwritten.
  explicit heap_tensor(detail::uninitialized_t) : storage_(span, typename detail::heap_array<T>::for_overwrite_t{}) {}
  heap_tensor(const heap_tensor& other)
      : detail::layout_queries<L>(), storage_(span, typename detail::heap_array<T>::for_overwrite_t{}) {
    std::copy_n(other.data(), span, data());
  }
  heap_tensor(heap_tensor&&) noexcept = default;
  heap_tensor& operator=(const heap_tensor& other) {
    if (this != &other) *this = heap_tensor(other);
    return *this;
  }
  heap_tensor& operator=(heap_tensor&&) noexcept = default;
  ~heap_tensor() = default;

  /// Element (i...), checked as tensor_view's.
  template <detail::index_argument... I>
    requires(sizeof...(I) == L::rank)
  reference operator()(I... index) {
    return storage_[static_cast<std::size_t>(detail::element_offset(L{}, index...))];
  }
  template <detail::index_argument... I>
    requires(sizeof...(I) == L::rank)
  const T& operator()(I... index) const {
    return storage_[static_cast<std::size_t>(detail::element_offset(L{}, index...))];
  }

  /// The start of the storage (storage offset 0).
  T* data() { return storage_.get(); }
  const T* data() const { return storage_.get(); }
  /// Sets every storage element (also those the layout does not reach).
  void fill(const T& value) { std::fill_n(data(), span, value); }

  /// A view of the whole tensor.
  tensor_view<T, L> as_view() & { return tensor_view<T, L>(data()); }
  tensor_view<const T, L> as_view() const& { return tensor_view<const T, L>(data()); }
  /// (A view of a temporary tensor would dangle.)
  void as_view() && = delete;
  operator tensor_view<T, L>() & { return as_view(); }
  operator tensor_view<const T, L>() const& { return as_view(); }

  /// A C-order copy.
  auto contiguous() const { return as_view().contiguous(); }

 private:
  detail::heap_array<T> storage_;
};

/// Of a mixed layout: the layout object holds the run-time entries (`heap_tensor<float,
/// contiguous<dyn, 3, 224, 224>> t(contiguous<dyn, 3, 224, 224>(n))`), element access multiplies
/// by the static strides as constants, and the tensor owns the layout's `storage_size()`
/// elements. What `contiguous()` of a mixed view returns. Writes through a layout that is not
/// unique throw, as a dynamic tensor's do.
template <class T, mixed_layout_type L>
class heap_tensor<T, L> : public detail::layout_queries<L> {
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T>, "heap_tensor: the element type must be a non-const object type");
  using queries = detail::layout_queries<L>;
  using for_overwrite = typename detail::heap_array<T>::for_overwrite_t;

 public:
  using element_type = T;
  using value_type = T;
  using reference = T&;

  /// layout.storage_size() value-initialized elements (zero for arithmetic types).
  explicit heap_tensor(const L& layout) : queries(layout, true), storage_(span()) {}
  /// layout.storage_size() elements, each `value`.
  heap_tensor(const L& layout, const T& value) : queries(layout, true), storage_(span(), for_overwrite{}) { fill(value); }
  /// Internal (contiguous()): storage default-initialized, to be overwritten.
  heap_tensor(const L& layout, detail::uninitialized_t) : queries(layout, true), storage_(span(), for_overwrite{}) {}
  heap_tensor(const heap_tensor& other) : queries(other.layout_, other.writes_allowed_, detail::known_uniqueness_t{}), storage_(other.span(), for_overwrite{}) {
    std::copy_n(other.data(), span(), data());
  }
  heap_tensor(heap_tensor&&) noexcept = default;
  heap_tensor& operator=(const heap_tensor& other) {
    if (this != &other) *this = heap_tensor(other);
    return *this;
  }
  heap_tensor& operator=(heap_tensor&&) noexcept = default;
  ~heap_tensor() = default;

  /// Element (i...), checked as tensor_view's.
  template <detail::index_argument... I>
    requires(sizeof...(I) == L::rank)
  T& operator()(I... index) {
    this->check_writable();
    return storage_[static_cast<std::size_t>(detail::element_offset(this->layout_, index...))];
  }
  template <detail::index_argument... I>
    requires(sizeof...(I) == L::rank)
  const T& operator()(I... index) const {
    return storage_[static_cast<std::size_t>(detail::element_offset(this->layout_, index...))];
  }

  /// The start of the storage (storage offset 0).
  T* data() { return storage_.get(); }
  const T* data() const { return storage_.get(); }
  /// Sets every storage element (also those the layout does not reach).
  void fill(const T& value) { std::fill_n(data(), span(), value); }

  /// A view of the whole tensor.
  tensor_view<T, L> as_view() & { return {data(), this->layout_}; }
  tensor_view<const T, L> as_view() const& { return {data(), this->layout_}; }
  /// (A view of a temporary tensor would dangle.)
  void as_view() && = delete;
  operator tensor_view<T, L>() & { return as_view(); }
  operator tensor_view<const T, L>() const& { return as_view(); }

  /// A C-order copy.
  auto contiguous() const { return as_view().contiguous(); }

 private:
  // The storage's element count, refused as layout_error when its bytes cannot be allocated.
  std::size_t span() const { return detail::allocation_count<T>(this->layout_.storage_size(), "heap_tensor"); }
  detail::heap_array<T> storage_;
};

/// An owning tensor of a dynamic layout, on the heap. Copying copies the elements; a moved-from
/// tensor is empty (shape {0}). The layout may be any (column-major, strided, with an offset);
/// the tensor owns the layout's `storage_size()` elements (the span it reaches, or the storage a
/// view's layout was cut from).
template <class T>
class dynamic_tensor : public detail::layout_queries<dynamic_layout>, public detail::dynamic_view_operations<dynamic_tensor<T>, true> {
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T>, "dynamic_tensor: the element type must be a non-const object type");
  using queries = detail::layout_queries<dynamic_layout>;
  using operations = detail::dynamic_view_operations<dynamic_tensor<T>, true>;

 public:
  /// The element type.
  using element_type = T;
  using value_type = T;

  /// Empty: shape {0}.
  dynamic_tensor() : queries(dynamic_layout::contiguous({0}), true) {}
  /// C-order tensor of `shape`, elements value-initialized (zero for arithmetic types).
  explicit dynamic_tensor(const dims& shape) : dynamic_tensor(dynamic_layout::contiguous(shape)) {}
  /// C-order tensor of `shape`, every element `value`.
  dynamic_tensor(const dims& shape, const T& value) : dynamic_tensor(dynamic_layout::contiguous(shape), value) {}
  /// A tensor of any layout, its storage_size elements value-initialized.
  explicit dynamic_tensor(const dynamic_layout& layout)
      : queries(layout, true), storage_(span(layout)) {}
  /// A tensor of any layout, every storage element `value`.
  dynamic_tensor(const dynamic_layout& layout, const T& value)
      : queries(layout, true), storage_(span(layout), typename detail::heap_array<T>::for_overwrite_t{}) {
    std::fill_n(storage_.get(), span(layout), value);
  }
  /// Internal (contiguous()): storage default-initialized, to be overwritten.
  dynamic_tensor(const dynamic_layout& layout, detail::uninitialized_t)
      : queries(layout, true), storage_(span(layout), typename detail::heap_array<T>::for_overwrite_t{}) {}

  /// Copies the elements; a moved-from tensor is empty (shape {0}).
  dynamic_tensor(const dynamic_tensor& other)
      : queries(other.layout_, other.writes_allowed_, detail::known_uniqueness_t{}), storage_(span(other.layout_), typename detail::heap_array<T>::for_overwrite_t{}) {
    std::copy_n(other.storage_.get(), span(layout_), storage_.get());
  }
  dynamic_tensor(dynamic_tensor&& other) noexcept
      : queries(other.layout_, other.writes_allowed_, detail::known_uniqueness_t{}), storage_(std::move(other.storage_)) {
    other.make_empty();
  }
  dynamic_tensor& operator=(const dynamic_tensor& other) {
    if (this != &other) *this = dynamic_tensor(other);
    return *this;
  }
  dynamic_tensor& operator=(dynamic_tensor&& other) noexcept {
    if (this != &other) {
      layout_ = other.layout_;
      writes_allowed_ = other.writes_allowed_;
      storage_ = std::move(other.storage_);
      other.make_empty();
    }
    return *this;
  }
  ~dynamic_tensor() = default;

  /// Element (i...), checked as tensor_view's; mutable access to a non-unique layout throws.
  template <detail::index_argument... I>
    requires(sizeof...(I) <= max_rank)
  T& operator()(I... index) {
    check_writable();
    return storage_[static_cast<std::size_t>(detail::element_offset(layout_, index...))];
  }
  template <detail::index_argument... I>
    requires(sizeof...(I) <= max_rank)
  const T& operator()(I... index) const {
    return storage_[static_cast<std::size_t>(detail::element_offset(layout_, index...))];
  }

  /// The start of the storage (storage offset 0).
  T* data() { return storage_.get(); }
  const T* data() const { return storage_.get(); }

  /// A view of the whole tensor.
  tensor_view<T, dynamic_layout> as_view() & { return {storage_.get(), layout_, writes_allowed_, {}}; }
  tensor_view<const T, dynamic_layout> as_view() const& { return {storage_.get(), layout_}; }
  /// (A view of a temporary tensor would dangle.)
  void as_view() && = delete;
  operator tensor_view<T, dynamic_layout>() & { return as_view(); }
  operator tensor_view<const T, dynamic_layout>() const& { return as_view(); }

  /// A C-order copy.
  dynamic_tensor contiguous() const { return as_view().contiguous(); }

  // The member forms of the view operations (slice, permute, ...) come from
  // detail::dynamic_view_operations: views of this tensor's storage, deleted on a temporary
  // tensor (the view would dangle), except view, which then returns the tensor itself with the
  // new shape: `v.contiguous().view({-1})`. A view never copies, so there is no reshape here:
  // copy with contiguous() and view the copy.
  using operations::view;
  dynamic_tensor view(const dims& shape) && { return rebound(as_view().view(shape).layout()); }

 private:
  // The storage's element count, refused as layout_error when its bytes cannot be allocated
  // (`new T[n]` would throw std::bad_array_new_length).
  static std::size_t span(const dynamic_layout& layout) { return detail::allocation_count<T>(layout.storage_size(), "dynamic_tensor"); }
  // This tensor's storage under another layout of it (moved out).
  dynamic_tensor rebound(const dynamic_layout& layout) {
    dynamic_tensor out;
    out.layout_ = layout;
    out.writes_allowed_ = layout.is_unique();
    out.storage_ = std::move(storage_);
    make_empty();
    return out;
  }
  void make_empty() {
    layout_ = dynamic_layout::contiguous({0});
    writes_allowed_ = true;
  }

  using storage_array = detail::heap_array<T>;
  storage_array storage_;
};

namespace detail {
// A C-order tensor of the static layout C holding a copy of v: inline when it is small, on the
// heap otherwise.
template <class C, class V>
auto contiguous_static_copy(const V& v) {
  using value_type = typename V::value_type;
  if constexpr (static_cast<std::size_t>(C::required_span) <= max_inline_tensor_bytes / sizeof(value_type)) {
    tensor<value_type, C> out;
    copy_to_contiguous(v, out.data());
    return out;
  } else {
    heap_tensor<value_type, C> out(uninitialized_t{});
    copy_to_contiguous(v, out.data());
    return out;
  }
}
}  // namespace detail

template <class T, view_layout Layout>
auto tensor_view<T, Layout>::contiguous() const {
  // A swizzled layout's copy is the C-order layout of the layout before the swizzle.
  using Base = typename detail::unswizzled<Layout>::type;
  if constexpr (static_layout_type<Base>) {
    return detail::contiguous_static_copy<detail::contiguous_like_t<Base>>(*this);
  } else if constexpr (mixed_layout_type<Base>) {
    // The C-order layout of the same static extents: its strides stay static where they can.
    using C = static_layout<detail::contiguous_layout_value(dims(Base::static_shape))>;
    if constexpr (static_layout_type<C>) {
      // Every extent static (a run-time index's result: select, tile_at, partition): only the
      // offset was run-time, and a C-order copy has none.
      return detail::contiguous_static_copy<C>(*this);
    } else {
      detail::allocation_count<value_type>(this->size(), "contiguous");
      heap_tensor<value_type, C> out(C::from_value(dynamic_layout::contiguous(this->shape()).value()), detail::uninitialized_t{});
      copy_to_contiguous(*this, out.data());
      return out;
    }
  } else {
    detail::allocation_count<value_type>(this->size(), "contiguous");
    dynamic_tensor<value_type> out(dynamic_layout::contiguous(this->shape()), detail::uninitialized_t{});
    copy_to_contiguous(*this, out.data());
    return out;
  }
}

}  // namespace strider
