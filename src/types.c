/* src/types.c - element types and widths (lds(5), STATEMENTS). */
#include "src/types.h"

#include <stdbool.h>
#include <string.h>

static const struct { const char *name; unsigned size; } scalar_types[] = {
    { "i8", 1 }, { "u8", 1 }, { "b8", 1 }, { "char", 1 },
    { "i16", 2 }, { "u16", 2 }, { "f16", 2 }, { "bf16", 2 }, { "b16", 2 },
    { "short", 2 }, { "half", 2 }, { "__half", 2 }, { "__nv_bfloat16", 2 },
    { "i32", 4 }, { "u32", 4 }, { "f32", 4 }, { "b32", 4 }, { "int", 4 },
    { "unsigned", 4 }, { "uint", 4 }, { "float", 4 }, { "unsigned int", 4 },
    { "i64", 8 }, { "u64", 8 }, { "f64", 8 }, { "b64", 8 }, { "double", 8 },
    { "long", 8 }, { "long long", 8 }, { "unsigned long long", 8 }, { "unsigned long", 8 },
    { "b96", 12 }, { "b128", 16 },
    { "half2", 4 }, { "__half2", 4 }, { "float2", 8 }, { "float3", 12 }, { "float4", 16 },
    { "int2", 8 }, { "int3", 12 }, { "int4", 16 }, { "uint2", 8 }, { "uint3", 12 }, { "uint4", 16 },
    { "double2", 16 }, { "short2", 4 }, { "short4", 8 }, { "char4", 4 }, { "uchar4", 4 },
    /* C's other spellings, <stdint.h>, and the vendors' 16- and 8-bit
     * floating-point types (CUDA cuda_fp16/bf16/fp8.h, HIP amd_hip_*.h) */
    { "signed char", 1 }, { "unsigned char", 1 }, { "short int", 2 }, { "unsigned short", 2 },
    { "unsigned short int", 2 }, { "signed", 4 }, { "signed int", 4 }, { "long int", 8 },
    { "unsigned long int", 8 }, { "long long int", 8 }, { "unsigned long long int", 8 },
    { "int8_t", 1 }, { "uint8_t", 1 }, { "int16_t", 2 }, { "uint16_t", 2 }, { "int32_t", 4 },
    { "uint32_t", 4 }, { "int64_t", 8 }, { "uint64_t", 8 }, { "size_t", 8 }, { "uchar", 1 },
    { "ushort", 2 }, { "ulong", 8 }, { "_Float16", 2 }, { "__fp16", 2 }, { "__bf16", 2 },
    { "bfloat16", 2 }, { "__hip_bfloat16", 2 }, { "hip_bfloat16", 2 }, { "__nv_bfloat162", 4 },
    { "__hip_bfloat162", 4 }, { "__nv_fp8_e4m3", 1 }, { "__nv_fp8_e5m2", 1 }, { "__nv_fp8x2_e4m3", 2 },
    { "__nv_fp8x2_e5m2", 2 }, { "__nv_fp8x4_e4m3", 4 }, { "__nv_fp8x4_e5m2", 4 }, { "__hip_fp8_e4m3", 1 },
    { "__hip_fp8_e5m2", 1 }, { "__hip_fp8_e4m3_fnuz", 1 }, { "__hip_fp8_e5m2_fnuz", 1 }, { "fp8", 1 },
    { "e4m3", 1 }, { "e5m2", 1 },
};

/* The C integer types a cast may name: their bits and signedness. */
static const struct { const char *name; unsigned bits; bool is_signed; } int_types[] = {
    { "char", 8, true }, { "signed char", 8, true }, { "unsigned char", 8, false }, { "uchar", 8, false },
    { "short", 16, true }, { "short int", 16, true }, { "unsigned short", 16, false },
    { "unsigned short int", 16, false }, { "ushort", 16, false }, { "int", 32, true }, { "signed", 32, true },
    { "signed int", 32, true }, { "unsigned", 32, false }, { "unsigned int", 32, false }, { "uint", 32, false },
    { "long", 64, true }, { "long int", 64, true }, { "long long", 64, true }, { "long long int", 64, true },
    { "unsigned long", 64, false }, { "unsigned long int", 64, false }, { "unsigned long long", 64, false },
    { "unsigned long long int", 64, false }, { "ulong", 64, false }, { "size_t", 64, false },
    { "int8_t", 8, true }, { "uint8_t", 8, false }, { "int16_t", 16, true }, { "uint16_t", 16, false },
    { "int32_t", 32, true }, { "uint32_t", 32, false }, { "int64_t", 64, true }, { "uint64_t", 64, false },
    { "i8", 8, true }, { "u8", 8, false }, { "i16", 16, true }, { "u16", 16, false }, { "i32", 32, true },
    { "u32", 32, false }, { "i64", 64, true }, { "u64", 64, false },
};

bool lds_int_type(const char *name, unsigned len, unsigned *bits, bool *is_signed)
{
    for (size_t i = 0; i < sizeof int_types / sizeof int_types[0]; i++)
        if (strlen(int_types[i].name) == len && memcmp(int_types[i].name, name, len) == 0) {
            *bits = int_types[i].bits;
            *is_signed = int_types[i].is_signed;
            return true;
        }
    return false;
}

static unsigned scalar_size(const char *name, unsigned len)
{
    for (unsigned i = 0; i < sizeof scalar_types / sizeof scalar_types[0]; i++)
        if (strlen(scalar_types[i].name) == len && memcmp(scalar_types[i].name, name, len) == 0)
            return scalar_types[i].size;
    return 0;
}

unsigned lds_type_size(const char *name, unsigned len)
{
    unsigned s = scalar_size(name, len);
    if (s)
        return s;
    /* vector types: f16x2, f32x4, i8x4, ...: a scalar, 'x', 2/3/4/8/16 lanes */
    const char *x = memchr(name, 'x', len);
    if (!x || x == name)
        return 0;
    unsigned base = scalar_size(name, (unsigned)(x - name));
    unsigned n = 0, digits = 0;
    for (const char *p = x + 1; p < name + len; p++, digits++) {
        if (*p < '0' || *p > '9' || digits > 2)
            return 0;
        n = n * 10 + (unsigned)(*p - '0');
    }
    if (!base || !digits || (n != 2 && n != 3 && n != 4 && n != 8 && n != 16))
        return 0;
    return base * n;
}

unsigned lds_width_bytes(const char *name, unsigned len)
{
    static const struct { const char *name; unsigned w; } widths[] = {
        { "b8", 1 }, { "b16", 2 }, { "b32", 4 }, { "b64", 8 }, { "b96", 12 }, { "b128", 16 },
    };
    for (unsigned i = 0; i < sizeof widths / sizeof widths[0]; i++)
        if (strlen(widths[i].name) == len && memcmp(widths[i].name, name, len) == 0)
            return widths[i].w;
    return 0;
}
