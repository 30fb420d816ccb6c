/**
 * Rules of movement as data (docs/DOMAIN.md, "Rules of movement"): which directions a man may step or jump in, whether steps
 * are allowed at all, and whether the long "symmetrical" jump of Super Chinese Checkers is allowed.
 */
import { diagnostic, err, ok, type Result } from '../result'

/** The direction sets: along rows and columns, plus one diagonal, plus both diagonals. */
export const MOVE_SETS = ['4-move', '6-move', '8-move'] as const
export type MoveSet = (typeof MOVE_SETS)[number]

/**
 * Which diagonal 6-move rules add. `anti` is (+1, -1) / (-1, +1) in column/row steps, the diagonal
 * of Chinese Checkers on the 9 x 9 board (it runs across the way from a1 to i9); `main` is
 * (+1, +1) / (-1, -1), the diagonal along that way.
 */
export const DIAGONALS = ['anti', 'main'] as const
export type Diagonal = (typeof DIAGONALS)[number]

/** How men move. Immutable. */
export interface Rules {
  readonly moves: MoveSet
  /** Under 6-move rules, the diagonal that is allowed. Ignored otherwise. */
  readonly diagonal: Diagonal
  /** Only jump moves are allowed (no steps). */
  readonly jumpsOnly: boolean
  /**
   * The symmetrical long jump of Super Chinese Checkers: over a single man at the exact midpoint of
   * an otherwise empty line, landing as far beyond him as the jump started before him.
   */
  readonly longJumps: boolean
}

export function makeRules(moves: MoveSet, options: Partial<Omit<Rules, 'moves'>> = {}): Rules {
  return {
    moves,
    diagonal: options.diagonal ?? 'anti',
    jumpsOnly: options.jumpsOnly ?? false,
    longJumps: options.longJumps ?? false,
  }
}

export function parseMoveSet(text: string): Result<MoveSet> {
  const t = text.trim().toLowerCase()
  const m = (MOVE_SETS as readonly string[]).find((s) => s === t || s === `${t}-move` || s[0] === t)
  if (m === undefined) return err(diagnostic('rules.unknown', `unknown rules '${text}' (known: ${MOVE_SETS.join(', ')})`))
  return ok(m as MoveSet)
}

/** A direction as (di, dj): column and row steps. */
export type Direction = readonly [number, number]

const ORTHOGONAL: readonly Direction[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
]

/** The directions a man may step or jump in under these rules. */
export function directions(rules: Rules): readonly Direction[] {
  switch (rules.moves) {
    case '4-move':
      return ORTHOGONAL
    case '6-move':
      return rules.diagonal === 'anti' ? [...ORTHOGONAL, [1, -1], [-1, 1]] : [...ORTHOGONAL, [1, 1], [-1, -1]]
    case '8-move':
      return [...ORTHOGONAL, [1, -1], [-1, 1], [1, 1], [-1, -1]]
  }
}

/** Short human description: "6-move, jumps only". */
export function describeRules(rules: Rules): string {
  const parts: string[] = [rules.moves]
  if (rules.moves === '6-move' && rules.diagonal === 'main') parts.push('main diagonal')
  if (rules.jumpsOnly) parts.push('jumps only')
  if (rules.longJumps) parts.push('long jumps')
  return parts.join(', ')
}
