"""Command-line entry points of pto_mlir (pto-run)."""
