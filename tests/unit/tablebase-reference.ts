/**
 * An independent solver of the tablebase game for the tests: its own board (coordinates, its own
 * neighbour rule), its own move generator (a depth-first walk over jump chains), positions as
 * strings with the side to move, no ranking, no symmetry; values by plain value iteration from the
 * rules until nothing changes. Slow, and meant to be: it shares nothing with the solver but the
 * rules as the issue states them.
 */

export type RefValue = 'win' | 'loss' | 'draw' | 'illegal'

export interface RefEntry {
  readonly value: RefValue
  /** Moves to the end under best play (wins and losses). */
  readonly distance: number
}

/** A position: 'b', 'r' or '.' per cell (row-major, row 1 first), then the side to move. */
export type RefKey = string

/** The solved positions. */
export interface RefTable {
  readonly size: number
  get(key: RefKey): RefEntry | undefined
  forEach(f: (entry: RefEntry, key: RefKey) => void): void
}

export class ReferenceGame {
  readonly cells: number
  readonly blueStart: number[]
  readonly redStart: number[]

  constructor(
    readonly side: number,
    readonly men: number,
  ) {
    this.cells = side * side
    const offsets: Record<number, [number, number][]> = {
      1: [[0, 0]],
      2: [
        [0, 0],
        [1, 0],
      ],
      3: [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      4: [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ],
      6: [
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 1],
        [1, 1],
        [0, 2],
      ],
    }
    // Column x, row y from 0; cell = y * side + x; blue's corner is (0, 0) (a1).
    this.blueStart = offsets[men]!.map(([x, y]) => y * side + x)
    this.redStart = offsets[men]!.map(([x, y]) => (side - 1 - y) * side + (side - 1 - x))
  }

