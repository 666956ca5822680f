// strider/core.hpp: the run-time (dynamic) API: layout values and every view operation.
#pragma once

#include "core/algebra.hpp"
#include "core/algebra_helpers.hpp"
#include "util/config.hpp"
#include "core/dims.hpp"
#include "util/error.hpp"
#include "core/layout.hpp"
#include "core/operations.hpp"
#include "core/rearrange.hpp"
#include "core/slice.hpp"
#include "core/thread_value.hpp"
