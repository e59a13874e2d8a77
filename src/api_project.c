/* src/api_project.c - a session's project (src/project.h): the
 * build's command line (the command line's words after --) or the
 * compilation database (-p) taken once every option and -f file is
 * given, since -p finds the entry of the -f file and the build's
 * architecture gives way to -a. */
#include "src/api_impl.h"

#include <string.h>

#include "src/project.h"
#include "sim/profile.h"

/* Whether the file is read as a kernel file: the database has its entry. */
static bool kernel_file(const ldscalc_session *s, const lds_source *src)
{
    size_t len = strlen(src->name);
    if (src->name[0] == '<')   /* standard input */
        return false;
    if (s->front.lang_given)
        return s->front.lang != LDS_LANG_NONE;
    return !(len > 4 && !strcmp(src->name + len - 4, ".lds"));
}

/* -p: the entry of each -f kernel file; they must be built alike (one
 * set of flags for the run). */
static int apply_database(ldscalc_session *s, lds_build_flags *f)
{
    const char *first = NULL;
    for (unsigned i = 0; i < s->files.n; i++) {
        const lds_source *src = &s->files.at[i];
        if (!kernel_file(s, src))
            continue;
        lds_build_command c;
        if (lds_compdb_find(&s->opts, s->compile_commands, src->name, &c) < 0)
            return lds_api_options_error(s);
        if (!first) {
            int rc = lds_build_apply(&s->opts, &c, f);
            lds_build_command_free(&c);
            if (rc < 0)
                return lds_api_options_error(s);
            first = src->name;
            continue;
        }
        lds_options scratch;   /* the flags of a second file, only compared */
        lds_options_init(&scratch);
        lds_build_flags g;
        int rc = lds_build_apply(&scratch, &c, &g);
        bool same = rc == 0 && !strcmp(g.flags, f->flags);
        lds_build_command_free(&c);
        lds_build_flags_free(&g);
        lds_options_free(&scratch);
        if (!same)
            return lds_api_usage(s, "-p: '%s' and '%s' are built with different flags: give them in two runs", first,
                                 src->name);
    }
    if (!first)
        return lds_api_usage(s, "-p %s: give the kernel file with -f (its entry in the database gives the flags)",
                             s->compile_commands);
    return LDSCALC_OK;
}

/* The build's command line after --: its source files read where no -f
 * names one. */
static int apply_command(ldscalc_session *s, lds_build_flags *f)
{
    lds_build_command c;
    if (lds_build_split(&s->opts, s->build_command, &c) < 0)
        return lds_api_options_error(s);
    int rc = lds_build_apply(&s->opts, &c, f);
    lds_build_command_free(&c);
    if (rc < 0)
        return lds_api_options_error(s);
    if (s->files.n)
        return LDSCALC_OK;
    if (!f->nsources)
        return lds_api_usage(s, "the build's command line names no source file (.cu, .hip, .cpp, ...): give -f FILE");
    for (unsigned i = 0; i < f->nsources; i++)
        if ((rc = lds_api_add_file(s, "the build's source", f->sources[i])) != LDSCALC_OK)
            return rc;
    return LDSCALC_OK;
}

/* Whether two lists of profiles ("A,B") name the same profiles. */
static bool same_profiles(char *const *given, unsigned ngiven, const char *build)
{
    unsigned nbuild = 0;
    for (const char *q = build; *q; nbuild++) {
        char name[64];
        size_t n = strcspn(q, ",");
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), q);
        bool found = false;
        for (unsigned i = 0; i < ngiven; i++)
            found |= lds_sim_profile_find(given[i]) == lds_sim_profile_find(name);
        if (!found)
            return false;
        q += n + (q[n] == ',');
    }
    return nbuild == ngiven;
}

/* The build's architectures: the profiles run on, unless -a gave some
 * (then said on stderr where they differ). */
static int take_archs(ldscalc_session *s, const lds_build_flags *f)
{
    lds_options *o = &s->opts;
    if (!f->archs)
        return LDSCALC_OK;
    if (!o->narchs) {
        if (lds_options_set_archs(o, f->archs, s->stream ? UINT32_MAX : 1) < 0)
            return lds_api_options_error(s);
        return LDSCALC_OK;
    }
    if (!same_profiles(o->archs, o->narchs, f->archs) && o->err) {
        fprintf(o->err, "%s: -a %s", o->prog, o->archs[0]);
        for (unsigned i = 1; i < o->narchs; i++)
            fprintf(o->err, ",%s", o->archs[i]);
        fprintf(o->err, " is used, not the build's %s\n", f->arch_words);
    }
    return LDSCALC_OK;
}

int lds_api_apply_build(ldscalc_session *s)
{
    if (!s->build_command && !s->compile_commands)
        return LDSCALC_OK;
    if (s->build_command && s->compile_commands)
        return lds_api_usage(s, "a build's command line after -- or a compilation database (-p), not both");
    lds_build_flags f = { 0 };
    int rc = s->build_command ? apply_command(s, &f) : apply_database(s, &f);
    if (rc == LDSCALC_OK)
        rc = take_archs(s, &f);
    if (rc == LDSCALC_OK && f.lang != LDS_LANG_NONE)
        s->front.build_lang = f.lang;
    lds_build_flags_free(&f);
    return rc;
}
