/** Distances on a packed space's board (the evaluations' and bounds' tables). */
import type { PackedSpace } from './space'

/** Steps between every two cells along the space's lines (255: unreachable): dist[a * n + b]. */
export function stepDistances(space: PackedSpace): Uint8Array {
  const n = space.n
  const deg = space.degree
  const dist = new Uint8Array(n * n).fill(255)
  const queue = new Int16Array(n)
  for (let s = 0; s < n; s++) {
    dist[s * n + s] = 0
    queue[0] = s
    let end = 1
    for (let q = 0; q < end; q++) {
      const c = queue[q]!
      for (let d = 0; d < deg; d++) {
        const t = space.nb[c * deg + d]!
        if (t >= 0 && dist[s * n + t] === 255) {
          dist[s * n + t] = dist[s * n + c]! + 1
          queue[end++] = t
        }
      }
    }
  }
  return dist
}
