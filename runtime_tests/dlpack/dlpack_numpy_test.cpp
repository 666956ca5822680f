// DLPack against an independent producer and consumer, NumPy (its ndarray.__dlpack__ and
// np.from_dlpack), in an embedded Python interpreter: NumPy views of every kind read through
// from_dlpack element by element, and strider views handed to np.from_dlpack with their shape,
// strides and values checked by NumPy. Exits 77 (skipped) when NumPy cannot be imported.
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <numeric>
#include <string>
#include <strider/dlpack.hpp>
#include <strider/storage.hpp>
#include <vector>

namespace py = pybind11;
using namespace strider;

namespace {
int failures = 0, checks = 0;
void check(bool ok, const std::string& what) {
  ++checks;
  if (!ok && ++failures <= 20) std::printf("FAIL %s\n", what.c_str());
}

// NumPy's view `expression` of np.arange(n, dtype=float32), read through its __dlpack__ capsule.
void numpy_to_strider(const std::string& expression) {
  py::dict scope;
  scope["np"] = py::module_::import("numpy");
  py::exec("base = np.arange(120, dtype=np.float32)\nview = " + expression + "\ncapsule = view.__dlpack__()", scope);
  py::capsule capsule = scope["capsule"].cast<py::capsule>();
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
  const auto v = from_dlpack<const float>(managed);
  py::object view = scope["view"];
  const auto shape = view.attr("shape").cast<std::vector<index_t>>();
  bool same = v.shape() == dims(shape);
  for_each_indexed(v, [&](const dims& index, float x) {
    py::tuple key(index.size());
    for (std::size_t d = 0; d < index.size(); ++d) key[d] = index[d];
    same = same && view.attr("__getitem__")(key).cast<float>() == x;
  });
  check(same, "NumPy " + expression + " read through from_dlpack");
  // This consumer is done: rename the capsule and call the producer's deleter, as the protocol says.
  PyCapsule_SetName(capsule.ptr(), "used_dltensor");
  if (managed->deleter) managed->deleter(managed);
}

// A strider view handed to NumPy: np.from_dlpack must see its shape, strides and values.
void strider_to_numpy(const std::string& name, const tensor_view<float, dynamic_layout>& v, const std::string& expected) {
  DLManagedTensor* managed = to_dlpack(v);
  py::capsule capsule(managed, "dltensor", [](PyObject* object) {
    if (PyCapsule_IsValid(object, "dltensor")) {  // never consumed: the producer deletes it
      auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(object, "dltensor"));
      m->deleter(m);
    }
  });
  py::dict scope;
  scope["np"] = py::module_::import("numpy");
  scope["capsule"] = capsule;
  py::exec(R"(
class Exported:
    def __init__(self, capsule): self.capsule = capsule
    def __dlpack__(self, stream=None): return self.capsule
    def __dlpack_device__(self): return (1, 0)
base = np.arange(120, dtype=np.float32)
got = np.from_dlpack(Exported(capsule))
expected = )" + expected + R"(
same = got.shape == expected.shape and bool(np.array_equal(got, expected))
)", scope);
  check(scope["same"].cast<bool>(), "strider " + name + " read by np.from_dlpack as " + expected);
}
}  // namespace

int main() {
  py::scoped_interpreter interpreter;
  try {
    py::module_::import("numpy");
  } catch (const py::error_already_set&) {
    std::printf("NumPy cannot be imported by the embedded Python: skipped\n");
    return 77;
  }
  for (const char* expression : {"base", "base.reshape(4, 5, 6)", "base.reshape(4, 5, 6)[1:, ::2, 3:]", "base.reshape(4, 5, 6).transpose(2, 0, 1)",
                                 "base.reshape(10, 12)[::3, 1::5]", "base.reshape(10, 12).T[2:7]", "base[7:8].reshape(())",
                                 "base.reshape(2, 3, 4, 5)[:, 1, :, ::4]", "base[0:0].reshape(0, 3)", "base.reshape(4, 30)[:, ::-1]"})
    numpy_to_strider(expression);
  std::vector<float> data(120);
  std::iota(data.begin(), data.end(), 0.0f);
  const auto c = dynamic_layout::contiguous({4, 5, 6});
  strider_to_numpy("contiguous", tensor_view<float, dynamic_layout>(data, c), "base.reshape(4, 5, 6)");
  strider_to_numpy("slice", tensor_view<float, dynamic_layout>(data, slice(c, "1:, ::2, 3:")), "base.reshape(4, 5, 6)[1:, ::2, 3:]");
  strider_to_numpy("permute", tensor_view<float, dynamic_layout>(data, permute(c, {2, 0, 1})), "base.reshape(4, 5, 6).transpose(2, 0, 1)");
  strider_to_numpy("rank 0", tensor_view<float, dynamic_layout>(data, slice(c, "1, 2, 3")), "base.reshape(4, 5, 6)[1, 2, 3, ...]");
  strider_to_numpy("broadcast", tensor_view<float, dynamic_layout>(data, broadcast_to(slice(c, "0, 0"), {3, 6})), "np.broadcast_to(base[:6], (3, 6))");
  std::printf("%d checks against NumPy %s, %d failures\n", checks, py::module_::import("numpy").attr("__version__").cast<std::string>().c_str(), failures);
  return failures == 0 ? 0 : 1;
}
