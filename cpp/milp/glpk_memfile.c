/* gridmilp — in-memory files for GLPK's reader and writer (see glpk_memfile.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "glpk_memfile.h"

#include <stdlib.h>
#include <string.h>

static FILE* out_stream = NULL;
static char* out_buffer = NULL;
static size_t out_size = 0;
static const char* in_data = NULL;
static size_t in_size = 0;
static FILE* in_stream = NULL;
static char empty_input[1] = {0};

FILE* gridmilp_glpk_fopen(const char* name, const char* mode) {
  if (strcmp(name, GRIDMILP_MEMFILE_OUT) == 0) {
    if (out_stream != NULL) fclose(out_stream);
    free(out_buffer);
    out_buffer = NULL;
    out_size = 0;
    out_stream = open_memstream(&out_buffer, &out_size);
    return out_stream;
  }
  if (strcmp(name, GRIDMILP_MEMFILE_IN) == 0) {
    /* fmemopen refuses a zero size: an empty text reads as an empty file. */
    in_stream = in_size == 0 ? fmemopen(empty_input, 1, "r")
                             : fmemopen((void*)in_data, in_size, "r");
    if (in_size == 0 && in_stream != NULL) fgetc(in_stream);
    return in_stream;
  }
  return fopen(name, mode);
}

int gridmilp_glpk_fclose(FILE* file) {
  if (file == out_stream) out_stream = NULL;
  if (file == in_stream) in_stream = NULL;
  return fclose(file);
}

void gridmilp_memfile_set_input(const char* data, size_t size) {
  in_data = data;
  in_size = size;
}

char* gridmilp_memfile_take(size_t* size) {
  char* text;
  if (out_stream != NULL) { /* left open by an error inside GLPK */
    fclose(out_stream);
    out_stream = NULL;
  }
  if (in_stream != NULL) {
    fclose(in_stream);
    in_stream = NULL;
  }
  text = out_buffer;
  *size = out_size;
  out_buffer = NULL;
  out_size = 0;
  return text;
}
