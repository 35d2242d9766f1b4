/* gridmilp — GLPK's integer feasibility route with a stop check (see glpk_sat.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The steps and their order follow GLPK 5.0's api/intfeas1.c and api/minisat1.c
 * (use_bound = 0: any feasible point). GLPK's sources are not changed. */
#include "glpk_sat.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "minisat.h"
#include "minisat_pool.h"
#include "npp.h"
#include "prob.h"

/* The stop check, reached through GLPK's terminal hook: MiniSat prints one progress
 * line (starting with '|') at each restart when its verbosity is 1. */
static struct {
  jmp_buf stop;
  int (*should_stop)(void* info);
  void* info;
  int (*outer_hook)(void* info, const char* text);
  void* outer_info;
  solver* searching; /* the solver of the search under way, or NULL */
} hook;

double gridmilp_sat_propagations_so_far(void) {
  return hook.searching != NULL ? hook.searching->stats.propagations : 0.0;
}

static int progress_hook(void* unused, const char* text) {
  (void)unused;
  /* A restart: the solver is between searches (solver_solve's loop), holding no
   * memory outside the solver object, which the caller deletes. */
  if (text[0] == '|' && hook.should_stop != NULL && hook.should_stop(hook.info)) {
    longjmp(hook.stop, 1);
  }
  return hook.outer_hook != NULL ? hook.outer_hook(hook.outer_info, text) : 1;
}

/* The same check between restarts, as MiniSat allocates (minisat_pool.h): nothing is
 * half-changed there either, and the caller deletes the solver (or its session drops
 * it) after a stop. */
static void allocation_poll(void) {
  if (hook.should_stop != NULL && hook.should_stop(hook.info)) longjmp(hook.stop, 1);
}

/* Sets up a solve: `stats` zeroed, the stop check installed. */
static void begin_solve(struct gridmilp_sat_stats* stats, int (*should_stop)(void* info),
                        void* info) {
  memset(stats, 0, sizeof *stats);
  hook.should_stop = should_stop;
  hook.info = info;
  /* A search left by a GLPK error (a longjmp past search's own reset) may have left
   * its allocation poll behind: none runs before this solve's search. */
  gridmilp_minisat_poll_during(NULL);
  hook.searching = NULL;
}

/* Counts the solvers made: a session is alive while its solver is the last one. */
static unsigned long solvers_made;
/* The solver of the session made last, while it is alive (else NULL). */
static solver* session_solver;

/* A MiniSat solver with `variables` variables. A session's solver still alive is
 * deleted first (its blocks over the pool's size classes come from the C library,
 * which the pool's reset does not take back); then the pool of MiniSat's memory
 * starts empty (see minisat_pool.h). */
static solver* new_solver(int variables) {
  solver* s;
  if (session_solver != NULL) {
    solver_delete(session_solver);
    session_solver = NULL;
  }
  solvers_made++;
  gridmilp_minisat_pool_reset();
  s = solver_new();
  solver_setnvars(s, variables);
  return s;
}

/* Deletes the solver of new_solver; the pool keeps at most its chunk budget. */
static void delete_solver(solver* s) {
  solver_delete(s);
  gridmilp_minisat_pool_reset();
}

/* MiniSat's search, alone in its frame. Under Emscripten every call made in a
 * function that calls setjmp goes through a JavaScript trampoline; this keeps the
 * search's own calls out of stoppable_solve's frame, also when link-time
 * optimisation would inline them there. */
static __attribute__((noinline)) int solve(solver* s) {
  return solver_solve(s, 0, 0) ? GRIDMILP_SAT_FOUND : GRIDMILP_SAT_NONE;
}

/* solve(s), or GRIDMILP_SAT_STOPPED when the stop check longjmps out of it. */
static __attribute__((noinline)) int stoppable_solve(solver* s) {
  if (setjmp(hook.stop) != 0) return GRIDMILP_SAT_STOPPED;
  return solve(s);
}

/* MiniSat's search on a solver holding the clauses, stoppable by the stop check;
 * the counters go into `stats`. Returns GRIDMILP_SAT_FOUND (s->model holds the
 * assignment), GRIDMILP_SAT_NONE or GRIDMILP_SAT_STOPPED. */
static int search(solver* s, struct gridmilp_sat_stats* stats) {
  ENV* env = get_env_ptr();
  int result;
  s->verbosity = 1; /* progress lines: where the stop check runs */
  hook.outer_hook = env->term_hook;
  hook.outer_info = env->term_info;
  glp_term_hook(progress_hook, NULL);
  hook.searching = s;
  gridmilp_minisat_poll_during(allocation_poll);
  result = stoppable_solve(s);
  gridmilp_minisat_poll_during(NULL);
  hook.searching = NULL;
  glp_term_hook(hook.outer_hook, hook.outer_info);
  stats->conflicts = s->stats.conflicts;
  stats->decisions = s->stats.decisions;
  stats->propagations = s->stats.propagations;
  stats->restarts = s->stats.starts;
  return result;
}