  /** Neighbours under 6-move rules: the 4 orthogonal ones and the diagonal (x + 1, y - 1), (x - 1, y + 1). */
  private step(c: number, d: number): number {
    const dirs = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, -1],
      [-1, 1],
    ]
    const x = (c % this.side) + dirs[d]![0]!
    const y = Math.floor(c / this.side) + dirs[d]![1]!
    return x < 0 || y < 0 || x >= this.side || y >= this.side ? -1 : y * this.side + x
  }

  /** Every destination of the man on `from`: steps, and every cell a chain of jumps reaches. */
  destinations(board: string[], from: number): number[] {
    const out = new Set<number>()
    for (let d = 0; d < 6; d++) {
      const t = this.step(from, d)
      if (t >= 0 && board[t] === '.') out.add(t)
    }
    const saved = board[from]!
    board[from] = '.'
    const visited = new Set<number>([from])
    const walk = (c: number): void => {
      for (let d = 0; d < 6; d++) {
        const over = this.step(c, d)
        if (over < 0 || board[over] === '.') continue
        const land = this.step(over, d)
        if (land < 0 || board[land] !== '.' || visited.has(land)) continue
        visited.add(land)
        out.add(land)
        walk(land)
      }
    }
    walk(from)
    board[from] = saved
    out.delete(from)
    return [...out]
  }

  /** Whether `who` ('b' or 'r') has won: her target full, one of her men on it. */
  won(board: string[], who: 'b' | 'r'): boolean {
    const target = who === 'b' ? this.redStart : this.blueStart
    return target.every((c) => board[c] !== '.') && target.some((c) => board[c] === who)
  }

  /** The 6-man rule: an area's corner empty, its four guards held by the area owner's opponent. */
  blocked(board: string[]): boolean {
    if (this.men !== 6) return false
    // Blue's target is red's start: its corner is red's start corner; the guards must hold red men.
    const areas: [number[], 'b' | 'r'][] = [
      [this.redStart, 'r'],
      [this.blueStart, 'b'],
    ]
    return areas.some(([area, opponent]) => board[area[0]!] === '.' && [1, 2, 3, 5].every((k) => board[area[k]!] === opponent))
  }

  illegal(board: string[], toMove: 'b' | 'r'): boolean {
    return this.won(board, toMove) || this.blocked(board)
  }

  /** The legal successors (as keys) of a legal position that is not over. */
  successors(key: RefKey): RefKey[] {
    const board = key.slice(0, this.cells).split('')
    const who = key[this.cells] as 'b' | 'r'
    const next = who === 'b' ? 'r' : 'b'
    const out: RefKey[] = []
    for (let c = 0; c < this.cells; c++) {
      if (board[c] !== who) continue
      for (const t of this.destinations(board, c)) {
        board[c] = '.'
        board[t] = who
        if (!this.illegal(board, next)) out.push(board.join('') + next)
        board[t] = '.'
        board[c] = who
      }
    }
    return out
  }

  /** Every placement of the men, both sides to move. */
  allKeys(): RefKey[] {
    const keys: RefKey[] = []
    const board: string[] = new Array<string>(this.cells).fill('.')
    const place = (who: 'b' | 'r', from: number, left: number, done: () => void): void => {
      if (left === 0) return done()
      for (let c = from; c < this.cells; c++) {
        if (board[c] !== '.') continue
        board[c] = who
        place(who, c + 1, left - 1, done)
        board[c] = '.'
      }
    }
    place('b', 0, this.men, () =>
      place('r', 0, this.men, () => {
        keys.push(board.join('') + 'b')
        keys.push(board.join('') + 'r')
      }),
    )
    return keys
  }

  /** Values and distances of every position, by value iteration. */
  solve(): RefTable {
    const keys = this.allKeys()
    const id = new Map<RefKey, number>()
    keys.forEach((k, i) => id.set(k, i))
    const NONE = 0
    const WIN = 1
    const LOSS = 2
    const ILLEGAL = 3
    const value = new Uint8Array(keys.length)
    const distance = new Int16Array(keys.length)
    // Successors of the open positions, as ids in one array (first[i]..first[i + 1]).
    const first = new Int32Array(keys.length + 1)
    let succ = new Int32Array(1 << 16)
    let used = 0
    const open: number[] = []
    keys.forEach((key, i) => {
      first[i] = used
      const board = key.slice(0, this.cells).split('')
      const who = key[this.cells] as 'b' | 'r'
      if (this.illegal(board, who)) value[i] = ILLEGAL
      else if (this.won(board, who === 'b' ? 'r' : 'b')) value[i] = LOSS
      else {
        const s = this.successors(key)
        if (s.length === 0) value[i] = LOSS
        else {
          open.push(i)
          if (used + s.length > succ.length) {
            const grown = new Int32Array(succ.length * 2 + s.length)
            grown.set(succ)
            succ = grown
          }
          for (const k of s) succ[used++] = id.get(k)!
        }
      }
      first[i + 1] = used
    })
    // Level k: won if a successor was lost before k; lost if every successor was won before k.
    for (let level = 1; ; level++) {
      const found: number[] = []
      for (const i of open) {
        if (value[i] !== NONE) continue
        let anyLoss = false
        let allWin = true
        for (let j = first[i]!; j < first[i + 1]!; j++) {
          const v = value[succ[j]!]
          if (v === LOSS) anyLoss = true
          if (v !== WIN) allWin = false
        }
        if (anyLoss) found.push(i, WIN)
        else if (allWin) found.push(i, LOSS)
      }
      if (found.length === 0) break
      for (let k = 0; k < found.length; k += 2) {
        value[found[k]!] = found[k + 1]!
        distance[found[k]!] = level
      }
    }
    const names: RefValue[] = ['draw', 'win', 'loss', 'illegal']
    return {
      size: keys.length,
      get: (key) => {
        const i = id.get(key)
        return i === undefined ? undefined : { value: names[value[i]!]!, distance: distance[i]! }
      },
      forEach: (f) => keys.forEach((k, i) => f({ value: names[value[i]!]!, distance: distance[i]! }, k)),
    }
  }
}
