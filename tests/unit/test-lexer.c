#include "tests/unit/cunit_tap.h"
int main(void){ if (CU_initialize_registry()) return 2; return lds_cunit_tap_main(); }
