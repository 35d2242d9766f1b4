// gridmilp — MILP model builder.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A small modelling layer in the spirit of JuMP and PuLP: a `Model` owns variables,
// constraints and an objective; callers hold value handles (`Var`, `Constraint`) that
// are an index plus the owning model, never raw pointers. Indexed families of
// variables (`x[r][c][d]`) are created with `addVars` and named predictably
// (`x[3,5,9]`). Linear expressions support `+ - *`; comparing two expressions with
// `<=`, `>=` or `==` makes a `ConstraintSpec` that `addConstraint` turns into a row.
//
// When values may be read: after `solve()` returned a status with a solution
// (`hasSolution(status)`), and until the model is changed. Reading at any other time
// throws `ModelError`.
//
// Every misuse (a handle from another model, a non-finite coefficient, an index out
// of range, bounds lower > upper) throws `ModelError` with a message naming the
// variable or constraint and saying how to fix it.
#pragma once

#include <chrono>
#include <climits>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gridmilp::milp {

class Model;

/// Thrown on API misuse; the message names the culprit.
class ModelError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Kind of a decision variable.
enum class VarType : std::uint8_t { kContinuous, kInteger, kBinary };

/// Sense of a constraint row: expr <= rhs, expr >= rhs, expr == rhs.
enum class RowSense : std::uint8_t { kLessEqual, kGreaterEqual, kEqual };

/// Direction of the objective.
enum class ObjectiveSense : std::uint8_t { kMinimize, kMaximize };

/// What the solver concluded. New values go at the end.
enum class SolveStatus : std::uint8_t {
  kOptimal,     ///< proven optimal solution (any solution of a feasibility model)
  kFeasible,    ///< a solution, optimality not proven
  kInfeasible,  ///< proven to have no solution
  kUnbounded,   ///< the objective is unbounded (or the LP relaxation has no dual
                ///< feasible solution: GLPK cannot always tell this from infeasible)
  kTimeLimit,   ///< the time limit was reached; a solution may exist (hasSolution)
  kCancelled,   ///< stopped by the caller
  kError,       ///< the solver failed; SolveResult::message says why
};

/// Lower-case name of a status as used in the JSON protocol ("time_limit").
std::string_view toString(SolveStatus status);

/// Value handle of a variable: an index into its model.
struct Var {
  int index = -1;
  const Model* model = nullptr;
};

/// Value handle of a constraint (a row).
struct Constraint {
  int index = -1;
  const Model* model = nullptr;
};

/// A linear expression sum(coef * var) + constant. Terms referring to the same
/// variable are kept separate until the expression becomes a row (then merged).
class LinExpr {
 public:
  struct Term {
    int var;
    double coef;
  };

  LinExpr() = default;
  LinExpr(double constant);  // NOLINT(google-explicit-constructor): reads like maths
  LinExpr(Var var);          // NOLINT(google-explicit-constructor)

  /// Adds `coef * var`. Throws ModelError if coef is not finite or var belongs to
  /// another model than earlier terms.
  LinExpr& addTerm(Var var, double coef);
  LinExpr& operator+=(const LinExpr& other);
  LinExpr& operator-=(const LinExpr& other);
  LinExpr& operator*=(double factor);

  const std::vector<Term>& terms() const { return terms_; }
  double constant() const { return constant_; }
  const Model* model() const { return model_; }

 private:
  void adopt(const Model* model);
  const Model* model_ = nullptr;
  std::vector<Term> terms_;
  double constant_ = 0.0;
};

LinExpr operator+(LinExpr lhs, const LinExpr& rhs);
LinExpr operator-(LinExpr lhs, const LinExpr& rhs);
LinExpr operator-(LinExpr expr);
LinExpr operator*(double factor, LinExpr expr);
LinExpr operator*(LinExpr expr, double factor);

/// A constraint not yet added: expr (sense) rhs, variables on the left, constant on
/// the right.
struct ConstraintSpec {
  LinExpr expr;
  RowSense sense;
  double rhs;
};

ConstraintSpec operator<=(const LinExpr& lhs, const LinExpr& rhs);
ConstraintSpec operator>=(const LinExpr& lhs, const LinExpr& rhs);
ConstraintSpec operator==(const LinExpr& lhs, const LinExpr& rhs);

/// Index range [first, first + count) of one dimension of a variable family.
struct IndexRange {
  int first = 0;
  int count = 0;
};

