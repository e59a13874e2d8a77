/* src/types.c - element types and widths (lds(5), STATEMENTS). */
#include "src/types.h"

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
};

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

unsigned lds_amd_instruction(const char *name, unsigned len, int *write)
{
    const char *rest;
    unsigned rlen;
    if (len > 8 && memcmp(name, "ds_read_", 8) == 0) {
        *write = 0;
        rest = name + 8;
        rlen = len - 8;
    } else if (len > 9 && memcmp(name, "ds_write_", 9) == 0) {
        *write = 1;
        rest = name + 9;
        rlen = len - 9;
    } else {
        return 0;
    }
    unsigned w = lds_width_bytes(rest, rlen);
    if (w)
        return w;
    /* ds_read_u8, ds_read_i16, ...: sub-word loads with extension */
    if (rlen >= 2 && (rest[0] == 'u' || rest[0] == 'i')) {
        char b[8];
        if (rlen - 1 >= sizeof b - 1)
            return 0;
        b[0] = 'b';
        memcpy(b + 1, rest + 1, rlen - 1);
        w = lds_width_bytes(b, rlen);
        return w <= 2 ? w : 0;
    }
    return 0;
}
