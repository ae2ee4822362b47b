"""The reference interpreter: ``run(..., engine="interp")``.

plan.py looks a function's ops up once (registry.py: op class -> handler),
interpreter.py runs the plan, ops/ holds one file of handlers per op
family and memory.py the simulated on-chip memories of placed tiles. The
code every engine shares (arguments, values, failures, dtypes, storage)
lives beside this folder, in pto_mlir.runtime.
"""
