"""Which lds-calc runs of a test run under valgrind (make check-valgrind).

Every run there would pay valgrind's start-up; one run in
LDS_VALGRIND_EVERY (default 4) of each test runs under $LDS_VALGRIND and
the others run as they are, so that every check of the test is still
made (tests/lib.sh's lds does the same for the shell tests).
LDS_VALGRIND_EVERY=1 runs them all under it."""
import os
import shlex

_runs = 0


def valgrind_wrap():
    """The words to put before lds-calc for the next run: $LDS_VALGRIND's,
    or none."""
    global _runs
    every = max(1, int(os.environ.get("LDS_VALGRIND_EVERY") or 4))
    k, _runs = _runs, _runs + 1
    v = os.environ.get("LDS_VALGRIND", "")
    return shlex.split(v) if v and k % every == 0 else []
