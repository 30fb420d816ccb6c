/**
 * Small sets of cells, interned (the look-ahead's stones, reach.ts): each set of at most MAX_STONES
 * cells gets an id (0: the empty set), and adding a cell to a set is a table look-up after its first
 * time. Sets do not depend on the position, so the table serves every search; it is cleared between
 * searches once it is large (`trim`).
 */

/** The most cells in a set (the look-ahead's largest budget: five other players' moves). */
export const MAX_STONES = 5
/** Cells are below 256 (the look-ahead's boards). */
const BASE = 257

export class StoneSets {
  private cells = new Int16Array(1024 * MAX_STONES)
  private sizes = new Uint8Array(1024)
  private count = 1
  /** A set's id by its cells in ascending order, as base-257 digits (cell + 1). */
  private readonly byKey = new Map<number, number>([[0, 0]])
  /** The id of set id plus cell c, by id * 256 + c. */
  private readonly step = new Map<number, number>()
  private readonly scratch = new Int16Array(MAX_STONES)

  constructor(private readonly limit = 1 << 20) {}

  /** Clear the table if it holds more than its limit: every id handed out before is then invalid (call between searches only). */
  trim(): void {
    if (this.count <= this.limit) return
    this.count = 1
    this.byKey.clear()
    this.byKey.set(0, 0)
    this.step.clear()
  }

  size(id: number): number {
    return this.sizes[id]!
  }

  /** Whether set id holds cell c. */
  has(id: number, c: number): boolean {
    const base = id * MAX_STONES
    for (let k = 0; k < this.sizes[id]!; k++) if (this.cells[base + k] === c) return true
    return false
  }

  /** Whether set a is a subset of set b. */
  subset(a: number, b: number): boolean {
    const na = this.sizes[a]!
    const nb = this.sizes[b]!
    if (na > nb) return false
    const cells = this.cells
    let j = b * MAX_STONES
    const endB = j + nb
    for (let i = a * MAX_STONES, end = i + na; i < end; i++) {
      const c = cells[i]!
      while (j < endB && cells[j]! < c) j++
      if (j === endB || cells[j] !== c) return false
      j++
    }
    return true
  }

  /** The id of set id with cell c added (c not in it; the set has fewer than MAX_STONES cells). */
  plus(id: number, c: number): number {
    const edge = id * 256 + c
    const known = this.step.get(edge)
    if (known !== undefined) return known
    const n = this.sizes[id]!
    if (n >= MAX_STONES) throw new Error(`internal: a set of ${n} stones cannot take another`)
    const out = this.scratch
    let m = 0
    let placed = false
    for (let k = 0; k < n; k++) {
      const x = this.cells[id * MAX_STONES + k]!
      if (!placed && c < x) {
        out[m++] = c
        placed = true
      }
      out[m++] = x
    }
    if (!placed) out[m++] = c
    let key = 0
    for (let k = m - 1; k >= 0; k--) key = key * BASE + out[k]! + 1
    let next = this.byKey.get(key)
    if (next === undefined) {
      next = this.count++
      if (next >= this.sizes.length) this.grow()
      this.cells.set(out.subarray(0, m), next * MAX_STONES)
      this.sizes[next] = m
      this.byKey.set(key, next)
    }
    this.step.set(edge, next)
    return next
  }

  private grow(): void {
    const cells = new Int16Array(this.cells.length * 2)
    cells.set(this.cells)
    this.cells = cells
    const sizes = new Uint8Array(this.sizes.length * 2)
    sizes.set(this.sizes)
    this.sizes = sizes
  }
}
