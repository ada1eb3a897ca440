/*
 * marshalc_xml.h -- reads a project's XML rule file (docs/marshal-rules.md)
 * as name-keyed rules: the rule compiler checks and emits them, the stub
 * generator shapes stubs by them.
 */
#ifndef ZLUA_MARSHALC_XML_H
#define ZLUA_MARSHALC_XML_H

#include "zlua.h"

/* Called once per rule: r's strings live as long as the process; file
 * and line say where it was written.  assembly: the <Assembly name>. */
typedef void (*marshalc_xml_fn)(void *ud, const char *assembly, const zlua_marshal_rule *r,
                                const char *file, long line);

/* Parses file, handing each rule to fn; every error is printed as
 * `FILE:LINE: error: ...` (R-XML-1).  Returns the number of errors (a
 * file that cannot be read is one). */
int marshalc_xml_parse(const char *file, marshalc_xml_fn fn, void *ud);

/* The same, each error line ("FILE:LINE: error: ...") handed to err
 * (with ud) instead of printed: the Editor sends them to an env's log. */
typedef void (*marshalc_xml_err_fn)(void *ud, const char *line);
int marshalc_xml_parse_to(const char *file, marshalc_xml_fn fn, marshalc_xml_err_fn err,
                          void *ud);

#endif
