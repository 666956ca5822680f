// strider/cuda.hpp: the device copy, for CUDA translation units (nvcc). Static layouts, views and
// tensors need no CUDA header: <strider/storage.hpp> is usable in device code as it is.
#pragma once

#include "cuda/copy.hpp"
