//===- TilePrint.cpp - the tprint JIT code calls, for Python --------------===//
//
// pto_mlir.runtime._pto_tile_print: the provider of pto/TilePrintABI.h's
// functions (symbols(): each name with its address) and take(), which
// returns what the calling thread's prints wrote since the last take() and
// empties it. The text is kept per thread (a core of a grid runs on a
// thread of its own), so runtime.run prints each core's text in core order.
//
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pto/TilePrintABI.h"

#include <cinttypes>
#include <cstdio>
#include <string>
#include <type_traits>

namespace {

thread_local std::string printed;

/// The separator before element `col` and the text of the element.
void element(const char *text, int64_t col, int64_t cols) {
  if (col != 0)
    printed += ' ';
  printed += text;
  if (col + 1 == cols)
    printed += '\n';
}

} // namespace

extern "C" void pto_tprint_shape(int64_t rows, int64_t cols) {
  printed +=
      "TPRINT " + std::to_string(rows) + "x" + std::to_string(cols) + "\n";
}

// The simulator streams the value with std::fixed, setw(8) and
// setprecision(4), which libstdc++ formats with "%.*f" and pads to the
// width: "%8.4f" (nan and inf as C's printf spells them).
extern "C" void pto_tprint_float(double value, int64_t col, int64_t cols) {
  char text[400];
  std::snprintf(text, sizeof text, "%8.4f", value);
  element(text, col, cols);
}

extern "C" void pto_tprint_signed(int64_t value, int64_t col, int64_t cols) {
  char text[32];
  std::snprintf(text, sizeof text, "%8" PRId64, value);
  element(text, col, cols);
}

extern "C" void pto_tprint_unsigned(uint64_t value, int64_t col, int64_t cols) {
  char text[32];
  std::snprintf(text, sizeof text, "%8" PRIu64, value);
  element(text, col, cols);
}

static_assert(
    std::is_same_v<decltype(&pto_tprint_shape), mlir::pto::TPrintShapeFn>);
static_assert(
    std::is_same_v<decltype(&pto_tprint_float), mlir::pto::TPrintFloatFn>);
static_assert(
    std::is_same_v<decltype(&pto_tprint_signed), mlir::pto::TPrintSignedFn>);
static_assert(std::is_same_v<decltype(&pto_tprint_unsigned),
                             mlir::pto::TPrintUnsignedFn>);

namespace {

PyObject *symbols(PyObject *, PyObject *) {
  return Py_BuildValue(
      "((sN)(sN)(sN)(sN))", mlir::pto::kTPrintShapeSymbol,
      PyLong_FromVoidPtr(reinterpret_cast<void *>(&pto_tprint_shape)),
      mlir::pto::kTPrintFloatSymbol,
      PyLong_FromVoidPtr(reinterpret_cast<void *>(&pto_tprint_float)),
      mlir::pto::kTPrintSignedSymbol,
      PyLong_FromVoidPtr(reinterpret_cast<void *>(&pto_tprint_signed)),
      mlir::pto::kTPrintUnsignedSymbol,
      PyLong_FromVoidPtr(reinterpret_cast<void *>(&pto_tprint_unsigned)));
}

PyObject *take(PyObject *, PyObject *) {
  PyObject *text = PyUnicode_FromStringAndSize(
      printed.data(), static_cast<Py_ssize_t>(printed.size()));
  printed.clear();
  return text;
}

PyMethodDef methods[] = {
    {"symbols", symbols, METH_NOARGS,
     "symbols(): ((name, address), ...) of the functions to register"},
    {"take", take, METH_NOARGS,
     "take(): the text this thread's prints wrote since the last take()"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT,
                         "_pto_tile_print",
                         "The tprint of JIT code, into a per-thread text.",
                         -1,
                         methods,
                         nullptr,
                         nullptr,
                         nullptr,
                         nullptr};

} // namespace

PyMODINIT_FUNC PyInit__pto_tile_print() { return PyModule_Create(&moduleDef); }
