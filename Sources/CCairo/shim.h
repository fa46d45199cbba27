// cairo's drawing API and its PDF surface (cairo 1.16+: PDF metadata, so a creation date can be set).
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
