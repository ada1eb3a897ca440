/*
 * Stand-in for libil2cpp's il2cpp-config.h (Unity 2021.2+), reduced to
 * what the declarations below use.  tests/player/README.md says what this
 * folder is for.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif

#if defined(_MSC_VER)
#define IL2CPP_EXPORT __declspec(dllexport)
#define NORETURN __declspec(noreturn)
#else
#define IL2CPP_EXPORT __attribute__((visibility("default")))
#define NORETURN __attribute__((noreturn))
#endif

#define IL2CPP_ZERO_LEN_ARRAY 0
