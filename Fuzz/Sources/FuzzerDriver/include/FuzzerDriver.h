#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, FuzzerInterface.h, LLVM 11 and later): parses libFuzzer's
/// command line and runs `callback` on every input. A fuzz target calls it from its own main,
/// because SwiftPM links every executable with `main` renamed to `<Target>_main`, which a
/// `-parse-as-library` file leaves undefined.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
