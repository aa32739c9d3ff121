#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own driver (compiler-rt, LLVM 11 and later): parses libFuzzer's flags from argv and fuzzes
/// `callback`. The fuzz targets' entry points call it, because SwiftPM links a debug executable with
/// `--defsym main=<module>_main`, so `main` must be the module's own function.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// `main` of a fuzz target: libFuzzer's driver over `callback`, with libFuzzer's own command-line flags.
static inline int apns_fuzz_main(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}

#endif
