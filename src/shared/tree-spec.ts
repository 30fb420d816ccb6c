/**
 * A move tree (variations.ts) as a document writes it, for every kind of document, in the spirit of
 * PGN: the main line as the document's moves, and
 *
 *   "comments":   { "<move number>": "text" }   ("0": the start position)
 *   "variations": [{ "at": <moves played before it>, "moves": "...", "comments"?, "variations"? }]
 *
 * A variation's first move is an alternative to move `at + 1` of the line that holds it; its move
 * numbers (comment keys, a nested variation's `at`) count from the start of the game. A nested
 * variation branches from one of its own line's moves other than the last (at+1 ≤ nested.at <
 * at+length); alternatives at the same point are siblings in one list, in their order in the tree.
 * Each kind reads and writes the moves in its own notation (a Notation); the shape is checked here
 * (`at` and comment keys inside their line, no variation repeating the move it is an alternative
 * to), legality by the kind.
 */
import { lineTooLong, MAX_VARIATION_DEPTH, MAX_VARIATIONS } from './limits'
import * as z from 'zod'
import { diagnostic, err, ok, type Diagnostic, type Result } from './result'
import { addLine, nodeAt, setComment, treeOfLine, type MoveNode, type MoveTree, type NodePath } from './variations'

/** Comments on moves, by move number ("0": the start position). */
export type CommentsSpec = Record<string, string>

/** A side line as written in a document. */
export interface VariationSpec {
  readonly at: number
  readonly moves: string | readonly string[]
  readonly comments?: CommentsSpec
  readonly variations?: readonly VariationSpec[]
}

/** The side lines and comments of a line, as a document writes them beside its moves. */
export interface AnnotationsSpec {
  readonly comments?: CommentsSpec
  readonly variations?: readonly VariationSpec[]
}

/** The zod schemas of comments and variations, for a document whose moves are written in `notation`. */
export function annotationSchemas(notation: string, id?: string) {
  const comments = z.record(z.string().regex(/^\d+$/), z.string()).describe('comments on moves, keyed by move number ("0": the start position)')
  const variation: z.ZodType<VariationSpec> = z
    .strictObject({
      at: z.int().min(0).describe('moves played before it: its first move is an alternative to move at + 1 of the line that holds it'),
      moves: z.union([z.string(), z.array(z.string())]).describe(`its moves in ${notation}, in full`),
      comments: comments.optional(),
      get variations() {
        return z.array(variation).optional().describe('side lines branching from this one (their "at" counts from the start)')
      },
    })
    .meta(id ? { id } : {})
  return { comments, variation }
}

/** How a kind reads and writes a line of moves, and tells two moves apart. */
export interface Notation<M> {
  /** A variation's moves; `where` prefixes a fault's path. */
  read(moves: string | readonly string[], where: string): Result<M[], Diagnostic>
  write(moves: readonly M[]): string
  same(a: M, b: M): boolean
  /** One move, for a message. */
  name(move: M): string
}

