/**
 * From a meeting to a checked solution: trace both halves back to the start through the stored
 * levels, join them through the reflection, turn the boards into moves with full jump chains (the
 * core's chain finder), and verify the result with the core verifier before anything is reported.
 */
import { nameOf } from '../board'
import { resolveMove, pathText } from '../moves'
import { Position } from '../position'
import { verify } from '../verify'
import { topology } from '../topology'
import type { TransferDomain } from './domain'
import type { KeySet } from './keyset'
import type { Meeting } from './prove'
import { moveBetween, pathFromStart } from './reconstruct'

/** Boards from start to target through a meeting. */
export function meetingBoards(domain: TransferDomain, levels: readonly KeySet[], m: Meeting): number[][] {
  const first = pathFromStart(domain, levels, m.a, m.aLevel)
  const second = pathFromStart(domain, levels, m.b, m.bLevel)
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
  const problem = domain.problem
  const topo = topology(problem.board, problem.rules)
  let position = Position.of(problem.board, [boards[0]!])
  const paths: number[][] = []
  for (let k = 1; k < boards.length; k++) {
    const [from, to] = moveBetween(boards[k - 1]!, boards[k]!)
    const r = resolveMove(topo, position.occupancy(), [from, to], 1)
    if (!r.ok)
      throw new Error(`internal: reconstructed move ${k} ${nameOf(problem.board, from)}-${nameOf(problem.board, to)}: ${r.error.message}`)
    paths.push([...r.value.path])
    position = position.moved(from, to)
  }
  const check = verify(problem, paths)
  if (!check.valid) throw new Error(`internal: reconstructed solution fails verification: ${check.error?.message}`)
  return { paths, texts: paths.map((p) => pathText(topo, p)) }
}

/** The middle board(s) of a meeting by cell names: what makes solutions distinct. */
export function middleName(domain: TransferDomain, m: Meeting): string {
  const b = domain.problem.board
  const a = m.a.map((c) => nameOf(b, c)).join(' ')
  const rb = m.b.map((c) => domain.reflection![c]!).sort((p, q) => p - q)
  return sameCells(rb, m.a) ? a : `${a} / ${rb.map((c) => nameOf(b, c)).join(' ')}`
}
