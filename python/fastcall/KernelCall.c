/*===- KernelCall.c - the compiled engine's call path, in C ----------------===
 *
 * pto_mlir.runtime.jit calls a kernel's packed entry point
 * (`void fn(void **argv)`, one pointer per argument slot). Binding numpy
 * arrays in Python costs microseconds per call, far more than a small
 * kernel; this module binds the common case in C:
 *
 *   call(address, params, fallback, raise_error, *args)
 *
 * `params` holds one entry per kernel argument: `(dtype, shape, fortran)`
 * for a tile buffer (an ndarray of exactly that dtype object, shape and
 * memory order, writeable), `None` for an int (a Python int that fits in
 * 64 bits). Anything else, and any tile with dynamic valid extents (the
 * Python side passes `params = None`), goes to `fallback(*args)`, the
 * Python binder, which checks everything and raises the exact errors. A
 * non-zero error code after the call goes to `raise_error(code)`.
 *
 * Only struct fields of ndarray are read (numpy's inline accessors), so no
 * numpy C-API table is imported; the ndarray type is looked up once.
 *===----------------------------------------------------------------------===*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/ndarraytypes.h>

#include <stdint.h>

enum { kMaxSlots = 64 };

typedef void (*PackedFn)(void **);

static PyTypeObject *ndarrayType;

/* The data pointer of `arg` if it is an ndarray matching `param`, else
 * NULL (the fallback decides). */
static void *matchingArrayData(PyObject *arg, PyObject *param) {
  if (Py_TYPE(arg) != ndarrayType || !PyTuple_Check(param) ||
      PyTuple_GET_SIZE(param) != 3)
    return NULL;
  PyArrayObject *array = (PyArrayObject *)arg;
  if ((PyObject *)PyArray_DESCR(array) != PyTuple_GET_ITEM(param, 0))
    return NULL;
  PyObject *shape = PyTuple_GET_ITEM(param, 1);
  int ndim = PyArray_NDIM(array);
  if (!PyTuple_Check(shape) || PyTuple_GET_SIZE(shape) != ndim)
    return NULL;
  npy_intp *dims = PyArray_DIMS(array);
  for (int i = 0; i < ndim; ++i)
    if (PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, i)) != dims[i])
      return NULL;
  int flags = PyArray_FLAGS(array);
  int order = PyTuple_GET_ITEM(param, 2) == Py_True ? NPY_ARRAY_F_CONTIGUOUS
                                                    : NPY_ARRAY_C_CONTIGUOUS;
  if ((flags & order) == 0 || (flags & NPY_ARRAY_WRITEABLE) == 0)
    return NULL;
  return PyArray_DATA(array);
}

static PyObject *call(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs < 4) {
    PyErr_SetString(PyExc_TypeError,
                    "call(address, params, fallback, raise_error, *args)");
    return NULL;
  }
  PyObject *params = args[1], *fallback = args[2], *raiseError = args[3];
  PyObject *const *kernelArgs = args + 4;
  Py_ssize_t count = nargs - 4;
  if (params == Py_None || !PyTuple_Check(params) ||
      PyTuple_GET_SIZE(params) != count || count + 1 > kMaxSlots)
    return PyObject_Vectorcall(fallback, kernelArgs, count, NULL);

  int64_t slots[kMaxSlots];
  void *argv[kMaxSlots];
  int32_t error = 0;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *param = PyTuple_GET_ITEM(params, i), *arg = kernelArgs[i];
    if (param == Py_None) {
      int overflow = 0;
      long long value = PyLong_CheckExact(arg) ? PyLong_AsLongLongAndOverflow(arg, &overflow) : 0;
      if (!PyLong_CheckExact(arg) || overflow)
        return PyObject_Vectorcall(fallback, kernelArgs, count, NULL);
      slots[i] = (int64_t)value;
    } else {
      void *data = matchingArrayData(arg, param);
      if (!data)
        return PyObject_Vectorcall(fallback, kernelArgs, count, NULL);
      slots[i] = (int64_t)(intptr_t)data;
    }
    argv[i] = &slots[i];
  }
  slots[count] = (int64_t)(intptr_t)&error;
  argv[count] = &slots[count];

  PackedFn function = (PackedFn)PyLong_AsVoidPtr(args[0]);
  if (!function && PyErr_Occurred())
    return NULL;
  /* The kernel touches only the arrays' memory: other threads may run. */
  Py_BEGIN_ALLOW_THREADS
  function(argv);
  Py_END_ALLOW_THREADS
  if (error) {
    PyObject *code = PyLong_FromLong(error);
    if (!code)
      return NULL;
    PyObject *result = PyObject_CallOneArg(raiseError, code);
    Py_DECREF(code);
    return result;
  }
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"call", (PyCFunction)(void (*)(void))call, METH_FASTCALL,
     "call(address, params, fallback, raise_error, *args): runs a compiled "
     "kernel on args, binding the common case in C."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT, "_pto_kernel_call",
                                       NULL, -1, methods};

PyMODINIT_FUNC PyInit__pto_kernel_call(void) {
  PyObject *numpy = PyImport_ImportModule("numpy");
  if (!numpy)
    return NULL;
  ndarrayType = (PyTypeObject *)PyObject_GetAttrString(numpy, "ndarray");
  Py_DECREF(numpy);
  if (!ndarrayType)
    return NULL;
  return PyModule_Create(&moduleDef);
}
