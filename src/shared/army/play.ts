/**
 * Playing an army exhaustively: whether some order of legal jumps brings a man to the target.
 * Depth-first over positions (a position is the set of men), each position entered once; a
 * position whose pagoda weight is below the target's weight is dropped, as no jump increases the
 * weight (exact in Z[sigma]). Gives up after `maxPositions` positions.
 */
import { indexWindow, type ArmyGeometry, type CustomBoard, type IndexedWindow, type Window } from './geometry'
import { weightOf, type PagodaMap } from './pagoda'
import { add, compare, sub, ZERO, type ZSigma } from './zsigma'
import type { Cell } from '../cell'

/** Where a long solver says what it is doing (a host prints it; the solvers hold their thread between messages). */
export type Tell = (message: string) => void

export interface PlayResult {
  /** A winning line of jumps (from, into), or null: none (complete) or none found (gaveUp). */
  readonly line: (readonly [Cell, Cell])[] | null
  readonly positions: number
  readonly gaveUp: boolean
}

/** An army placed on an indexed window under a pagoda map: men by cell, their weight, the floor. */
export interface WeighedArmy {
  readonly weight: readonly ZSigma[]
  readonly target: number
  /** The target's weight: no position below it can still bring a man there. */
  readonly floor: ZSigma
  readonly men: Uint8Array
  readonly total: ZSigma
}

export function weighArmy(win: IndexedWindow, map: PagodaMap, army: readonly Cell[]): WeighedArmy {
  const weight = win.cells.map(([x, y]) => weightOf(map.exponent(x, y)))
  const target = win.indexOf(...win.target)
  if (target === undefined) throw new Error('the board does not hold the target')
  const men = new Uint8Array(win.cells.length)
  let total = ZERO
  for (const [x, y] of army) {
    const i = win.indexOf(x, y)
    if (i === undefined) throw new Error(`the army's man at x ${x}, row ${y} is off the board`)
    men[i] = 1
    total = add(total, weight[i]!)
  }
  return { weight, target, floor: weight[target]!, men, total }
}

/** How a play-out is limited and watched. */
export interface PlayOptions {
  /** Give up after this many positions (default 5,000,000). */
  readonly maxPositions?: number
  /** A custom board (board.ts) instead of the whole window, with its target. */
  readonly board?: CustomBoard
  /** Told the positions searched every 100,000 (a long play-out holds its thread). */
  readonly tell?: Tell
}

export function playArmy(g: ArmyGeometry, w: Window, army: readonly Cell[], map: PagodaMap, options: PlayOptions = {}): PlayResult {
  const { maxPositions = 5_000_000, board, tell } = options
  const win = indexWindow(g, w, board)
  const { cells, jumps } = win
  const placed = weighArmy(win, map, army)
  const { weight, target, floor, men } = placed
  let total = placed.total
  const seen = new Set<string>()
  const line: (readonly [Cell, Cell])[] = []
  let positions = 0
  let gaveUp = false
  const key = (): string => {
    const on: number[] = []
    for (let i = 0; i < men.length; i++) if (men[i]) on.push(i)
    return on.join(',')
  }
  /** Enter the position on the board: won, dead (below the floor, seen, or over the limit), or to be searched. */
  const enter = (): 'won' | 'dead' | 'open' => {
    if (men[target]) return 'won'
    if (compare(total, floor) < 0) return 'dead'
    const k = key()
    if (seen.has(k)) return 'dead'
    seen.add(k)
    if (++positions > maxPositions) {
      gaveUp = true
      return 'dead'
    }
    if (tell && positions % 100_000 === 0) tell(`${positions.toLocaleString('en-US')} positions searched`)
    return 'open'
  }
  // Depth first with an explicit stack (an army of thousands of men makes thousands of jumps deep):
  // a frame is a position being searched, the next jump to try there, and the jump that led to it.
  interface Frame {
    next: number
    readonly via?: readonly [number, number, number, ZSigma]
  }
  const undo = (via: Frame['via']): void => {
    if (!via) return
    const [a, b, c, before] = via
    line.pop()
    men[a] = 1
    men[b] = 1
    men[c] = 0
    total = before
  }
  const first = enter()
  const frames: Frame[] = first === 'open' ? [{ next: 0 }] : []
  let won = first === 'won'
  while (frames.length > 0 && !won) {
    const f = frames[frames.length - 1]!
    let j = f.next
    while (j < jumps.length) {
      const [a, b, c] = jumps[j]!
      if (men[a] && men[b] && !men[c]) break
      j++
    }
    if (j >= jumps.length) {
      frames.pop()
      undo(f.via)
      continue
    }
    f.next = j + 1
    const [a, b, c] = jumps[j]!
    const before = total
    men[a] = 0
    men[b] = 0
    men[c] = 1
    total = add(sub(sub(total, weight[a]!), weight[b]!), weight[c]!)
    line.push([cells[a]!, cells[c]!])
    const next = enter()
    if (next === 'won') won = true
    else if (next === 'open') frames.push({ next: 0, via: [a, b, c, before] })
    else {
      undo([a, b, c, before])
      if (gaveUp) break
    }
  }
  return { line: won ? [...line] : null, positions, gaveUp }
}