/** The tree of a line: its main line (already read), its variations and comments; the shape is checked, not legality. */
export function treeFromSpec<M>(main: readonly M[], s: AnnotationsSpec, n: Notation<M>, where: string): Result<MoveTree<M>, Diagnostic> {
  const long = lineTooLong(main.length, where)
  if (long) return err(long)
  let tree = treeOfLine(main)
  let lines = 0
  /** Attach comments on a line: the node at move number p is `pathAt(p)`. */
  const comment = (comments: CommentsSpec | undefined, lo: number, hi: number, pathAt: (p: number) => NodePath, at: string): Diagnostic | null => {
    for (const [key, value] of Object.entries(comments ?? {})) {
      const p = /^\d+$/.test(key) ? Number(key) : NaN
      if (!(p >= lo && p <= hi))
        return diagnostic('variation.comment', `comment "${key}" is not a move of this line (its moves are ${lo}..${hi})`, `${at}.comments`)
      tree = setComment(tree, pathAt(p), value)
    }
    return null
  }
  /** Attach a line's variations; `lo..hi`: the plies a variation may branch at; `pathAt(p)`: the node at ply p. */
  const attach = (
    vs: readonly VariationSpec[] | undefined,
    lo: number,
    hi: number,
    pathAt: (p: number) => NodePath,
    at: string,
    depth: number,
  ): Diagnostic | null => {
    // Nesting and number are bounded here (limits.ts): each side line is verified from the start.
    if (vs !== undefined && vs.length > 0 && depth > MAX_VARIATION_DEPTH)
      return diagnostic('limit.depth', `side lines nested more than ${MAX_VARIATION_DEPTH} deep`, `${at}.variations`)
    for (let k = 0; k < (vs?.length ?? 0); k++) {
      const v = vs![k]!
      const here = `${at}.variations[${k}]`
      if (++lines > MAX_VARIATIONS)
        return diagnostic('limit.variations', `more than ${MAX_VARIATIONS.toLocaleString('en-US')} side lines in one line`, here)
      if (!(v.at >= lo && v.at <= hi))
        return diagnostic('variation.at', `"at": ${v.at} is not a move of the line it branches from (${lo}..${hi})`, `${here}.at`)
      const moves = n.read(v.moves, `${here}.moves`)
      if (!moves.ok) return moves.error
      if (moves.value.length === 0) return diagnostic('variation.empty', 'a variation has moves', `${here}.moves`)
      const branch = pathAt(v.at)
      const node = nodeAt(tree, branch)!
      if (node.children.some((c) => n.same(c.move, moves.value[0]!)))
        return diagnostic('variation.repeat', `its first move ${n.name(moves.value[0]!)} is already played there`, `${here}.moves`)
      tree = addLine(tree, branch, moves.value, n.same).tree
      const first = [...branch, node.children.length]
      const mine = (p: number): NodePath => [...first, ...Array<number>(p - v.at - 1).fill(0)]
      const len = moves.value.length
      const tooLong = lineTooLong(v.at + len, `${here}.moves`)
      if (tooLong) return tooLong
      const fault = comment(v.comments, v.at + 1, v.at + len, mine, here) ?? attach(v.variations, v.at + 1, v.at + len - 1, mine, here, depth + 1)
      if (fault) return fault
    }
    return null
  }
  const mainAt = (p: number): NodePath => Array<number>(p).fill(0)
  const fault = comment(s.comments, 0, main.length, mainAt, where) ?? attach(s.variations, 0, main.length - 1, mainAt, where, 1)
  return fault ? err(fault) : ok(tree)
}

/** A line of the tree written as a variation: from `first` (the move after ply `at`) to its end. */
function lineSpec<M>(first: MoveNode<M>, at: number, write: (moves: readonly M[]) => string): VariationSpec {
  const moves: M[] = []
  const comments: CommentsSpec = {}
  const variations: VariationSpec[] = []
  let node = first
  for (let ply = at + 1; ; ply++) {
    moves.push(node.move)
    if (node.comment !== undefined) comments[ply] = node.comment
    node.children.slice(1).forEach((c) => variations.push(lineSpec(c, ply, write)))
    if (node.children.length === 0) break
    node = node.children[0]!
  }
  return {
    at,
    moves: write(moves),
    ...(Object.keys(comments).length > 0 && { comments }),
    ...(variations.length > 0 && { variations }),
  }
}

/** A tree's side lines and comments as a document writes them (its main line is written by the caller). */
export function specOfTree<M>(tree: MoveTree<M>, write: (moves: readonly M[]) => string): AnnotationsSpec {
  const comments: CommentsSpec = tree.comment !== undefined ? { 0: tree.comment } : {}
  const variations: VariationSpec[] = tree.children.slice(1).map((c) => lineSpec(c, 0, write))
  const first = tree.children[0]
  if (first) {
    const rest = lineSpec(first, 0, write)
    Object.assign(comments, rest.comments)
    variations.push(...(rest.variations ?? []))
  }
  return { ...(Object.keys(comments).length > 0 && { comments }), ...(variations.length > 0 && { variations }) }
}
