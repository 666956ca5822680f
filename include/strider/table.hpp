// strider/table.hpp: offset, coordinate and inverse tables of a layout, and the writers that
// print them (text grid, Markdown, CSV, JSON, C++ header, SVG), and
// thread-value layouts drawn over their tiles, and the access certificate.
#pragma once

#include "table/access.hpp"
#include "table/svg.hpp"
#include "table/tables.hpp"
#include "table/thread_values.hpp"
#include "table/writers.hpp"
