// DLPack interop as the README shows it: a strider view exported as a DLManagedTensor, and a
// DLPack tensor (here that export itself, as a consumer would receive it) viewed by strider, as a
// dynamic view and as the static layout it is. Built and run as a test when dlpack.h is found.
#include <cstdio>
#include <numeric>
#include <strider/dlpack.hpp>
#include <vector>

int main() {
  using namespace strider;
  std::vector<float> storage(12);
  std::iota(storage.begin(), storage.end(), 0.0f);
  tensor_view<float, permute_t<contiguous<3, 4>, 1, 0>> a(storage);
  DLManagedTensor* exported = to_dlpack(a);                     // shape (4, 3), strides (1, 4)
  auto any = from_dlpack<float>(exported->dl_tensor);           // tensor_view<float, dynamic_layout>
  auto same = from_dlpack<float, permute_t<contiguous<3, 4>, 1, 0>>(exported->dl_tensor);  // checked
  exported->deleter(exported);                                  // the consumer is done
  std::printf("any(3, 2) = %.0f, same(3, 2) = %.0f\n", static_cast<double>(any(3, 2)), static_cast<double>(same(3, 2)));
  return any(3, 2) == 11.0f && same(3, 2) == 11.0f ? 0 : 1;
}
