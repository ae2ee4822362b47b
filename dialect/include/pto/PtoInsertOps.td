#ifndef PTOINSERTOPS_TD
#define PTOINSERTOPS_TD

include "pto/PtoOpBase.td"

#endif // PTOINSERTOPS_TD
