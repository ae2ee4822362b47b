#ifndef PTO_PYTHON_OPS_TD
#define PTO_PYTHON_OPS_TD
include "pto/Pto.td"
#endif
