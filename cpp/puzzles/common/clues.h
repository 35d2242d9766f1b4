// gridmilp — a clue's rule that "Why no solution?" may drop (Saito's IF by big-M).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// For the clue genres (Akari, Slitherlink, Kakuro, Heyawake, Kuromasu) "the fewest
// givens to remove" is the fewest clues to drop: the genre's model built with
// BuildOptions::switchClues, where each clue's rule `expr = value` holds only when a
// binary keep is 1, and explain.h's fewestToDrop maximises Σ keep. The switch is the
// IF constraint of Saito's article, written with big-M: with lo ≤ expr ≤ hi over the
// bounds of expr's variables (any solution of the other rules keeps expr there),
//
//   family_most[i]:   expr + (hi − value) · keep ≤ hi     keep = 1: expr ≤ value
//   family_least[i]:  expr + (lo − value) · keep ≥ lo     keep = 1: expr ≥ value
//
// and keep = 0 leaves lo ≤ expr ≤ hi, which every solution meets: the rule is gone.
// M = hi − value and value − lo are the smallest that do this, so the LP relaxation
// stays as tight as big-M allows.
#pragma once

#include <string>

#include "milp/model.h"
#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// Adds the clue rule `expr == value` to built.model, named `name` (e.g. "clue[2,3]").
/// With `switched` (BuildOptions::switchClues) it adds instead the two rows above,
/// named after `name` with _most and _least on its family ("clue_most[2,3]"), and the
/// binary keep_<family>[…], recorded in built.clueSwitches with `cell` and `text`.
/// Each row it adds is recorded as about the clue at `cell` (markClueRow). Throws
/// milp::ModelError when expr names variables of another model.
void addClueRow(Built& built, const milp::LinExpr& expr, double value, const std::string& name,
                bool switched, int cell, std::string text);

/// Records that `row` of built.model states the clue at `cell` (Built::clueCellOf, the
/// formulation's `at`): for a clue's rows a genre adds itself rather than by addClueRow.
void markClueRow(Built& built, milp::Constraint row, int cell);

}  // namespace gridmilp::puzzles
