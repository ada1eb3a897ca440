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

#include "zlua_conf.h"

#if defined(_WIN32)
/* kernel32's, declared here so that no file of libzlua includes
 * <windows.h> for one function */
__declspec(dllimport) unsigned long __stdcall GetCurrentThreadId(void);
#else
#include <pthread.h>
#endif

/* Storage of one per thread: C11's, or MSVC's spelling of it. */
#if ZLUA_MSVC
#define ZLUA_THREAD_LOCAL __declspec(thread)
#else
#define ZLUA_THREAD_LOCAL _Thread_local
#endif

/* Keeps p (a thread-local's address) in a register or the frame from here
 * on: a compiler may otherwise compute it again at each use, which in a
 * shared library is a call each time. */
#if defined(__GNUC__)
#define ZLUA_TLS_PIN(p) __asm__("" : "+r"(p))
#else
#define ZLUA_TLS_PIN(p) ((void)0)
#endif

#if defined(__has_builtin) && !defined(__APPLE__) && !defined(_WIN32) &&            \
    (defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || defined(__arm__))
#if __has_builtin(__builtin_thread_pointer)
#define ZLUA_THREAD_POINTER 1
#endif
#endif

/* The calling thread, as a token only compared for equality: its thread
 * pointer where the compiler reads it in one instruction (%fs, TPIDR_EL0),
 * else what the system calls the thread.  A thread that ended may pass
 * its token on to a new one; the state then has one user still. */
static inline uintptr_t zlua_thread_token(void)
{
#if defined(ZLUA_THREAD_POINTER)
    return (uintptr_t)__builtin_thread_pointer();
#elif defined(_WIN32)
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
