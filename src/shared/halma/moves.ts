/**
 * Moves (docs/DOMAIN.md, "Rules of movement"): a step of one man to an adjacent empty cell, or a chain of
 * one or more jumps by one man, each over an occupied cell into the empty cell beyond, in an allowed
 * direction. Nothing is captured; the chain may stop anywhere and change direction; a move never
 * ends where it started; a step and jumps are never combined. A destination reachable by several
 * chains is one move, shown with one shortest chain.
 *
 * These functions work on an occupancy array (owner per cell, 0 empty) so that the verifier, the
 * workbench and tests share them; the search engine has its own packed generator and is tested
 * against this one.
 */
import { nameOf } from './board'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { directionIndex, type Topology } from './topology'

/** A move: the cells it visits, in order. A step visits two adjacent cells. */
export type Move =
  { readonly kind: 'step'; readonly path: readonly [number, number] } | { readonly kind: 'jump'; readonly path: readonly number[] }

export const moveFrom = (m: Move): number => m.path[0]!
export const moveTo = (m: Move): number => m.path[m.path.length - 1]!
/** Number of jumps in a move (0 for a step). */
export const jumpCount = (m: Move): number => (m.kind === 'step' ? 0 : m.path.length - 1)

/**
 * The landing cell of a jump from `p` in direction `d`, or -1. A plain jump goes over the adjacent
 * man; with long jumps the man may stand k cells away on an otherwise empty line, landing k cells
 * beyond him.
 */
export function jumpLanding(topo: Topology, occ: Uint8Array, p: number, d: number): number {
  const nb = topo.neighbor
  const deg = topo.degree
  let k = 0
  let c = p
  // Walk to the first occupied cell along direction d.
  for (;;) {
    c = nb[c * deg + d]!
    if (c < 0) return -1
    k++
    if (occ[c] !== 0) break
    if (!topo.rules.longJumps) return -1
  }
  // Then k cells beyond it: k - 1 empty, and the landing cell empty.
  for (let s = 0; s < k; s++) {
    c = nb[c * deg + d]!
    if (c < 0 || occ[c] !== 0) return -1
  }
  return c
}

/**
 * Every cell reachable from `from` by a chain of one or more jumps, with a shortest chain to each:
 * parent[cell] is the previous landing (or `from`), -1 where unreachable. The jumper's own cell
 * counts as empty while he is away from it.
 */
export function jumpTree(topo: Topology, occ: Uint8Array, from: number): { order: number[]; parent: Int16Array } {
  const parent = new Int16Array(topo.board.size).fill(-1)
  const order: number[] = []
  const owner = occ[from]!
  occ[from] = 0
  parent[from] = from
  const queue = [from]
  for (let q = 0; q < queue.length; q++) {
    const p = queue[q]!
    for (let d = 0; d < topo.degree; d++) {
      const t = jumpLanding(topo, occ, p, d)
      if (t >= 0 && parent[t] === -1) {
        parent[t] = p
        queue.push(t)
        order.push(t)
      }
    }
  }
  occ[from] = owner
  parent[from] = -1
  return { order, parent }
}

function chainTo(parent: Int16Array, from: number, to: number): number[] {
  const path = [to]
  for (let c = to; c !== from;) {
    c = parent[c]!
    path.push(c)
  }
  return path.reverse()
}

/** The legal moves of the man on `from`: steps first (in direction order), then jumps (nearest first). */
export function movesFrom(topo: Topology, occ: Uint8Array, from: number): Move[] {
  const out: Move[] = []
  if (occ[from] === 0) return out
  if (!topo.rules.jumpsOnly) {
    for (let d = 0; d < topo.degree; d++) {
      const t = topo.neighbor[from * topo.degree + d]!
      if (t >= 0 && occ[t] === 0) out.push({ kind: 'step', path: [from, t] })
    }
  }
  const { order, parent } = jumpTree(topo, occ, from)
  for (const t of order) {
    if (t !== from) out.push({ kind: 'jump', path: chainTo(parent, from, t) })
  }
  return out
}

/** All legal moves of the men of one owner (1 = army 0, 2 = army 1), or of every man if owner is 0. */
export function legalMoves(topo: Topology, occ: Uint8Array, owner = 0): Move[] {
  const out: Move[] = []
  for (let c = 0; c < occ.length; c++) {
    const o = occ[c]!
    if (o !== 0 && (owner === 0 || o === owner)) out.push(...movesFrom(topo, occ, c))
  }
  return out
}

/** Play a move on an occupancy array in place. */
export function applyMove(occ: Uint8Array, m: Move): void {
  const from = moveFrom(m)
  const to = moveTo(m)
  occ[to] = occ[from]!
  occ[from] = 0
}

/** Take a move back on an occupancy array in place. */
export function undoMove(occ: Uint8Array, m: Move): void {
  const from = moveFrom(m)
  const to = moveTo(m)
  occ[from] = occ[to]!
  occ[to] = 0
}

/** The cells of a move by name, joined by `-`. */
export function pathText(topo: Topology, path: readonly number[]): string {
  return path.map((c) => nameOf(topo.board, c)).join('-')
}

