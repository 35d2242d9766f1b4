/**
 * Whether a text is one of puzz.link URLs, as the engine decides (cpp/puzzles/common/
 * puzzlink.cpp, isUrlText): its first line that is not blank or a `#` comment starts
 * with `http://`, `https://`, `puzz.link/` or `pzv.jp/` in any case and has a query
 * (`?`). Alone in its module, with no imports, so that the first-solve worker can send
 * such a text to the module that reads it without the genres' code.
 *
 * @param text any text
 * @returns true for a text of URLs (the engine then names its genre)
 */
export function looksLikeUrl(text: string): boolean {
  const first = text.split('\n').find((line) => line.trim().length > 0 && !line.trim().startsWith('#'))?.trim() ?? '';
  return /^(https?:\/\/|puzz\.link\/|pzv\.jp\/)/i.test(first) && first.includes('?');
}
