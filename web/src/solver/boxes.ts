/**
 * The engine's box height for side n: the largest divisor of n that is at most √n
 * (cpp/puzzles/sudoku/grid.cpp, shapeForSize), so 9 → 3, 6 → 2, 12 → 3, 7 → 1: the most
 * square boxes, boxHeight ≤ boxWidth. Alone in its module, with no imports, for the page
 * (page/format.ts) and the spreadsheets (sheets/find.ts, write.ts) alike.
 *
 * @param n the side, 1 or more
 * @returns h, with boxes of h rows × n / h columns
 */
export function usualBoxHeight(n: number): number {
  let h = 1;
  for (let d = 1; d * d <= n; d++) if (n % d === 0) h = d;
  return h;
}
