#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own driver (compiler-rt, LLVM 11 and later): parses libFuzzer's flags from argv and fuzzes
/// `callback`. The fuzz targets' entry points call it, because SwiftPM links a debug executable with
/// `--defsym main=<module>_main`, so `main` must be the module's own function.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