/// In VarFamily::slice, an index that runs over its whole range (JuMP's `x[r, c, :]`).
inline constexpr int kAll = INT_MIN;

/// An indexed family of variables, e.g. x[r][c][d] over three ranges. Cheap to copy.
class VarFamily {
 public:
  VarFamily() = default;

  /// The variable at the given indices (one per dimension, within each range).
  /// Throws ModelError naming the family and the bad index otherwise.
  Var operator()(std::initializer_list<int> indices) const;
  template <typename... Ints>
  Var operator()(Ints... indices) const {
    return (*this)({static_cast<int>(indices)...});
  }

  /// The variable at the given indices, or nothing when a sparse family has no
  /// member there. Throws ModelError for indices outside the ranges.
  std::optional<Var> find(std::initializer_list<int> indices) const;

  /// The members whose indices match, in index order: each index is a value in its
  /// range or kAll, which runs over the whole range (so `x.slice({r, c, kAll})` is
  /// the digits of one cell and `sum(x.slice({kAll, c, d}))` a column's row for digit
  /// d). Missing members of a sparse family are skipped. Throws ModelError for a
  /// wrong number of indices or an index outside its range.
  std::vector<Var> slice(std::initializer_list<int> indices) const;

  const std::string& name() const;
  const std::vector<IndexRange>& ranges() const;
  /// Number of variables in the family (the product of the range counts for a dense
  /// family; the members for a sparse one).
  int size() const { return count_; }
  /// The family's variables in index order (last index fastest).
  std::vector<Var> all() const;
  /// The member at a dense offset (row-major over the ranges), or -1 (sparse
  /// families) when there is none. For builders that compute offsets themselves.
  int varAtOffset(int offset) const;

 private:
  friend class Model;
  const Model* model_ = nullptr;
  int family_ = -1;
  int first_var_ = 0;
  int count_ = 0;
};

/// Sum of variables or expressions, like JuMP's `sum`.
LinExpr sum(const std::vector<Var>& vars);
LinExpr sum(const std::vector<LinExpr>& exprs);

/// Branch-and-bound node selection when backtracking (GLPK's glp_iocp.bt_tech).
enum class Backtracking : std::uint8_t {
  kBestLocalBound,  ///< GLP_BT_BLB, GLPK's default
  kDepthFirst,      ///< GLP_BT_DFS: reaches a first solution soonest
  kBreadthFirst,    ///< GLP_BT_BFS
  kBestProjection,  ///< GLP_BT_BPH
};

/// Branching variable choice (GLPK's glp_iocp.br_tech).
enum class Branching : std::uint8_t {
  kDriebeckTomlin,   ///< GLP_BR_DTH, GLPK's default heuristic
  kFirstFractional,  ///< GLP_BR_FFV
  kLastFractional,   ///< GLP_BR_LFV
  kMostFractional,   ///< GLP_BR_MFV
  kPseudoCost,       ///< GLP_BR_PCH
};

/// How GLPK solves a MILP.
enum class Method : std::uint8_t {
  /// glp_intopt: LP relaxations solved by the simplex method, branch-and-bound (with
  /// GLPK's presolver, cuts and heuristics as the options say).
  kBranchAndBound,
  /// GLPK's integer feasibility route (as glp_intfeas1): for a pure 0-1 model with
  /// integer coefficients, GLPK's preprocessor translates the rows to CNF clauses
  /// and MiniSat, the CDCL SAT solver bundled with GLPK, finds an assignment. Any
  /// feasible point: the objective is ignored (status kOptimal when the objective is
  /// zero, else kFeasible). Only where enableSatMethod() was called (see there).
  kSat,
};

/// The protocol's name of a method ("branch-and-bound", "sat").
std::string_view toString(Method method);

/// Simplex method for the root LP when presolve is off (glp_smcp.meth).
enum class SimplexMethod : std::uint8_t {
  kPrimal,      ///< GLP_PRIMAL, GLPK's default
  kDual,        ///< GLP_DUAL: starts in phase 2 when the basis is dual feasible (always
                ///< so for a zero objective)
  kDualPrimal,  ///< GLP_DUALP: dual, falling back to primal on failure
};

