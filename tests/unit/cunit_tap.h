/* tests/unit/cunit_tap.h - run CUnit suites and report them as TAP. */
#ifndef LDS_CUNIT_TAP_H
#define LDS_CUNIT_TAP_H

#include <CUnit/CUnit.h>

/* Run every registered test, print TAP; the exit status comes from
 * CUnit's failure counts (CU_basic_run_tests()'s return value says
 * nothing about failed assertions). */
int lds_cunit_tap_main(void);

#endif
