# Sets MLIR_DIR and LLVM_DIR, when they are not given, to the CMake packages
# of the MLIR/LLVM wheels (xtc-mlir-dev, xtc-llvm-dev) in the Python
# environment's site-packages (<site-packages>/mlir, <site-packages>/llvm).
# MLIRConfig.cmake only looks for LLVM below its own prefix, so LLVM_DIR has
# to be given too. Used by pto-mlir's build and by its installed CMake
# package (PtoMlirConfig.cmake), so that a frontend finds the same wheels.
if(NOT MLIR_DIR OR NOT LLVM_DIR)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  execute_process(
    COMMAND "${Python3_EXECUTABLE}" -c
      "import importlib.util as u, os\nfor n in ('mlir', 'llvm'):\n  s = u.find_spec(n)\n  print(os.path.join(list(s.submodule_search_locations)[0], 'lib', 'cmake', n) if s else '')"
    OUTPUT_VARIABLE _pto_dirs RESULT_VARIABLE _pto_rc ERROR_QUIET
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(_pto_rc EQUAL 0)
    string(REPLACE "\n" ";" _pto_dirs "${_pto_dirs}")
    list(GET _pto_dirs 0 _pto_mlir_dir)
    list(GET _pto_dirs 1 _pto_llvm_dir)
    if(NOT MLIR_DIR AND EXISTS "${_pto_mlir_dir}/MLIRConfig.cmake")
      set(MLIR_DIR "${_pto_mlir_dir}" CACHE PATH "MLIR cmake dir")
    endif()
    if(NOT LLVM_DIR AND EXISTS "${_pto_llvm_dir}/LLVMConfig.cmake")
      set(LLVM_DIR "${_pto_llvm_dir}" CACHE PATH "LLVM cmake dir")
    endif()
  endif()
endif()
