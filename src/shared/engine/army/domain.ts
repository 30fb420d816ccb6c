/**
 * Solitaire armies as the search engine sees them (issue 17): the fourth domain on the engine's
 * contract. A state is the set of men on the army's window (one bitset, W words, the used mark in
 * the last word); a move is one man's chain of jumps, each over an adjacent man, who is removed,
 * into the empty cell beyond (every prefix of a chain is a move of its own); the goal is a man on
 * the target ((0, 0), or a custom board's own: the window restricted to a user's cells, board.ts).
 * Level k holds the positions first reached after k moves, so the first level
 * with a goal gives the fewest moves, and every level before it was searched completely. A position
 * whose pagoda weight (exact, in Z[sigma]) is below the target's is dropped: no jump raises the
 * weight, so no man reaches the target from it.
 */
import { mapFor } from '../../army/board'
import { GEOMETRIES, indexWindow, type ArmyType, type CustomBoard, type IndexedWindow, type Window } from '../../army/geometry'
import { weighArmy } from '../../army/play'
import { formatArmyMoves, verifyArmy } from '../../army/solution'
import type { ZSigma } from '../../army/zsigma'
import type { Cells, RuleBase, SearchDomain } from '../core/contract'
import { USED } from '../core/keyset'
import { cellsOfBits, wordsFor } from '../packed/space'
import type { Cell } from '../../cell'
import { own } from '../../names'

/** An army domain as plain data: what an expansion thread rebuilds it from. */
export interface ArmyInit {
  readonly kind: 'army'
  readonly type: ArmyType
  readonly window: Window
  readonly army: readonly Cell[]
  /** The pagoda map that prunes (pagoda.ts, by id; 'distance': the one generated from the board, board.ts). */
  readonly map: string
  /** A custom board (its cells and target) instead of the whole window. */
  readonly board?: CustomBoard
}

/** The children entering a level: every move of every man, pruned by the pagoda weight. */
export interface ArmyRule extends RuleBase {
  readonly kind: 'army'
}

export const isArmyRule = (rule: RuleBase): rule is ArmyRule => rule.kind === 'army'

export class ArmyDomain implements SearchDomain {
  readonly win: IndexedWindow
  readonly w: number
  readonly startKey: Uint32Array
  readonly fold = undefined
  /** Per cell: the jumps from it, as pairs (over, into). */
  readonly jumpsFrom: (readonly [number, number])[][]
  /** Per cell: the jumps into it, as pairs (from, over). */
  readonly jumpsInto: (readonly [number, number])[][]
  /** Each cell's pagoda weight, the target cell and its weight (the floor). */
  readonly weight: readonly ZSigma[]
  readonly target: number
  readonly floor: ZSigma
  private readonly scratch: Int16Array

  constructor(readonly init: ArmyInit) {
    // An init may come from another machine (a cluster's task): the type is looked up as a name.
    const g = own(GEOMETRIES, init.type)
    if (!g) throw new Error(`unknown army type ${JSON.stringify(init.type)}`)
    const win = (this.win = indexWindow(g, init.window, init.board))
    const n = win.cells.length
    this.w = wordsFor(n)
    this.jumpsFrom = win.cells.map(() => [])
    this.jumpsInto = win.cells.map(() => [])
    for (const [a, b, c] of win.jumps) {
      this.jumpsFrom[a]!.push([b, c])
      this.jumpsInto[c]!.push([a, b])
    }
    const placed = weighArmy(win, mapFor(g, init.window, init.map, init.board), init.army)
    this.weight = placed.weight
    this.target = placed.target
    this.floor = placed.floor
    this.scratch = new Int16Array(n)
    this.startKey = new Uint32Array(this.w)
    this.pack([[...placed.men.keys()].filter((i) => placed.men[i] === 1)], this.startKey, 0)
  }

  static fromInit(init: ArmyInit): ArmyDomain {
    return new ArmyDomain(init)
  }

  mover(): number {
    return 0
  }

  pack(state: Cells, out: Uint32Array, off: number): void {
    for (let k = 0; k < this.w; k++) out[off + k] = 0
    for (const c of state[0]!) out[off + (c >> 5)]! |= 1 << (c & 31)
    out[off + this.w - 1]! |= USED
  }

  unpack(keys: Uint32Array, off: number): number[][] {
    const m = cellsOfBits(keys, off, this.w, true, this.scratch)
    return [Array.from(this.scratch.subarray(0, m))]
  }

  /**
   * Not walked backwards: a capture's predecessors are every chain that could have ended on a cell,
   * unbounded on a mostly empty window. Lines are traced forward instead (core/trace.ts
   * traceForward, with children()).
   */
  predecessors(): number[][][] {
    throw new Error('internal: army lines are traced forward (traceForward), not through predecessors')
  }

  /** The positions one move after `state`: every chain of every man (no pruning). */
  children(state: Cells): number[][][] {
    const men = new Set(state[0])
    const out: number[][][] = []
    for (const c of state[0]!)
      for (const chain of this.chains(men, c)) {
        const after = new Set(men)
        for (let i = 1; i < chain.length; i++) after.delete(this.over(chain[i - 1]!, chain[i]!))
        after.delete(chain[0]!)
        after.add(chain.at(-1)!)
        out.push([[...after].sort((x, y) => x - y)])
      }
    return out
  }

  /** The chains of one man from `from` in a position (each with the cells it visits), every prefix included. */
  chains(men: Set<number>, from: number): number[][] {
    const out: number[][] = []
    const walk = (path: number[]): void => {
      const at = path.at(-1)!
      for (const [over, into] of this.jumpsFrom[at]!) {
        if (!men.has(over) || men.has(into)) continue
        men.delete(over)
        men.delete(at)
        men.add(into)
        const next = [...path, into]
        out.push(next)
        walk(next)
        men.delete(into)
        men.add(at)
        men.add(over)
      }
    }
    men.delete(from)
    walk([from])
    men.add(from)
    return out
  }

  /** The moves along a line of positions (each one man's chain), in the army notation, verified by the core. */
  movesAlong(states: readonly Cells[]): { readonly paths: number[][]; readonly texts: string[] } {
    const paths: number[][] = []
    for (let k = 1; k < states.length; k++) {
      const before = new Set(states[k - 1]![0])
      const after = [...states[k]![0]!].sort((x, y) => x - y).join(',')
      let found: number[] | undefined
      for (const c of states[k - 1]![0]!) {
        for (const chain of this.chains(before, c)) {
          const men = new Set(before)
          for (let i = 1; i < chain.length; i++) men.delete(this.over(chain[i - 1]!, chain[i]!))
          men.delete(chain[0]!)
          men.add(chain.at(-1)!)
          if ([...men].sort((x, y) => x - y).join(',') === after) found = chain
          if (found) break
        }
        if (found) break
      }
      if (!found) throw new Error(`internal: positions ${k - 1} and ${k} are not one move apart`)
      paths.push(found)
    }
    const g = GEOMETRIES[this.init.type]
    const moves = paths.map((p) => p.map((c) => this.win.cells[c]!))
    const check = verifyArmy(g, this.init.window, this.init.army, moves, this.init.board)
    if (!check.ok) throw new Error(`internal: the line found fails verification: ${check.error}`)
    return { paths, texts: formatArmyMoves(g, this.init.window, moves).split(/,\s*/) }
  }

  /** The cell jumped over from a to c. */
  private over(a: number, c: number): number {
    const j = this.jumpsFrom[a]!.find(([, into]) => into === c)
    if (!j) throw new Error(`internal: no jump from ${a} to ${c}`)
    return j[0]
  }
}
