// Pango's text layout (shaping through HarfBuzz, fonts through fontconfig) drawn on cairo.
#include <pango/pangocairo.h>
