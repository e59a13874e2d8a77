/* cli/main.c - lds-calc: parse the command line, parse every program,
 * then run them (or start the REPL). */
#include "cli/options.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repl/repl.h"
#include "src/front.h"
#include "src/interrupt.h"
#include "src/mem.h"
#include "src/parse_ctx.h"
#include "src/parser.h"
#include "src/run.h"

/* What was written must have reached standard output (--help to a full
 * disk fails too); the reporter has said so already if it saw it. */
static int finish_output(int status)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (status != LDS_EXIT_USAGE)
            fprintf(stderr, "lds-calc: cannot write to standard output%s%s\n", errno ? ": " : "",
                    errno ? strerror(errno) : "");
        return LDS_EXIT_USAGE;
    }
    return status;
}

/* The first Ctrl-C stops the running statement (what finished is still
 * reported, and the exit status is 130); a second one ends the process. */
static lds_cancel sigint_token;   /* the one every statement polls */

static void on_sigint(int sig)
{
    (void)sig;
    lds_cancel_request(&sigint_token);
    signal(SIGINT, SIG_DFL);
}

/* Front-end errors and warnings, printed as they come. */
static void print_diag(void *ctx, const lds_diag *d)
{
    const lds_options *o = ctx;
    lds_diag_print(stderr, o->prog, d, o->color);
}

int main(int argc, char **argv)
{
    cli_args args;
    lds_mem_init();
    lds_cancel_enter(&sigint_token);
    cli_parse(argc, argv, &args);
    int status = args.status;
    if (args.done) {
        cli_args_free(&args);
        return finish_output(status);
    }
    /* kernel files become lds programs first; --show-lowered prints them */
    lds_front_texts texts;
    lds_parse_ctx *parse = lds_options_parse_ctx(&args.opts);   /* one parse, its #defines seen by the next */
    args.opts.parse_ctx = parse;
    lds_diag_sink sink = { print_diag, &args.opts };
    int lowered = lds_front_lower(&args.opts, &args.front, args.sources, args.nsources, parse, &texts, &sink);
    if (status == LDS_EXIT_OK)
        status = lowered;
    free(args.sources);   /* their texts are texts' now */
    args.sources = texts.srcs;
    args.nsources = texts.n;
    texts.srcs = NULL;
    texts.n = 0;
    if (status == LDS_EXIT_OK && args.show_lowered) {
        for (unsigned i = 0; i < args.nsources; i++)
            if (lds_front_is_lowered(&args.sources[i]))
                fputs(args.sources[i].text, stdout);
        if (!texts.kernels)
            fprintf(stderr, "lds-calc: --show-lowered: no kernel file was given (.cu .cuh .hip .hlsl .comp .glsl, or --lang)\n");
        status = texts.kernels ? LDS_EXIT_OK : LDS_EXIT_USAGE;
    }
    if (status != LDS_EXIT_OK || args.show_lowered) {
        cli_args_free(&args);
        lds_front_texts_free(&texts);
        lds_parse_ctx_free(parse);
        return finish_output(status);
    }
    /* parse everything first: a syntax error anywhere runs nothing */
    unsigned n = args.nsources;
    lds_program *progs = lds_xcalloc(n ? n : 1, sizeof *progs);
    lds_program **list = lds_xcalloc(n ? n : 1, sizeof *list);
    for (unsigned i = 0; i < n && status == LDS_EXIT_OK; i++) {
        lds_diag diag = { 0 };
        progs[i].arena = lds_arena_new();
        list[i] = &progs[i];
        if (lds_parse_program_in(&args.sources[i], &progs[i], parse, &diag) < 0) {
            lds_diag_print(stderr, args.opts.prog, &diag, args.opts.color);
            status = LDS_EXIT_SYNTAX;
        } else if (!progs[i].first && !args.interactive && !args.opts.quiet) {
            /* all comments: a pasted dump whose lines start with '#' says so */
            fprintf(stderr, "%s: %s: warning: nothing to run: no statement (a line starting with '#' is a comment)\n",
                    args.opts.prog, args.sources[i].name ? args.sources[i].name : "<arg>");
        }
    }
    if (!args.interactive)
        signal(SIGINT, on_sigint);
    if (status == LDS_EXIT_OK)
        status = args.interactive ? lds_repl_main(&args.opts, list, n) : lds_run_programs(&args.opts, list, n);
    for (unsigned i = 0; i < n; i++)
        lds_arena_free(progs[i].arena);
    lds_parse_ctx_free(parse);
    free(progs);
    free(list);
    cli_args_free(&args);
    lds_front_texts_free(&texts);   /* the kernel files messages point into: last */
    return finish_output(status);
}
