/* examples/api-example.c - lds-calc as a library (lds-calc(3)): the cost
 * of a padded transpose tile against an unpadded one on sm80, read as
 * data, then the padded one as a JSON report.
 *
 *   cc api-example.c $(pkg-config --cflags --libs ldscalc) -o api-example
 *
 * Exits 0 when the numbers are those lds(5) derives: 32-way for the
 * unpadded column read, conflict-free with one element of padding. */
#include <lds-calc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The worst ways of the one access of a program, or 0 on an error. */
static unsigned long long ways_of(ldscalc_session *s, const char *program)
{
    ldscalc_result *r = ldscalc_run(s, "tile", program, strlen(program));
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    unsigned long long ways = 0;
    if (!r)
        return 0;   /* out of memory */
    if (ldscalc_result_status(r) != LDSCALC_OK) {
        const ldscalc_error *e = ldscalc_result_error(r);
        fprintf(stderr, "%s:%u:%u: %s\n", e->file ? e->file : "", e->line, e->column, e->message);
    } else if (ldscalc_result_access(r, 0, &a) == LDSCALC_OK) {
        printf("%s: %llu-way, %llu excess cycles on %s\n", a.source, (unsigned long long)a.ways,
               (unsigned long long)a.excess, a.profile);
        ways = a.ways;
    }
    ldscalc_result_free(r);
    return ways;
}

int main(void)
{
    printf("libldscalc %s, API %d (header %d)\n", ldscalc_version(), ldscalc_api_version(), LDSCALC_API_VERSION);
    ldscalc_session *s = ldscalc_open();
    if (!s || ldscalc_set(s, "arch", "sm80") != LDSCALC_OK || ldscalc_set(s, "define", "PAD=1") != LDSCALC_OK)
        return 1;
    if (ldscalc_set(s, "arch", "no-such-gpu") != LDSCALC_USAGE)   /* errors are values */
        return 1;
    printf("refused: %s\n", ldscalc_session_error(s)->message);

    unsigned long long plain = ways_of(s, "array f32 T[32][32]\nread T[lane][0]\n");
    unsigned long long padded = ways_of(s, "array f32 T[32][32 + PAD]\nread T[lane][0]\n");

    const char *program = "array f32 T[32][33]\nread T[lane][0]\nexpect ways == 1\n";
    ldscalc_result *r = ldscalc_run(s, NULL, program, strlen(program));
    size_t need = 0;
    char *json = NULL;
    if (r && ldscalc_render(r, "json", NULL, 0, &need) == LDSCALC_OK && (json = malloc(need + 1)))
        ldscalc_render(r, "json", json, need + 1, NULL);
    printf("%s", json ? json : "");
    int ok = plain == 32 && padded == 1 && json && strstr(json, "\"format\": \"" LDSCALC_JSON_FORMAT "\"")
             && ldscalc_result_nexpects(r) == 1;
    free(json);
    ldscalc_result_free(r);
    ldscalc_close(s);
    return ok ? 0 : 1;
}
