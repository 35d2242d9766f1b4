/* gridmilp — the WASM build's stand-in for GLPK's proximity search heuristic.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLPK's branch-and-bound driver (draft/glpios03.c) runs the proximity search
 * (proxy/proxy.c, proxy1.c: Fischetti and Monaci's heuristic, which re-solves MILPs
 * with a distance objective) only when glp_iocp.ps_heur is on. gridmilp never sets it
 * (cpp/milp/glpk_backend.cpp sets the cut generators and the feasibility pump, nothing
 * else among the heuristics), so the WASM build leaves those two files out (with
 * glp_check_kkt, which only they call: 3.9 KB of gzip in the page's first-solve
 * module) and links this instead: it finds no solution, which is always a valid
 * outcome of a heuristic.
 * The declaration, and the _glp_ name it maps to, come from GLPK's draft/ios.h.
 */
#include "ios.h"

void ios_proxy_heur(glp_tree *T) { (void)T; }
