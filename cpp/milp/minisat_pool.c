/* gridmilp — the memory of GLPK's MiniSat: a pool of size classes (see minisat_pool.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "minisat_pool.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Every block starts with a header holding its usable size; the header is 8 bytes,
 * so blocks stay 8-byte aligned within chunks that malloc aligned. */
typedef union {
  size_t size;
  double align;
} header;

enum {
  kGrain = 8,       /* usable sizes are multiples of this */
  kSmallMax = 1024, /* larger blocks come from the C library */
  kClasses = kSmallMax / kGrain + 1,
  kChunkBytes = 256 * 1024,
  kKeptChunks = 16, /* chunks a reset keeps for the next solve */
  kPollEvery = 16   /* allocations per poll (a power of two) */
};

/* A block larger than kSmallMax comes from the C library with this in front: the large
 * blocks are linked so that a reset frees those left behind (minisat_pool.h). */
typedef struct large {
  struct large* prev;
  struct large* next;
  header h; /* last: the block follows it */
} large;

typedef struct chunk {
  struct chunk* next;
  header align; /* the first block starts after this */
} chunk;

static struct {
  chunk* first;   /* every chunk, in the order they were made */
  chunk* current; /* the chunk blocks are cut from */
  char* bump;     /* its first unused byte */
  char* end;      /* its end */
  header* free_list[kClasses];
  large* large_blocks; /* every large block not yet freed */
} pool;

static char* chunk_begin(chunk* c) { return (char*)(&c->align); }

/* Cuts `bytes` (header included) from the chunks, moving on (or making a new chunk)
 * when the current one is full. NULL when the C library has no memory. */
static header* cut(size_t bytes) {
  while (pool.current == NULL || (size_t)(pool.end - pool.bump) < bytes) {
    chunk* next = pool.current != NULL ? pool.current->next : pool.first;
    if (next == NULL) {
      next = (chunk*)malloc(kChunkBytes);
      if (next == NULL) return NULL;
      next->next = NULL;
      if (pool.current != NULL) {
        pool.current->next = next;
      } else {
        pool.first = next;
      }
    }
    pool.current = next;
    pool.bump = chunk_begin(next);
    pool.end = (char*)next + kChunkBytes;
  }
  header* h = (header*)pool.bump;
  pool.bump += bytes;
  return h;
}

/* The poll of gridmilp_minisat_poll_during and the allocations since it was set. */
static void (*poll_hook)(void);
static unsigned poll_count;

void gridmilp_minisat_poll_during(void (*poll)(void)) {
  poll_hook = poll;
  poll_count = 0;
}

void* gridmilp_minisat_malloc(size_t size) {
  /* Before anything changes: the poll may leave by longjmp (minisat_pool.h). */
  if (poll_hook != NULL && (++poll_count & (kPollEvery - 1)) == 0) poll_hook();
  const size_t usable = size == 0 ? kGrain : (size + kGrain - 1) / kGrain * kGrain;
  header* h;
  if (usable > kSmallMax) {
    large* b = (large*)malloc(sizeof(large) + usable);
    if (b == NULL) return NULL;
    b->prev = NULL;
    b->next = pool.large_blocks;
    if (b->next != NULL) b->next->prev = b;
    pool.large_blocks = b;
    h = &b->h;
  } else {
    const size_t c = usable / kGrain;
    h = pool.free_list[c];
    if (h != NULL) {
      pool.free_list[c] = *(header**)(h + 1);
    } else {
      h = cut(sizeof(header) + usable);
      if (h == NULL) return NULL;
    }
  }
  h->size = usable;
  return h + 1;
}

void gridmilp_minisat_free(void* ptr) {
  if (ptr == NULL) return;
  header* h = (header*)ptr - 1;
  if (h->size > kSmallMax) {
    large* b = (large*)((char*)h - offsetof(large, h));
    if (b->prev != NULL) {
      b->prev->next = b->next;
    } else {
      pool.large_blocks = b->next;
    }
    if (b->next != NULL) b->next->prev = b->prev;
    free(b);
    return;
  }
  /* The free list's link lives in the block's first bytes. */
  const size_t c = h->size / kGrain;
  *(header**)ptr = pool.free_list[c];
  pool.free_list[c] = h;
}

void* gridmilp_minisat_realloc(void* ptr, size_t size) {
  if (ptr == NULL) return gridmilp_minisat_malloc(size);
  const size_t usable = ((header*)ptr - 1)->size;
  if (size <= usable) return ptr;
  void* moved = gridmilp_minisat_malloc(size);
  if (moved == NULL) return NULL;
  memcpy(moved, ptr, usable);
  gridmilp_minisat_free(ptr);
  return moved;
}

void gridmilp_minisat_pool_reset(void) {
  memset(pool.free_list, 0, sizeof pool.free_list);
  while (pool.large_blocks != NULL) {
    large* next = pool.large_blocks->next;
    free(pool.large_blocks);
    pool.large_blocks = next;
  }
  chunk* c = pool.first;
  for (int kept = 1; c != NULL && kept < kKeptChunks; ++kept) c = c->next;
  if (c != NULL) { /* more than kKeptChunks: the rest go back */
    chunk* rest = c->next;
    c->next = NULL;
    while (rest != NULL) {
      chunk* next = rest->next;
      free(rest);
      rest = next;
    }
  }
  pool.current = pool.first;
  if (pool.first != NULL) {
    pool.bump = chunk_begin(pool.first);
    pool.end = (char*)pool.first + kChunkBytes;
  }
}
