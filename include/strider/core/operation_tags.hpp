// strider/core/operation_tags.hpp: a tag type per operation whose checks are shared with others.
// A shared check refuses through its caller's refuse_as<Op> (called_by<Op>(), util/error.hpp):
// the calling operation's name is on the compiler's error line, and it starts the message. Every tag is in this one header.
#pragma once

#include "../util/config.hpp"

namespace strider::detail {
namespace op {
struct view { STRIDER_HOST_DEVICE static constexpr const char* name() { return "view"; } };
struct reshape { STRIDER_HOST_DEVICE static constexpr const char* name() { return "reshape"; } };
struct ravel { STRIDER_HOST_DEVICE static constexpr const char* name() { return "ravel"; } };
struct unsqueeze { STRIDER_HOST_DEVICE static constexpr const char* name() { return "unsqueeze"; } };
struct diagonal { STRIDER_HOST_DEVICE static constexpr const char* name() { return "diagonal"; } };
struct unfold { STRIDER_HOST_DEVICE static constexpr const char* name() { return "unfold"; } };
struct sliding_window_view { STRIDER_HOST_DEVICE static constexpr const char* name() { return "sliding_window_view"; } };
struct coalesce { STRIDER_HOST_DEVICE static constexpr const char* name() { return "coalesce"; } };
struct composition { STRIDER_HOST_DEVICE static constexpr const char* name() { return "composition"; } };
struct complement { STRIDER_HOST_DEVICE static constexpr const char* name() { return "complement"; } };
struct right_inverse { STRIDER_HOST_DEVICE static constexpr const char* name() { return "right_inverse"; } };
struct left_inverse { STRIDER_HOST_DEVICE static constexpr const char* name() { return "left_inverse"; } };
struct logical_divide { STRIDER_HOST_DEVICE static constexpr const char* name() { return "logical_divide"; } };
struct logical_product { STRIDER_HOST_DEVICE static constexpr const char* name() { return "logical_product"; } };
struct blocked_product { STRIDER_HOST_DEVICE static constexpr const char* name() { return "blocked_product"; } };
struct raked_product { STRIDER_HOST_DEVICE static constexpr const char* name() { return "raked_product"; } };
struct partition { STRIDER_HOST_DEVICE static constexpr const char* name() { return "partition"; } };
struct split { STRIDER_HOST_DEVICE static constexpr const char* name() { return "split"; } };
struct split_with_sizes { STRIDER_HOST_DEVICE static constexpr const char* name() { return "split_with_sizes"; } };
struct chunk { STRIDER_HOST_DEVICE static constexpr const char* name() { return "chunk"; } };
struct unbind { STRIDER_HOST_DEVICE static constexpr const char* name() { return "unbind"; } };
struct tensor_split { STRIDER_HOST_DEVICE static constexpr const char* name() { return "tensor_split"; } };
struct numpy_split { STRIDER_HOST_DEVICE static constexpr const char* name() { return "numpy_split"; } };
struct hsplit { STRIDER_HOST_DEVICE static constexpr const char* name() { return "hsplit"; } };
struct vsplit { STRIDER_HOST_DEVICE static constexpr const char* name() { return "vsplit"; } };
struct dsplit { STRIDER_HOST_DEVICE static constexpr const char* name() { return "dsplit"; } };
// Who asks a layout to keep the invariants (validate) or its dyn_multiple extents
// (check_multiples): the layout's constructors and the operations that build a layout of their own.
struct layout { STRIDER_HOST_DEVICE static constexpr const char* name() { return "layout"; } };
struct layout_cast { STRIDER_HOST_DEVICE static constexpr const char* name() { return "layout_cast"; } };
struct contiguous { STRIDER_HOST_DEVICE static constexpr const char* name() { return "contiguous"; } };
struct column_major { STRIDER_HOST_DEVICE static constexpr const char* name() { return "column_major"; } };
struct as_strided { STRIDER_HOST_DEVICE static constexpr const char* name() { return "as_strided"; } };
struct tile { STRIDER_HOST_DEVICE static constexpr const char* name() { return "tile"; } };
struct copy { STRIDER_HOST_DEVICE static constexpr const char* name() { return "copy"; } };
}  // namespace op
}  // namespace strider::detail
