/*
 * zlua_conf.h -- the compiler hints of libzlua, its generated stubs and
 * its glue: the one place that knows which compiler spells them how.
 * Every other file uses these names, so a compiler without GCC's
 * attributes (MSVC, clang-cl) sees its own spelling or nothing at all.
 * Included by zlua.h.
 */
#ifndef ZLUA_CONF_H
#define ZLUA_CONF_H

/* ZLUA_MSVC: MSVC's branches (its intrinsics and spellings).  Taken by
 * MSVC, and by clang in MSVC mode when ZLUA_CHECK_MSVC_PATHS asks for them
 * (tools/msvc-path-check.sh: where no MSVC is, those branches are still
 * compiled); clang-cl otherwise takes the GNU ones, which it has. */
#if defined(_MSC_VER) && (!defined(__clang__) || defined(ZLUA_CHECK_MSVC_PATHS))
#define ZLUA_MSVC 1
#else
#define ZLUA_MSVC 0
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !ZLUA_MSVC
#define ZLUA_GNU_ATTRIBUTES 1
#else
#define ZLUA_GNU_ATTRIBUTES 0
#endif

/* A static function inlined into every caller, however large the caller
 * grows: for helpers that run inside each call of a hot path, where a
 * compiler's growth limits would otherwise turn them into calls. */
#if ZLUA_GNU_ATTRIBUTES
#define ZLUA_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define ZLUA_INLINE static __forceinline
#else
#define ZLUA_INLINE static inline
#endif

/* Kept out of line: a rare half that would bloat the hot one. */
#if ZLUA_GNU_ATTRIBUTES
#define ZLUA_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define ZLUA_NOINLINE __declspec(noinline)
#else
#define ZLUA_NOINLINE
#endif

/* Out of line and laid out away from hot code: error paths. */
#if ZLUA_GNU_ATTRIBUTES
#define ZLUA_COLD __attribute__((noinline, cold))
#else
#define ZLUA_COLD ZLUA_NOINLINE
#endif

/* A global the library's own files share and nothing outside it reads:
 * bound inside a shared library (the Editor's plugin), so that a read is
 * direct, not through the global offset table. */
#if ZLUA_GNU_ATTRIBUTES && !defined(_WIN32)
#define ZLUA_HIDDEN __attribute__((visibility("hidden")))
#else
#define ZLUA_HIDDEN
#endif

/* Branch hints: the checks of a call almost always pass, so their failure
 * paths are laid out of line and the common case runs straight through. */
#if ZLUA_GNU_ATTRIBUTES
#define ZLUA_LIKELY(x) __builtin_expect(!!(x), 1)
#define ZLUA_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ZLUA_LIKELY(x) (x)
#define ZLUA_UNLIKELY(x) (x)
#endif

/* A function that never returns (it raises). */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define ZLUA_NORETURN [[noreturn]]
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define ZLUA_NORETURN _Noreturn
#elif defined(_MSC_VER)
#define ZLUA_NORETURN __declspec(noreturn)
#else
#define ZLUA_NORETURN
#endif

/* printf-style arguments, checked where the compiler can. */
#if ZLUA_GNU_ATTRIBUTES
#define ZLUA_PRINTF(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#define ZLUA_PRINTF(fmt, first)
#endif

/* An 8-byte aligned member, in C and in C++. */
#if defined(__cplusplus)
#define ZLUA_ALIGN8 alignas(8)
#else
#define ZLUA_ALIGN8 _Alignas(8)
#endif

#endif /* ZLUA_CONF_H */
