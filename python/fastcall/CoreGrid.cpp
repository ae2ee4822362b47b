//===- CoreGrid.cpp - the core position JIT code reads, for Python --------===//
//
// pto_mlir.runtime._pto_core_grid: the provider of pto/CoreGridABI.h's
// query (SYMBOL, address()), and set_position(), with which runtime.run
// says which core of its grid the calling thread runs next. The position
// is per thread, as each core of the simulator's grid is a thread of its
// own (pto-isa include/pto/common/cpu_stub.hpp, execution_context).
//
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pto/CoreGridABI.h"

#include <type_traits>

namespace {

using mlir::pto::CoreQuery;

/// BlockIndex, BlockCount, SubBlockIndex, SubBlockCount: a grid of one.
thread_local int64_t position[4] = {0, 1, 0, 1};

} // namespace

extern "C" int64_t pto_core_query(int64_t which) {
  // The generated code asks only the four CoreQuery values.
  return position[which];
}

static_assert(
    std::is_same_v<decltype(&pto_core_query), mlir::pto::CoreQueryFn>);

namespace {

PyObject *address(PyObject *, PyObject *) {
  return PyLong_FromVoidPtr(reinterpret_cast<void *>(&pto_core_query));
}

PyObject *setPosition(PyObject *, PyObject *args) {
  long long block, blocks, subBlock, subBlocks;
  if (!PyArg_ParseTuple(args, "LLLL", &block, &blocks, &subBlock, &subBlocks))
    return nullptr;
  position[static_cast<int>(CoreQuery::BlockIndex)] = block;
  position[static_cast<int>(CoreQuery::BlockCount)] = blocks;
  position[static_cast<int>(CoreQuery::SubBlockIndex)] = subBlock;
  position[static_cast<int>(CoreQuery::SubBlockCount)] = subBlocks;
  Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"address", address, METH_NOARGS,
     "address(): the query's address, to register as SYMBOL"},
    {"set_position", setPosition, METH_VARARGS,
     "set_position(block, blocks, subblock, subblocks): the core this "
     "thread runs"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT,
                         "_pto_core_grid",
                         "The position in its grid of the core a thread runs.",
                         -1,
                         methods,
                         nullptr,
                         nullptr,
                         nullptr,
                         nullptr};

} // namespace

PyMODINIT_FUNC PyInit__pto_core_grid() {
  PyObject *module = PyModule_Create(&moduleDef);
  if (module && PyModule_AddStringConstant(module, "SYMBOL",
                                           mlir::pto::kCoreQuerySymbol) < 0) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
