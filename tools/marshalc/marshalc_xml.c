/*
 * marshalc_xml.c -- the project's XML rule files (R-XML-1), parsed with
 * libexpat into name-keyed rules (marshalc_xml.h), for the rule compiler
 * and the stub generator alike.
 */
#include "marshalc_xml.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <expat.h>

#include "marshalc_attrs.h"   /* marshalc_keep */

static int mx_errors;
/* where errors go: stderr (the tools), or the Editor's log */
static marshalc_xml_err_fn mx_err;
static void *mx_err_ud;

static char *mx_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memcpy(p, s, n);
    return p;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void mc_xml_error(const char *file, long line, const char *fmt, ...)
{
    char msg[1600];
    int n = line > 0 ? snprintf(msg, sizeof msg, "%s:%ld: error: ", file, line)
                     : snprintf(msg, sizeof msg, "%s: error: ", file);   /* the file itself */
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof msg)
        vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    if (mx_err != NULL)
        mx_err(mx_err_ud, msg);
    else
        fprintf(stderr, "%s\n", msg);
    mx_errors++;
}

static const char *const mc_type_names[] = {"Default", "UserData", "Bytes", "OpaqueValue",
                                            "UnpackedValues", "Table"};

/* ---- the parser -------------------------------------------------------------------- */

enum { X_NONE, X_ROOT, X_ASM, X_TYPE, X_FIELD, X_PROP, X_METHOD, X_PARAM, X_RETURN, X_MARSHAL };

typedef struct mc_parser {
    XML_Parser p;
    const char *file;
    int stack[32];
    int depth;
    char *assembly, *type, *member, *signature;
    long member_line;
    int site, index;
    int has_marshal;            /* the current Field/Property/Param/Return has one */
    int type_marshal;           /* the current Type has a type-level one */
    int skip;                   /* inside an unknown element: ignore its content */
    marshalc_xml_fn fn;         /* each rule found */
    void *ud;
} mc_parser;

static long mc_line(mc_parser *ps)
{
    return (long)XML_GetCurrentLineNumber(ps->p);
}

/* The attribute's value, NULL when absent; every attribute must be among
 * the allowed (R-XML-1). */
static int mc_attrs(mc_parser *ps, const char *elem, const XML_Char **atts,
                    const char *const *allowed, const char **values)
{
    int ok = 1;
    for (int i = 0; allowed[i]; i++)
        values[i] = NULL;
    for (int a = 0; atts[a]; a += 2) {
        int known = 0;
        for (int i = 0; allowed[i]; i++)
            if (strcmp(atts[a], allowed[i]) == 0) {
                values[i] = atts[a + 1];
                known = 1;
            }
        if (!known) {
            if (strcmp(elem, "Param") == 0 && strcmp(atts[a], "name") == 0)
                mc_xml_error(ps->file, mc_line(ps),
                             "Param located by name ('name=\"%s\"'): use index (R-XML-1)",
                             atts[a + 1]);
            else
                mc_xml_error(ps->file, mc_line(ps),
                             "unknown attribute '%s' on <%s> (R-XML-1)", atts[a], elem);
            ok = 0;
        }
    }
    return ok;
}

static int mc_require(mc_parser *ps, const char *elem, const char *attr, const char *v)
{
    if (v != NULL)
        return 1;
    mc_xml_error(ps->file, mc_line(ps), "<%s> needs attribute '%s' (R-XML-1)", elem, attr);
    return 0;
}

