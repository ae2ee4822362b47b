#ifndef PTOLAYOUTOPS_TD
#define PTOLAYOUTOPS_TD

include "pto/PtoOpBase.td"

#endif // PTOLAYOUTOPS_TD
