//===- ParallelRowsModule.cpp - the row dispatcher, for Python ------------===//
//
// pto_mlir.runtime._pto_parallel_rows: SYMBOL and address(), which jit.py
// registers with each ExecutionEngine it makes, and stats() (jit.py's
// parallel_stats()).
//
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ParallelRows.h"

namespace {

PyObject *address(PyObject *, PyObject *) {
  return PyLong_FromVoidPtr(
      reinterpret_cast<void *>(pto_fastcall::getParallelRowsDispatcher()));
}

PyObject *stats(PyObject *, PyObject *) {
  pto_fastcall::ParallelRowsStats stats = pto_fastcall::getParallelRowsStats();
  return Py_BuildValue("(LL)", static_cast<long long>(stats.calls),
                       static_cast<long long>(stats.parts));
}

PyMethodDef methods[] = {
    {"address", address, METH_NOARGS,
     "address(): the dispatcher's address, to register as SYMBOL"},
    {"stats", stats, METH_NOARGS,
     "stats(): (calls run in parts, parts they had), in this process"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT,
                         "_pto_parallel_rows",
                         "The dispatcher running large ops' rows on threads.",
                         -1,
                         methods,
                         nullptr,
                         nullptr,
                         nullptr,
                         nullptr};

} // namespace

PyMODINIT_FUNC PyInit__pto_parallel_rows() {
  PyObject *module = PyModule_Create(&moduleDef);
  if (module && PyModule_AddStringConstant(
                    module, "SYMBOL", mlir::pto::kParallelRowsSymbol) < 0) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
