/*
 * tool_run.h -- a build tool's main, run as a library function
 * (R-PKG-2): the Editor's backend runs the stub generator and the rule
 * compiler inside the Editor's process (src/mono/mono_generate.c), where
 * a tool may neither exit nor write to the process's stderr, and must
 * leave nothing behind for the next run.
 *
 * A tool writes its messages to tool_err() and ends a failed run with
 * tool_fail(status).  Outside tool_run_call those are stderr and exit;
 * inside, the messages are handed to the caller line by line and
 * tool_fail returns to tool_run_call, which then calls the tool's reset
 * (every table, file and state of the run freed).
 */
#ifndef ZLUA_TOOL_RUN_H
#define ZLUA_TOOL_RUN_H

#include <stdio.h>

/* Where a tool's messages go: stderr, or the current run's. */
FILE *tool_err(void);

/* Ends the tool: exit(status), or back to tool_run_call. */
_Noreturn void tool_fail(int status);

/* Writes line and a newline to tool_err() (marshalc_xml_parse_to's
 * error sink; ud unused). */
void tool_err_line(void *ud, const char *line);

/* Runs main_fn(argc, argv) as a library function: each line it writes
 * to tool_err() is handed to line(ud, text) when it returns or fails,
 * then reset() runs.  Its status (tool_fail's, or main_fn's result), or
 * -1: a run is already under way (one at a time), or no stream for the
 * messages. */
typedef void (*tool_line_fn)(void *ud, const char *line);
int tool_run_call(int (*main_fn)(int, char **), void (*reset)(void), int argc, char **argv,
                  tool_line_fn line, void *ud);

#endif
