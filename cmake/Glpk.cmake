# SPDX-License-Identifier: GPL-3.0-or-later
#
# GLPK 5.0 built from source as a static library, for native and Emscripten
# builds alike.
#
# Usage (top-level CMakeLists.txt, after project()):
#     include(cmake/Glpk.cmake)
#     target_link_libraries(my_target PRIVATE glpk::glpk)
#
# Defines:
#     gridmilp_glpk   STATIC library (every .c under src/ except src/proxy/main.c)
#     glpk::glpk      ALIAS of it; its only public include dir is src/ (glpk.h), SYSTEM
#     gridmilp_glpk_fast  (Emscripten only) the same library compiled for link-time
#                     optimisation in Release builds, for the modules built for speed
#
# The sources are not in git: scripts/fetch-glpk.sh (run by scripts/setup.sh)
# puts them in third_party/glpk-5.0. GRIDMILP_GLPK_SOURCE_DIR can point elsewhere.
#
# Emscripten (3.1.6, Debian package):
#     export NODE_PATH=/usr/share/nodejs   # else emcc: "Cannot find module 'acorn'"
#     emcmake cmake -S . -B build-wasm -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node
# (emcmake's default emulator is `node --experimental-wasm-threads`, which Node 20
# rejects as a bad option.)

include_guard(GLOBAL)

set(GRIDMILP_GLPK_SOURCE_DIR "${PROJECT_SOURCE_DIR}/third_party/glpk-5.0"
    CACHE PATH "Extracted GLPK 5.0 source tree (see scripts/fetch-glpk.sh)")

set(_gridmilp_glpk_src "${GRIDMILP_GLPK_SOURCE_DIR}/src")
if(NOT EXISTS "${_gridmilp_glpk_src}/glpk.h")
  message(FATAL_ERROR
    "GLPK source not found: run scripts/fetch-glpk.sh\n"
    "(looked for ${_gridmilp_glpk_src}/glpk.h; "
    "set -DGRIDMILP_GLPK_SOURCE_DIR=... to use another GLPK 5.0 tree)")
endif()

