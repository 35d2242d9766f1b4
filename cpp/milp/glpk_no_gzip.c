/* gridmilp — the WASM build's stand-in for GLPK's bundled zlib.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLPK's stream layer (env/stream.c) reads and writes gzip-compressed files when a
 * file name ends in ".gz"; that is the only use of the zlib copy GLPK bundles. The
 * WASM module has no file system and never names such a file, so its build leaves
 * GLPK's src/zlib out (about 20 KB of code) and links these five functions instead:
 * each reports that gzip is not available, which GLPK turns into an ordinary I/O error.
 * The declarations, and the _glp_zlib_ names they map to, come from GLPK's zlib.h.
 */
#include <errno.h>

#include "zlib.h"

gzFile gzopen(const char *path, const char *mode) {
  (void)path;
  (void)mode;
  errno = ENOSYS;
  return NULL;
}

int gzread(gzFile file, voidp buf, unsigned len) {
  (void)file;
  (void)buf;
  (void)len;
  return -1;
}

int gzwrite(gzFile file, voidpc buf, unsigned len) {
  (void)file;
  (void)buf;
  (void)len;
  return 0;
}

int gzclose(gzFile file) {
  (void)file;
  return Z_STREAM_ERROR;
}

const char *gzerror(gzFile file, int *errnum) {
  (void)file;
  *errnum = Z_STREAM_ERROR;
  return "gzip files are not supported by gridmilp's WASM module";
}
