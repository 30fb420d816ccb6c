/**
 * The heuristic properties of a shortest game (paper section 2.4), and one of our own, as rules on
 * moves and states. They hold in the known shortest games but are not proven to hold in every one,
 * so a search that applies them finds games fast and proves nothing about the games without them.
 * One definition, applied alike by the kernel (per child, from counts it keeps incrementally), the
 * beam's lookahead (through the kernel) and the enumeration of games (from cell lists):
 * - (i) on odd boards the winner only jumps;
 * - (iv) after each move n >= l of the winner (l = L - 2(s - 1), the critical move), at least
 *   (n - l)/2 + 1 of its men are in the opposing base; not used where the types force extra moves;
 * - (v), as the option `lines` reads "in the middle of the game": at the middle move of the
 *   placements, (l + L) / 2 rounded down, every line x - y = k strictly between the bases holds a
 *   man, so at each move i before it at most (that move - i) of them are empty (a move fills at
 *   most one line). Fabian's game holds every line at moves 17-25, the engine's 30-move game at
 *   19-28, the 15-man 36-move game at 17-36;
 * - (vi), not in the paper: after the critical move, each of the loser's moves but its last takes a
 *   man out of its base or is a step. Fabian's 30-move and the 15-man 36-move game both have it.
 */

/** The properties a heuristic search applies, for one bound and winner: plain data (it crosses threads). */
export interface HeuristicRule {
  /** The critical move l. */
  readonly critical: number
  /** (iv) applies (the winner's types need no extra moves). */
  readonly placements: boolean
  /** (vi) applies. */
  readonly vacating: boolean
  /** (v): the move by which every line holds a man, or null (not applied). */
  readonly lines: number | null
}

/** The options a job gives (the paper's (i) and (iv) always apply in a heuristic search). */
export interface HeuristicOptions {
  /** Require property (vi). */
  readonly vacating: boolean
  /** Require property (v). */
  readonly lines: boolean
}

/**
 * The rule for games of `bound` moves of an army of `men`; `placements` false where the winner's
 * types force extra moves (Grasshopper), which (iv) does not allow for.
 */
export function heuristicRule(bound: number, men: number, placements: boolean, options: HeuristicOptions): HeuristicRule {
  const critical = bound - 2 * (men - 1)
  return { critical, placements, vacating: options.vacating, lines: options.lines ? Math.floor((critical + bound) / 2) : null }
}

/**
 * The move rules at one level (the moves that lead to it): (i) bans the winner's steps on odd
 * boards, (vi) the loser's jumps but from its base after the critical move.
 */
export class MoveRules {
  /** (i): the mover's steps are banned. */
  readonly noSteps: boolean
  /** (vi): the mover's moves must start in its base or be steps. */
  readonly vacate: boolean

  constructor(
    h: HeuristicRule | null,
    at: { readonly level: number; readonly bound: number; readonly mover: number; readonly winner: number; readonly oddBoard: boolean },
  ) {
    this.noSteps = h !== null && at.mover === at.winner && at.oddBoard
    this.vacate = h !== null && h.vacating && at.mover !== at.winner && at.level > h.critical && at.level < at.bound - 1
  }

  /** Whether a move (a step or not; from the mover's base or not) is allowed. */
  allows(step: boolean, fromBase: boolean): boolean {
    if (step) return !this.noSteps
    return !this.vacate || fromBase
  }
}

/** (iv): after the winner's move that makes `level`, `home` of its men are in its target base. */
export function placementsHold(h: HeuristicRule, level: number, moverIsWinner: boolean, home: number): boolean {
  return !h.placements || level < h.critical || !moverIsWinner || home >= Math.floor((level - h.critical) / 2) + 1
}

/** (v): after `level` moves, `empty` of the lines between the bases hold no man. */
export function linesHold(h: HeuristicRule, level: number, empty: number): boolean {
  return h.lines === null || level > h.lines || empty <= h.lines - level
}
