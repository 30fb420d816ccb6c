/**
 * Notation and verification of games of 2 to 6 players. Cells are named as on the product's other
 * boards (shared/cell.ts): the board lies on the engine's grid (grid.ts), the star on the square
 * grid with one diagonal (the 6-move rules), axial q as the column letter from the leftmost column
 * (a), r as the row number from the top (1); the piecepack board is lettered a-h, rows 1-8 from the
 * top. A line is moves in turn order, each optionally
 * prefixed by its player ("green: e13-e11"): a prefix must name the player whose turn it is.
 */
import { parseCellName } from '../cell'
import { lineTooLong } from '../limits'
import { describe } from '../result'
import { boardCorner, cellNames, destinations, mustVacate, sideName, sideOf, startPosition, type PlayersGame, type Occupancy } from './game'

export { cellNames }

/** The cell a name stands for, or an Error naming it. */
export function cellOf(g: PlayersGame, name: string): number {
  const p = parseCellName(name)
  if (!p.ok) throw new Error(describe(p.error))
  const { x0, y0 } = boardCorner(g)
  const i = g.board.indexOf(p.value.i - 1 + x0, p.value.j - 1 + y0)
  if (i === undefined) throw new Error(`${name.trim()} is not a cell of ${g.board.title}`)
  return i
}

export interface LineVerdict {
  readonly ok: boolean
  readonly error?: string
  /** Moves played (all, when ok). */
  readonly plies: number
  /** The winner (a player, or a team "blue and vermilion") and the move (1-based) that won, if the game is won. */
  readonly winner?: { readonly player: string; readonly move: number }
}

/** Whether player p has filled her target camp under the game's win rule (own men only, or every cell with one of her own). */
export function hasWon(g: PlayersGame, occ: Occupancy, p: number): boolean {
  if (g.options.win === 'chain') return hasChain(g, occ, p)
  const target = g.board.camp(g.players[p]!.target, g.men)
  if (g.options.win === 'own') return target.every((c) => occ[c] === p)
  return target.every((c) => occ[c] !== -1) && target.some((c) => occ[c] === p)
}

/**
 * Hexma's win: a chain of p's men, each next to the one before along the board's lines, from a cell
 * of her camp to a cell of her target camp (breadth-first from her men on her camp).
 */
export function hasChain(g: PlayersGame, occ: Occupancy, p: number): boolean {
  const me = g.players[p]!
  const target = new Set(g.board.camp(me.target, g.men))
  const queue = g.board.camp(me.camp, g.men).filter((c) => occ[c] === p)
  const seen = new Set(queue)
  for (let k = 0; k < queue.length; k++) {
    const c = queue[k]!
    if (target.has(c)) return true
    const [x, y] = g.board.cells[c]!
    for (const [dx, dy] of g.board.directions) {
      const n = g.board.indexOf(x + dx, y + dy)
      if (n !== undefined && occ[n] === p && !seen.has(n)) {
        seen.add(n)
        queue.push(n)
      }
    }
  }
  return false
}

/**
 * The player whose side has won after a move of `mover` (her side first, then the others in turn
 * order: with the one-man win a move can complete another's target), or -1.
 */
export function winnerAfter(g: PlayersGame, occ: Occupancy, mover: number): number {
  const n = g.players.length
  for (let k = 0; k < n; k++) {
    const p = (mover + k) % n
    if (sideOf(g, p).every((q) => hasWon(g, occ, q))) return p
  }
  return -1
}

/**
 * Null, or why the vacate rule forbids moving from `from` to `to`: the mover must take a man out of
 * her camp while it holds one and some such move exists (if none does, any move is allowed).
 */
export function vacateFault(g: PlayersGame, occ: Occupancy, p: number, from: number, to: number): string | null {
  if (!mustVacate(g, occ, p)) return null
  const camp = new Set(g.board.camp(g.players[p]!.camp, g.men))
  if (camp.has(from) && !camp.has(to)) return null
  const can = [...camp].some((c) => occ[c] === p && [...destinations(g, occ, c).keys()].some((t) => !camp.has(t)))
  if (!can) return null
  const who = g.players.find((o) => o.target === g.players[p]!.camp)!.name
  return `${who} has left her camp, so ${g.players[p]!.name} must take a man out of her own camp (the vacate rule)`
}

