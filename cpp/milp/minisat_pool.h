/* gridmilp — the memory of GLPK's MiniSat: a pool of size classes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MiniSat 1.14 (GLPK 5.0's minisat/minisat.c) allocates every clause, and every
 * variable's two watch lists, with its own malloc, and frees each when the solver is
 * deleted. For a Sudoku that is about 2,000 allocations and frees per solve, which
 * cost more than MiniSat's search itself (callgrind, top95 with the reduced model:
 * a quarter of all instructions were in malloc, realloc and free). cmake/Glpk.cmake
 * compiles minisat.c with malloc, realloc and free renamed to the functions here
 * (minisat.c itself is not changed), which serve blocks of up to 1,024 bytes from
 * 256 KiB chunks by size class (multiples of 8 bytes) with one free list per class,
 * and larger blocks from the C library.
 *
 * gridmilp_minisat_pool_reset makes every chunk free again and frees every larger
 * block still out; call it only while no MiniSat solver is alive: before solver_new (a
 * solver abandoned by a GLPK error, which is never touched again, gives its memory back
 * this way, as do the vectors of a search left by longjmp: solver_search's learnt clause
 * is a local vector, which grows past 1,024 bytes for a clause of 256 literals) and
 * after solver_delete, where it also returns chunks beyond the first 16 (4 MiB) to the
 * C library. Without resets the pool is still a correct allocator. Not thread-safe,
 * like GLPK in gridmilp's build. */
#ifndef GRIDMILP_MILP_MINISAT_POOL_H_
#define GRIDMILP_MILP_MINISAT_POOL_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** As malloc: `size` bytes aligned to 8, or NULL when the C library has no memory. */
void* gridmilp_minisat_malloc(size_t size);
/** As realloc (NULL `ptr`: malloc); the block moves only when it must grow. */
void* gridmilp_minisat_realloc(void* ptr, size_t size);
/** As free, for blocks from the two functions above (NULL is ignored). */
void gridmilp_minisat_free(void* ptr);
/** Calls `poll` (NULL: none) at every 16th allocation from now on (realloc that grows
 *  and malloc), before the allocation touches anything: a poll that leaves by longjmp
 *  leaves MiniSat's memory as it was. MiniSat allocates each learnt clause of two
 *  literals or more, so during a search this is about every 16 conflicts; MiniSat's
 *  own progress lines come only at its restarts (after 100 conflicts, then 1.5 times
 *  as many as the restart before). For glpk_sat.c's stop check. */
void gridmilp_minisat_poll_during(void (*poll)(void));
/** Every pooled block is free again (see the file comment for when to call it). */
void gridmilp_minisat_pool_reset(void);

#ifdef __cplusplus
}
#endif

#endif /* GRIDMILP_MILP_MINISAT_POOL_H_ */