/* glp_minisat1 for the CNF problem `cnf` built by the preprocessor, stoppable. */
static int run_minisat(glp_prob* cnf, struct gridmilp_sat_stats* stats) {
  solver* s;
  int* lits;
  int i, j, len, result;
  GLPAIJ* aij;
  xassert(glp_check_cnfsat(cnf) == 0);
  if (cnf->m == 0) { /* no clauses: satisfiable, everything false will do */
    for (j = 1; j <= cnf->n; j++) cnf->col[j]->mipx = 0.0;
    return GRIDMILP_SAT_FOUND;
  }
  for (i = 1; i <= cnf->m; i++) {
    if (cnf->row[i]->ptr == NULL) return GRIDMILP_SAT_NONE; /* an empty clause */
  }
  s = new_solver(cnf->n);
  lits = xcalloc(1 + cnf->n, sizeof(int));
  for (i = 1; i <= cnf->m; i++) {
    len = 0;
    for (aij = cnf->row[i]->ptr; aij != NULL; aij = aij->r_next) {
      lits[++len] = toLit(aij->col->j - 1);
      if (aij->val < 0.0) lits[len] = lit_neg(lits[len]);
    }
    if (!solver_addclause(s, &lits[1], &lits[1 + len])) { /* a trivial conflict */
      xfree(lits);
      delete_solver(s);
      return GRIDMILP_SAT_NONE;
    }
  }
  xfree(lits);
  result = search(s, stats);
  if (result == GRIDMILP_SAT_FOUND) {
    xassert(s->model.size == cnf->n);
    for (j = 1; j <= cnf->n; j++) {
      cnf->col[j]->mipx = s->model.ptr[j - 1] == l_True ? 1.0 : 0.0;
    }
    for (i = 1; i <= cnf->m; i++) { /* row values, and each clause satisfied */
      double sum = 0.0;
      for (aij = cnf->row[i]->ptr; aij != NULL; aij = aij->r_next) sum += aij->val * aij->col->mipx;
      cnf->row[i]->mipx = sum;
      xassert(sum >= cnf->row[i]->lb);
    }
    cnf->mip_stat = GLP_OPT;
  }
  delete_solver(s);
  return result;
}

struct gridmilp_minisat_session {
  solver* s;
  unsigned long made; /* solvers_made when this one was made */
  int conflicted;     /* a clause conflicted at level 0 */
  int clauses;        /* clauses added (units and empty ones too) */
  int literals;       /* their literals */
};

struct gridmilp_minisat_session* gridmilp_minisat_session_new(void) {
  struct gridmilp_minisat_session* session = malloc(sizeof *session);
  if (session == NULL) return NULL;
  session->s = new_solver(0);
  session->made = solvers_made;
  session_solver = session->s;
  session->conflicted = 0;
  session->clauses = 0;
  session->literals = 0;
  return session;
}

int gridmilp_minisat_session_alive(const struct gridmilp_minisat_session* session) {
  return session != NULL && session->made == solvers_made && !session->conflicted;
}

int gridmilp_minisat_session_add(struct gridmilp_minisat_session* session, int variables,
                                 int clauses, const int* start, int* lits) {
  int i;
  xassert(session->made == solvers_made);
  if (solver_nvars(session->s) < variables) solver_setnvars(session->s, variables);
  session->clauses += clauses;
  session->literals += start[clauses] - start[0];
  for (i = 0; i < clauses && !session->conflicted; i++) {
    /* An empty clause (lits may then be NULL) says at once that nothing satisfies. */
    if (start[i] == start[i + 1] ||
        !solver_addclause(session->s, &lits[start[i]], &lits[start[i + 1]])) {
      session->conflicted = 1;
    }
  }
  return !session->conflicted;
}

int gridmilp_minisat_session_solve(struct gridmilp_minisat_session* session, int variables,
                                   int (*should_stop)(void* info), void* info,
                                   struct gridmilp_sat_stats* stats, unsigned char* assignment) {
  solver* s = session->s;
  double conflicts = s->stats.conflicts, decisions = s->stats.decisions;
  double propagations = s->stats.propagations, restarts = s->stats.starts;
  int j, result;
  xassert(session->made == solvers_made);
  begin_solve(stats, should_stop, info);
  stats->cnf_variables = variables;
  stats->cnf_clauses = session->clauses;
  stats->cnf_literals = session->literals;
  if (session->conflicted) return GRIDMILP_SAT_NONE;
  xassert(solver_nvars(s) <= variables);
  if (solver_nvars(s) < variables) solver_setnvars(s, variables);
  result = search(s, stats);
  stats->conflicts -= conflicts;
  stats->decisions -= decisions;
  stats->propagations -= propagations;
  stats->restarts -= restarts;
  if (result == GRIDMILP_SAT_FOUND) {
    xassert(s->model.size == variables);
    for (j = 0; j < variables; j++) assignment[j] = s->model.ptr[j] == l_True ? 1 : 0;
  } else if (result == GRIDMILP_SAT_NONE) {
    session->conflicted = 1; /* no assignment now, nor after more clauses */
  }
  return result;
}

