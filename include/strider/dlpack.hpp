// strider/dlpack.hpp: DLPack tensors as strider views and strider views as DLPack tensors.
// Needs dlpack/dlpack.h (Debian: libdlpack-dev).
#pragma once

#include "interop/dlpack.hpp"
