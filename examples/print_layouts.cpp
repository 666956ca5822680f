// Prints the storage offset of every element of a few views, as a grid.
#include <iostream>
#include <strider/static.hpp>

template <class L>
void print(const char* title) {
  std::cout << title << "\n";
  static_assert(L::rank == 2);
  for (strider::index_t i = 0; i < L::shape[0]; ++i) {
    for (strider::index_t j = 0; j < L::shape[1]; ++j) std::cout << (j ? " " : "  ") << L{}(i, j);
    std::cout << "\n";
  }
}

int main() {
  using namespace strider;
  using base = contiguous<3, 4>;
  print<base>("contiguous<3, 4>");
  print<slice_t<base, "1:, ::-1">>("slice_t<contiguous<3, 4>, \"1:, ::-1\">");
  print<permute_t<base, 1, 0>>("permute_t<contiguous<3, 4>, 1, 0>");
}
