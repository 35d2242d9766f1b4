/* gridmilp — in-memory files for GLPK's reader and writer.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLPK's stream layer (env/stream.c) opens files with fopen. cmake/Glpk.cmake
 * compiles that one file with -Dfopen=gridmilp_glpk_fopen -Dfclose=
 * gridmilp_glpk_fclose, so that the special names below become memory streams
 * (open_memstream / fmemopen: plain libc, no filesystem, the same natively and in
 * WASM, where the module has no filesystem at all). Every other name is passed to
 * the real fopen. GLPK's sources are not changed. Not thread-safe: one slot. */
#ifndef GRIDMILP_MILP_GLPK_MEMFILE_H_
#define GRIDMILP_MILP_GLPK_MEMFILE_H_

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The name GLPK writes to: the text lands in the slot (gridmilp_memfile_take). */
#define GRIDMILP_MEMFILE_OUT "gridmilp-memory-out.txt"
/** The name GLPK reads from: the text given to gridmilp_memfile_set_input. */
#define GRIDMILP_MEMFILE_IN "gridmilp-memory-in.txt"

FILE* gridmilp_glpk_fopen(const char* name, const char* mode);
int gridmilp_glpk_fclose(FILE* file);

/** Sets the text the next open of GRIDMILP_MEMFILE_IN reads (not copied: it must
 *  stay alive until the read is done). */
void gridmilp_memfile_set_input(const char* data, size_t size);
/** Takes the text written to GRIDMILP_MEMFILE_OUT (malloc'ed, caller frees; NULL if
 *  none), and closes a stream GLPK left open after an error. */
char* gridmilp_memfile_take(size_t* size);

#ifdef __cplusplus
}
#endif

#endif /* GRIDMILP_MILP_GLPK_MEMFILE_H_ */
