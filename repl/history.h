/* repl/history.h - the REPL's history file, kept by lds-calc itself (the
 * same on every line-editing back-end): one entry per line, appended as
 * each entry is made (nothing is lost to a kill or a hang-up), at most
 * LDS_HISTORY_MAX entries kept, trimmed by writing a new file and renaming
 * it over the old one (never rewritten in place). */
#ifndef LDS_REPL_HISTORY_H
#define LDS_REPL_HISTORY_H

#define LDS_HISTORY_MAX 1000

/* Call add(entry) for each entry of the file, oldest first (the newest
 * LDS_HISTORY_MAX); trim the file if it has grown past twice that.
 * A missing or unreadable file is an empty history. */
void lds_history_load(const char *path, void (*add)(const char *entry));
/* Append one entry; returns 0, or -1 if it could not be written. */
int lds_history_append(const char *path, const char *entry);

#endif