/// A snapshot of a branch-and-bound run, for live display.
struct SolveProgress {
  std::int64_t nodes = 0;  ///< nodes created so far
  int activeNodes = 0;     ///< open nodes waiting to be explored
  /// Level of the current node (root = 0), or of the last one while GLPK picks the next.
  int depth = 0;
  bool hasIncumbent = false;
  double incumbent = 0;  ///< objective of the best solution so far
  std::optional<double> bestBound;
  std::optional<double> gap;  ///< relative, as GLPK's glp_ios_mip_gap
  double elapsedMs = 0;
};

/// Options of one solve.
/// A MiniSat solver kept from one SAT solve of a model to the next (see
/// SolveOptions::satSession; defined in glpk_sat_method.cpp).
struct SatSession;

/// A new, empty SatSession (its solver is made at its first solve).
std::shared_ptr<SatSession> newSatSession();

struct SolveOptions {
  /// Wall-clock limit inside the solver in ms; 0 = none. The SAT method checks it at
  /// MiniSat's restarts and about every 16 conflicts between them (glpk_sat.h).
  int timeLimitMs = 0;
  /// The SAT method: stop, as at the time limit (status kTimeLimit), within about 16
  /// conflicts of its solver having made this many propagations (literals assigned
  /// by unit propagation, MiniSat's own count), those of a kept solver's earlier solves
  /// (satSession) included; 0 = none. A budget of work that, unlike a time, is the same
  /// on every machine, and unlike a count of conflicts grows with the model's size
  /// (GenreSolver's fallback model, search.h).
  double satPropagationLimit = 0;
  /// Branch-and-bound, or the SAT method. The options below are branch-and-bound's;
  /// the SAT method takes presolve (GLPK's MIP presolver before the translation),
  /// forceSolverError and keepLog.
  Method method = Method::kBranchAndBound;
  /// Use GLPK's MIP presolver (glp_iocp.presolve).
  bool presolve = true;
  /// Relative gap tolerance (glp_iocp.mip_gap): stop when |incumbent − bound| /
  /// (|incumbent| + DBL_EPSILON) is at most this; 0 = prove optimality. A huge value
  /// stops at the first solution found (status kFeasible).
  double mipGap = 0.0;
  Backtracking backtracking = Backtracking::kBestLocalBound;
  Branching branching = Branching::kDriebeckTomlin;
  /// GLPK's bound tightening at each node (glp_iocp.pp_tech GLP_PP_ALL, GLPK's default),
  /// or at the root alone (GLP_PP_ROOT): on a large model of many nodes (an empty 60×60
  /// Akari, 3,600 binaries, 119 nodes) the nodes' passes took 39 % of the solve.
  bool preprocessEveryNode = true;
  /// GLPK's cut generators (glp_iocp.gmi_cuts, mir_cuts, cov_cuts, clq_cuts): all
  /// off by default, as in GLPK.
  bool gomoryCuts = false;
  bool mirCuts = false;
  bool coverCuts = false;
  bool cliqueCuts = false;
  /// GLPK's feasibility pump heuristic (glp_iocp.fp_heur).
  bool feasibilityPump = false;
  /// Root LP method and pricing (presolve off only: with presolve on, glp_intopt
  /// solves the root LP with its own settings).
  SimplexMethod rootMethod = SimplexMethod::kPrimal;
  /// The simplex of solveRelaxation (the LP relaxation alone, after GLPK's LP
  /// presolver). The dual: a model without objective has every basis dual feasible, and
  /// Nurikabe's LP took the primal 19 s where the dual takes 1.1 s; but the dual is slow
  /// on the assignment rows of a Sudoku (an empty 25×25: over 12 minutes, the primal
  /// 6.5 s), so the Sudoku route and the digit genres ask for the primal
  /// (Genre::relaxMethod; docs/performance.md, thirty-sixth session).
  SimplexMethod relaxMethod = SimplexMethod::kDualPrimal;
  /// Projected steepest edge pricing (GLPK's default) or textbook pricing.
  bool steepestEdge = true;
  /// Called from the branch-and-bound callback at most every progressIntervalMs
  /// (and never when the tree is not entered). Returning false stops the search
  /// (status kCancelled, or kFeasible/kTimeLimit semantics kept for an incumbent).
  /// Must not throw.
  std::function<bool(const SolveProgress&)> onProgress;
  double progressIntervalMs = 50;
  /// Record the branching decisions (SolveResult::branching), for teaching. GLPK does
  /// not say which variable it branched on, so the callback chooses: the most
  /// fractional variable (ties: the lowest index), up-branch (x = 1) first. This
  /// overrides `branching`, and turns GLPK's presolve off: the presolved problem
  /// renumbers its columns. At most maxRecordedBranches are recorded (then GLPK
  /// chooses by `branching` again).
  bool recordBranching = false;
  int maxRecordedBranches = 500;
  /// The SAT method: when every row has coefficients +1 or −1 (all of gridmilp's
  /// Sudoku models and their no-good cuts), write the clauses GLPK's translation
  /// would write for them directly from the rows (fixed columns substituted), skipping
  /// GLPK's MIP presolver, its preprocessor workspace and the intermediate CNF
  /// problem; `presolve` then has no effect. False always takes GLPK's route.
  bool satDirectClauses = true;
  /// The SAT method, direct clauses: when set, the solver of the session's last solve
  /// of the same model is kept, and the rows added since (a re-solve loop's cuts, a
  /// no-good) are added to it as clauses, so that MiniSat keeps what it learnt; any
  /// other change to the model (bounds, a right-hand side, a row that needs GLPK's
  /// translation), or another SAT solve in between, builds a new solver. Null: a new
  /// solver each solve. puzzles::solveWithCuts sets one.
  std::shared_ptr<SatSession> satSession;
  /// Test hook: make GLPK raise an internal error during the solve, to exercise the
  /// recovery path. The result is kError; the backend keeps working afterwards.
  bool forceSolverError = false;
  /// Keep the solver's terminal output in SolveResult::log (it is never printed).
  bool keepLog = false;
};

