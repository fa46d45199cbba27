#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its encoding.h then includes the system's ICU headers,
// which clash with the ICU that Foundation bundles (two definitions of UErrorCode). Bottega
// never touches libxml2's ICU converters, so their declarations are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

// libxml2 exposes xmlFree as a mutable global function pointer, which Swift 6 refuses to
// read from concurrent code; a plain function that calls it is safe to use.
static inline void bottega_xml_free(void *memory) { xmlFree(memory); }
