/**
 * From a meeting to a checked solution: trace both halves back to the start through the stored
 * levels (the core's trace), join them through the reflection, and turn the boards into moves with
 * full jump chains, verified by the core verifier before anything is reported.
 */
import { nameOf } from '../../halma/board'
import type { StateSet } from '../core/state-set'
import { traceBack } from '../core/trace'
import type { TransferDomain } from './domain'
import type { Meeting } from './meet'

/** Boards (as cell lists) from the start (level 0) to `cells`, which lies at `level` of `levels`. */
export function boardsFromStart(domain: TransferDomain, levels: readonly StateSet[], cells: readonly number[], level: number): number[][] {
  return traceBack(domain, levels, [cells], level).map((state) => state[0]!)
}

/** Boards from start to target through a meeting. */
export function meetingBoards(domain: TransferDomain, levels: readonly StateSet[], m: Meeting): number[][] {
  const first = boardsFromStart(domain, levels, m.a, m.aLevel)
  const second = boardsFromStart(domain, levels, m.b, m.bLevel)
  const image = domain.reflection!
  const back = second.map((board) => board.map((c) => image[c]!).sort((p, q) => p - q)).reverse()
  const joined = sameCells(back[0]!, first[first.length - 1]!) ? back.slice(1) : back
  return [...first, ...joined]
}

function sameCells(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((c, k) => c === b[k])
}

/** Moves along a sequence of boards (as cell paths and in full notation), checked as a solution. */
export function boardsToMoves(domain: TransferDomain, boards: readonly (readonly number[])[]): { paths: number[][]; texts: string[] } {
  const { paths, texts } = domain.movesAlong(boards.map((b) => [b]))
  return { paths, texts }
}

/** The middle board(s) of a meeting by cell names: what makes solutions distinct. */
export function middleName(domain: TransferDomain, m: Meeting): string {
  const b = domain.problem.board
  const a = m.a.map((c) => nameOf(b, c)).join(' ')
  const rb = m.b.map((c) => domain.reflection![c]!).sort((p, q) => p - q)
  return sameCells(rb, m.a) ? a : `${a} / ${rb.map((c) => nameOf(b, c)).join(' ')}`
}