/// The SAT method's figures in SolveStats::sat: the size of the CNF GLPK's
/// translation made (variables: the model's columns plus auxiliaries) and MiniSat's
/// counters. Declared here, not nested in SolveStats: Clang 14 decides whether
/// std::optional<Nested> is default-constructible before the enclosing class is
/// complete, and then rejected stats.sat.emplace().
struct SatStats {
  int variables = 0;
  int clauses = 0;
  int literals = 0;
  std::int64_t conflicts = 0;
  std::int64_t decisions = 0;
  std::int64_t propagations = 0;
  std::int64_t restarts = 0;
  /// True when gridmilp wrote the clauses itself (every row has ±1 coefficients:
  /// see SolveOptions::satDirectClauses); false when GLPK's translation did.
  bool direct = false;
  /// True when the solver of SolveOptions::satSession's last solve was kept and only
  /// the rows added since were added to it.
  bool kept = false;
};

/// Statistics of one solve. Sizes of the presolved problem are empty when presolve
/// was off; zero when the presolver solved the problem outright.
struct SolveStats {
  int rows = 0;
  int columns = 0;
  int nonzeros = 0;
  std::optional<int> presolvedRows;
  std::optional<int> presolvedColumns;
  std::optional<int> presolvedNonzeros;
  /// Branch-and-bound nodes created (0 if presolve solved the model, 1 if the root
  /// node settled it).
  std::int64_t nodes = 0;
  /// Simplex iterations over all LPs solved.
  std::int64_t simplexIterations = 0;
  /// Whether the root node's LP relaxation had an integral solution; empty when no
  /// LP was solved (presolve settled the model, or the LP was infeasible).
  std::optional<bool> rootLpIntegral;
  /// Wall-clock time inside the solver, ms.
  double solveMs = 0.0;
  /// Best bound on the objective from branch-and-bound (equal to the objective when
  /// optimal); empty when no tree was explored and no solution found.
  std::optional<double> bestBound;
  /// Relative gap |objective − bound| / (|objective| + DBL_EPSILON), GLPK's
  /// definition (glp_ios_mip_gap); 0 when optimal; empty without a solution.
  std::optional<double> gap;
  /// The SAT method's figures (empty for branch-and-bound).
  std::optional<SatStats> sat;
};

/// One branching decision of a recorded branch-and-bound run.
struct BranchRecord {
  int node = 0;        ///< GLPK's number of the node that branched
  int parent = 0;      ///< its parent's number (0 for the root)
  int depth = 0;       ///< level of the node (root = 0)
  Var variable;        ///< the variable branched on
  double lpValue = 0;  ///< its fractional value in the node's LP relaxation
};

