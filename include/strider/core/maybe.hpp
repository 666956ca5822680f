// strider/core/maybe.hpp: entries known only at run time (`dyn`), and the index type the rules
// run on to find out which entries of a result the compile-time entries of its input decide.
//
// A mixed layout (`contiguous<dyn, 3, 224, 224>`) is a layout value whose run-time entries hold
// the marker `dyn`. Each rule is one function template over its entry type: on `index_t` it is
// the run-time rule every layout runs; on `maybe_index`, a value that may be unknown, it is the
// compile-time pass of a mixed layout. Unknown in, unknown out, as CuTe's `Int<N>` times `int`
// is `int`: the entries of the result that come out known are static, the rest are carried at
// run time and computed there by the same rule on `index_t`. A check whose outcome depends on an
// unknown entry is skipped by the compile-time pass (a maybe_bool condition is true only when
// known) and made by the run-time one, which sees every value.
#pragma once

#include "../util/checked.hpp"
#include "../util/config.hpp"
#include "../util/error.hpp"

namespace strider {

/// Marks an entry (extent, stride or offset) of a static layout alias that is known only at
/// run time: `contiguous<dyn, 3, 224, 224>` is a batch of 3x224x224 images of any count. The
/// value is INT64_MIN, which no valid extent or offset has; a static stride may not be it.
inline constexpr index_t dyn = INT64_MIN;

/// The largest N of dyn_multiple<N>.
inline constexpr index_t max_dyn_multiple = index_t{1} << 32;

/// A run-time extent known to be a multiple of N (CuTe DSL's `?{div=N}`): `contiguous<
/// dyn_multiple<4>, 64>` is a batch of a multiple of 4 rows, checked when the layout is made,
/// so that splitting it by 4 (view, unflatten) is checked at compile time. An extent only: the
/// negative values dyn to dyn + max_dyn_multiple - 1 mark run-time extents (dyn_multiple<1> is
/// dyn), while a stride or an offset may be any int64 but dyn itself.
template <index_t N>
  requires(N >= 1 && N <= max_dyn_multiple)
inline constexpr index_t dyn_multiple = dyn + (N - 1);

namespace detail {

// Whether an alias's extent marks a run-time one (dyn or dyn_multiple<N>), and its N.
STRIDER_HOST_DEVICE constexpr bool is_dyn_extent(index_t e) { return e >= dyn && e < dyn + max_dyn_multiple; }
STRIDER_HOST_DEVICE constexpr index_t multiple_of_mark(index_t mark) { return mark - dyn + 1; }

// A three-valued truth: known true, known false, or unknown (depends on a run-time entry).
// As a condition it is true only when known to be true: `if (index >= extent) throw ...` is a
// check the compile-time pass makes when the entries decide it and leaves to the run-time pass
// otherwise. A branch that shapes the result (not a check) must not read an unknown condition
// as false: it uses pick() or is_known(). (No function call on the index_t path, where the
// condition is a bool: the compilers' constant evaluators charge every call.)
struct maybe_bool {
  bool value = false;
  bool known = true;
  STRIDER_HOST_DEVICE constexpr maybe_bool(bool v) : value(v) {}
  STRIDER_HOST_DEVICE constexpr maybe_bool(bool v, bool k) : value(v), known(k) {}
  STRIDER_HOST_DEVICE constexpr explicit operator bool() const { return known && value; }
};

STRIDER_HOST_DEVICE constexpr maybe_bool operator!(maybe_bool a) { return {!a.value, a.known}; }
STRIDER_HOST_DEVICE constexpr maybe_bool operator||(maybe_bool a, maybe_bool b) {
  if ((a.known && a.value) || (b.known && b.value)) return true;
  return {false, a.known && b.known};
}
STRIDER_HOST_DEVICE constexpr maybe_bool operator&&(maybe_bool a, maybe_bool b) {
  if ((a.known && !a.value) || (b.known && !b.value)) return false;
  return {a.known && b.known, a.known && b.known};
}

// An index that may be unknown at compile time, and then maybe known to be a multiple of N
// (dyn_multiple<N>): an unknown value holds N, at least 1, in `value` (no field of its own:
// the compilers' constant evaluators charge per field). Arithmetic on an unknown operand is
// unknown, except where the known operand decides the result (a product with 0 is 0, a
// multiple of 4 modulo 2 is 0).
struct maybe_index {
  index_t value = 0;  // the value, or when unknown the known divisor (1 when none is known)
  bool known = true;
  constexpr maybe_index() = default;
  STRIDER_HOST_DEVICE constexpr maybe_index(index_t v) : value(v) {}
  STRIDER_HOST_DEVICE static constexpr maybe_index unknown(index_t multiple = 1) {
    maybe_index m;
    m.value = multiple;
    m.known = false;
    return m;
  }
};

// What a value is known to be a multiple of: itself when known (0 is a multiple of anything).
STRIDER_HOST_DEVICE constexpr index_t divisor_of(maybe_index a) {
  if (!a.known) return a.value;
  if (a.value == INT64_MIN || a.value == 0) return a.value == 0 ? 0 : 1;
  return a.value < 0 ? -a.value : a.value;
}
// An unknown value that is a multiple of d (d kept only in dyn_multiple's range).
STRIDER_HOST_DEVICE constexpr maybe_index unknown_multiple(index_t d) { return maybe_index::unknown(d >= 1 && d <= max_dyn_multiple ? d : 1); }

// Comparisons are known when both sides are.
STRIDER_HOST_DEVICE constexpr maybe_bool operator==(maybe_index a, maybe_index b) { return {a.value == b.value, a.known && b.known}; }
STRIDER_HOST_DEVICE constexpr maybe_bool operator!=(maybe_index a, maybe_index b) { return {a.value != b.value, a.known && b.known}; }
STRIDER_HOST_DEVICE constexpr maybe_bool operator<(maybe_index a, maybe_index b) { return {a.value < b.value, a.known && b.known}; }
STRIDER_HOST_DEVICE constexpr maybe_bool operator<=(maybe_index a, maybe_index b) { return {a.value <= b.value, a.known && b.known}; }
STRIDER_HOST_DEVICE constexpr maybe_bool operator>(maybe_index a, maybe_index b) { return {a.value > b.value, a.known && b.known}; }
STRIDER_HOST_DEVICE constexpr maybe_bool operator>=(maybe_index a, maybe_index b) { return {a.value >= b.value, a.known && b.known}; }

// A sum (or difference, minimum, maximum) of multiples of g is a multiple of g.
STRIDER_HOST_DEVICE constexpr maybe_index unknown_sum(maybe_index a, maybe_index b) {
  if ((!a.known && a.value == 1) || (!b.known && b.value == 1)) return maybe_index::unknown();  // the common case, cheaply
  return unknown_multiple(gcd_of(divisor_of(a), divisor_of(b)));
}
STRIDER_HOST_DEVICE constexpr maybe_index operator+(maybe_index a, maybe_index b) { return a.known && b.known ? maybe_index(a.value + b.value) : unknown_sum(a, b); }
STRIDER_HOST_DEVICE constexpr maybe_index operator-(maybe_index a, maybe_index b) { return a.known && b.known ? maybe_index(a.value - b.value) : unknown_sum(a, b); }
STRIDER_HOST_DEVICE constexpr maybe_index operator-(maybe_index a) { return a.known ? maybe_index(-a.value) : a; }
STRIDER_HOST_DEVICE constexpr maybe_index operator*(maybe_index a, maybe_index b) {
  if ((a.known && a.value == 0) || (b.known && b.value == 0)) return 0;
  index_t product = 0;  // an int64 overflow is unknown, never undefined
  if (a.known && b.known) return !mul_overflows(a.value, b.value, &product) ? maybe_index(product) : maybe_index::unknown();
  if (!a.known && !b.known && a.value == 1 && b.value == 1) return maybe_index::unknown();
  return mul_overflows(divisor_of(a), divisor_of(b), &product) ? maybe_index::unknown() : unknown_multiple(product);
}
// Division by a known divisor of the multiple keeps the quotient's multiple; a remainder by
// one is 0.
STRIDER_HOST_DEVICE constexpr maybe_index operator/(maybe_index a, maybe_index b) {
  if (a.known && b.known) return maybe_index(a.value / b.value);
  return !a.known && b.known && b.value != 0 && a.value % b.value == 0 ? unknown_multiple(a.value / (b.value < 0 ? -b.value : b.value)) : maybe_index::unknown();
}
STRIDER_HOST_DEVICE constexpr maybe_index operator%(maybe_index a, maybe_index b) {
  if (a.known && b.known) return maybe_index(a.value % b.value);
  return !a.known && b.known && b.value != 0 && a.value % b.value == 0 ? maybe_index(0) : maybe_index::unknown();
}

// a * b into *out; whether it overflows int64 (the product is then no stride of a layout). The
// index_t form is checked.hpp's.
STRIDER_HOST_DEVICE constexpr maybe_bool mul_overflows(maybe_index a, maybe_index b, maybe_index* out) {
  if (a.known && b.known) {
    const bool overflows = mul_overflows(a.value, b.value, &out->value);
    out->known = !overflows;
    return overflows;
  }
  *out = a * b;  // 0 when either is a known 0, unknown otherwise
  return {false, out->known};
}
// a + b into *out; whether it overflows int64 (known when both are).
STRIDER_HOST_DEVICE constexpr maybe_bool add_overflows(maybe_index a, maybe_index b, maybe_index* out) {
  if (a.known && b.known) {
    const bool overflows = add_overflows(a.value, b.value, &out->value);
    out->known = !overflows;
    return overflows;
  }
  *out = unknown_sum(a, b);
  return {false, false};
}

// The same spelling for both entry types, so that one rule serves both.
STRIDER_HOST_DEVICE constexpr bool is_known(index_t) { return true; }
STRIDER_HOST_DEVICE constexpr bool is_known(maybe_index m) { return m.known; }
STRIDER_HOST_DEVICE constexpr bool is_known(bool) { return true; }
STRIDER_HOST_DEVICE constexpr bool is_known(maybe_bool b) { return b.known; }
STRIDER_HOST_DEVICE constexpr index_t known_value(index_t v) { return v; }
STRIDER_HOST_DEVICE constexpr index_t known_value(maybe_index m) { return m.value; }

STRIDER_HOST_DEVICE constexpr maybe_index checked_add(maybe_index a, maybe_index b, const char* op) {
  return a.known && b.known ? maybe_index(checked_add(a.value, b.value, op)) : unknown_sum(a, b);
}
STRIDER_HOST_DEVICE constexpr maybe_index checked_mul(maybe_index a, maybe_index b, const char* op) {
  if (a.known && b.known) return maybe_index(checked_mul(a.value, b.value, op));
  return a * b;
}
STRIDER_HOST_DEVICE constexpr maybe_index checked_neg(maybe_index a, const char* op) { return checked_mul(a, -1, op); }
STRIDER_HOST_DEVICE constexpr maybe_index min_of(maybe_index a, maybe_index b) { return a.known && b.known ? maybe_index(min_of(a.value, b.value)) : unknown_sum(a, b); }
STRIDER_HOST_DEVICE constexpr maybe_index max_of(maybe_index a, maybe_index b) { return a.known && b.known ? maybe_index(max_of(a.value, b.value)) : unknown_sum(a, b); }

// The value of a branch on `c`: when c is unknown, the branches' common value if they agree.
STRIDER_HOST_DEVICE constexpr index_t pick(bool c, index_t a, index_t b) { return c ? a : b; }
STRIDER_HOST_DEVICE constexpr maybe_index pick(maybe_bool c, maybe_index a, maybe_index b) {
  if (c.known) return c.value ? a : b;
  return a.known && b.known && a.value == b.value ? a : unknown_sum(a, b);
}

// min(a, n) where the caller knows that a >= n leaves the result empty (a slice's start past
// its axis): a mixed layout's static entries describe its non-empty results (see
// docs/mixed.md), so an unknown n gives a.
STRIDER_HOST_DEVICE constexpr index_t min_if_nonempty(index_t a, index_t n) { return min_of(a, n); }
STRIDER_HOST_DEVICE constexpr maybe_index min_if_nonempty(maybe_index a, maybe_index n) { return a.known && !n.known ? a : min_of(a, n); }

// The entry a layout value holds for `e`: `dyn` where it is unknown.
STRIDER_HOST_DEVICE constexpr index_t entry_or_dyn(index_t e) { return e; }
STRIDER_HOST_DEVICE constexpr index_t entry_or_dyn(maybe_index e) { return e.known ? e.value : dyn; }
// An extent: dyn_multiple<N> where the rules know a multiple.
STRIDER_HOST_DEVICE constexpr index_t extent_or_dyn(maybe_index e) { return e.known ? e.value : dyn + (e.value - 1); }

// A branch that shapes a result (which axes it has): a bool on run-time values. On a mixed
// layout's maybe_layout, a compile error when a run-time entry decides it, since the result's type
// cannot depend on a value the compiler does not know. The refusal is the caller's
// (util/error.hpp's check_caller: the compiler's error names its operation).
STRIDER_HOST_DEVICE constexpr bool decided(bool c, const char*, check_caller) { return c; }
STRIDER_HOST_DEVICE constexpr bool decided(maybe_bool c, const char* what, check_caller caller) {
  if (!c.known) caller.refuse("{} depends on an entry known only at run time", {what});
  return c.value;
}
// Whether an extent is 1; an unknown multiple of N > 1 (dyn_multiple) never is.
STRIDER_HOST_DEVICE constexpr bool is_one(index_t e) { return e == 1; }
STRIDER_HOST_DEVICE constexpr maybe_bool is_one(maybe_index e) { return e.known ? maybe_bool(e.value == 1) : maybe_bool(false, e.value > 1); }
STRIDER_HOST_DEVICE constexpr bool may_be_one(index_t) { return false; }  // on values, a 1 is known and handled
STRIDER_HOST_DEVICE constexpr bool may_be_one(maybe_index e) { return !is_one(e).known; }
STRIDER_HOST_DEVICE constexpr void refuse_lone_run_time_axis(bool lone, std::size_t axis, const char* whose, check_caller caller) {
  if (lone) caller.refuse("whether axis {} of {} stays an axis depends on its extent, known only at run time (an extent of 1 goes; dyn_multiple<N> with N > 1 rules it out)", {axis, whose});
}

}  // namespace detail
}  // namespace strider
