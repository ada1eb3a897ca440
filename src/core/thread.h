/*
 * thread.h -- which OS thread is running (R-THREAD-1).
 *
 * A lua_State belongs to the thread that opened libzlua on it.  The
 * entries C# reaches from any thread (an IC call, a delegate's Invoke)
 * compare the caller's token with the owner's before they touch the
 * state: a token is cheap (one read of the thread pointer), the thread's
 * numeric id is read on the error path only, for the message.
 */
#ifndef ZLUA_CORE_THREAD_H
#define ZLUA_CORE_THREAD_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
/* kernel32's, declared here so that no file of libzlua includes
 * <windows.h> for one function */
__declspec(dllimport) unsigned long __stdcall GetCurrentThreadId(void);
#else
#include <pthread.h>
#endif

/* Storage of one per thread: C11's, or MSVC's spelling of it. */
#if defined(_MSC_VER) && !defined(__clang__)
#define ZLUA_THREAD_LOCAL __declspec(thread)
#else
#define ZLUA_THREAD_LOCAL _Thread_local
#endif

/* The calling thread, as a token only compared for equality. */
static inline uintptr_t zlua_thread_token(void)
{
#if defined(_WIN32)
    return (uintptr_t)GetCurrentThreadId();
#else
    /* pthread_t is an integer or a pointer on every target libzlua has */
    return (uintptr_t)pthread_self();
#endif
}

/* The calling thread's id as the system's tools show it (Linux and
 * Android: the kernel's tid; Windows: the thread id; Apple: the 64-bit
 * thread id). */
unsigned long long zlua__thread_id(void);

/* "zlua: this Lua state belongs to thread N (the thread that opened it)
 * and was called from thread M; ..." into buf (what names the threads to
 * whoever reads the exception).  Returns buf. */
const char *zlua__thread_refusal(char *buf, size_t size, unsigned long long owner);

#endif
