/* src/api_words.c - what the C API says about profiles and names: a
 * profile described or all listed (lds-calc --arch-info, the REPL's
 * :arch), the profile a session is on, and the words the REPL completes. */
#include "src/api_impl.h"

#include <string.h>

#include "src/names.h"
#include "base/usertext.h"

/* The live session's profile, else the arch option's, else generic. */
static const lds_sim_profile *current_profile(const ldscalc_session *s)
{
    if (s && s->run.live)
        return lds_session_profile(s->run.live);
    const lds_sim_profile *p = s && s->opts.arch ? lds_sim_profile_find(s->opts.arch) : NULL;
    return p ? p : lds_sim_profile_find("generic");
}

const char *ldscalc_current_arch(const ldscalc_session *s, unsigned *banks, unsigned *wave)
{
    const lds_sim_profile *p = current_profile(s);
    if (banks)
        *banks = p->banks;
    if (wave)
        *wave = p->wave;
    return p->name;
}

static int arch_info(ldscalc_session *s, const char *name)
{
    if (!s->stream)
        return lds_api_usage(s, "ldscalc_arch_info: the session does not stream (call ldscalc_stream first)");
    const lds_sim_profile *p = name ? lds_sim_profile_find(name) : current_profile(s);
    if (!p) {
        char msg[512];
        lds_unknown_profile(name, msg, sizeof msg);
        return lds_api_usage(s, "%s", msg);
    }
    lds_report_arch_info(s->opts.out, p);
    return LDSCALC_OK;
}

int ldscalc_arch_info(ldscalc_session *s, const char *name)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = arch_info(s, name);
    LDS_API_LEAVE();
    return rc;
}

/* One profile's other names, wrapped at 76 columns. */
static void list_aliases(FILE *out, const char *profile)
{
    const char *alias, *of;
    int col = fprintf(out, "  %-7s", profile), any = 0;
    for (unsigned k = 0; (alias = lds_sim_profile_alias_at(k, &of)) != NULL; k++) {
        if (strcmp(of, profile))
            continue;
        if (any++)
            col += fprintf(out, ",");
        if (col + 1 + (int)strlen(alias) > 76)
            col = fprintf(out, "\n  %-7s", "");
        col += fprintf(out, " %s", alias);
    }
    if (!any)
        fprintf(out, " -");
    fprintf(out, "\n");
}

static void list_archs(FILE *out)
{
    for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
        const lds_sim_profile *p = lds_sim_profile_at(i);
        fprintf(out, "%-8s %3u banks  wave%-2u  %4llu KiB  %s  [%s]\n", p->name, p->banks, p->wave,
                (unsigned long long)(p->lds_bytes / 1024), lds_sim_text_of(p->title), lds_sim_text_of(p->summary));
    }
    fprintf(out, "\nOther names (case, blanks, '-', '_' and '.' do not matter; nvcc's sm_XX, sm_XXa, sm_XXf and\n"
                 "compute_XX name the smXX profile):\n");
    for (unsigned i = 0; i < lds_sim_profile_count(); i++)
        list_aliases(out, lds_sim_profile_at(i)->name);
}

int ldscalc_list_archs(ldscalc_session *s)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = LDSCALC_OK;
    if (s->stream)
        list_archs(s->opts.out);
    else
        rc = lds_api_usage(s, "ldscalc_list_archs: the session does not stream (call ldscalc_stream first)");
    LDS_API_LEAVE();
    return rc;
}

static const char *list_at(const char *const *list, unsigned i)
{
    for (unsigned k = 0; list[k]; k++)
        if (k == i)
            return list[k];
    return NULL;
}

void ldscalc_write_text(FILE *out, const char *text)
{
    if (out && text)
        lds_text_write(out, text, strlen(text));
}

const char *ldscalc_word(const ldscalc_session *s, ldscalc_words list, unsigned i)
{
    switch (list) {
    case LDSCALC_WORDS_STATEMENTS: return list_at(lds_statement_words, i);
    case LDSCALC_WORDS_SETTINGS: return list_at(lds_setting_names, i);
    case LDSCALC_WORDS_SHOW: return list_at(lds_show_names, i);
    case LDSCALC_WORDS_PROFILES:   /* the profiles, then their other names */
        if (i < lds_sim_profile_count())
            return lds_sim_profile_at(i)->name;
        return lds_sim_profile_alias_at(i - lds_sim_profile_count(), NULL);
    case LDSCALC_WORDS_NAMES: return s && s->run.live ? lds_session_name_at(s->run.live, i) : NULL;
    case LDSCALC_WORDS_ARRAYS: return s && s->run.live ? lds_session_array_at(s->run.live, i) : NULL;
    }
    return NULL;
}

void ldscalc_use_gmp_allocator(void)
{
    lds_mem_init();
}
