/**
 * How a game search ranks the states of a level, for the core's level policies: the beam's rank
 * (how far along the winner is), the diversity limit of a beam, and the order in which the split
 * search takes a level's blocks.
 */
import { keepBest, rankOrder, type Diversity } from '../core/beam'
import { hashWords, USED, type BufferKind, type KeySet } from '../core/keyset'
import type { GameDomain } from './domain'

/**
 * States of a beam of width `beam` that may share the winner's men before others are kept: every
 * state in small beams, fewer in narrow ones (see cutLevel).
 */
export function diversity(beam: number): number {
  return Math.max(4, Math.ceil(beam / 256))
}

/**
 * The beam's rank of a state after `depth` moves: lower is further along (fewest plies left by the
 * bound, then the least distance of the winner's men to its base, the fewest opposing men left in
 * it, and the fewest moves its rungs need).
 */
export function scoreOf(domain: GameDomain, raw: Uint32Array, off: number, depth: number, winner: number): number {
  const toMove = domain.mover(depth + 1)
  const toBase = domain.toBase[winner]!
  const inBase = domain.inBase[winner]!
  const [blue, red] = domain.armies(raw, off)
  const W = winner === 0 ? blue : red
  const O = winner === 0 ? red : blue
  let spread = 0
  for (const c of W) spread += toBase[c]!
  let occupying = 0
  for (const c of O) occupying += inBase[c]!
  return domain.remaining(blue, red, winner, toMove) * 1e6 + spread * 1e3 + occupying * 30 + domain.gaps(blue, red, winner)
}

/** States that share the winner's men form a group (a hash of its words). */
function winnerGroups(domain: GameDomain, winner: number, perGroup: number): Diversity {
  const aw = domain.aw
  const from = winner * aw
  return {
    perGroup,
    groupOf(raw, off) {
      let h = 0x811c9dc5
      for (let j = 0; j < aw; j++) {
        const word = j + from === domain.w - 1 ? raw[off + from + j]! & ~USED : raw[off + from + j]!
        h = Math.imul(h ^ word, 0x01000193)
      }
      return h
    },
  }
}

/**
 * A heuristic search's level cut down to the beam width: the states where the winner is furthest
 * along (scoreOf), at most `perGroup` of them with the same winner's men (diversity) before any
 * state beyond that many. At the loser's levels all the children of one parent share the winner's
 * men and so its features; without a limit, a beam of B keeps the whole brood of the top
 * B / branching parents and is in effect that much narrower (a narrow first search at Halma's
 * scale then never completes a game). Given the lookahead's counts per slot (`fertility`), the
 * most fertile states instead, ties by a hash of the state (ordered by the score, the 15-man
 * 36-move search keeps a beam that dead-ends), without the diversity limit (siblings differ in
 * what they rank by).
 */
export function cutLevel(
  domain: GameDomain,
  level: KeySet,
  at: { readonly depth: number; readonly winner: number },
  beam: { readonly width: number; readonly perGroup: number; readonly fertility: Float64Array | undefined },
  kind: BufferKind,
): KeySet {
  const size = level.size
  const ranks = new Float64Array(size)
  const offsets = new Float64Array(size)
  const fertility = beam.fertility
  let most = 0
  if (fertility) for (const f of fertility) most = Math.max(most, f)
  const w = domain.w
  let k = 0
  level.forEach((raw, off) => {
    offsets[k] = off
    ranks[k++] = fertility
      ? (most - fertility[off / w]!) * 2 ** 24 + (hashWords(raw, off, w) >>> 8)
      : scoreOf(domain, raw, off, at.depth, at.winner)
  })
  return keepBest(level, offsets, ranks, beam.width, kind, fertility ? undefined : winnerGroups(domain, at.winner, beam.perGroup))
}

/**
 * The order in which the split search takes a level (after `depth` moves): first the states with
 * the least slack against the bound (their blocks are the cheapest to search to the end: the loser
 * has the least room), then those where the most of the winner's men can place at once (each by a
 * move of his own; from here on the winner must place at every turn), then those with the fewest
 * of property (v)'s lines empty, then by the beam's score. Chinese Checkers, 30 moves: Fabian's
 * state at move 12 ranks about 45,000th of 13.4 M by the last three and about 2 millionth by the
 * score alone.
 */
export function splitOrder(
  domain: GameDomain,
  level: KeySet,
  at: { readonly depth: number; readonly bound: number; readonly winner: number },
  progress: (done: number) => void,
): Uint32Array {
  const { depth, bound, winner } = at
  const size = level.size
  const w = domain.w
  const slots = new Uint32Array(size)
  const scores = new Float64Array(size)
  const bucket = new Int32Array(size)
  const f = new Int32Array(2)
  const [lo, hi] = domain.middle[winner]!
  const lines = Math.max(0, hi - lo + 1) + 1
  const per = (domain.men + 1) * lines
  const toMove = domain.mover(depth + 1)
  const room = bound - depth
  let k = 0
  level.forEach((raw, off) => {
    slots[k] = off / w
    scores[k] = scoreOf(domain, raw, off, depth, winner)
    const [blue, red] = domain.armies(raw, off)
    const slack = Math.max(0, Math.min(room, room - domain.remaining(blue, red, winner, toMove)))
    domain.splitFeatures(raw, off, winner, f)
    bucket[k] = slack * per + (domain.men - f[0]!) * lines + f[1]!
    if (++k % 1_000_000 === 0) progress(k)
  })
  // By score, then (stable, counting sort) by bucket.
  const byScore = rankOrder(scores)
  const buckets = (room + 1) * per
  const starts = new Int32Array(buckets + 1)
  for (let i = 0; i < size; i++) starts[bucket[i]! + 1]!++
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!
  const order = new Uint32Array(size)
  for (let r = 0; r < size; r++) {
    const i = byScore[r]!
    order[starts[bucket[i]!]!++] = slots[i]!
  }
  return order
}
