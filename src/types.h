/* src/types.h - element types and access widths by name. */
#ifndef LDS_TYPES_H
#define LDS_TYPES_H

#include <stdbool.h>

/* Size in bytes of an element type (f32, float4, b128, ...); 0 if the name
 * is not a type.  Two-word C types ("long long", "unsigned int") are joined
 * by the parser before lookup. */
unsigned lds_type_size(const char *name, unsigned len);
/* Width in bytes of b8 b16 b32 b64 b96 b128; 0 otherwise. */
unsigned lds_width_bytes(const char *name, unsigned len);
/* A C integer type a cast can name (int, unsigned short, uint32_t, ...,
 * words joined by one space): its bits and signedness. */
bool lds_int_type(const char *name, unsigned len, unsigned *bits, bool *is_signed);

#endif