void gridmilp_minisat_session_delete(struct gridmilp_minisat_session* session) {
  if (session == NULL) return;
  if (session->made == solvers_made) {
    session_solver = NULL;
    delete_solver(session->s);
  }
  free(session);
}

int gridmilp_minisat_solve(int variables, int clauses, const int* start, int* lits,
                           int (*should_stop)(void* info), void* info,
                           struct gridmilp_sat_stats* stats, unsigned char* assignment) {
  struct gridmilp_minisat_session* session;
  int i, result;
  begin_solve(stats, should_stop, info);
  stats->cnf_variables = variables;
  stats->cnf_clauses = clauses;
  stats->cnf_literals = start[clauses];
  /* Answered without a solver (a session's, if alive, stays so). */
  for (i = 0; i < clauses; i++) {
    if (start[i] == start[i + 1]) return GRIDMILP_SAT_NONE; /* an empty clause */
  }
  if (variables == 0) return GRIDMILP_SAT_FOUND; /* no variable, hence no clause */
  /* A session for one search: the same steps. */
  session = gridmilp_minisat_session_new();
  if (session == NULL) xerror("no memory for a MiniSat solver\n");
  gridmilp_minisat_session_add(session, variables, clauses, start, lits);
  result = gridmilp_minisat_session_solve(session, variables, should_stop, info, stats, assignment);
  gridmilp_minisat_session_delete(session);
  return result;
}

int gridmilp_glpk_sat_solve(glp_prob* P, int presolve, int (*should_stop)(void* info), void* info,
                            struct gridmilp_sat_stats* stats) {
  NPP* npp;
  glp_prob* cnf;
  int i, j, ret;
  begin_solve(stats, should_stop, info);
  P->mip_stat = GLP_UNDEF;
  P->mip_obj = 0.0;
  for (j = 0; j <= P->n; j++) glp_set_obj_coef(P, j, 0.0); /* feasibility only */
  npp = npp_create_wksp();
  npp_load_prob(npp, P, GLP_OFF, GLP_MIP, GLP_OFF);
  ret = 0;
  if (presolve) {
    /* GLPK's MIP presolver (as glp_intopt runs it, npp_integer's first step): it
     * removes fixed columns and the rows they settle, which the translation alone
     * would encode as adder circuits (the textbook model of a top95 puzzle: 53 ms
     * median without it, 1.8 ms with it, native). */
    NPPROW* row;
    NPPCOL* col;
    NPPAIJ* aij;
    ret = npp_process_prob(npp, 1);
    for (row = npp->r_head; row != NULL; row = row->next) {
      stats->presolved_rows++;
      for (aij = row->ptr; aij != NULL; aij = aij->r_next) stats->presolved_nonzeros++;
    }
    for (col = npp->c_head; col != NULL; col = col->next) stats->presolved_columns++;
  }
  if (ret == 0) ret = npp_sat_encode_prob(npp);
  if (ret != 0) {
    npp_delete_wksp(npp);
    if (ret == GLP_ENOPFS) { /* the translation itself found a contradiction */
      P->mip_stat = GLP_NOFEAS;
      return GRIDMILP_SAT_NONE;
    }
    xassert(ret == GLP_ERANGE || ret == GLP_ENODFS);
    return GRIDMILP_SAT_RANGE;
  }
  cnf = glp_create_prob();
  npp_build_prob(npp, cnf);
  stats->cnf_variables = cnf->n;
  stats->cnf_clauses = cnf->m;
  stats->cnf_literals = cnf->nnz;
  ret = run_minisat(cnf, stats);
  if (ret == GRIDMILP_SAT_FOUND) {
    npp_postprocess(npp, cnf);
    glp_delete_prob(cnf);
    cnf = NULL;
    npp_unload_sol(npp, P);
    P->mip_stat = GLP_FEAS;
    for (i = 1; i <= P->m; i++) { /* the original rows hold, as glp_intfeas1 checks */
      GLPROW* row = P->row[i];
      GLPAIJ* aij;
      double sum = 0.0;
      for (aij = row->ptr; aij != NULL; aij = aij->r_next) sum += aij->val * aij->col->mipx;
      if (row->type == GLP_LO || row->type == GLP_DB || row->type == GLP_FX) {
        xassert(sum >= row->lb);
      }
      if (row->type == GLP_UP || row->type == GLP_DB || row->type == GLP_FX) {
        xassert(sum <= row->ub);
      }
    }
  } else if (ret == GRIDMILP_SAT_NONE) {
    P->mip_stat = GLP_NOFEAS;
  }
  if (cnf != NULL) glp_delete_prob(cnf);
  npp_delete_wksp(npp);
  return ret;
}
