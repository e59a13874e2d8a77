/* tests/unit/test-mem.c - the allocation helpers (src/mem.c): an array
 * grows from its first size by doubling, only when full, keeping what it
 * held. */
#include <stdint.h>
#include <stdlib.h>

#include "src/mem.h"
#include "tests/unit/cunit_tap.h"

static void test_grow(void)
{
    int *a = NULL;
    size_t n = 0, cap = 0, caps[8], ncaps = 0;
    for (; n < 20; n++) {
        size_t before = cap;
        a = lds_xgrow(a, n, &cap, sizeof *a, 4);
        CU_ASSERT(n < cap);
        if (cap != before)
            caps[ncaps++] = cap;
        a[n] = (int)(n * 7);
    }
    /* grown four times, at items 0, 4, 8 and 16 */
    CU_ASSERT_EQUAL(ncaps, 4);
    CU_ASSERT_EQUAL(caps[0], 4);
    CU_ASSERT_EQUAL(caps[1], 8);
    CU_ASSERT_EQUAL(caps[2], 16);
    CU_ASSERT_EQUAL(caps[3], 32);
    int kept = 1;
    for (size_t i = 0; i < n; i++)
        kept &= a[i] == (int)(i * 7);
    CU_ASSERT(kept);
    /* room left: the same block back, the capacity as it was */
    int *same = lds_xgrow(a, 20, &cap, sizeof *a, 4);
    CU_ASSERT_PTR_EQUAL(same, a);
    CU_ASSERT_EQUAL(cap, 32);
    free(a);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("mem", NULL, NULL);
    CU_add_test(s, "arrays grow by doubling, only when full", test_grow);
    return lds_cunit_tap_main();
}
