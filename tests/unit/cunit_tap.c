/* tests/unit/cunit_tap.c - CUnit to TAP.  stdout is line-buffered so that
 * a LeakSanitizer exit does not lose a buffered plan. */
#include "tests/unit/cunit_tap.h"

#include <stdio.h>

static unsigned test_number;

static void on_complete(const CU_pTest test, const CU_pSuite suite, const CU_pFailureRecord failure)
{
    test_number++;
    if (!failure) {
        printf("ok %u - %s: %s\n", test_number, suite->pName, test->pName);
        return;
    }
    printf("not ok %u - %s: %s\n", test_number, suite->pName, test->pName);
    for (CU_pFailureRecord f = failure; f; f = f->pNext)
        printf("# %s:%u: %s\n", f->strFileName, f->uiLineNumber, f->strCondition);
}

int lds_cunit_tap_main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("1..%u\n", CU_get_registry()->uiNumberOfTests);
    CU_set_test_complete_handler(on_complete);
    CU_run_all_tests();
    unsigned failed = CU_get_number_of_tests_failed() + CU_get_number_of_suites_failed();
    unsigned asserts_failed = CU_get_number_of_failures();
    CU_cleanup_registry();
    return failed || asserts_failed ? 1 : 0;
}
