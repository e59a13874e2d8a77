/* tests/unit/test-smem-desc.c - wgmma's and tcgen05's shared-memory
 * descriptors: fields decoded, and the addresses of CuTe's canonical
 * layouts worked out by hand in the comments. */
#include <string.h>

#include "src/smem_desc.h"
#include "tests/unit/cunit_tap.h"

/* start >> 4 | LBO >> 4 << 16 | SBO >> 4 << 32 | base << 49 | layout << 62 */
static uint64_t wgmma(uint64_t start, uint64_t lbo, uint64_t sbo, uint64_t base, uint64_t layout)
{
    return start >> 4 | (lbo >> 4) << 16 | (sbo >> 4) << 32 | base << 49 | layout << 62;
}

static void test_wgmma_fields(void)
{
    lds_smem_desc d;
    const char *why = NULL;
    CU_ASSERT(lds_smem_desc_decode(wgmma(0x3ff0, 0x120, 0x400, 5, 2), false, &d, &why));
    CU_ASSERT_EQUAL(d.start, 0x3ff0);
    CU_ASSERT_EQUAL(d.lbo, 0x120);
    CU_ASSERT_EQUAL(d.sbo, 0x400);
    CU_ASSERT_EQUAL(d.base_offset, 5);
    CU_ASSERT_EQUAL(d.layout, 2);
    CU_ASSERT_EQUAL(d.swizzle, 64);
    CU_ASSERT_STRING_EQUAL(d.mode, "SWIZZLE_64B");
    CU_ASSERT_EQUAL(d.reserved, 0);
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 0, 0, 0, 3) | (uint64_t)1 << 47, false, &d, &why));
    CU_ASSERT_EQUAL(d.swizzle, 32);
    CU_ASSERT_NOT_EQUAL(d.reserved, 0);   /* bit 47 is not a field */
}

static void test_umma_fields(void)
{
    lds_smem_desc d;
    const char *why = NULL;
    uint64_t v = wgmma(0x100, 0x10, 0x400, 0, 0) | (uint64_t)1 << 46 | (uint64_t)1 << 52 | (uint64_t)6 << 61;
    CU_ASSERT(lds_smem_desc_decode(v, true, &d, &why));
    CU_ASSERT_EQUAL(d.version, 1);
    CU_ASSERT_EQUAL(d.lbo_mode, 1);
    CU_ASSERT_EQUAL(d.layout, 6);
    CU_ASSERT_EQUAL(d.swizzle, 32);
    CU_ASSERT(lds_smem_desc_decode((uint64_t)1 << 61 | (uint64_t)1 << 46, true, &d, &why));
    CU_ASSERT_EQUAL(d.atom, 32);   /* 128B with 32-byte atoms */
    CU_ASSERT_FALSE(lds_smem_desc_decode((uint64_t)5 << 61, true, &d, &why));
    CU_ASSERT_PTR_NOT_NULL(why);
}

/* K-major SW128 of f16 (T = 8): ((8,m),(T,k)):((8T,SBO),(1,T)) under
 * Swizzle<3,4,3> on the byte address.  Element (mn, k) at start 0, SBO
 * 1024: (1, 0) is byte 128, its 16-byte unit 0 ^ 1 = 1: 144; (9, 8) is
 * 1024 + 128 + 16 = 1168, unit 1 ^ 1 = 0: 1152; (3, 9) 384 + 18, unit
 * 1 ^ 3 = 2: 384 + 32 + 2 = 418.  From start 32 (the next K block), (0, 0)
 * is byte 32, unit 2 ^ 0: 32; (1, 0) 160, unit 2 ^ 1 = 3: 176. */
static void test_k_major_sw128(void)
{
    lds_smem_desc d;
    const char *why = NULL;
    lds_smem_operand op = { false, 2, 64, 16 };
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 16, 1024, 0, 1), false, &d, &why));
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &op, 1, 0), 144);
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &op, 9, 8), 1152);
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &op, 3, 9), 418);
    CU_ASSERT(lds_smem_desc_decode(wgmma(32, 16, 1024, 0, 1), false, &d, &why));
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &op, 0, 0), 32);
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &op, 1, 0), 176);
}

/* Interleaved: K-major ((8,m),(T,k)):((1T,SBO),(1,LBO)), LBO 128, SBO 256:
 * (9, 10) of f16 = row 1 (16) + block 1 (256) + K unit 1 (128) + 2 elements
 * (4) = 404.  MN-major interleaved ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO)),
 * f32 (T = 4), LBO 512, SBO 64: (6, 9) = unit 1 (64) + element 2 (8) +
 * k 1 (16) + K block 1 (512) = 600. */
static void test_interleaved(void)
{
    lds_smem_desc d;
    const char *why = NULL;
    lds_smem_operand k = { false, 2, 64, 16 }, mn = { true, 4, 16, 16 };
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 128, 256, 0, 0), false, &d, &why));
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &k, 9, 10), 404);
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 512, 64, 0, 0), false, &d, &why));
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &mn, 6, 9), 600);
}

/* MN-major SW64 of f16 (T = 8, W = 4 units): ((T,4,m),(8,k)):((1,T,LBO),
 * (4T,SBO)), LBO 2048, SBO 512: (40, 3) = unit 5 -> 1 at stride 16 and
 * block 1 (2048), k 3 at 64: 16 + 2048 + 192 = 2256, line 2256 >> 7 = 17,
 * Swizzle<2,4,3> XORs unit 1 with 17 % 4 = 1: unit 0: 2240. */
static void test_mn_major_sw64(void)
{
    lds_smem_desc d;
    const char *why = NULL;
    lds_smem_operand op = { true, 2, 64, 16 };
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 2048, 512, 0, 2), false, &d, &why));
    CU_ASSERT_EQUAL(lds_smem_desc_address(&d, &op, 40, 3), 2240);
}

static void test_unmodelled(void)
{
    lds_smem_desc d;
    const char *why = NULL;
    char buf[256];
    lds_smem_operand op = { false, 2, 64, 16 };
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 16, 1024, 1, 1), false, &d, &why));
    CU_ASSERT_PTR_NOT_NULL(lds_smem_desc_unmodelled(&d, &op, buf, sizeof buf));
    CU_ASSERT(lds_smem_desc_decode(wgmma(0, 16, 1024, 0, 3), false, &d, &why));
    op.k = 32;   /* 64 bytes of K in a 32-byte swizzled row */
    CU_ASSERT_PTR_NOT_NULL(lds_smem_desc_unmodelled(&d, &op, buf, sizeof buf));
    op.k = 16;
    CU_ASSERT_PTR_NULL(lds_smem_desc_unmodelled(&d, &op, buf, sizeof buf));
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("smem_desc", NULL, NULL);
    CU_add_test(s, "wgmma's fields", test_wgmma_fields);
    CU_add_test(s, "tcgen05's fields", test_umma_fields);
    CU_add_test(s, "K-major SW128 addresses", test_k_major_sw128);
    CU_add_test(s, "interleaved addresses", test_interleaved);
    CU_add_test(s, "MN-major SW64 addresses", test_mn_major_sw64);
    CU_add_test(s, "what is not modelled", test_unmodelled);
    return lds_cunit_tap_main();
}
