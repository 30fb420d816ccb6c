/**
 * Lines are rebuilt from stored levels: the state at level i was reached by a move from some state
 * of level i - 1 (SearchDomain.predecessors lists the candidates); following such states leads back
 * to level 0. States are followed as they are and looked up by their canonical keys.
 */
import type { Cells, SearchDomain } from './contract'
import type { StateSet } from './state-set'

/** The states from level 0 to `end`, which lies at `level` of `levels`. */
export function traceBack(domain: SearchDomain, levels: readonly StateSet[], end: Cells, level: number): number[][][] {
  const key = new Uint32Array(domain.w)
  let current = end.map((cells) => [...cells])
  const path = [current]
  for (let i = level; i > 0; i--) {
    const back = domain.predecessors(current, i).find((p) => {
      domain.pack(p, key, 0)
      return levels[i - 1]!.has(key, 0)
    })
    if (!back) throw new Error(`internal: no predecessor at level ${i - 1}`)
    current = back
    path.push(current)
  }
  return path.reverse()
}

/**
 * The same line for a domain whose moves cannot be walked backwards cheaply (captures: a move's
 * predecessors are every chain that could have ended on a cell, unbounded on an empty board): level
 * by level from the end, the first state of level i - 1 (in stored order) one of whose `children`
 * is the state at level i.
 */
export function traceForward(
  domain: Pick<SearchDomain, 'w' | 'pack' | 'unpack'>,
  levels: readonly StateSet[],
  end: Cells,
  level: number,
  children: (state: Cells) => readonly Cells[],
): number[][][] {
  const key = new Uint32Array(domain.w)
  const want = new Uint32Array(domain.w)
  let current = end.map((cells) => [...cells])
  const path = [current]
  for (let i = level; i > 0; i--) {
    domain.pack(current, want, 0)
    let back: number[][] | undefined
    levels[i - 1]!.forEach((raw, off) => {
      if (back) return
      const state = domain.unpack(raw, off)
      const hit = children(state).some((c) => {
        domain.pack(c, key, 0)
        return key.every((x, k) => x === want[k])
      })
      if (hit) back = state
    })
    if (!back) throw new Error(`internal: no parent at level ${i - 1}`)
    current = back
    path.push(current)
  }
  return path.reverse()
}
