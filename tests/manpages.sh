#!/bin/sh
. "$srcdir/tests/lib.sh"
ok placeholder
tap_end
