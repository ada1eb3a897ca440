/*
 * linkxml_check.c -- reads a link.xml as Unity's managed linker reads it
 * (R-LINK-1) and prints what it preserves, one line per entry, in the
 * stub generator's `keep` line format (tools/stubgen/stubgen_keep.h):
 *
 *   linkxml-check LINK.xml
 *
 * The parse is strict (expat, the project's XML reader: any
 * well-formedness error fails), and so is the shape: only the elements
 * and attributes Unity's link.xml format defines, each where the format
 * puts it (<linker> holding <assembly fullname>, holding <type fullname
 * preserve>, holding <method>, <field>, <property> by name or
 * signature), preserve one of all, fields, methods, nothing.  Refused
 * as well, though the linker takes them: a <type> without preserve
 * (what it keeps then depends on its children), an <assembly> without
 * types that does not say preserve="all" (the linker keeps the whole
 * assembly), text other than white space.  (<namespace>, <event> and
 * wildcards are Unity's too; the generator writes none, so none passes.)  Exit 0, or 1 with
 * "FILE:LINE: error: ..." on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <expat.h>

enum { AT_NONE, AT_LINKER, AT_ASSEMBLY, AT_TYPE, AT_MEMBER, AT_OTHER };
#define CHECK_DEPTH 64

typedef struct check {
    XML_Parser parser;
    const char *file;
    int errors;
    int at;                 /* the innermost open element (AT_NONE: none) */
    int stack[CHECK_DEPTH]; /* the open elements' kinds, outermost first */
    int depth;
    int linkers;
    int types_in_assembly;
    int whole_assembly;     /* the open <assembly> says preserve="all" */
    char assembly[512];
    char type[1024];
} check;

static void fail(check *c, const char *msg, const char *what)
{
    fprintf(stderr, "%s:%lu: error: %s%s\n", c->file,
            (unsigned long)XML_GetCurrentLineNumber(c->parser), msg, what ? what : "");
    c->errors++;
}

/* Every attribute in attrs is one of allowed (a NULL-terminated list). */
static void attrs_ok(check *c, const char **attrs, const char *const *allowed)
{
    for (int i = 0; attrs[i] != NULL; i += 2) {
        int ok = 0;
        for (int j = 0; allowed[j] != NULL; j++)
            ok |= strcmp(attrs[i], allowed[j]) == 0;
        if (!ok)
            fail(c, "attribute not accepted here: ", attrs[i]);
    }
}

/* The value of attribute name in attrs, or NULL. */
static const char *attr(const char **attrs, const char *name)
{
    for (int i = 0; attrs[i] != NULL; i += 2)
        if (strcmp(attrs[i], name) == 0)
            return attrs[i + 1];
    return NULL;
}

/* An element opened in parent (else misplaced is the error) with allowed
 * attributes: its attribute key, which it must have (else missing). */
static const char *opened(check *c, const char **attrs, int parent, const char *misplaced,
                          const char *const *allowed, const char *key, const char *missing)
{
    if (c->at != parent)
        fail(c, misplaced, NULL);
    attrs_ok(c, attrs, allowed);
    const char *value = attr(attrs, key);
    if (value == NULL || value[0] == '\0') {
        fail(c, missing, NULL);
        value = "";
    }
    return value;
}

