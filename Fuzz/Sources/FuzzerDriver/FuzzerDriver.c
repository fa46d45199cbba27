// The declaration in include/FuzzerDriver.h is the whole module; the definition comes from
// libFuzzer, linked by -sanitize=fuzzer. SwiftPM needs one source file for a C target.
#include "FuzzerDriver.h"
