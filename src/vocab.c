/* src/vocab.c - names of the shared words. */
#include "src/vocab.h"

const char *lds_op_name(lds_op op)
{
    static const char *const names[] = {
        "-", "~", "!", "*", "/", "%", "+", "-", "<<", ">>", "<", "<=", ">", ">=", "==", "!=",
        "&", "^", "|", "&&", "||",
    };
    return names[op];
}

const char *lds_metric_name(lds_metric m)
{
    static const char *const names[] = { "ways", "cycles", "ideal", "excess", "broadcasts", "instructions",
                                          "unaligned", "skipped", "transactions", "requests",
                                          "useful_bytes", "fetched_bytes", "efficiency", "lines" };
    return names[m];
}

const char *lds_show_name(lds_show s)
{
    static const char *const names[] = { "summary", "phases", "lanes", "grid" };
    return names[s];
}

const char *lds_access_kind_name(lds_access_kind k)
{
    return k == ACC_READ ? "read" : k == ACC_WRITE ? "write" : "atomic";
}
