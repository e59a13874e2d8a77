#ifndef OUTER_H
#define OUTER_H
#include "inner.h"
#define SCALE (INNER_SCALE * 2)
#endif
