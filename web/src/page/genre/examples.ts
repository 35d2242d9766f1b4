// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * One example puzzle per genre, each gridmilp's own: the killer cut from a 6×6 Sudoku
 * of ours and checked unique by the engine; the others made by the engine's `generate`
 * (jigsaw on a region map of ours, seed 3; Sudoku X, hyper and the 5×5 Latin square
 * from seed 1), and the pencil puzzles from scripts/test-data/ (seeded), all unique. Shipped with the page; docs/formats.md, "Sudoku variants", gives the
 * formats.
 */
import type { GenreId } from '../../solver/genre';

export const EXAMPLES: Record<Exclude<GenreId, 'sudoku'>, string> = {
  killer: `=== example_6x6
6 6
1 14 - - 18 -
9 - 9 - - -
- - 6 - 10 -
11 - 6 - - -
8 - 7 12 9 -
6 - - - - -
c f f f b b
e f a a a b
e e h h m b
j j d d m m
i i k g n n
l i k g g g
`,
  jigsaw: `=== generated-jigsaw-3
6 6
- - - - 2 -
2 - 3 - 5 -
- - - - - 4
- 5 1 - - -
- - - 6 - -
- - - - - -
1 1 1 2 3 3
1 1 1 2 3 3
4 5 5 2 2 3
4 5 5 2 2 3
4 4 5 6 6 6
4 4 5 6 6 6
`,
  'sudoku-x': `=== generated-sudoku-x-1
9 9
- - 4 - 1 - 9 - -
- - - - - - - - -
2 - - - - 6 - - -
- 2 - 9 - 8 - - 4
6 8 - - - 5 - - 3
4 - 9 - - - - - 5
- - - - - - - - -
- - - - - - - - 6
- - - 2 - - - - 7
`,
  hyper: `=== generated-hyper-1
9 9
- - - - 1 - 9 - -
- - - - - - - 5 -
- - - - - 4 - - -
- 4 - 3 - - - - -
- 6 - - - 2 - - -
- - 2 - 5 - - - 9
- - - - 4 - - - -
- - - - - - - 1 3
- 7 - 2 - - - - -
`,
  'latin-square': `=== generated-latin-square-1
5 5
5 3 - 2 -
- - - - 2
- - - - -
2 - 1 5 -
- - - 1 5
`,
  hitori: `=== own_7x7_seed13
7 7
7 4 1 6 3 7 3
6 1 2 4 5 3 2
2 3 2 6 4 7 6
7 2 5 3 1 6 4
4 5 6 2 5 4 5
2 6 4 5 3 1 7
4 7 3 1 4 2 5
`,
  akari: `=== own_7x7_seed1
7 7
- - x - x x x
- 1 - x x - -
- - - - - - 2
- - - - 1 - -
1 - - 1 - - -
0 - - - 1 - x
- - - - - - -
`,
  shikaku: `=== own_6x6_seed2
6 6
- - - - 2 6
- 8 - - - -
- 6 - 2 - -
- - 6 - - -
- - - - 4 -
- 2 - - - -
`,
  'star-battle': `=== own_6x6_k1_seed1
6 6 1
1 1 2 2 3 @
4 1 2 2 3 3
4 4 2 2 5 3
4 4 2 5 5 5
4 4 2 5 5 5
@ 4 5 5 6 @
`,
  heyawake: `=== own_6x6_seed12
6 6
- - 2 - - -
- - - - - -
- - - 0 - -
- - - - - -
2 - - - - -
- - - - - 1
a a a b b c
a a a d d c
a a a e e c
f f g h h c
i i i h h c
j j j h h c
`,
  slitherlink: `=== own_7x7_seed6
7 7
- 3 2 3 2 - -
1 - 3 - 2 - -
1 2 1 0 - - -
- - 1 0 0 2 1
3 2 - - - - 1
1 - 1 - - 1 -
- 1 - 1 3 1 -
`,
  norinori: `=== own_6x6_seed1
6 6
- - - - - -
- - - - - -
- - - - - -
- - - - - -
- - - - - -
- - - - - -
1 1 2 2 2 2
1 3 3 2 4 4
1 3 5 2 2 2
1 5 5 2 2 6
1 6 6 6 2 6
1 6 6 6 6 6
`,
  kakuro: `=== own_6x6_seed32
6 6
- - - 24, 11, -
- 4, 10,11 0 0 -
,21 0 0 0 0 -
,7 0 0 0 4, 16,
- - ,10 0 0 0
- - ,20 0 0 0
`,
  nurikabe: `=== own_6x6_seed13
6 6
- 4 - - - 1
- - - 2 - -
- - - - - -
- - - - 1 -
- 5 - - - 2
- - - - - -
`,
  kuromasu: `=== own_6x6_seed3
6 6
- - - 3 - -
- - 7 - - 5
6 - - - - -
- - - - - 4
- - - - - 5
- 4 - - - -
`,
};

/** What each genre asks, in a sentence, for the page. */
export const RULES: Record<Exclude<GenreId, 'sudoku'>, string> = {
  killer:
    'Each row, column and box holds every digit once; the digits of each dashed cage add up to its sum and do not repeat.',
  jigsaw: 'Each row, column and outlined region holds every digit once.',
  'sudoku-x': 'A Sudoku whose two main diagonals (shaded) also hold every digit once.',
  hyper: 'A 9×9 Sudoku with four extra shaded 3×3 windows that also hold every digit once.',
  'latin-square': 'Each row and each column holds every number once; no boxes.',
  hitori:
    'Shade cells so that no number is left twice in a row or column; shaded cells never touch side by side, and the unshaded cells form one area.',
  akari:
    'Place lamps on white cells so that every white cell is lit along its row or column, no lamp shines on another, and each numbered black cell has that many lamps beside it.',
  shikaku:
    'Divide the grid into rectangles along the lines, each holding exactly one number, which is its area.',
  'star-battle':
    'Place stars so that each row, each column and each outlined region holds the given number of them (one unless the size line says otherwise); stars never touch, not even diagonally.',
  heyawake:
    'Shade cells so that each numbered room holds that many shaded cells; shaded cells never touch side by side, the unshaded cells form one area, and no row or column run of unshaded cells crosses two room borders.',
  slitherlink:
    'Draw one closed loop along the grid lines, without crossings or branches; each number says how many of the four sides of its cell the loop uses.',
  norinori:
    'Shade exactly two cells in each outlined region so that every shaded cell has exactly one shaded neighbour: the shaded cells form dominoes (they may cross region borders).',
  kakuro:
    'Write a digit 1 to 9 in each white cell so that every run of white cells adds up to the clue before it (down clue left of the comma, across clue right) and holds no digit twice.',
  nurikabe:
    'Shade cells so that each number lies in an island of that many unshaded cells holding no other number; islands never touch side by side, the shaded cells form one area, and no 2×2 block is all shaded.',
  kuromasu:
    'Shade cells so that each number, never shaded, sees that many unshaded cells along its row and column, itself included, up to a shaded cell or the edge; shaded cells never touch side by side, and the unshaded cells form one area.',
};
