/**
 * Sizes the program accepts from outside where nothing else bounds them: a document's bytes, the
 * nesting of its JSON, the moves of one line and the nesting of side lines. Each has a generous
 * value (a hundred times the largest real case) and a named error, the same in the command line,
 * the desktop app and the browser's autosave, so that a hostile or broken file is refused with a
 * sentence instead of exhausting the memory or the call stack.
 *
 * The code that walks input is written with loops where input sets the depth (variations.ts);
 * these limits bound what a loop would otherwise take its time over, and what a schema library
 * that recurses (zod) is given.
 */
import { diagnostic, type Diagnostic } from './result'

/** Largest document (problem, game, army, session) read, in characters of its text. */
export const MAX_DOCUMENT_CHARS = 16 * 2 ** 20
/** Most moves in one line (a solution, a side line, a game): the longest shipped line has 213 (a five-player match's game). */
export const MAX_LINE_MOVES = 10_000
/** Most side lines in one tree (each is verified from the start: this bounds the work). */
export const MAX_VARIATIONS = 1_000
/** Deepest nesting of side lines (a variation inside a variation ...). */
export const MAX_VARIATION_DEPTH = 64
/** Deepest nesting of arrays and objects in a document's JSON (side lines take two levels each). */
export const MAX_JSON_DEPTH = 2 * MAX_VARIATION_DEPTH + 16

const count = (n: number): string => n.toLocaleString('en-US')

/** A fault when a text is larger than a document may be; `what` names it ("the problem file"). */
export function textTooLarge(text: string, what: string): Diagnostic | null {
  return text.length > MAX_DOCUMENT_CHARS
    ? diagnostic('limit.size', `${what} has ${count(text.length)} characters; a document has at most ${count(MAX_DOCUMENT_CHARS)}`)
    : null
}

/** A fault when a line has more moves than a line may have. */
export function lineTooLong(moves: number, at?: string): Diagnostic | null {
  return moves > MAX_LINE_MOVES
    ? diagnostic('limit.moves', `${count(moves)} moves in one line; a line has at most ${count(MAX_LINE_MOVES)}`, at)
    : null
}

/**
 * How deeply arrays and objects nest in a parsed JSON value, counted with an explicit stack (the
 * value may nest deeper than the call stack goes). Stops counting past `max + 1`.
 */
export function jsonDepth(value: unknown, max = MAX_JSON_DEPTH): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    const d = depth + 1
    if (d > deepest) deepest = d
    if (deepest > max) return deepest
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, d])
  }
  return deepest
}

/** A fault when a parsed document nests deeper than a document may. */
export function nestedTooDeep(value: unknown, what: string): Diagnostic | null {
  const depth = jsonDepth(value)
  return depth > MAX_JSON_DEPTH ? diagnostic('limit.depth', `${what} nests its arrays and objects more than ${MAX_JSON_DEPTH} deep`) : null
}
