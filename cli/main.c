/* cli/main.c - lds-calc: parse the command line into a streaming
 * session of the library, then run its programs (or start the REPL). */
#include "cli/options.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repl/repl.h"

/* What was written must have reached standard output (--help to a full
 * disk fails too); the reporter has said so already if it saw it. */
static int finish_output(int status)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (status != LDSCALC_USAGE)
            fprintf(stderr, "lds-calc: cannot write to standard output%s%s\n", errno ? ": " : "",
                    errno ? strerror(errno) : "");
        return LDSCALC_USAGE;
    }
    return status;
}

/* The first Ctrl-C stops the running statement (what finished is still
 * reported, and the exit status is 130); a second one ends the process. */
static ldscalc_session *running;

static void on_sigint(int sig)
{
    (void)sig;
    ldscalc_cancel(running);
    signal(SIGINT, SIG_DFL);
}

int main(int argc, char **argv)
{
    cli_args args;
    ldscalc_use_gmp_allocator();   /* memory running out in GMP is an error too */
    cli_parse(argc, argv, &args);
    int status = args.status;
    if (!args.done && status == LDSCALC_OK) {
        running = args.session;
        if (args.interactive && !args.show_lowered) {
            status = lds_repl_main(args.session, args.quiet);
        } else {
            signal(SIGINT, on_sigint);
            status = ldscalc_stream_run(args.session);
        }
    }
    if (status == LDSCALC_NO_MEMORY) {
        fflush(stdout);
        fputs("lds-calc: out of memory\n", stderr);
        status = 4;   /* lds-calc(1): an evaluation error */
    }
    cli_args_free(&args);
    return finish_output(status);
}
