/* The entry point every fuzz target defines: libFuzzer calls it with each
 * generated input, and replay.c calls it with each saved one. */
#ifndef OSBENCH_FUZZ_H
#define OSBENCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