static void XMLCALL start(void *ud, const char *el, const char **attrs)
{
    check *c = ud;
    static const char *const none[] = {NULL};
    static const char *const assembly_attrs[] = {"fullname", "preserve", "ignoreIfMissing",
                                                 "ignoreIfUnreferenced", "windowsruntime",
                                                 "feature", NULL};
    static const char *const type_attrs[] = {"fullname", "preserve", "feature", NULL};
    static const char *const member_attrs[] = {"name", "signature", "feature", NULL};
    static const char *const property_attrs[] = {"name", "signature", "accessors", "feature",
                                                 NULL};
    int kind;
    if (strcmp(el, "linker") == 0) {
        if (c->at != AT_NONE || c->linkers++ > 0)
            fail(c, "<linker> is the outermost element, once", NULL);
        attrs_ok(c, attrs, none);
        kind = AT_LINKER;
    } else if (strcmp(el, "assembly") == 0) {
        const char *name = opened(c, attrs, AT_LINKER, "<assembly> outside <linker>",
                                  assembly_attrs, "fullname", "<assembly> without fullname");
        snprintf(c->assembly, sizeof c->assembly, "%s", name);
        const char *preserve = attr(attrs, "preserve");
        c->whole_assembly = preserve != NULL && strcmp(preserve, "all") == 0;
        if (preserve != NULL && !c->whole_assembly)
            fail(c, "an <assembly>'s preserve is all, not ", preserve);
        if (c->whole_assembly)
            printf("keep     %s * all\n", c->assembly);
        c->types_in_assembly = 0;
        kind = AT_ASSEMBLY;
    } else if (strcmp(el, "type") == 0) {
        const char *name = opened(c, attrs, AT_ASSEMBLY, "<type> outside <assembly>", type_attrs,
                                  "fullname", "<type> without fullname");
        const char *preserve = attr(attrs, "preserve");
        if (preserve == NULL)
            fail(c, "<type> without preserve (its default depends on its children)", NULL);
        else if (strcmp(preserve, "all") != 0 && strcmp(preserve, "fields") != 0 &&
                 strcmp(preserve, "methods") != 0 && strcmp(preserve, "nothing") != 0)
            fail(c, "preserve is all, fields, methods or nothing, not ", preserve);
        snprintf(c->type, sizeof c->type, "%s", name);
        c->types_in_assembly++;
        kind = AT_TYPE;
        if (preserve != NULL)
            printf("keep     %s %s %s\n", c->assembly, c->type,
                   strcmp(preserve, "nothing") == 0 ? "type" : preserve);
    } else if (strcmp(el, "method") == 0 || strcmp(el, "field") == 0 ||
               strcmp(el, "property") == 0) {
        if (c->at != AT_TYPE)
            fail(c, "a member outside <type>: ", el);
        const char *const *allowed = strcmp(el, "property") == 0 ? property_attrs : member_attrs;
        attrs_ok(c, attrs, allowed);
        const char *name = attr(attrs, "name");
        const char *sig = attr(attrs, "signature");
        if ((name == NULL || name[0] == '\0') && (sig == NULL || sig[0] == '\0'))
            fail(c, "a member without name or signature: ", el);
        else if (name != NULL && name[0] != '\0')
            printf("keep     %s %s %s %s\n", c->assembly, c->type, el, name);
        else
            printf("keep     %s %s %s signature=%s\n", c->assembly, c->type, el, sig);
        kind = AT_MEMBER;
    } else {
        fail(c, "element not in Unity's link.xml format: ", el);
        kind = AT_OTHER;
    }
    if (c->depth == CHECK_DEPTH) {
        fail(c, "elements nested too deep", NULL);
        XML_StopParser(c->parser, XML_FALSE);
        return;
    }
    c->stack[c->depth++] = kind;
    c->at = kind;
}

static void XMLCALL end(void *ud, const char *el)
{
    check *c = ud;
    (void)el;
    if (c->depth == 0)
        return;
    if (c->stack[c->depth - 1] == AT_ASSEMBLY && c->types_in_assembly == 0 &&
        !c->whole_assembly)
        fail(c, "<assembly> without types nor preserve=\"all\" (the linker would keep all "
                "of it): ", c->assembly);
    c->depth--;
    c->at = c->depth > 0 ? c->stack[c->depth - 1] : AT_NONE;
}

static void XMLCALL text(void *ud, const XML_Char *s, int len)
{
    check *c = ud;
    for (int i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') {
            fail(c, "text where link.xml has none", NULL);
            return;
        }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: linkxml-check LINK.xml\n");
        return 2;
    }
    check c = {.file = argv[1]};
    /* the whole file at once: a link.xml is small */
    FILE *in = fopen(argv[1], "rb");
    char *xml = NULL;
    long size = -1;
    if (in != NULL && fseek(in, 0, SEEK_END) == 0 && (size = ftell(in)) >= 0 &&
        fseek(in, 0, SEEK_SET) == 0 && (xml = malloc((size_t)size + 1)) != NULL &&
        fread(xml, 1, (size_t)size, in) != (size_t)size)
        size = -1;
    if (in != NULL)
        fclose(in);
    c.parser = size >= 0 && xml != NULL && size <= 0x7fffffff ? XML_ParserCreate("UTF-8") : NULL;
    if (c.parser == NULL) {
        fprintf(stderr, "%s: error: cannot read it\n", argv[1]);
        free(xml);
        return 1;
    }
    XML_SetUserData(c.parser, &c);
    XML_SetElementHandler(c.parser, start, end);
    XML_SetCharacterDataHandler(c.parser, text);
    if (XML_Parse(c.parser, xml, (int)size, 1) == XML_STATUS_ERROR &&
        XML_GetErrorCode(c.parser) != XML_ERROR_ABORTED)
        fail(&c, "not well-formed XML: ", XML_ErrorString(XML_GetErrorCode(c.parser)));
    free(xml);
    if (c.errors == 0 && c.linkers == 0)
        fail(&c, "no <linker> element", NULL);
    XML_ParserFree(c.parser);
    return c.errors == 0 ? 0 : 1;
}
