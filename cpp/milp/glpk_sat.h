/* gridmilp — GLPK's integer feasibility route (CNF-SAT, MiniSat) with a stop check.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same steps as GLPK 5.0's glp_intfeas1 (api/intfeas1.c) and glp_minisat1
 * (api/minisat1.c), for a pure 0-1 feasibility problem, optionally after GLPK's MIP
 * presolver (which glp_intfeas1 does not run): GLPK's preprocessor
 * translates the rows to CNF clauses (npp_sat_encode_prob: partitioning and packing
 * rows become at-most-one clauses, covering rows clauses, other rows adder
 * circuits), MiniSat 1.14 (bundled with GLPK) solves the clauses, and the
 * preprocessor maps the assignment back to the columns. What differs: the caller
 * can stop the search (glp_intfeas1 has no time limit), and MiniSat's counters are
 * returned.
 *
 * The stop check runs where MiniSat reports progress, at each of its restarts (after
 * 100, then 1.5 times as many conflicts as the restart before), and between them at
 * every 16th allocation MiniSat makes (each learnt clause is one, so about every 16
 * conflicts; minisat_pool.h). It leaves the search by longjmp and the solver is
 * deleted; only a search that runs long without learning a clause stops late.
 *
 * Compiled with GLPK's private headers (cmake/Glpk.cmake). Call it only under
 * gridmilp's GLPK error recovery (glpk_backend.cpp's runProtected): GLPK's own
 * assertions end in its error hook. Not thread-safe (one stop hook). */
#ifndef GRIDMILP_MILP_GLPK_SAT_H_
#define GRIDMILP_MILP_GLPK_SAT_H_

#include <glpk.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What the search saw: the CNF's size and MiniSat's counters. */
struct gridmilp_sat_stats {
  int presolved_rows; /**< after GLPK's MIP presolver (zeros when it did not run) */
  int presolved_columns;
  int presolved_nonzeros;
  int cnf_variables; /**< after the translation (columns plus auxiliaries) */
  int cnf_clauses;
  int cnf_literals;
  double conflicts;
  double decisions;
  double propagations;
  double restarts;
};

/** The propagations (literals assigned by unit propagation) of the solver of the search
 *  under way, its earlier searches included (a session's solver counts every solve of
 *  the session), or 0 outside a search: for the stop check, which runs inside one. */
double gridmilp_sat_propagations_so_far(void);

/** Outcome, as glp_intfeas1's: GRIDMILP_SAT_FOUND (P's MIP solution holds the
 *  assignment, glp_mip_status GLP_FEAS), GRIDMILP_SAT_NONE (no assignment exists,
 *  GLP_NOFEAS), GRIDMILP_SAT_STOPPED (the stop check said so), GRIDMILP_SAT_RANGE (the
 *  translation overflowed an int: coefficients too large). */
enum {
  GRIDMILP_SAT_FOUND = 0,
  GRIDMILP_SAT_NONE = 1,
  GRIDMILP_SAT_STOPPED = 2,
  GRIDMILP_SAT_RANGE = 3
};

/** Solves P (every column binary or fixed to 0 or 1, every coefficient and bound an
 *  integer: checked by the caller; the objective is ignored). With `presolve`
 *  non-zero, GLPK's MIP presolver (npp_process_prob, as in glp_intopt) runs before
 *  the translation; glp_intfeas1 has none. `should_stop(info)` is
 *  called at each MiniSat restart and every 16th allocation
 *  during the search; non-zero stops. `stats` is filled (zeros where the
 *  search did not get). */
int gridmilp_glpk_sat_solve(glp_prob* P, int presolve, int (*should_stop)(void* info), void* info,
                            struct gridmilp_sat_stats* stats);

/** MiniSat 1.14 (bundled with GLPK) on clauses given directly, with the same stop
 *  check: `variables` variables numbered 0 to variables − 1; clause i (0 to
 *  clauses − 1) holds the literals lits[start[i]] to lits[start[i + 1] − 1], each
 *  2v for "variable v is 1" and 2v + 1 for "variable v is 0" (MiniSat's toLit and
 *  lit_neg); lits is reordered in place. Returns GRIDMILP_SAT_FOUND with
 *  `assignment` (`variables` entries, 0 or 1) filled, GRIDMILP_SAT_NONE (no
 *  assignment satisfies the clauses) or GRIDMILP_SAT_STOPPED. `stats` is filled; its
 *  presolved_* stay 0. For gridmilp's own translation of ±1 rows (glpk_sat_method.cpp). */
int gridmilp_minisat_solve(int variables, int clauses, const int* start, int* lits,
                           int (*should_stop)(void* info), void* info,
                           struct gridmilp_sat_stats* stats, unsigned char* assignment);

/** A MiniSat solver kept between searches (a session), so that a re-solve loop adds
 *  its cuts as clauses to the solver that found the last assignment, which keeps its
 *  learnt clauses and its variable activities, instead of building a new one each
 *  round. MiniSat 1.14 allows this: solver_solve ends at decision level 0, and
 *  solver_addclause then adds clauses (dropping literals fixed at level 0). Only one
 *  MiniSat solver is alive at a time (its memory pool, minisat_pool.h): creating any
 *  other solver deletes the session's, which gridmilp_minisat_session_alive then says. */
struct gridmilp_minisat_session;

/** A new session with no clause; ends any other (its memory goes back to the pool). */
struct gridmilp_minisat_session* gridmilp_minisat_session_new(void);

/** Non-zero while the session's solver is the one alive (no other solver was created
 *  since, and no clause conflicted at level 0). */
int gridmilp_minisat_session_alive(const struct gridmilp_minisat_session* session);

/** Adds clauses as gridmilp_minisat_solve takes them, over `variables` variables (at
 *  least as many as before); `lits` is reordered in place. Returns 0 when they
 *  conflict with what the solver knows at level 0 (then no assignment exists), 1
 *  otherwise. */
int gridmilp_minisat_session_add(struct gridmilp_minisat_session* session, int variables,
                                 int clauses, const int* start, int* lits);

/** MiniSat's search on the session's clauses, as gridmilp_minisat_solve (the same
 *  returns and stop check; `assignment` gets `variables` entries, which may be more
 *  than the solver has seen: those are 0). `stats` gets this search's counts and the
 *  session's sizes. */
int gridmilp_minisat_session_solve(struct gridmilp_minisat_session* session, int variables,
                                   int (*should_stop)(void* info), void* info,
                                   struct gridmilp_sat_stats* stats, unsigned char* assignment);

/** Deletes the session (its solver too, when still alive); NULL is ignored. */
void gridmilp_minisat_session_delete(struct gridmilp_minisat_session* session);

#ifdef __cplusplus
}
#endif

#endif /* GRIDMILP_MILP_GLPK_SAT_H_ */
