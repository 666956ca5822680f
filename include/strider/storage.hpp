// strider/storage.hpp: the run-time wrapper over storage: views (tensor_view), owning tensors
// (tensor, dynamic_tensor), element access, iteration, and copies (copy, copy_strided).
#pragma once

#include "storage/copy.hpp"
#include "storage/iteration.hpp"
#include "storage/tensor.hpp"
#include "storage/view.hpp"
