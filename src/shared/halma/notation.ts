/**
 * Solution notation (docs/DOMAIN.md, "Notation of moves and lines"). A move is the cells it visits joined by
 * `-` (`d1-d2`, `b1-d1-d3`); moves are separated by commas or new lines. A palindromic solution may
 * be written as its first half followed by `(reflect)`: the moves before it are repeated in reverse
 * order, each mirrored and with its path reversed. If the last written move ends with `-`
 * (`b2-d2-d4-f2-f4-`) it is the middle move, completed by the mirror image of its own path reversed.
 *
 * Two layers: the written form (cell names, no board) is parsed and printed here without a board;
 * resolving names to cells and expanding `(reflect)` needs the board and its symmetry.
 *
 * Text pasted from papers is accepted as it comes: a move broken across lines after a `-` is joined,
 * move numbers (`14.`) are skipped, and annotations in parentheses other than `(reflect)`, such as
 * `(red wins)`, are ignored.
 */
import { nameOf, parseCell, type Board } from './board'
import { parseCellName } from '../cell'
import { lineTooLong } from '../limits'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'

/** A move as written: its cell names. */
export interface WrittenMove {
  readonly cells: readonly string[]
  /** Written with a trailing `-`: the middle move of a palindrome, to be completed by reflection. */
  readonly middle: boolean
}

/** A solution as written. */
export interface WrittenSolution {
  readonly moves: readonly WrittenMove[]
  /** Ends with `(reflect)`. */
  readonly reflect: boolean
}

const MOVE_RE = /^[a-z][0-9]{1,2}(-[a-z][0-9]{1,2})*-?$/
const NUMBER_RE = /^\d+[.):]?$/
const NUMBER_PREFIX_RE = /^\d+[.):](?=[a-z])/

/** Parse one move's text, e.g. `b1-d1-d3`. */
export function parseWrittenMove(text: string): Result<WrittenMove> {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s*-\s*/g, '-')
  if (!MOVE_RE.test(t)) {
    return err(diagnostic('notation.syntax', `'${text.trim()}' is not a move (cells joined by '-', like d1-d2 or b1-d1-d3)`))
  }
  const middle = t.endsWith('-')
  const cells = (middle ? t.slice(0, -1) : t).split('-')
  for (const c of cells) {
    const r = parseCellName(c)
    if (!r.ok) return err(diagnostic('notation.syntax', `'${text.trim()}': ${r.error.message}`))
  }
  if (cells.length < 2) {
    return err(diagnostic('notation.syntax', `'${text.trim()}' is a single cell; a move joins at least two cells with '-'`))
  }
  return ok({ cells, middle })
}

/** Parse a solution's text. Errors name the move number. */
export function parseSolution(text: string): Result<WrittenSolution> {
  let t = text
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/#[^\n]*/g, ' ')
  // Annotations: keep (reflect) as a token, drop the others.
  t = t.replace(/\(([^()]*)\)/g, (_, inner: string) => (inner.trim() === 'reflect' ? ' ,@reflect, ' : ' '))
  if (/[()]/.test(t)) return err(diagnostic('notation.syntax', 'unbalanced parenthesis in the solution text'))
  // A move broken after a '-' continues on the next line; spaces around '-' are not separators.
  t = t.replace(/\s*-\s*(?=[a-z])/g, '-').replace(/\s+-/g, '-')
  const tokens = t
    .split(/[,;\s]+/)
    .map((s) => s.replace(NUMBER_PREFIX_RE, ''))
    .filter((s) => s.length > 0 && !NUMBER_RE.test(s))
  const long = lineTooLong(tokens.length)
  if (long) return err(long)
  const moves: WrittenMove[] = []
  let reflect = false
  for (const tok of tokens) {
    if (tok === '@reflect') {
      if (reflect) return err(diagnostic('notation.reflect', '(reflect) appears twice'))
      if (moves.length === 0) return err(diagnostic('notation.reflect', '(reflect) needs the moves of the first half before it'))
      reflect = true
      continue
    }
    const at = `move ${moves.length + 1}`
    if (reflect) return err(diagnostic('notation.reflect', `'${tok}' comes after (reflect); (reflect) must end the solution`, at))
    const m = parseWrittenMove(tok)
    if (!m.ok) return err({ ...m.error, at })
    if (moves.length > 0 && moves[moves.length - 1]!.middle) {
      return err(diagnostic('notation.middle', `only the last move before (reflect) may end with '-'`, `move ${moves.length}`))
    }
    moves.push(m.value)
  }
  const last = moves[moves.length - 1]
  if (last?.middle && !reflect) {
    return err(
      diagnostic(
        'notation.middle',
        `a move ending with '-' is the middle move of a palindrome and must be followed by (reflect)`,
        `move ${moves.length}`,
      ),
    )
  }
  return ok({ moves, reflect })
}

