/*
 * mono_syms_types.c -- the table of Mono's functions (src/mono/mono_syms.h)
 * against Mono's own declarations, at compile time: each member's type
 * must be the type of Mono's function, or this file does not compile.  A
 * call through a pointer of another type is undefined and, on some ABIs
 * (Apple arm64's narrow stack arguments), wrong in practice; Mono's
 * headers are the only source of truth for the types.  Built into
 * zlua-mono-syms-check (tests/mono/mono.cmake) and compiled for Windows
 * by tools/mono-windows-check.sh, where Mono's headers differ
 * (mono_unichar2 is wchar_t there).
 */
#include "mono_syms.h"

#if defined(ZM_MONO_THROUGH_TABLE)
#error "the check names Mono's functions themselves: not with the table's redirections"
#endif

#define ZM_MONO_CHECK(ret, name, params)                                                     \
    _Static_assert(_Generic(&name, ret(*) params: 1, default: 0),                            \
                   #name ": the table's type is not the one in Mono's headers");
ZM_MONO_FUNCTIONS(ZM_MONO_CHECK)
#undef ZM_MONO_CHECK

/* a translation unit holds at least one declaration (ISO C) */
int zm_syms_types_checked(void);
int zm_syms_types_checked(void)
{
    return 1;
}