# GLPK is C; the project itself may have enabled only CXX.
get_property(_gridmilp_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
if(NOT "C" IN_LIST _gridmilp_langs)
  enable_language(C)
endif()

# Every .c under src/ except the glpsol-style proxy driver's main (191 files).
# CONFIGURE_DEPENDS: re-glob if the tree is re-extracted with other files.
file(GLOB_RECURSE _gridmilp_glpk_sources CONFIGURE_DEPENDS
     "${_gridmilp_glpk_src}/*.c")
list(REMOVE_ITEM _gridmilp_glpk_sources "${_gridmilp_glpk_src}/proxy/main.c")
# Page weight: the WASM module never reads or writes .gz files, so GLPK's bundled
# zlib is replaced by stubs there (cpp/milp/glpk_no_gzip.c).
if(EMSCRIPTEN)
  file(GLOB _gridmilp_zlib_sources "${_gridmilp_glpk_src}/zlib/*.c")
  list(REMOVE_ITEM _gridmilp_glpk_sources ${_gridmilp_zlib_sources})
  list(APPEND _gridmilp_glpk_sources "${PROJECT_SOURCE_DIR}/cpp/milp/glpk_no_gzip.c")
  unset(_gridmilp_zlib_sources)
  # Nor does it ever turn on the proximity search heuristic (glp_iocp.ps_heur): its two
  # files give way to a stand-in that finds nothing (cpp/milp/glpk_no_proxy.c).
  list(REMOVE_ITEM _gridmilp_glpk_sources "${_gridmilp_glpk_src}/proxy/proxy.c"
       "${_gridmilp_glpk_src}/proxy/proxy1.c")
  list(APPEND _gridmilp_glpk_sources "${PROJECT_SOURCE_DIR}/cpp/milp/glpk_no_proxy.c")
endif()
list(LENGTH _gridmilp_glpk_sources _gridmilp_glpk_count)
if(NOT EMSCRIPTEN AND NOT _gridmilp_glpk_count EQUAL 191)
  message(WARNING "GLPK: expected 191 source files for GLPK 5.0, found "
                  "${_gridmilp_glpk_count} in ${_gridmilp_glpk_src}")
endif()

# Our own config.h (GLPK's is made by autoconf, which we do not run).
set(_gridmilp_glpk_config_dir "${CMAKE_CURRENT_BINARY_DIR}/gridmilp_glpk_config")
configure_file("${CMAKE_CURRENT_LIST_DIR}/glpk_config.h.in"
               "${_gridmilp_glpk_config_dir}/config.h" COPYONLY)

# One GLPK library target, `name`: GLPK's sources and gridmilp's C files that go with
# them (the in-memory files, the SAT route and MiniSat's pool: see below).
function(gridmilp_add_glpk name)
  add_library(${name} STATIC ${_gridmilp_glpk_sources}
    "${PROJECT_SOURCE_DIR}/cpp/milp/glpk_memfile.c"
    "${PROJECT_SOURCE_DIR}/cpp/milp/glpk_sat.c"
    "${PROJECT_SOURCE_DIR}/cpp/milp/minisat_pool.c")

  target_include_directories(${name}
    SYSTEM PUBLIC
      "$<BUILD_INTERFACE:${_gridmilp_glpk_src}>")
  target_include_directories(${name}
    PRIVATE
      "${_gridmilp_glpk_config_dir}"
      "${_gridmilp_glpk_src}/amd"
      "${_gridmilp_glpk_src}/api"
      "${_gridmilp_glpk_src}/bflib"
      "${_gridmilp_glpk_src}/colamd"
      "${_gridmilp_glpk_src}/draft"
      "${_gridmilp_glpk_src}/env"
      "${_gridmilp_glpk_src}/intopt"
      "${_gridmilp_glpk_src}/minisat"
      "${_gridmilp_glpk_src}/misc"
      "${_gridmilp_glpk_src}/mpl"
      "${_gridmilp_glpk_src}/npp"
      "${_gridmilp_glpk_src}/proxy"
      "${_gridmilp_glpk_src}/simplex"
      "${_gridmilp_glpk_src}/zlib")

  target_compile_definitions(${name} PRIVATE HAVE_CONFIG_H)

  target_compile_options(${name} PRIVATE
    # Third-party code: its warnings are not ours to fix (this target only).
    -w
    # __FILE__ in GLPK's error messages becomes "glpk/env/alloc.c", not an
    # absolute path from the build machine (gcc >= 8, clang >= 10, emcc).
    "-fmacro-prefix-map=${_gridmilp_glpk_src}/=glpk/"
    # Always optimise GLPK, even in the project's Debug builds: it is
    # third-party code we do not debug, and an -O0 GLPK makes the tests
    # (thousands of solves) several times slower. CMAKE_C_FLAGS_DEBUG is just
    # "-g" (no -O, so -O0); target options come after it on the command line
    # and the last -O wins. Configs that already optimise (Release -O3,
    # RelWithDebInfo -O2, MinSizeRel -Os) are left as they are. An empty
    # CMAKE_BUILD_TYPE also means no -O at all, so it is treated like Debug.
    "$<$<OR:$<CONFIG:Debug>,$<STREQUAL:$<CONFIG>,>>:-O2>")
  # GLPK calls sqrt, log, floor...: a C program linking it needs libm natively
  # (C++ links get it through libstdc++; Emscripten's libc contains it).
  if(UNIX AND NOT EMSCRIPTEN)
    target_link_libraries(${name} PUBLIC m)
  endif()

  set_target_properties(${name} PROPERTIES
    POSITION_INDEPENDENT_CODE OFF
    FOLDER third_party)
endfunction()
gridmilp_add_glpk(gridmilp_glpk)
add_library(glpk::glpk ALIAS gridmilp_glpk)
if(EMSCRIPTEN)
  # The modules built for speed (see CMakeLists.txt) link this copy: full link-time
  # optimisation across GLPK, gridmilp and the C++ library took the SAT method's top95
  # median in Node from 226 to 201 µs (gridmilp's code alone: 219). The page's
  # first-solve module keeps the plain copy: there LTO's larger functions gave V8's
  # optimising compiler more to do, and a click the instant the engine was ready took
  # 56-71 ms instead of 39-40 (median of 10, two rounds each).
  gridmilp_add_glpk(gridmilp_glpk_fast)
  target_compile_options(gridmilp_glpk_fast PRIVATE $<$<CONFIG:Release>:-flto>)
  set_target_properties(gridmilp_glpk_fast PROPERTIES GRIDMILP_GLPK_FAST ON)
endif()

# Page weight (issue #4): in the WASM build GLPK's cold parts — file formats and the
# API layer (api/), environment, misc, zlib, the cut generators and heuristics
# gridmilp leaves off by default (intopt/, proxy/), and code it never calls (amd,
# colamd, mpl) — are optimised for size. The simplex, the LU factorisation (bflib/),
# the presolver (npp/), the branch-and-bound driver (draft/) and MiniSat (minisat/:
# the SAT method's search, linked only into the module fetched for it) stay at the
# build's speed setting. The last -O on the command line wins.
#
# api/, env/ and misc/ are cold only in the page's copy: they also hold helpers every
# solve calls many times (env/alloc.c's allocator, misc/dmp.c's memory pools for the
# presolver, misc/fvs.c's sparse vectors, glp_load_matrix and the glp_set_* setters),
# which the copy built for speed (gridmilp_glpk_fast, linked with -flto) keeps at -O3
# and inlines. WASM in Node, median per puzzle against the same module with them at
# -Os (2026-11-25, interleaved passes): textbook model 0.86x on Project Euler 96,
# 0.98x on top95, 0.91x on the 17-clue set; reduced model and SAT method unchanged
# within the noise. The SAT method's module grew from 249,621 to 263,318 bytes of gzip.
if(EMSCRIPTEN)
  foreach(_gridmilp_cold_dir zlib intopt proxy amd colamd mpl)
    file(GLOB _gridmilp_cold_sources "${_gridmilp_glpk_src}/${_gridmilp_cold_dir}/*.c")
    set_property(SOURCE ${_gridmilp_cold_sources} APPEND PROPERTY COMPILE_OPTIONS -Os)
  endforeach()
  foreach(_gridmilp_cold_dir api env misc)
    file(GLOB _gridmilp_cold_sources "${_gridmilp_glpk_src}/${_gridmilp_cold_dir}/*.c")
    set_property(SOURCE ${_gridmilp_cold_sources} APPEND PROPERTY COMPILE_OPTIONS
                 "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:GRIDMILP_GLPK_FAST>>>:-Os>")
  endforeach()
  unset(_gridmilp_cold_sources)
endif()

unset(_gridmilp_langs)
unset(_gridmilp_glpk_count)

# In-memory files for glp_write_lp / glp_write_mps / glp_read_lp: GLPK's stream
# layer (env/stream.c, the only file that opens files for those) gets its fopen and
# fclose renamed to gridmilp's, which turn two special names into memory streams and
# pass every other name on (cpp/milp/glpk_memfile.h). The WASM module has no
# filesystem, and natively this spares temporary files. GLPK's sources stay as they
# are.
set_source_files_properties("${_gridmilp_glpk_src}/env/stream.c" PROPERTIES
  COMPILE_DEFINITIONS "fopen=gridmilp_glpk_fopen;fclose=gridmilp_glpk_fclose"
  INCLUDE_DIRECTORIES "${PROJECT_SOURCE_DIR}/cpp/milp")
set_source_files_properties("${PROJECT_SOURCE_DIR}/cpp/milp/glpk_memfile.c" PROPERTIES
  COMPILE_OPTIONS "-Wall;-Wextra")

# GLPK's integer feasibility route (as glp_intfeas1: CNF-SAT translation and MiniSat)
# with a stop check; it needs GLPK's private headers (npp.h, minisat.h, prob.h), so it
# is compiled with GLPK. A program links it only through enableSatMethod().
set_source_files_properties("${PROJECT_SOURCE_DIR}/cpp/milp/glpk_sat.c" PROPERTIES
  COMPILE_OPTIONS "-Wall;-Wextra")

# MiniSat's memory (cpp/milp/minisat_pool.h): minisat.c's own malloc wrappers
# (ymalloc, yrealloc, yfree) call the pool's functions instead of the C library's.
# Its `#define malloc ymalloc` then redefines these names, which -w above silences.
set_source_files_properties("${PROJECT_SOURCE_DIR}/cpp/milp/minisat_pool.c" PROPERTIES
  COMPILE_OPTIONS "-Wall;-Wextra")
set_source_files_properties("${_gridmilp_glpk_src}/minisat/minisat.c" PROPERTIES
  COMPILE_DEFINITIONS
    "malloc=gridmilp_minisat_malloc;realloc=gridmilp_minisat_realloc;free=gridmilp_minisat_free")
