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
