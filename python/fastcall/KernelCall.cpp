//===- KernelCall.cpp - calls a compiled kernel, binding arrays in C++ ----===//
//
// pto_mlir.runtime.jit compiles a kernel to a packed entry point
// `void fn(void **argv)`, one pointer per argument slot (see jit.py).
// Binding numpy arrays in Python costs microseconds per call, far more than a
// small kernel; a `Kernel` of this module binds the common case itself, with
// vectorcall and descriptors read once, so a call runs no Python code:
//
//   Kernel(name, address, params, fallback, raise_error, error_words,
//          results=0)(*args)
//
// `params` describes each argument (jit.py's `descriptor()`):
//   - (low, high): an int argument; takes an exact Python int in low..high
//     (the type's range, within int64: pto_mlir.runtime.arguments decides
//     it; what is out of range goes to fallback, which names the problem).
//   - (dtype, shape, fortran, valid, tile_shape, slots): a tile buffer;
//     takes an ndarray (the exact type) whose dtype is that very object, with
//     that shape, C- (Fortran-) contiguous and writeable. `valid` is None when
//     the valid extents are static; otherwise the tile's valid shape with
//     None for each dynamic extent, and the argument is `(array, (rows,
//     cols))`, a tuple of exact ints, each within 0..tile_shape[d] and equal
//     to the static extent where there is one. `slots` lists the dimensions
//     whose extents follow the data pointer, in slot order (the lowered
//     argument list, which jit.py reads from the host lowering).
//   - False: an argument this path does not bind (a `!pto.ptr` array, whose
//     element count goes to a slot of its own): every call goes to fallback.
// Any call these rules do not cover goes, unchanged, to `fallback(*args)`:
// the Python binder, which checks everything and raises the one set of error
// messages, or binds what is valid but uncommon (equal but not identical
// dtypes, numpy ints, ...). The last slot points at the kernel's error slot,
// `error_words` 64-bit words (pto.ERROR_SLOT_WORDS): a failed check's code,
// then the values it reports. A non-zero code after the call goes, with the
// values, to `raise_error(words)` (a tuple of every word).
//
// With `results=n`, the last n params are out-parameters the call makes
// itself: it takes the other arguments, allocates each out-parameter
// zero-filled (its descriptor's dtype, shape and order, as np.zeros would)
// and returns them (one as is, several as a tuple). Its fallback then gets
// the caller's arguments only. This is pto_mlir.language's call: allocating
// the results here, not with np.zeros in Python, is most of what a small
// kernel's call saves.
//===----------------------------------------------------------------------===//

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace {

// Slots one call binds on the stack; a kernel with more always falls back.
constexpr size_t kMaxSlots = 64;

// The error slot one call provides on the stack; Kernel() rejects a larger
// error_words (this module has no MLIR headers to read the size from).
constexpr Py_ssize_t kMaxErrorWords = 16;

// Releasing and retaking the GIL costs ~30 ns, a third of a small call; from
// this many bytes of tile storage (~1 us of kernel work) other threads gain
// more than the call loses.
constexpr long long kReleaseGilBytes = 16 * 1024;

using PackedFn = void (*)(void **);

// One argument as the C path accepts it.
struct Param {
  PyObject *dtype = nullptr; // strong reference; null for an int argument
  int ndim = 0;
  npy_intp shape[2] = {};
  int requiredFlags = 0;         // contiguity in the storage order, writeable
  bool takesValid = false;       // the argument is (array, (rows, cols))
  long long staticValid[2] = {}; // -1 for a dynamic extent
  int extentSlots = 0;           // dynamic extents passed after the pointer
  int extentDims[2] = {};        // their dimensions, in slot order
  long long tileShape[2] = {};
  long long low = 0, high = 0; // an int argument's range
};

struct Kernel {
  PyObject_HEAD vectorcallfunc vectorcall;
  PyObject *name;
  PyObject *fallback;
  PyObject *raiseError;
  PackedFn function;
  size_t slotCount; // argument slots + the error slot
  Py_ssize_t errorWords;
  bool releasesGil;
  std::vector<Param> params;
  size_t results; // the trailing params the call allocates and returns
  bool fallsBack; // a param this path does not bind: every call falls back
};

// An exact Python int that fits in a long long.
bool exactInt(PyObject *object, long long &value) {
  if (!PyLong_CheckExact(object))
    return false;
  int overflow = 0;
  value = PyLong_AsLongLongAndOverflow(object, &overflow);
  return overflow == 0;
}

bool bindArray(const Param &param, PyObject *arg, int64_t *&slot) {
  if (Py_TYPE(arg) != &PyArray_Type)
    return false;
  auto *array = reinterpret_cast<PyArrayObject *>(arg);
  if (reinterpret_cast<PyObject *>(PyArray_DESCR(array)) != param.dtype ||
      PyArray_NDIM(array) != param.ndim)
    return false;
  const npy_intp *dims = PyArray_DIMS(array);
  for (int d = 0; d < param.ndim; ++d)
    if (dims[d] != param.shape[d])
      return false;
  if ((PyArray_FLAGS(array) & param.requiredFlags) != param.requiredFlags)
    return false;
  *slot++ = reinterpret_cast<intptr_t>(PyArray_DATA(array));
  return true;
}

bool bindValid(const Param &param, PyObject *valid, int64_t *&slot) {
  if (!PyTuple_CheckExact(valid) || PyTuple_GET_SIZE(valid) != 2)
    return false;
  long long given[2];
  for (int d = 0; d < 2; ++d)
    if (!exactInt(PyTuple_GET_ITEM(valid, d), given[d]) || given[d] < 0 ||
        given[d] > param.tileShape[d] ||
        (param.staticValid[d] >= 0 && given[d] != param.staticValid[d]))
      return false;
  for (int k = 0; k < param.extentSlots; ++k)
    *slot++ = given[param.extentDims[k]];
  return true;
}

// Fills the argument's slots; false (nothing raised) if the C path does not
// take it.
bool bind(const Param &param, PyObject *arg, int64_t *&slot) {
  if (!param.dtype) {
    long long value;
    if (!exactInt(arg, value) || value < param.low || value > param.high)
      return false;
    *slot++ = value;
    return true;
  }
  if (!param.takesValid)
    return bindArray(param, arg, slot);
  // The data pointer comes before the dynamic extents.
  if (!PyTuple_CheckExact(arg) || PyTuple_GET_SIZE(arg) != 2)
    return false;
  return bindArray(param, PyTuple_GET_ITEM(arg, 0), slot) &&
         bindValid(param, PyTuple_GET_ITEM(arg, 1), slot);
}

// The out-parameters one call allocates (fewer than kMaxSlots: each has a
// slot); released to the caller, or freed if the call fails.
class Results {
public:
  explicit Results(size_t count) : count(count) {}
  Results(const Results &) = delete;
  Results &operator=(const Results &) = delete;
  ~Results() {
    for (size_t i = 0; i < count; ++i)
      Py_XDECREF(arrays[i]);
  }

  // A zero-filled array for `param`, its data pointer in the next slot.
  bool allocate(size_t i, const Param &param, int64_t *&slot) {
    Py_INCREF(param.dtype); // PyArray_Zeros steals it
    arrays[i] = PyArray_Zeros(
        param.ndim, param.shape, reinterpret_cast<PyArray_Descr *>(param.dtype),
        (param.requiredFlags & NPY_ARRAY_F_CONTIGUOUS) != 0);
    if (!arrays[i])
      return false;
    *slot++ = reinterpret_cast<intptr_t>(
        PyArray_DATA(reinterpret_cast<PyArrayObject *>(arrays[i])));
    return true;
  }

  // None, the one array, or a tuple of them; the caller owns it.
  PyObject *release() {
    if (count == 0)
      Py_RETURN_NONE;
    if (count == 1)
      return take(0);
    PyObject *tuple = PyTuple_New(static_cast<Py_ssize_t>(count));
    if (!tuple)
      return nullptr;
    for (size_t i = 0; i < count; ++i)
      PyTuple_SET_ITEM(tuple, static_cast<Py_ssize_t>(i), take(i));
    return tuple;
  }

private:
  PyObject *take(size_t i) {
    PyObject *array = arrays[i];
    arrays[i] = nullptr;
    return array;
  }

  size_t count;
  PyObject *arrays[kMaxSlots] = {};
};

PyObject *call(PyObject *self, PyObject *const *args, size_t nargsf,
               PyObject *kwnames) {
  auto *kernel = reinterpret_cast<Kernel *>(self);
  const std::vector<Param> &params = kernel->params;
  const size_t inputs = params.size() - kernel->results;
  if (kwnames || static_cast<size_t>(PyVectorcall_NARGS(nargsf)) != inputs ||
      kernel->slotCount > kMaxSlots || kernel->fallsBack)
    return PyObject_Vectorcall(kernel->fallback, args, nargsf, kwnames);

  int64_t slots[kMaxSlots];
  int64_t *slot = slots;
  for (size_t i = 0; i < inputs; ++i)
    if (!bind(params[i], args[i], slot))
      return PyObject_Vectorcall(kernel->fallback, args, nargsf, kwnames);
  Results results(kernel->results);
  for (size_t i = 0; i < kernel->results; ++i)
    if (!results.allocate(i, params[inputs + i], slot))
      return nullptr;
  int64_t error[kMaxErrorWords] = {};
  *slot = reinterpret_cast<intptr_t>(error);
  void *argv[kMaxSlots];
  for (size_t i = 0; i < kernel->slotCount; ++i)
    argv[i] = &slots[i];

  // The kernel touches only the arrays' memory, which the caller's
  // references keep alive: other threads may run meanwhile.
  if (kernel->releasesGil) {
    Py_BEGIN_ALLOW_THREADS kernel->function(argv);
    Py_END_ALLOW_THREADS
  } else {
    kernel->function(argv);
  }
  if (error[0]) {
    PyObject *words = PyTuple_New(kernel->errorWords);
    if (!words)
      return nullptr;
    for (Py_ssize_t i = 0; i < kernel->errorWords; ++i) {
      PyObject *word = PyLong_FromLongLong(error[i]);
      if (!word) {
        Py_DECREF(words);
        return nullptr;
      }
      PyTuple_SET_ITEM(words, i, word);
    }
    PyObject *result = PyObject_CallOneArg(kernel->raiseError, words);
    Py_DECREF(words);
    return result;
  }
  return results.release();
}

void releaseParams(std::vector<Param> &params) {
  for (Param &param : params)
    Py_CLEAR(param.dtype);
}

// Reads jit.py's descriptor of one int argument, its range; false with a
// TypeError if it is malformed.
bool readIntParam(PyObject *descriptor, Param &param) {
  if (exactInt(PyTuple_GET_ITEM(descriptor, 0), param.low) &&
      exactInt(PyTuple_GET_ITEM(descriptor, 1), param.high) &&
      param.low <= param.high)
    return true;
  PyErr_SetString(PyExc_TypeError, "malformed int descriptor");
  return false;
}

// Reads jit.py's descriptor of one tile argument, its slot count and
// storage bytes; false with a TypeError if it is malformed (a bug on the
// Python side, not a user error).
bool readTileParam(PyObject *descriptor, Param &param, size_t &slots,
                   long long &bytes) {
  PyObject *dtype, *shape, *fortran, *valid, *tileShape, *extentDims;
  if (!PyArg_ParseTuple(descriptor, "OO!O!OO!O!;a tile descriptor", &dtype,
                        &PyTuple_Type, &shape, &PyBool_Type, &fortran, &valid,
                        &PyTuple_Type, &tileShape, &PyTuple_Type, &extentDims))
    return false;
  param.ndim = static_cast<int>(PyTuple_GET_SIZE(shape));
  bool ok = (param.ndim == 1 || param.ndim == 2) &&
            PyTuple_GET_SIZE(tileShape) == 2 &&
            (valid == Py_None ||
             (PyTuple_Check(valid) && PyTuple_GET_SIZE(valid) == 2));
  PyObject *itemsize = PyObject_GetAttrString(dtype, "itemsize");
  if (!itemsize)
    return false;
  ok = ok && exactInt(itemsize, bytes);
  Py_DECREF(itemsize);
  for (int d = 0; ok && d < param.ndim; ++d) {
    long long extent = 0;
    ok = exactInt(PyTuple_GET_ITEM(shape, d), extent);
    param.shape[d] = static_cast<npy_intp>(extent);
    bytes *= extent;
  }
  for (int d = 0; ok && d < 2; ++d)
    ok = exactInt(PyTuple_GET_ITEM(tileShape, d), param.tileShape[d]);
  param.takesValid = valid != Py_None;
  int dynamicCount = 0;
  for (int d = 0; ok && param.takesValid && d < 2; ++d) {
    PyObject *extent = PyTuple_GET_ITEM(valid, d);
    param.staticValid[d] = -1;
    if (extent == Py_None)
      ++dynamicCount;
    else
      ok = exactInt(extent, param.staticValid[d]);
  }
  // Each dynamic extent has one slot.
  param.extentSlots = static_cast<int>(PyTuple_GET_SIZE(extentDims));
  ok = ok && param.extentSlots == dynamicCount;
  for (int k = 0; ok && k < param.extentSlots; ++k) {
    long long dim = -1;
    ok = exactInt(PyTuple_GET_ITEM(extentDims, k), dim) &&
         (dim == 0 || dim == 1) && param.staticValid[dim] < 0;
    param.extentDims[k] = static_cast<int>(dim);
  }
  slots = 1 + param.extentSlots;
  if (!ok) {
    PyErr_SetString(PyExc_TypeError, "malformed tile descriptor");
    return false;
  }
  param.requiredFlags =
      NPY_ARRAY_WRITEABLE |
      (fortran == Py_True ? NPY_ARRAY_F_CONTIGUOUS : NPY_ARRAY_C_CONTIGUOUS);
  Py_INCREF(dtype);
  param.dtype = dtype;
  return true;
}

PyObject *newKernel(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  static const char *keywords[] = {"name",     "address",     "params",
                                   "fallback", "raise_error", "error_words",
                                   "results",  nullptr};
  PyObject *name, *address, *descriptors, *fallback, *raiseError;
  Py_ssize_t errorWords, results = 0;
  if (!PyArg_ParseTupleAndKeywords(
          args, kwargs, "UO!O!OOn|$n:Kernel", const_cast<char **>(keywords),
          &name, &PyLong_Type, &address, &PyTuple_Type, &descriptors, &fallback,
          &raiseError, &errorWords, &results))
    return nullptr;
  if (errorWords < 1 || errorWords > kMaxErrorWords) {
    PyErr_SetString(PyExc_ValueError, "error_words is out of range");
    return nullptr;
  }
  auto function = reinterpret_cast<PackedFn>(PyLong_AsVoidPtr(address));
  if (!function) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_ValueError, "null entry point");
    return nullptr;
  }
  if (!PyCallable_Check(fallback) || !PyCallable_Check(raiseError)) {
    PyErr_SetString(PyExc_TypeError,
                    "fallback and raise_error must be callable");
    return nullptr;
  }
  std::vector<Param> params(PyTuple_GET_SIZE(descriptors));
  size_t slotCount = 1; // the error slot
  long long storageBytes = 0;
  bool fallsBack = false;
  for (size_t i = 0; i < params.size(); ++i) {
    PyObject *descriptor =
        PyTuple_GET_ITEM(descriptors, static_cast<Py_ssize_t>(i));
    size_t slots = 1;
    long long bytes = 0;
    if (descriptor == Py_False) {
      fallsBack = true;
      continue;
    }
    bool read = PyTuple_Check(descriptor) && PyTuple_GET_SIZE(descriptor) == 2
                    ? readIntParam(descriptor, params[i])
                    : readTileParam(descriptor, params[i], slots, bytes);
    if (!read) {
      releaseParams(params);
      return nullptr;
    }
    slotCount += slots;
    storageBytes += bytes;
  }
  if (results < 0 || static_cast<size_t>(results) > params.size()) {
    releaseParams(params);
    PyErr_SetString(PyExc_ValueError, "results is out of range");
    return nullptr;
  }
  // An out-parameter the call allocates is a whole tile: nothing tells it
  // valid extents.
  for (size_t i = params.size() - results; i < params.size(); ++i)
    if (!params[i].dtype || params[i].takesValid) {
      releaseParams(params);
      PyErr_SetString(PyExc_ValueError,
                      "results must be tile params with static valid extents");
      return nullptr;
    }
  auto *kernel = reinterpret_cast<Kernel *>(type->tp_alloc(type, 0));
  if (!kernel) {
    releaseParams(params);
    return nullptr;
  }
  new (&kernel->params) std::vector<Param>(std::move(params));
  kernel->vectorcall = call;
  kernel->function = function;
  kernel->slotCount = slotCount;
  kernel->results = static_cast<size_t>(results);
  kernel->fallsBack = fallsBack;
  kernel->errorWords = errorWords;
  kernel->releasesGil = storageBytes >= kReleaseGilBytes;
  Py_INCREF(name);
  kernel->name = name;
  Py_INCREF(fallback);
  kernel->fallback = fallback;
  Py_INCREF(raiseError);
  kernel->raiseError = raiseError;
  return reinterpret_cast<PyObject *>(kernel);
}