/// Outcome of `Model::solve`.
/// `options` with timeLimitMs cut by the ms spent since `start`, for a call that solves
/// several times under one limit: at least 1 ms (0 would mean "no limit"), unchanged
/// when there is no limit.
SolveOptions withTimeLeft(const SolveOptions& options, std::chrono::steady_clock::time_point start);

/// Whether options.timeLimitMs (when set) has passed since `start`: a call that solves
/// several times under one limit starts no further solve then (withTimeLeft gives a late
/// solve 1 ms, which a backend measures from its own start).
bool pastTimeLimit(const SolveOptions& options, std::chrono::steady_clock::time_point start);

struct SolveResult {
  SolveStatus status = SolveStatus::kError;
  /// Objective value of the solution (0 for a feasibility model); meaningful only
  /// when hasSolution(status).
  double objective = 0.0;
  SolveStats stats;
  /// For kError: what failed, with GLPK's own message.
  std::string message;
  /// Solver terminal output, when SolveOptions::keepLog was set.
  std::string log;
  /// Whether a solution is available (optimal, feasible, or a time limit with an
  /// incumbent).
  bool hasSolution = false;
  /// Branching decisions in the order they were made (SolveOptions::recordBranching).
  std::vector<BranchRecord> branching;
  /// Nodes (GLPK's numbers) where an integer solution was found, in order.
  std::vector<int> incumbentNodes;
};

/// A MILP: variables with bounds and types, linear constraint rows, a linear
/// objective. Not thread-safe; one solve at a time.
class Model {
 public:
  Model() = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;
  Model(Model&&) = delete;
  Model& operator=(Model&&) = delete;

  /// Adds one variable. Binary variables get bounds [0, 1] whatever is passed.
  /// Throws ModelError if lower > upper or a bound is NaN, or when another variable
  /// or family already has the (non-empty) name. Infinite bounds are free.
  Var addVar(std::string name, VarType type, double lower, double upper);
  Var addBinary(std::string name) { return addVar(std::move(name), VarType::kBinary, 0, 1); }

  /// Adds a family of variables over the given index ranges; variable names are
  /// `name[i,j,...]`. Throws ModelError on an empty range list, a negative count, or
  /// a name that a variable or another family already has.
  VarFamily addVars(std::string name, std::vector<IndexRange> ranges, VarType type, double lower,
                    double upper);

  /// Adds a sparse family: only the members at the given dense offsets (row-major over
  /// the ranges, strictly increasing) exist, named like dense members (`x[3,5,9]`).
  /// Throws ModelError for offsets out of range or not increasing.
  VarFamily addSparseVars(std::string name, std::vector<IndexRange> ranges,
                          const std::vector<int>& offsets, VarType type, double lower,
                          double upper);

  /// Adds a row. Coefficients of repeated variables are merged; a row with no
  /// variables is accepted only when it holds (otherwise ModelError: it would make
  /// the model trivially infeasible, which is nearly always a bug in the caller).
  /// The name is optional (rows print as `c<index>` then); a name another row added
  /// by addConstraint already has throws ModelError.
  Constraint addConstraint(const ConstraintSpec& spec, std::string name = {});

  /// A row name formatted only when asked for: `family[a,b]` (b left out when < 0).
  /// `family` must outlive the model (a string literal).
  struct RowLabel {
    const char* family = nullptr;
    int a = 0;
    int b = -1;
  };
  /// The fast path for builders: a row from parallel arrays of variable indices
  /// (of this model, no repeats) and coefficients, with a lazily formatted name.
  /// Repeated variables are merged (their coefficients added). Throws ModelError for an
  /// index out of range, a non-finite coefficient, or a row with no variables that
  /// cannot hold.
  Constraint addRow(const int* vars, const double* coefs, int count, RowSense sense, double rhs,
                    RowLabel label);

  /// The no-good cut over binaries: with S the variables at 1 in a solution (`ones`)
  /// and Z those at 0 (`zeros`),
  ///     sum_{a in S} a − sum_{a in Z} a <= |S| − 1,
  /// which every 0-1 point agreeing with the solution on S ∪ Z violates and every other
  /// satisfies (Balas and Jeroslow, "Canonical cuts on the unit hypercube", SIAM J.
  /// Appl. Math. 23, 1972). With Z empty it is the one-hot form: when exactly one of
  /// each cell's binaries is 1 in every feasible point, the S terms alone say the same.
  /// The one construction behind uniqueness and enumeration of every genre
  /// (puzzles::excludeCurrentAnswer) and of the Sudoku route (SudokuSolver::exclude).
  /// Repeated variables are merged, as addRow merges them. Throws as addRow (with both
  /// lists empty the row reads 0 <= −1).
  Constraint addNoGood(const std::vector<int>& ones, const std::vector<int>& zeros, RowLabel label);