static void mc_marshal(mc_parser *ps, const XML_Char **atts, int parent)
{
    static const char *const allowed[] = {"type", "members", NULL};
    const char *v[2];
    long line = mc_line(ps);
    if (!mc_attrs(ps, "MarshalAs", atts, allowed, v) || !mc_require(ps, "MarshalAs", "type", v[0]))
        return;
    int type = -1;
    for (int i = 0; i < 6; i++)
        if (strcmp(v[0], mc_type_names[i]) == 0)
            type = i;
    if (type < 0) {
        mc_xml_error(ps->file, line, "unknown LuaMarshalType '%s'%s (R-XML-1)", v[0],
                     strcmp(v[0], "OpaqueLightUserData") == 0 ? ": use OpaqueValue"
                     : strcmp(v[0], "ParamsTable") == 0       ? ": removed"
                                                              : "");
        return;
    }
    if (ps->has_marshal) {
        mc_xml_error(ps->file, line, "a second <MarshalAs> for the same site (R-XML-1)");
        return;
    }
    ps->has_marshal = 1;
    zlua_marshal_rule rule = {0}, *r = &rule;
    r->type = marshalc_keep(ps->type);
    r->source = ZLUA_RULE_XML;
    r->marshal_type = (uint8_t)type;
    r->members = v[1] && v[1][0] ? marshalc_keep(v[1]) : NULL;
    switch (parent) {
    case X_TYPE:
        r->site = ZLUA_RULE_TYPE;
        break;
    case X_FIELD:
    case X_PROP:
        r->site = parent == X_FIELD ? ZLUA_RULE_FIELD : ZLUA_RULE_PROPERTY;
        r->member = marshalc_keep(ps->member);
        break;
    default:
        r->site = parent == X_PARAM ? ZLUA_RULE_PARAM : ZLUA_RULE_RETURN;
        r->member = marshalc_keep(ps->member);
        r->signature = marshalc_keep(ps->signature);
        r->index = parent == X_PARAM ? ps->index : -1;
        break;
    }
    char origin[1200];
    snprintf(origin, sizeof origin, "%s:%ld", ps->file, line);
    r->origin = marshalc_keep(origin);
    ps->fn(ps->ud, ps->assembly, r, ps->file, line);
}

static void XMLCALL mc_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
    mc_parser *ps = ud;
    int parent = ps->depth > 0 ? ps->stack[ps->depth - 1] : X_NONE;
    int kind = X_NONE;
    const char *v[3];
    if (ps->depth == (int)(sizeof ps->stack / sizeof ps->stack[0]) - 1) {
        mc_xml_error(ps->file, mc_line(ps), "elements nested too deeply");
        XML_StopParser(ps->p, XML_FALSE);
        return;
    }
    if (parent == X_NONE && strcmp(name, "ZLuaMarshalAs") == 0) {
        static const char *const allowed[] = {"version", NULL};
        kind = X_ROOT;
        if (mc_attrs(ps, name, atts, allowed, v) && mc_require(ps, name, "version", v[0]) &&
            strcmp(v[0], "1") != 0)
            mc_xml_error(ps->file, mc_line(ps), "unknown version \"%s\" (only \"1\") (R-XML-1)",
                         v[0]);
    } else if (parent == X_ROOT && strcmp(name, "Assembly") == 0) {
        static const char *const allowed[] = {"name", NULL};
        kind = X_ASM;
        mc_attrs(ps, name, atts, allowed, v);
        mc_require(ps, name, "name", v[0]);
        free(ps->assembly);
        ps->assembly = mx_strdup(v[0] ? v[0] : "");
    } else if (parent == X_ASM && strcmp(name, "Type") == 0) {
        static const char *const allowed[] = {"fullName", NULL};
        kind = X_TYPE;
        mc_attrs(ps, name, atts, allowed, v);
        mc_require(ps, name, "fullName", v[0]);
        free(ps->type);
        ps->type = mx_strdup(v[0] ? v[0] : "");
        ps->type_marshal = 0;
    } else if (parent == X_TYPE && (strcmp(name, "Field") == 0 || strcmp(name, "Property") == 0)) {
        static const char *const allowed[] = {"name", NULL};
        kind = name[0] == 'F' ? X_FIELD : X_PROP;
        mc_attrs(ps, name, atts, allowed, v);
        mc_require(ps, name, "name", v[0]);
        free(ps->member);
        ps->member = mx_strdup(v[0] ? v[0] : "");
        ps->member_line = mc_line(ps);
        ps->has_marshal = 0;
    } else if (parent == X_TYPE && strcmp(name, "Method") == 0) {
        static const char *const allowed[] = {"name", "signature", NULL};
        kind = X_METHOD;
        mc_attrs(ps, name, atts, allowed, v);
        mc_require(ps, name, "name", v[0]);
        mc_require(ps, name, "signature", v[1]);
        free(ps->member);
        free(ps->signature);
        ps->member = mx_strdup(v[0] ? v[0] : "");
        ps->signature = mx_strdup(v[1] ? v[1] : "");
    } else if (parent == X_METHOD && strcmp(name, "Param") == 0) {
        static const char *const allowed[] = {"index", NULL};
        kind = X_PARAM;
        ps->has_marshal = 0;
        ps->index = -2;
        if (mc_attrs(ps, name, atts, allowed, v) && mc_require(ps, name, "index", v[0])) {
            char *end;
            long idx = strtol(v[0], &end, 10);
            if (*v[0] == '\0' || *end != '\0' || idx < 0 || idx > 255)
                mc_xml_error(ps->file, mc_line(ps), "Param index \"%s\" is not a parameter "
                             "index (0-based) (R-XML-1)", v[0]);
            else
                ps->index = (int)idx;
        }
    } else if (parent == X_METHOD && strcmp(name, "Return") == 0) {
        static const char *const allowed[] = {NULL};
        kind = X_RETURN;
        ps->has_marshal = 0;
        mc_attrs(ps, name, atts, allowed, v);
    } else if (strcmp(name, "MarshalAs") == 0 &&
               (parent == X_TYPE || parent == X_FIELD || parent == X_PROP ||
                parent == X_PARAM || parent == X_RETURN)) {
        kind = X_MARSHAL;
        if (parent == X_TYPE && ps->type_marshal) {
            mc_xml_error(ps->file, mc_line(ps), "a second type-level <MarshalAs> (R-XML-1)");
        } else if (!(parent == X_PARAM && ps->index < 0)) {
            if (parent == X_TYPE)
                ps->has_marshal = 0;
            mc_marshal(ps, atts, parent);
            if (parent == X_TYPE)
                ps->type_marshal = 1;
        }
    } else if (strcmp(name, "MarshalAs") == 0 && parent == X_METHOD) {
        kind = X_MARSHAL;
        mc_xml_error(ps->file, mc_line(ps), "<MarshalAs> directly under <Method>: method-level "
                     "rules are not allowed, use <Param> or <Return> (R-XML-1)");
    } else {
        mc_xml_error(ps->file, mc_line(ps), "unknown element <%s>%s (R-XML-1)", name,
                     parent == X_NONE ? " (the root must be <ZLuaMarshalAs>)" : " here");
        kind = X_NONE;
    }
    ps->stack[ps->depth++] = kind;
}

