// The `strider` command: layout tables and pictures from a NumPy/PyTorch-style expression.
// Everything is in cli.hpp (shared with the tests and the fuzzer); `strider --help` explains.
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  return strider::cli::run_cli(args, std::cout, std::cerr);
}
