/**
 * Ladders (paper section 2.2): configurations of men that let other men cross the board in long
 * chains of jumps. A jump never changes a man's type (section 2.1), so the chains a position
 * offers fall apart by the type of man they can carry.
 *
 * Here a lane is a connected set of hops of one carried type: hop p -> q over the man on the cell
 * between them, usable when p or q is empty (a man standing on one end can jump to the other).
 * A forward hop moves a man between the bases (it changes i + j, the centroid c = x - y); a
 * sideways hop, such as one along the (+1, -1) diagonal of 6-move rules, only joins forward hops
 * into a chain. Under 4- and 6-move rules a forward hop changes one coordinate's parity, so men of
 * types 1 and 2 go forward only over men of types 0 and 3, and the other way round: the paper's
 * two kinds of ladder. Lanes of the same kind that share rung men form one ladder, named by the
 * types of its forward rungs.
 * Lanes with at least `minHops` hops are kept. The men jumped over are the lane's rungs; lanes
 * that share rungs form one ladder, named by the types of its rungs: a ladder of type 0 and type 3
 * men is a "0&3 ladder", and its lanes carry men of types 1 and 2. Men of either army may be
 * rungs. Long jumps are not part of this picture (a ladder is built from adjacent rungs).
 */
import { cellType } from './metrics'
import type { Position } from './position'
import type { Rules } from './rules'
import { makeRules } from './rules'
import { topology } from './topology'

/** One hop: from p over the rung man on m to q. */
export interface Hop {
  readonly from: number
  readonly over: number
  readonly to: number
  /** Moves a man between the bases (changes i + j); false for a sideways hop. */
  readonly forward: boolean
}

/** A chain of jumps for men of one type. */
export interface Lane {
  /** The type (0-3) of man the lane carries. */
  readonly type: number
  /** The cells the lane joins, ascending. */
  readonly cells: readonly number[]
  readonly hops: readonly Hop[]
}

export interface Ladder {
  /** Its key on the board and in the legend: A for the longest, then B, C, ... */
  readonly key: string
  /** Types of the men under its forward hops, ascending (a "0&3 ladder" has [0, 3]). */
  readonly rungTypes: readonly number[]
  /** Types of men the ladder carries, ascending. */
  readonly carries: readonly number[]
  /** "0&3 ladder". */
  readonly name: string
  readonly lanes: readonly Lane[]
  /** Cells of the rung men, ascending. */
  readonly rungs: readonly number[]
}

export interface LadderMap {
  readonly ladders: readonly Ladder[]
  /** For each rung man's cell: the types of men he helps carry, ascending. */
  readonly carries: ReadonlyMap<number, readonly number[]>
  /** For each rung man's cell: the keys of the ladders he is a rung of, in order ("A", "C"). */
  readonly keys: ReadonlyMap<number, readonly string[]>
}

/** The key of the k-th ladder: A to Z, then A2, B2, ... (a position has a handful). */
export function ladderKey(k: number): string {
  const letter = String.fromCharCode(65 + (k % 26))
  return k < 26 ? letter : `${letter}${Math.floor(k / 26) + 1}`
}

/**
 * The ladder of a position that continues one picked earlier (the user isolates a ladder, then
 * steps): among the ladders carrying the same types, the one sharing the most rung men with it;
 * -1 when none shares a rung (it was taken apart).
 */
export function followLadder(picked: Ladder, map: LadderMap): number {
  const rungs = new Set(picked.rungs)
  const kind = picked.carries.join()
  let best = -1
  let bestShared = 0
  map.ladders.forEach((l, k) => {
    if (l.carries.join() !== kind) return
    const shared = l.rungs.reduce((n, c) => n + (rungs.has(c) ? 1 : 0), 0)
    if (shared > bestShared) {
      best = k
      bestShared = shared
    }
  })
  return best
}

/** Lanes shorter than this many hops are not drawn: every man next to an empty cell offers one hop. */
export const MIN_LADDER_HOPS = 3

function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]!]!
    x = parent[x]!
  }
  return x
}