/** Why one hop p -> q of a chain is not a jump (a code and a sentence), or undefined if it is one. */
function hopFault(topo: Topology, occ: Uint8Array, p: number, q: number): { code: string; message: string } | undefined {
  const fault = (code: string, message: string): { code: string; message: string } => ({ code, message })
  const b = topo.board
  const di = b.col[q]! - b.col[p]!
  const dj = b.row[q]! - b.row[p]!
  const hop = `${nameOf(b, p)}-${nameOf(b, q)}`
  const g = gcd(Math.abs(di), Math.abs(dj))
  const d = g === 0 ? -1 : directionIndex(topo, di / g, dj / g)
  if (d < 0)
    return fault(
      'move.not-in-line',
      `${hop} is not a jump: ${nameOf(b, q)} is not in line with ${nameOf(b, p)} under ${topo.rules.moves} rules`,
    )
  if (g % 2 === 1) {
    return g === 1
      ? fault('move.step-in-chain', `${hop} is a step; a step and jumps cannot be combined in one move`)
      : fault('move.odd-jump', `${hop} is not a jump: a jump lands as far beyond the man jumped as it started before him`)
  }
  const k = g / 2
  if (k > 1 && !topo.rules.longJumps)
    return fault('move.long-jump', `${hop} is not a jump: it is ${g} cells long and long jumps are not allowed`)
  // Cells strictly between p and q along the line: exactly the midpoint must be occupied.
  const line: number[] = []
  let c = p
  for (let s = 1; s < g; s++) {
    c = topo.neighbor[c * topo.degree + d]!
    if (c < 0) return fault('move.off-board', `${hop} is not a jump: it leaves the board`)
    line.push(c)
  }
  const mid = line[k - 1]!
  if (occ[mid] === 0) return fault('move.bad-jump', `${hop} is not a jump: ${nameOf(b, mid)} is empty`)
  const other = line.find((x, s) => s !== k - 1 && occ[x] !== 0)
  if (other !== undefined) return fault('move.bad-jump', `${hop} is not a jump: ${nameOf(b, other)} is in the way`)
  if (occ[q] !== 0) return fault('move.occupied', `${hop} is not a jump: ${nameOf(b, q)} is occupied`)
  return undefined
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b]
  return a
}

/**
 * Check that a path (cells in order) is a legal move in this occupancy, for the man of `owner` if
 * given (0: any man). The error names the first thing wrong, e.g. "c3-e5 is not a jump: d4 is empty".
 */
export function checkPath(topo: Topology, occ: Uint8Array, path: readonly number[], owner = 0): Result<Move> {
  const b = topo.board
  const text = pathText(topo, path)
  const fail = (code: string, message: string): Result<never, Diagnostic> => err(diagnostic(code, message))
  if (path.length < 2) return fail('move.short', `'${text}' is not a move: a move visits at least two cells`)
  const from = path[0]!
  const to = path[path.length - 1]!
  if (occ[from] === 0) return fail('move.empty-start', `${text}: ${nameOf(b, from)} is empty`)
  if (owner !== 0 && occ[from] !== owner) {
    return fail('move.wrong-army', `${text}: the man on ${nameOf(b, from)} is not the mover's`)
  }
  if (from === to) return fail('move.returns', `${text} ends where it started`)
  if (path.length === 2) {
    const d = directionIndex(topo, b.col[to]! - b.col[from]!, b.row[to]! - b.row[from]!)
    if (d >= 0) {
      if (topo.rules.jumpsOnly) return fail('move.step-forbidden', `${text} is a step; only jumps are allowed`)
      if (occ[to] !== 0) return fail('move.occupied', `${text} is not a step: ${nameOf(b, to)} is occupied`)
      return ok({ kind: 'step', path: [from, to] })
    }
  }
  const owner0 = occ[from]!
  occ[from] = 0
  try {
    for (let k = 0; k + 1 < path.length; k++) {
      const f = hopFault(topo, occ, path[k]!, path[k + 1]!)
      if (f) return fail(f.code, path.length === 2 ? f.message : `${text}: ${f.message}`)
    }
  } finally {
    occ[from] = owner0
  }
  return ok({ kind: 'jump', path: [...path] })
}

/**
 * A legal move from its written cells. A move written by its two ends only (`b1-d3`) that is not a
 * single step or jump is completed by the shortest chain of jumps between them, if there is one.
 */
export function resolveMove(topo: Topology, occ: Uint8Array, path: readonly number[], owner = 0): Result<Move> {
  const direct = checkPath(topo, occ, path, owner)
  if (direct.ok || path.length !== 2 || direct.error.code === 'move.empty-start' || direct.error.code === 'move.wrong-army') {
    return direct
  }
  const [from, to] = path as [number, number]
  if (from === to) return direct
  const { parent } = jumpTree(topo, occ, from)
  if (parent[to] === -1) {
    // A single hop that is in line but blocked says best what is wrong; otherwise no chain exists.
    if (direct.error.code !== 'move.not-in-line' && direct.error.code !== 'move.odd-jump' && direct.error.code !== 'move.long-jump')
      return direct
    return err(
      diagnostic(
        'move.no-chain',
        `${pathText(topo, path)} is not a legal move: no ${topo.rules.jumpsOnly ? '' : 'step or '}chain of jumps leads from ${nameOf(topo.board, from)} to ${nameOf(topo.board, to)}`,
      ),
    )
  }
  return ok({ kind: 'jump', path: chainTo(parent, from, to) })
}