static void XMLCALL mc_end(void *ud, const XML_Char *name)
{
    mc_parser *ps = ud;
    (void)name;
    if (ps->depth > 0)
        ps->depth--;
}

static void XMLCALL mc_text(void *ud, const XML_Char *s, int len)
{
    mc_parser *ps = ud;
    for (int i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') {
            mc_xml_error(ps->file, mc_line(ps), "unexpected text (R-XML-1)");
            return;
        }
}

int marshalc_xml_parse(const char *file, marshalc_xml_fn fn, void *ud)
{
    return marshalc_xml_parse_to(file, fn, NULL, ud);
}

int marshalc_xml_parse_to(const char *file, marshalc_xml_fn fn, marshalc_xml_err_fn err, void *ud)
{
    mx_errors = 0;
    mx_err = err;
    mx_err_ud = ud;
    FILE *f = fopen(file, "rb");
    if (f == NULL) {
        mc_xml_error(file, 0, "cannot read the file");
        return 1;
    }
    mc_parser ps;
    memset(&ps, 0, sizeof ps);
    ps.file = file;
    ps.fn = fn;
    ps.ud = ud;
    ps.p = XML_ParserCreate("UTF-8");
    if (ps.p == NULL)
        exit(2);
    XML_SetUserData(ps.p, &ps);
    XML_SetElementHandler(ps.p, mc_start, mc_end);
    XML_SetCharacterDataHandler(ps.p, mc_text);
    char buf[8192];
    size_t n;
    int done = 0;
    while (!done) {
        n = fread(buf, 1, sizeof buf, f);
        done = n < sizeof buf;
        if (XML_Parse(ps.p, buf, (int)n, done) == XML_STATUS_ERROR) {
            if (XML_GetErrorCode(ps.p) != XML_ERROR_ABORTED)
                mc_xml_error(file, (long)XML_GetCurrentLineNumber(ps.p),
                             "XML syntax: %s (R-XML-1)", XML_ErrorString(XML_GetErrorCode(ps.p)));
            break;
        }
    }
    XML_ParserFree(ps.p);
    fclose(f);
    free(ps.assembly);
    free(ps.type);
    free(ps.member);
    free(ps.signature);
    return mx_errors;
}
