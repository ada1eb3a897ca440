/*
 * tool_run.c -- tool_run.h: a run's messages in a temporary file, read
 * back line by line when the run ends; tool_fail's way back by longjmp.
 * The tools' code between tool_run_call and tool_fail is their own (no
 * runtime or Mono frame is left by the jump: a tool fails between calls
 * into the runtime, never from inside one).
 */
#include "tool_run.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct tool_run {
    jmp_buf back;
    FILE *err;
    int status;
} tool_run;

static tool_run *tool_current;

FILE *tool_err(void)
{
    return tool_current != NULL ? tool_current->err : stderr;
}

_Noreturn void tool_fail(int status)
{
    if (tool_current == NULL)
        exit(status);
    tool_current->status = status;
    longjmp(tool_current->back, 1);
}

void tool_err_line(void *ud, const char *line)
{
    (void)ud;
    fprintf(tool_err(), "%s\n", line);
}

/* The run's messages, each line without its newline, to line(ud). */
static void tool_run_lines(FILE *err, tool_line_fn line, void *ud)
{
    char buf[4096];
    fflush(err);
    rewind(err);
    while (fgets(buf, sizeof buf, err) != NULL) {
        size_t n = strlen(buf);
        if (n > 0 && buf[n - 1] == '\n')
            buf[--n] = '\0';
        if (line != NULL)
            line(ud, buf);
    }
}

int tool_run_call(int (*main_fn)(int, char **), void (*reset)(void), int argc, char **argv,
                  tool_line_fn line, void *ud)
{
    if (tool_current != NULL)
        return -1;
    /* volatile: read after the longjmp */
    tool_run *volatile run = calloc(1, sizeof *run);
    if (run == NULL)
        return -1;
    run->err = tmpfile();
    if (run->err == NULL) {
        free(run);
        return -1;
    }
    tool_current = run;
    if (setjmp(run->back) == 0)
        run->status = main_fn(argc, argv);
    tool_current = NULL;
    int status = run->status;
    tool_run_lines(run->err, line, ud);
    fclose(run->err);
    free(run);
    if (reset != NULL)
        reset();
    return status;
}