/** Play a line from the start; each fault names the move, the player and why. */
export function verifyLine(g: PlayersGame, text: string): LineVerdict {
  const occ = startPosition(g)
  const moves = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
  const long = lineTooLong(moves.length)
  if (long) return { ok: false, error: long.message, plies: 0 }
  // Cells are named to the user as she writes them (e13), never by the board's inner coordinates.
  const at = (i: number): string => cellNames(g)[i]!
  let winner: LineVerdict['winner']
  for (let k = 0; k < moves.length; k++) {
    const p = k % g.players.length
    const player = g.players[p]!
    const fail = (why: string): LineVerdict => ({ ok: false, error: `move ${k + 1} (${moves[k]}): ${why}`, plies: k })
    if (winner) return fail(`the game was won by ${winner.player} at move ${winner.move}`)
    let body = moves[k]!
    const prefix = /^([a-z]+)\s*:\s*(.*)$/i.exec(body)
    if (prefix) {
      const named = prefix[1]!.toLowerCase()
      if (!g.players.some((q) => q.name === named))
        return fail(`no player '${named}' (players: ${g.players.map((q) => q.name).join(', ')})`)
      if (named !== player.name) return fail(`it is ${player.name}'s turn, not ${named}'s`)
      body = prefix[2]!
    }
    let path: number[]
    try {
      path = body.split('-').map((name) => cellOf(g, name.trim()))
    } catch (e) {
      return fail((e as Error).message)
    }
    if (path.length < 2) return fail('a move needs at least two cells')
    const from = path[0]!
    if (occ[from] === -1) return fail(`no man on ${body.split('-')[0]}`)
    if (occ[from] !== p)
      return fail(`the man on ${body.split('-')[0]} is ${g.players[occ[from]!]!.name}'s, and it is ${player.name}'s turn`)
    const to = path.at(-1)!
    const reach = destinations(g, occ, from)
    if (!reach.has(to))
      return fail(`${player.name}'s man cannot move from ${at(from)} to ${at(to)}`)
    // A written chain must itself be legal: each leg a step (alone) or a jump.
    if (path.length > 2 || reach.get(to)!.length > 2) {
      const legal = chainLegal(g, occ, path)
      if (legal !== null) return fail(legal)
    }
    const vacate = vacateFault(g, occ, p, from, to)
    if (vacate !== null) return fail(vacate)
    occ[to] = p
    occ[from] = -1
    const won = winnerAfter(g, occ, p)
    if (won >= 0) winner = { player: sideName(g, won), move: k + 1 }
  }
  return { ok: true, plies: moves.length, ...(winner && { winner }) }
}

/** Null if every leg of the written path is a jump from the man's current cell (or one step). */
function chainLegal(g: PlayersGame, occ: Occupancy, path: readonly number[]): string | null {
  const b = g.board
  const name = (i: number): string => cellNames(g)[i]!
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = b.cells[path[i - 1]!]!
    const [cx, cy] = b.cells[path[i]!]!
    const d = [cx - ax, cy - ay] as const
    const step = b.directions.some(([dx, dy]) => dx === d[0] && dy === d[1])
    if (step) {
      if (path.length > 2)
        return `a step (${name(path[i - 1]!)} to ${name(path[i]!)}) cannot be part of a chain of jumps`
      continue
    }
    const dir = b.directions.find(([dx, dy]) => {
      const k = dx !== 0 ? d[0] / dx : d[1] / dy
      return Number.isInteger(k) && k > 0 && k % 2 === 0 && d[0] === k * dx && d[1] === k * dy
    })
    if (!dir) return `${name(path[i - 1]!)} to ${name(path[i]!)} is not along a line of the board`
    const k = (dir[0] !== 0 ? d[0] / dir[0] : d[1] / dir[1]) / 2
    if (k > 1 && !g.longJumps)
      return `${name(path[i - 1]!)} to ${name(path[i]!)} is a long jump, not allowed here`
    const empty = (j: number | undefined): boolean => j !== undefined && (occ[j] === -1 || j === path[0])
    const mid = b.indexOf(ax + k * dir[0], ay + k * dir[1])
    if (mid === undefined || empty(mid)) return `the jump to ${name(path[i]!)} has no man to jump over`
    for (let j = 1; j < 2 * k; j++)
      if (j !== k && !empty(b.indexOf(ax + j * dir[0], ay + j * dir[1])))
        return `the long jump to ${name(path[i]!)} passes more than one man`
    if (!empty(path[i])) return `the jump lands on ${name(path[i]!)}, which holds a man`
  }
  return null
}

