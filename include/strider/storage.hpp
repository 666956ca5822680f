// strider/storage.hpp: the run-time wrapper over storage: views (tensor_view), owning tensors
// (tensor, dynamic_tensor), element access, iteration, and copies (copy, copy_to_contiguous,
// copy_strided). Views and element access alone: storage/view.hpp and storage/iteration.hpp,
// which do not include the copy engine.
#pragma once

#include "storage/copy.hpp"
#include "storage/iteration.hpp"
#include "storage/tensor.hpp"
#include "storage/view.hpp"
#include "storage/masked_view.hpp"
