#!/bin/sh
# The title of an example: its first comment paragraph (the '# ' lines
# before the first '#' line alone), joined into whole sentences.
awk '/^#$/ || !/^#/ { exit } { sub(/^# ?/, ""); t = t (t == "" ? "" : " ") $0 } END { print t }' "$1"