/** The ladders of a position under some rules (long jumps are left out, see above). */
export function findLadders(position: Position, rules: Rules, minHops = MIN_LADDER_HOPS): LadderMap {
  const board = position.board
  const plain = rules.longJumps ? makeRules(rules.moves, { diagonal: rules.diagonal, jumpsOnly: rules.jumpsOnly }) : rules
  const topo = topology(board, plain)
  const n = board.size
  const hops: Hop[] = []
  const parent = new Int32Array(n).map((_, k) => k)
  for (let p = 0; p < n; p++) {
    for (let d = 0; d < topo.degree; d++) {
      const forward = topo.dirs[d]![0] + topo.dirs[d]![1] !== 0
      const m = topo.neighbor[p * topo.degree + d]!
      if (m < 0 || position.at(m) === 0) continue
      const q = topo.neighbor[m * topo.degree + d]!
      // Each undirected hop once (p < q), usable when an end is free.
      if (q < 0 || q < p || (position.at(p) !== 0 && position.at(q) !== 0)) continue
      hops.push({ from: p, over: m, to: q, forward })
      const a = find(parent, p)
      const b = find(parent, q)
      if (a !== b) parent[a] = b
    }
  }
  // Group hops into lanes by component.
  const byRoot = new Map<number, Hop[]>()
  for (const h of hops) {
    const r = find(parent, h.from)
    let list = byRoot.get(r)
    if (!list) byRoot.set(r, (list = []))
    list.push(h)
  }
  const lanes: Lane[] = []
  for (const list of byRoot.values()) {
    if (list.length < minHops || !list.some((h) => h.forward)) continue
    const cells = new Set<number>()
    for (const h of list) cells.add(h.from).add(h.to)
    lanes.push({ type: cellType(board, list[0]!.from), cells: [...cells].sort((a, b) => a - b), hops: list })
  }
  // Lanes of one kind (carrying types 1 and 2, or 0 and 3) that share rung men form one ladder.
  const laneParent = new Int32Array(lanes.length).map((_, k) => k)
  const laneOfRung = new Map<string, number>()
  lanes.forEach((lane, k) => {
    const kind = lane.type === 1 || lane.type === 2 ? 'a' : 'b'
    for (const h of lane.hops) {
      const key = kind + h.over
      const other = laneOfRung.get(key)
      if (other === undefined) laneOfRung.set(key, k)
      else {
        const a = find(laneParent, k)
        const b = find(laneParent, other)
        if (a !== b) laneParent[a] = b
      }
    }
  })
  const groups = new Map<number, Lane[]>()
  lanes.forEach((lane, k) => {
    const r = find(laneParent, k)
    let g = groups.get(r)
    if (!g) groups.set(r, (g = []))
    g.push(lane)
  })
  const carries = new Map<number, Set<number>>()
  const found: Omit<Ladder, 'key'>[] = []
  for (const g of groups.values()) {
    const rungs = new Set<number>()
    const forwardRungs = new Set<number>()
    for (const lane of g) {
      for (const h of lane.hops) {
        rungs.add(h.over)
        if (h.forward) forwardRungs.add(h.over)
        let s = carries.get(h.over)
        if (!s) carries.set(h.over, (s = new Set()))
        s.add(lane.type)
      }
    }
    const rungTypes = [...new Set([...forwardRungs].map((c) => cellType(board, c)))].sort()
    const carried = [...new Set(g.map((l) => l.type))].sort()
    found.push({ rungTypes, carries: carried, name: `${rungTypes.join('&')} ladder`, lanes: g, rungs: [...rungs].sort((a, b) => a - b) })
  }
  // Longest ladders first; the keys follow that order.
  found.sort((a, b) => b.lanes.reduce((s, l) => s + l.hops.length, 0) - a.lanes.reduce((s, l) => s + l.hops.length, 0))
  const ladders: Ladder[] = found.map((l, k) => ({ key: ladderKey(k), ...l }))
  const out = new Map<number, number[]>()
  for (const [c, s] of carries) out.set(c, [...s].sort())
  const keys = new Map<number, string[]>()
  for (const l of ladders) {
    for (const c of l.rungs) {
      let list = keys.get(c)
      if (!list) keys.set(c, (list = []))
      list.push(l.key)
    }
  }
  return { ladders, carries: out, keys }
}
