/**
 * Playing an army exhaustively: whether some order of legal jumps brings a man to the target.
 * Depth-first over positions (a position is the set of men), each position entered once; a
 * position whose pagoda weight is below the target's weight is dropped, as no jump increases the
 * weight (exact in Z[sigma]). Gives up after `maxPositions` positions.
 */
import { inWindow, type ArmyGeometry, type Window } from './geometry'
import { weightOf, type PagodaMap } from './pagoda'
import { add, compare, sub, type ZSigma } from './zsigma'

type Cell = readonly [number, number]

export interface PlayResult {
  /** A winning line of jumps (from, into), or null: none (complete) or none found (gaveUp). */
  readonly line: (readonly [Cell, Cell])[] | null
  readonly positions: number
  readonly gaveUp: boolean
}

export function playArmy(g: ArmyGeometry, w: Window, army: readonly Cell[], map: PagodaMap, maxPositions = 5_000_000): PlayResult {
  const cells: Cell[] = []
  const index = new Map<string, number>()
  for (let y = 0; y < w.rows; y++) {
    const [lo, hi] = g.columns(y, w.width)
    for (let x = lo; x <= hi; x++) {
      if (!g.onBoard(x, y)) continue
      index.set(`${x},${y}`, cells.length)
      cells.push([x, y])
    }
  }
  const weight = cells.map(([x, y]) => weightOf(map.exponent(x, y)))
  const target = index.get('0,0')!
  const floor = weight[target]!
  // Jumps by cell index.
  const jumps: [number, number, number][] = []
  cells.forEach(([x, y], a) => {
    for (const [dx, dy] of g.directions) {
      if (!inWindow(g, w, x + dx, y + dy) || !inWindow(g, w, x + 2 * dx, y + 2 * dy)) continue
      jumps.push([a, index.get(`${x + dx},${y + dy}`)!, index.get(`${x + 2 * dx},${y + 2 * dy}`)!])
    }
  })
  const men = new Uint8Array(cells.length)
  let total: ZSigma = { a: 0n, b: 0n }
  for (const c of army) {
    const i = index.get(`${c[0]},${c[1]}`)
    if (i === undefined) throw new Error(`the army's man at x ${c[0]}, row ${c[1]} is off the window`)
    men[i] = 1
    total = add(total, weight[i]!)
  }
  const seen = new Set<string>()
  const line: (readonly [Cell, Cell])[] = []
  let positions = 0
  let gaveUp = false
  const key = (): string => {
    const on: number[] = []
    for (let i = 0; i < men.length; i++) if (men[i]) on.push(i)
    return on.join(',')
  }
  const search = (): boolean => {
    if (men[target]) return true
    if (compare(total, floor) < 0) return false
    const k = key()
    if (seen.has(k)) return false
    seen.add(k)
    if (++positions > maxPositions) {
      gaveUp = true
      return false
    }
    for (const [a, b, c] of jumps) {
      if (!men[a] || !men[b] || men[c]) continue
      const before = total
      men[a] = 0
      men[b] = 0
      men[c] = 1
      total = add(sub(sub(total, weight[a]!), weight[b]!), weight[c]!)
      line.push([cells[a]!, cells[c]!])
      if (search()) return true
      line.pop()
      men[a] = 1
      men[b] = 1
      men[c] = 0
      total = before
      if (gaveUp) return false
    }
    return false
  }
  const won = search()
  return { line: won ? [...line] : null, positions, gaveUp }
}