int traverseKernel(PyObject *self, visitproc visit, void *arg) {
  auto *kernel = reinterpret_cast<Kernel *>(self);
  Py_VISIT(Py_TYPE(self));
  Py_VISIT(kernel->fallback);
  Py_VISIT(kernel->raiseError);
  for (const Param &param : kernel->params)
    Py_VISIT(param.dtype);
  return 0;
}

void deallocKernel(PyObject *self) {
  PyTypeObject *type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  auto *kernel = reinterpret_cast<Kernel *>(self);
  Py_CLEAR(kernel->name);
  Py_CLEAR(kernel->fallback);
  Py_CLEAR(kernel->raiseError);
  releaseParams(kernel->params);
  kernel->params.~vector();
  type->tp_free(self);
  Py_DECREF(type);
}

PyMemberDef kernelMembers[] = {
    {"name", T_OBJECT, offsetof(Kernel, name), READONLY,
     "the entry function's name"},
    {"fallback", T_OBJECT, offsetof(Kernel, fallback), READONLY,
     "the Python binder, which takes the calls the C++ path declines"},
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(Kernel, vectorcall), READONLY,
     nullptr},
    {nullptr, 0, 0, 0, nullptr}};

PyType_Slot kernelSlots[] = {
    {Py_tp_doc,
     const_cast<char *>("Kernel(name, address, params, fallback, raise_error, "
                        "error_words, results=0): "
                        "one entry point of a compiled module; calls bind the "
                        "common case in C++ and hand the rest to fallback. "
                        "With results=n it allocates the last n params "
                        "zero-filled and returns them.")},
    {Py_tp_new, reinterpret_cast<void *>(newKernel)},
    {Py_tp_dealloc, reinterpret_cast<void *>(deallocKernel)},
    {Py_tp_traverse, reinterpret_cast<void *>(traverseKernel)},
    {Py_tp_call, reinterpret_cast<void *>(PyVectorcall_Call)},
    {Py_tp_members, kernelMembers},
    {0, nullptr}};

PyType_Spec kernelSpec = {
    "pto_mlir.runtime._pto_kernel_call.Kernel", sizeof(Kernel), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
        Py_TPFLAGS_IMMUTABLETYPE,
    kernelSlots};

PyModuleDef moduleDef = {
    PyModuleDef_HEAD_INIT,
    "_pto_kernel_call",
    "Calls compiled pto kernels, binding numpy arrays in C++.",
    -1,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
    nullptr};

} // namespace

PyMODINIT_FUNC PyInit__pto_kernel_call() {
  import_array();
  PyObject *module = PyModule_Create(&moduleDef);
  if (!module)
    return nullptr;
  PyObject *kernelType = PyType_FromSpec(&kernelSpec);
  if (!kernelType || PyModule_AddObject(module, "Kernel", kernelType) < 0) {
    Py_XDECREF(kernelType);
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
