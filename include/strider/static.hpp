// strider/static.hpp: layouts as types, and every view operation resolved by the compiler.
#pragma once

#include "core.hpp"
#include "util/fixed_string.hpp"
#include "static/layout.hpp"
#include "static/operations.hpp"
#include "static/runtime_index.hpp"
#include "static/thread_value.hpp"