export function formatWrittenMove(m: WrittenMove): string {
  return m.cells.join('-') + (m.middle ? '-' : '')
}

/**
 * Print a written solution: moves joined by ", " (or one per line), then `(reflect)` if any, as the
 * paper writes it: after a comma when the last move is whole (`..., f5-f6, (reflect)`), after a
 * space when it is a middle move ending with '-' (`b2-d2-f2-d4-f4- (reflect)`).
 */
export function formatSolution(s: WrittenSolution, separator = ', '): string {
  const text = s.moves.map(formatWrittenMove).join(separator)
  if (!s.reflect) return text
  if (s.moves.length === 0) return '(reflect)'
  return `${text}${s.moves.at(-1)!.middle ? ' ' : separator}(reflect)`
}

/** Cell names of a path on a board. */
export function pathNames(board: Board, path: readonly number[]): string[] {
  return path.map((c) => nameOf(board, c))
}

/** The written form of a list of paths, in full. */
export function writePaths(board: Board, paths: readonly (readonly number[])[]): WrittenSolution {
  return { moves: paths.map((p) => ({ cells: pathNames(board, p), middle: false })), reflect: false }
}

/** The reflected twin of a move: its path reversed, each cell mapped through the symmetry. */
export function reflectPath(image: Int16Array, path: readonly number[]): number[] {
  return path.map((c) => image[c]!).reverse()
}

/**
 * Whether a list of moves is a palindrome under a symmetry: move k and move L + 1 - k are each
 * other's reflected twins (compared by their ends, since a destination may be reached by several
 * chains).
 */
export function isPalindrome(image: Int16Array, paths: readonly (readonly number[])[]): boolean {
  const n = paths.length
  for (let k = 0; k < n; k++) {
    const a = paths[k]!
    const b = paths[n - 1 - k]!
    if (image[a[0]!] !== b[b.length - 1] || image[a[a.length - 1]!] !== b[0]) return false
  }
  return n > 0
}

/**
 * The compact written form of a palindromic solution: the first half and `(reflect)`, with the
 * middle move (odd length) written up to the mirror line and a trailing `-`. Undefined if the
 * solution is not a palindrome whose middle move crosses the line at one of its cells.
 */
export function writePalindrome(board: Board, image: Int16Array, paths: readonly (readonly number[])[]): WrittenSolution | undefined {
  if (!isPalindrome(image, paths)) return undefined
  const half = Math.floor(paths.length / 2)
  const moves: WrittenMove[] = paths.slice(0, half).map((p) => ({ cells: pathNames(board, p), middle: false }))
  if (paths.length % 2 === 1) {
    const mid = paths[half]!
    // Cut the middle move at a cell on the line from which its rest is the reflection of its start.
    const full = reflectPath(image, mid)
    if (!full.every((c, k) => c === mid[k])) return undefined
    const m = mid.length - 1
    if (m % 2 !== 0) return undefined
    moves.push({ cells: pathNames(board, mid.slice(0, m / 2 + 1)), middle: true })
  }
  return { moves, reflect: true }
}

/**
 * Resolve a written solution to paths of cells on a board, expanding `(reflect)` with the given
 * symmetry image. Errors name the move number and the cell.
 */
export function resolvePaths(board: Board, s: WrittenSolution, image: Int16Array | undefined): Result<number[][], Diagnostic> {
  const paths: number[][] = []
  for (let k = 0; k < s.moves.length; k++) {
    const path: number[] = []
    for (const name of s.moves[k]!.cells) {
      const c = parseCell(board, name)
      if (!c.ok) return err({ ...c.error, at: `move ${k + 1}` })
      path.push(c.value)
    }
    paths.push(path)
  }
  if (!s.reflect) return ok(paths)
  const long = lineTooLong(2 * paths.length - (s.moves[s.moves.length - 1]?.middle ? 1 : 0))
  if (long) return err(long)
  if (!image) {
    return err(diagnostic('notation.reflect', '(reflect) needs a problem whose target is the mirror image (or rotation) of its start'))
  }
  const last = s.moves[s.moves.length - 1]!
  const firstHalf = last.middle ? paths.slice(0, -1) : paths
  const out = [...firstHalf]
  if (last.middle) {
    const mid = paths[paths.length - 1]!
    const end = mid[mid.length - 1]!
    if (image[end] !== end) {
      return err(
        diagnostic(
          'notation.middle',
          `the middle move must stop on the mirror line, and ${nameOf(board, end)} is not on it`,
          `move ${paths.length}`,
        ),
      )
    }
    out.push([...mid, ...reflectPath(image, mid.slice(0, -1))])
  }
  for (let k = firstHalf.length - 1; k >= 0; k--) out.push(reflectPath(image, firstHalf[k]!))
  return ok(out)
}
