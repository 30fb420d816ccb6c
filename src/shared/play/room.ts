/**
 * Room for a man shut in her target. A player wins when her own men hold every cell of her target
 * (the rules page's objective), so another army's man standing on it must leave before she can
 * finish. When her own men close in around him so that no move of his ends outside her target,
 * he can never leave: his owner cannot move him, greedy players never dig him out, and a search
 * whose horizon ends before his owner's turn does not see what opening a way out would gain. The
 * race is then lost however fast she was (in the engine's matches against greedy players this was
 * a fifth of the games it lost with six players, and every two-player game that ran to the move
 * cap).
 *
 * The engine's rule, applied to its root moves near the end of the race (at most `within` of her
 * men outside her target): among her legal moves, only those that leave the fewest men shut in are
 * searched, a man counting as shut in when no move of his, a step or a chain of jumps, ends outside
 * her target now (one that could get out in two moves counts too: the rule keeps his door open).
 * Before a man is shut in, this forbids the moves that would shut him in; once one is (the others'
 * moves can do it too), it keeps only the moves that let him out, when she has one. Where none of
 * her moves changes the count (he is held by others' men alone), it leaves every move open.
 */
import { MAX_MOVES, type Move, type Position } from './position'

/** Scratch for one man's moves. */
const from = new Int16Array(MAX_MOVES)
const to = new Int16Array(MAX_MOVES)
const one = new Int16Array(1)

/** Whether the man on cell c has a move (a step or a chain of jumps) that ends off the cells marked in `inside`. */
function canLeave(pos: Position, c: number, inside: Uint8Array): boolean {
  one[0] = c
  const got = pos.space.movesOf(one, 1, from, to, 0)
  for (let k = 0; k < got; k++) if (inside[to[k]!] === 0) return true
  return false
}

/** The other armies' men on army a's target with no move (a step or a chain of jumps) that ends outside it. */
export function shutIn(pos: Position, a: number): number {
  if (pos.filled[a] === pos.home[a]) return 0
  const inside = pos.t.inTarget[a]!
  let count = 0
  for (const c of pos.variant.armies[a]!.target) {
    const o = pos.owner[c]!
    if (o >= 0 && o !== a && !canLeave(pos, c, inside)) count++
  }
  return count
}

/**
 * The root moves the engine searches under the rule (module comment) and how many moves she has, or undefined when the rule
 * leaves every move open (no other army's man on her target, more than `within` of her men
 * outside it, a win that does not need the target to herself, teams, or no move that differs).
 */
export function roomMoves(pos: Position, within: number): { readonly moves: Move[]; readonly of: number } | undefined {
  const v = pos.variant
  const a = pos.turn
  if (within <= 0 || v.win !== 'own' || v.partners || pos.winner >= 0) return undefined
  const outside = pos.t.men - pos.home[a]!
  if (outside === 0 || outside > within || pos.filled[a] === pos.home[a]) return undefined
  const buf = new Int32Array(MAX_MOVES)
  const n = pos.generate(buf)
  if (n <= 1) return undefined
  const shut = new Int32Array(n)
  let fewest = Infinity
  for (let k = 0; k < n; k++) {
    pos.make(buf[k]!)
    shut[k] = pos.winner === a ? 0 : shutIn(pos, a)
    pos.unmake()
    if (shut[k]! < fewest) fewest = shut[k]!
  }
  const keep: Move[] = []
  for (let k = 0; k < n; k++) if (shut[k] === fewest) keep.push(buf[k]!)
  return keep.length < n ? { moves: keep, of: n } : undefined
}

