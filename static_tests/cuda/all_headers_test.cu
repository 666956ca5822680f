// Every public header, <strider/cuda.hpp> included, under nvcc 13 with every warning an error
// (static_tests/strict has the host compilers' strict flags). Compiling is the test.
#include <strider/access.hpp>
#include <strider/atom.hpp>
#include <strider/atom/tma_map.hpp>
#include <strider/core.hpp>
#include <strider/cuda.hpp>
#include <strider/expression.hpp>
#include <strider/print.hpp>
#include <strider/static.hpp>
#include <strider/storage.hpp>
#include <strider/strider.hpp>
#include <strider/table.hpp>