/**
 * The moves between consecutive positions of a line (each position every army's cells, the mover of
 * move k being army (k - 1) mod N), as the paths of full jump chains; an Error names a pair of
 * positions that is not one move apart.
 */
export function pathsAlong(g: PlayersGame, states: readonly (readonly (readonly number[])[])[]): number[][] {
  const paths: number[][] = []
  for (let k = 1; k < states.length; k++) {
    const a = (k - 1) % g.players.length
    const before = states[k - 1]!
    const from = before[a]!.find((c) => !states[k]![a]!.includes(c))
    const to = states[k]![a]!.find((c) => !before[a]!.includes(c))
    if (from === undefined || to === undefined) throw new Error(`internal: states ${k - 1} and ${k} do not differ by a move of ${g.players[a]!.name}`)
    const occ = new Int8Array(g.board.cells.length).fill(-1)
    before.forEach((cells, p) => cells.forEach((c) => (occ[c] = p)))
    const path = destinations(g, occ, from).get(to)
    if (!path) throw new Error(`internal: ${g.players[a]!.name} cannot move ${from} to ${to} at move ${k}`)
    paths.push(path)
  }
  return paths
}

/** One move: the player who made it and the cells of the man's path (from, [jumps...], to). */
export interface PlayedMove {
  readonly player: number
  readonly path: readonly number[]
}

/** The winner of a line: the player and the ply (1-based) of the winning move. */
export interface Win {
  readonly player: number
  readonly ply: number
}

/** The position after each ply of a line (index 0: the start), and the winner if the line won. */
export interface Replay {
  readonly positions: readonly Occupancy[]
  readonly win: Win | null
}

/** Play a line of moves (trusted: legal, in turn order) from the start. */
export function replay(g: PlayersGame, moves: readonly PlayedMove[]): Replay {
  let occ = startPosition(g)
  const positions: Occupancy[] = [occ]
  let win: Win | null = null
  moves.forEach((m, k) => {
    occ = occ.slice()
    const from = m.path[0]!
    const to = m.path.at(-1)!
    occ[to] = occ[from]!
    occ[from] = -1
    positions.push(occ)
    if (win === null) {
      // The game's win rule (own men, or one of them; a team when both partners are home).
      const w = winnerAfter(g, occ, m.player)
      if (w >= 0) win = { player: w, ply: k + 1 }
    }
  })
  return { positions, win }
}

/** The player to move after `ply` plies. */
export const toMoveAt = (g: PlayersGame, ply: number): number => ply % g.players.length

/** A move as the notation writes it, with its player's prefix ("green: c5-c3-e3"). */
export function moveText(g: PlayersGame, m: PlayedMove): string {
  return `${g.players[m.player]!.name}: ${m.path.map((c) => cellNames(g)[c]).join('-')}`
}

/** The moves of a line as text, comma-separated, each with its player's prefix. */
export const lineText = (g: PlayersGame, moves: readonly PlayedMove[]): string => moves.map((m) => moveText(g, m)).join(', ')

/**
 * A line's text (the notation of shared/players/line.ts, prefixes optional) as moves, checked by the
 * core verifier: an Error naming the move and why if it is not a legal line.
 */
export function parseMoves(g: PlayersGame, text: string): PlayedMove[] {
  const v = verifyLine(g, text)
  if (!v.ok) throw new Error(v.error)
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s, k) => {
      const body = s.replace(/^[a-z]+\s*:\s*/i, '')
      return { player: k % g.players.length, path: body.split('-').map((name) => cellOf(g, name.trim())) }
    })
}
