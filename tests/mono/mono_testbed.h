/*
 * mono_testbed.h -- what the Mono test hosts share (mono_testbed.c).
 */
#ifndef ZLUA_MONO_TESTBED_H
#define ZLUA_MONO_TESTBED_H

/* Arms the glue's fault injection points (testbed.throw_next, fail_next). */
void zm_testbed_install(void);

#endif