  void minimize(const LinExpr& objective);
  void maximize(const LinExpr& objective);

  /// Solves with GLPK. Never throws for solver trouble: a GLPK error comes back as
  /// SolveStatus::kError with the message.
  SolveResult solve(const SolveOptions& options = {});

  /// Takes `values` (one per variable, in index order) as the last solution, as if a
  /// solve had found them: a point found elsewhere (an integral LP relaxation) is then
  /// read through value(), violatedRow() and the genres' decoding. Throws ModelError
  /// when `values` does not have one value per variable.
  void adoptSolution(std::vector<double> values);

  /// Value of a variable in the last solution. Throws ModelError when no solution
  /// is available (no solve yet, the solve found none, or the model changed since).
  double value(Var var) const;
  double value(const LinExpr& expr) const;

  /// The first row, from index `first` on, that the last solution violates by more than
  /// 1e-9 (its index), or -1 when every such row holds or there is no solution. The SAT
  /// method checks each answer of a kept solver against the rows added since its last
  /// solve only; puzzles::solveWithCuts checks the answer it accepts against every row.
  int violatedRow(int first = 0) const;

  /// Fixes a variable's bounds to [value, value] (e.g. a given). Invalidates the
  /// solution.
  void fix(Var var, double value);
  /// Changes bounds; throws ModelError if lower > upper.
  void setBounds(Var var, double lower, double upper);
  /// Changes the right-hand side of a row (e.g. the bound K of "keep at least K" in a
  /// sequence of feasibility problems). Invalidates the solution. Throws ModelError for
  /// a row of another model or a value that is not finite.
  void setRhs(Constraint row, double rhs);

  int numVars() const { return static_cast<int>(var_type_.size()); }
  int numConstraints() const { return static_cast<int>(row_sense_.size()); }
  int numNonzeros() const { return static_cast<int>(row_var_.size()); }

  /// Predictable name: a family member prints as `x[3,5,9]`.
  std::string name(Var var) const;
  std::string name(Constraint row) const;
  /// The variable of that name (`x[3,5,9]`, or a lone variable's name), or nothing
  /// (also for a sparse family's missing member or an index out of range).
  std::optional<Var> findVar(std::string_view name) const;
  /// The row of that name: a name given to addConstraint, or a builder's label
  /// (`box[2,5]`, found by formatting the labels: linear in the rows), or nothing.
  std::optional<Constraint> findConstraint(std::string_view name) const;

  // Plain data, read by the backend (and by exporters). Rows are stored compressed:
  // row i has entries [rowStart(i), rowStart(i + 1)) of rowVars/rowCoefs.
  VarType varType(int j) const { return var_type_[j]; }
  double varLower(int j) const { return var_lower_[j]; }
  double varUpper(int j) const { return var_upper_[j]; }
  double objectiveCoef(int j) const { return obj_coef_[j]; }
  double objectiveConstant() const { return obj_constant_; }
  ObjectiveSense objectiveSense() const { return obj_sense_; }
  int rowStart(int i) const { return row_start_[i]; }
  const std::vector<int>& rowVars() const { return row_var_; }
  const std::vector<double>& rowCoefs() const { return row_coef_; }
  RowSense rowSense(int i) const { return row_sense_[i]; }
  double rowRhs(int i) const { return row_rhs_[i]; }

 private:
  struct Family {
    std::string name;
    std::vector<IndexRange> ranges;
    int first_var;
    int dense_count = 0;       // product of the range counts
    std::vector<int> offsets;  // sparse: dense offset of each member; empty if dense
    // Sparse: the member number at each dense offset, or -1. Empty if dense (a sparse
    // family with no member has empty offsets too: this tells them apart).
    std::vector<int> by_offset;
  };
  friend class VarFamily;

