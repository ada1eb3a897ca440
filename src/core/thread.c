/*
 * thread.c -- thread ids for the messages of R-THREAD-1 (thread.h).
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* syscall */
#endif
#include "core/thread.h"

#include <stdio.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

unsigned long long zlua__thread_id(void)
{
#if defined(_WIN32)
    return (unsigned long long)GetCurrentThreadId();
#elif defined(__linux__)
    return (unsigned long long)syscall(SYS_gettid);
#elif defined(__APPLE__)
    uint64_t id = 0;
    (void)pthread_threadid_np(NULL, &id);
    return (unsigned long long)id;
#else
    return (unsigned long long)zlua_thread_token();
#endif
}

const char *zlua__thread_refusal(char *buf, size_t size, unsigned long long owner)
{
    snprintf(buf, size,
             "zlua: this Lua state belongs to thread %llu (the thread that opened it) and "
             "was called from thread %llu; call it from its own thread (queue the work "
             "to that thread)",
             owner, zlua__thread_id());
    return buf;
}
