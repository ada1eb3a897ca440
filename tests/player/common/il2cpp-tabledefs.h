/* Stand-in for libil2cpp's il2cpp-tabledefs.h: the flags libzlua also
 * names (under its own prefix, so both sets can be seen together). */
#pragma once

#define FIELD_ATTRIBUTE_FIELD_ACCESS_MASK     0x0007
#define FIELD_ATTRIBUTE_PUBLIC                0x0006
#define FIELD_ATTRIBUTE_STATIC                0x0010
#define FIELD_ATTRIBUTE_INIT_ONLY             0x0020
#define FIELD_ATTRIBUTE_LITERAL               0x0040
#define PARAM_ATTRIBUTE_OPTIONAL              0x0010
#define PARAM_ATTRIBUTE_HAS_DEFAULT           0x1000
#define METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK   0x0007
#define METHOD_ATTRIBUTE_PUBLIC               0x0006
#define METHOD_ATTRIBUTE_STATIC               0x0010
#define METHOD_ATTRIBUTE_VIRTUAL              0x0040
#define METHOD_ATTRIBUTE_ABSTRACT             0x0400
#define METHOD_ATTRIBUTE_SPECIAL_NAME         0x0800
#define TYPE_ATTRIBUTE_ABSTRACT               0x00000080
#define TYPE_ATTRIBUTE_SEALED                 0x00000100