  /// addVars and addSparseVars: a dense family when `offsets` is null.
  VarFamily addFamily(std::string name, std::vector<IndexRange> ranges,
                      const std::vector<int>* offsets, VarType type, double lower, double upper);
  /// Merges/validates the entries of the row being built (from `begin`) and appends it.
  /// Its name is already row_names_'s last entry (the caller pops it if this throws).
  Constraint finishRow(std::size_t begin, RowSense sense, double rhs, RowLabel label);
  void check(Var var, std::string_view what) const;
  void check(const LinExpr& expr, std::string_view what) const;
  void setObjective(const LinExpr& objective, ObjectiveSense sense);
  void invalidate() {
    solution_.clear();
    has_solution_ = false;
  }

  /// Names side by side in one string, one entry per column or per row (empty when none
  /// was given). A large model's 400,000 row names were each a std::string, most too long
  /// to stay off the heap, and each again the key of a hash map: with this table and
  /// NameIndex, the build and teardown of 1055_40x57's model `cells` went from 0.93 to
  /// 0.51 s natively and from 1.14 to 0.59 s in WASM (docs/performance.md).
  class NameTable {
   public:
    std::string_view at(int i) const {
      const std::size_t from = i == 0 ? 0 : end_[i - 1];
      return std::string_view(text_).substr(from, end_[i] - from);
    }
    int size() const { return static_cast<int>(end_.size()); }
    void push(std::string_view name) {
      text_.append(name);
      end_.push_back(text_.size());
    }
    void pushEmpty(std::size_t count) { end_.resize(end_.size() + count, text_.size()); }
    void pop() {
      end_.pop_back();
      text_.resize(end_.empty() ? 0 : end_.back());
    }

   private:
    std::string text_;
    std::vector<std::size_t> end_;
  };
  /// An index of a NameTable's non-empty entries by their text: open addressing with
  /// linear probing, at most half full, each slot the entry's number and 32 bits of its
  /// name's hash (8 bytes a name and one allocation for all, where the
  /// std::unordered_map<std::string, int> it replaced made a node and a key a name).
  class NameIndex {
   public:
    explicit NameIndex(const NameTable* table) : table_(table) {}
    static std::uint32_t hash(std::string_view name) {
      return static_cast<std::uint32_t>(std::hash<std::string_view>{}(name));
    }
    /// The entry named `name` (whose hash() is `h`), or -1.
    int find(std::string_view name, std::uint32_t h) const;
    /// Adds entry `i` (its name's hash() is `h`; no entry of that name is in).
    void insert(int i, std::uint32_t h);

   private:
    struct Slot {
      std::uint32_t hash = 0;
      int entry = -1;  ///< -1: empty
    };
    const NameTable* table_;
    std::vector<Slot> slots_;  ///< empty, or a power of two long
    std::size_t count_ = 0;
  };

  // Variables (columns).
  std::vector<VarType> var_type_;
  std::vector<double> var_lower_;
  std::vector<double> var_upper_;
  std::vector<double> obj_coef_;
  std::vector<int> var_family_;  // -1 for a lone variable
  NameTable lone_names_;         // by var index: a lone variable's name, else empty
  std::vector<Family> families_;
  // Name lookups: a family (>= 0) or -1 - a lone variable's index for a variable
  // name, a row for a name given to addConstraint; kNoName when there is none.
  static constexpr int kNoName = INT_MIN;
  int varByName(std::string_view name) const;
  int rowByName(std::string_view name) const;
  // Rows.
  std::vector<int> row_start_{0};
  std::vector<int> row_var_;
  std::vector<double> row_coef_;
  std::vector<RowSense> row_sense_;
  std::vector<double> row_rhs_;
  NameTable row_names_;  // by row: the name given to addConstraint, else empty
  std::vector<RowLabel> row_label_;
#ifndef GRIDMILP_NO_NAME_INDEX
  // The index behind the lookups. The page's first-solve WASM module (Sudoku's models:
  // one family, no named row) is built with GRIDMILP_NO_NAME_INDEX and scans instead:
  // the hash tables cost it 2.3 KB of gzip (see CMakeLists.txt).
  std::unordered_map<std::string, int> family_names_;
  NameIndex lone_index_{&lone_names_};
  NameIndex row_index_{&row_names_};
#endif
  // Objective.
  ObjectiveSense obj_sense_ = ObjectiveSense::kMinimize;
  double obj_constant_ = 0.0;
  // Last solution.
  std::vector<double> solution_;
  bool has_solution_ = false;
  // Scratch for merging row coefficients: position of each var in the row being
  // built, or -1.
  std::vector<int> merge_slot_;
};

}  // namespace gridmilp::milp
