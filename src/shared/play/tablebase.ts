/**
 * The playing engine meets a solved-positions table (issue 29's tablebase, ../engine/tablebase):
 * the variant that plays a table's game, a playing position seen as the table's, and the oracle
 * (oracle.ts) that answers from the table with perfect play.
 *
 * The table's game and the engine's variant agree on the board, the moves and the win (a target
 * full of men of either colour, one of them hers: the variant's 'any-with-one'). They differ on two
 * corners, which the table's rules settle wherever a game is refereed: a move that fills the
 * opponent's target (the opponent would have won) does not exist in the table's game, while the
 * engine lets it be played and the opponent wins; and a side with no move loses in the table's
 * game, while the engine passes. Neither changes who wins with best play (the first is a losing
 * move either way), and `allowedMoves` gives the engine's moves the table's rules keep.
 */
import { nameOf } from '../halma/board'
import { interpret, FORMAT, PLAIN_VERSION, type DocumentSpec } from '../halma/document'
import { TABLEBASE_RULES, type TablebaseGame } from '../engine/tablebase/game'
import { probe, rulesVerdict, verdictOf, type Outcome, type TablePosition } from '../engine/tablebase/probe'
import type { TablebaseTable } from '../engine/tablebase/table'
import type { Score } from './engine'
import type { OracleAnswer, TablebaseOracle } from './oracle'
import { encodeMove, MAX_MOVES, moveFrom, moveTo, type Move, type Position, type PositionData } from './position'
import { seededRandom } from './random'
import { variantOfProblem, type Variant } from './variant'

/**
 * The variant of a table's game: blue (army 0) on the a1 corner's area, red on its rotation, blue
 * first, 6-move rules, the table's win. Its source is the paper's game document, which has no win
 * rule: a thread rebuilding the variant from its source would play the paper's win, so this
 * variant is searched inline (an Engine without a thread host).
 */
export function variantOfTable(game: TablebaseGame): Variant {
  const names = (cells: readonly number[]): string[] => cells.map((c) => nameOf(game.board, c))
  const spec: DocumentSpec = {
    format: FORMAT,
    version: PLAIN_VERSION,
    kind: 'game',
    title: `${game.boardName}, ${game.men} men a side (the tablebase's game)`,
    board: game.boardName,
    rules: { moves: '6-move' },
    armies: [
      { name: 'blue', cells: names(game.start) },
      { name: 'red', cells: names(game.target) },
    ],
  }
  const doc = interpret(spec)
  if (!doc.ok) throw new Error(`internal: the tablebase's game is no document: ${doc.error.map((d) => d.message).join('; ')}`)
  return { ...variantOfProblem(doc.value.problem, spec), id: `tablebase-${game.boardName}-${game.men}`, win: 'any-with-one' }
}

/** A table's game in words (`7x7, 3 men a side`). */
export const tableGameText = (game: TablebaseGame): string => `${game.boardName}, ${game.men} men a side`

const WIN_WORDS: Record<string, string> = {
  own: 'her target filled with her own men',
  'any-with-one': 'her target full of men of either colour, one of them hers',
  chain: "a chain of her men joining the camps (Hexma)",
}

/**
 * What makes a variant another game than a table's, in words (the first difference: the board, the
 * players, the men, the rules of movement, the win rule, the vacate rule, the areas), or undefined
 * when it plays the table's game. The paper's game of the same board and men differs in its win
 * rule: its winner fills her target with her own men, the table's with men of either colour.
 */
export function tableMismatch(v: Variant, game: TablebaseGame): string | undefined {
  const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((c, i) => c === b[i])
  const r = v.rules
  const t = TABLEBASE_RULES
  const rulesText = (x: typeof r): string =>
    `${x.moves}${x.moves === '6-move' ? ` (${x.diagonal} diagonal)` : ''}${x.jumpsOnly ? ', jumps only' : ''}${x.longJumps ? ', long jumps' : ''}`
  if (v.board.id !== game.board.id) return `the board: the game's is ${v.board.id}, the table's ${game.boardName}`
  if (v.armies.length !== 2 || v.partners !== null)
    return `the players: the game has ${v.armies.length} armies${v.partners !== null ? ' in teams' : ''}, the table's two`
  if (v.armies[0]!.camp.length !== game.men) return `the men: the game has ${v.armies[0]!.camp.length} a side, the table ${game.men}`
  if (r.moves !== t.moves || r.diagonal !== t.diagonal || r.jumpsOnly !== t.jumpsOnly || r.longJumps !== t.longJumps)
    return `the rules of movement: the game's ${rulesText(r)}, the table's ${rulesText(t)}`
  if (v.win !== 'any-with-one')
    return `the win rule: the game's '${v.win}' (${WIN_WORDS[v.win] ?? v.win}), the table's 'any-with-one' (${WIN_WORDS['any-with-one']})`
  if (v.vacate) return "the vacate rule: the game has it, the table's game not"
  if (!same(v.armies[0]!.camp, game.start) || !same(v.armies[1]!.camp, game.target))
    return `the camps: the game's ${v.armies.map((a) => a.camp.map((c) => nameOf(v.board, c)).join(' ')).join(' / ')}, the table's ${[game.start, game.target].map((a) => a.map((c) => nameOf(game.board, c)).join(' ')).join(' / ')}`
  return undefined
}

/** Whether a variant plays a table's game (the same board, rules, areas, win; no teams, no vacate rule). */
export const playsTable = (v: Variant, game: TablebaseGame): boolean => tableMismatch(v, game) === undefined

/** A playing position (army 0 blue, army 1 red) as the table's. */
export function tablePositionOf(data: PositionData): TablePosition {
  return { blue: [...data.armies[0]!], red: [...data.armies[1]!], toMove: data.turn === 0 ? 'blue' : 'red' }
}

/** A table's position as the engine's. */
export const positionDataOf = (p: TablePosition): PositionData => ({ armies: [p.blue, p.red], turn: p.toMove === 'blue' ? 0 : 1 })

/** The engine's moves from a position of a table's game that the table's rules keep (none into a position they forbid). */
export function allowedMoves(game: TablebaseGame, pos: Position): Move[] {
  const buf = new Int32Array(MAX_MOVES)
  const n = pos.generate(buf)
  const out: Move[] = []
  for (let k = 0; k < n; k++) {
    pos.make(buf[k]!)
    const forbidden = rulesVerdict(game, tablePositionOf(pos.data()))?.kind === 'illegal'
    pos.unmake()
    if (!forbidden) out.push(buf[k]!)
  }
  return out
}

/** The engine's move of a table's move (its first and last cells). */
export const moveOfPath = (path: readonly number[]): Move => encodeMove(path[0]!, path[path.length - 1]!)

/** The score of a table's value (win or loss in so many moves, a draw 0). */
const scoreOfOutcome = (value: Outcome, distance: number | null): Score =>
  value === 'draw' || distance === null ? { kind: 'cp', value: 0 } : { kind: value, plies: distance }

/**
 * Perfect play from a table: the oracle answers every position of its game that is not over with
 * the table's value and its best move (the quickest win, the slowest loss, a drawing move). The
 * line it gives is that move only: each further move would cost a probe of every move there.
 */
export class TableOracle implements TablebaseOracle {
  /** The last fault the table reported (a damaged chunk): then the engine searches instead. */
  fault: string | undefined
  /** Positions answered. */
  hits = 0
  private readonly checked = new WeakMap<Variant, boolean>()

  constructor(readonly table: TablebaseTable) {}

  probe(pos: Position): OracleAnswer | undefined {
    const game = this.table.game
    let covers = this.checked.get(pos.variant)
    if (covers === undefined) this.checked.set(pos.variant, (covers = playsTable(pos.variant, game)))
    if (!covers) return undefined
    const p = probe(this.table, tablePositionOf(pos.data()))
    if (!p.ok) {
      this.fault = p.error.message
      return undefined
    }
    const v = p.value.verdict
    if (v.kind !== 'value') return undefined
    this.hits++
    const best = p.value.moves[0]
    return { score: scoreOfOutcome(v.value, v.distance), pv: best ? [moveOfPath(best.move.path)] : [] }
  }
}

/** What a position drawn from a table is: the position, its value and distance for the side to move. */
export interface DrawnPosition {
  readonly position: TablePosition
  readonly value: Outcome
  readonly distance: number | null
}

export interface Drawn {
  readonly positions: DrawnPosition[]
  /** Placements drawn, and why those not kept were not: illegal, over, another value, drawn before. */
  readonly tried: number
  readonly rejected: { readonly illegal: number; readonly over: number; readonly value: number; readonly repeated: number }
}

/**
 * `count` distinct positions of a table's game with the value `want` for the side to move, drawn
 * uniformly from the whole position space (reachable from the start or not): the side to move blue
 * or red with even odds, blue's men on p distinct cells chosen uniformly, red's on p of the cells
 * left; a placement the rules call illegal or over, or of another value, is drawn again. The same
 * seed draws the same positions. A fault of the table is an Error naming it.
 */
export function drawPositions(table: TablebaseTable, want: Outcome, count: number, seed: number): Drawn {
  const game = table.game
  const next = seededRandom(seed)
  const cells = Array.from({ length: game.n }, (_, c) => c)
  const seen = new Set<string>()
  const positions: DrawnPosition[] = []
  const rejected = { illegal: 0, over: 0, value: 0, repeated: 0 }
  let tried = 0
  while (positions.length < count) {
    tried++
    const toMove = next() % 2 === 0 ? 'blue' : 'red'
    // A partial Fisher-Yates shuffle: the first p cells blue's, the next p red's.
    for (let k = 0; k < 2 * game.men; k++) {
      const j = k + (next() % (game.n - k))
      ;[cells[k], cells[j]] = [cells[j]!, cells[k]!]
    }
    const sorted = (a: number[]): number[] => a.sort((x, y) => x - y)
    const position: TablePosition = { blue: sorted(cells.slice(0, game.men)), red: sorted(cells.slice(game.men, 2 * game.men)), toMove }
    const v = verdictOf(table, position)
    if (!v.ok) throw new Error(v.error.message)
    if (v.value.kind !== 'value') {
      rejected[v.value.kind]++
      continue
    }
    if (v.value.value !== want) {
      rejected.value++
      continue
    }
    const key = `${position.blue.join(',')}/${position.red.join(',')} ${toMove}`
    if (seen.has(key)) {
      rejected.repeated++
      continue
    }
    seen.add(key)
    positions.push({ position, value: v.value.value, distance: v.value.distance })
  }
  return { positions, tried, rejected }
}

/** The engine's move as the cells it joins (for messages). */
export const moveText = (game: TablebaseGame, m: Move): string => `${nameOf(game.board, moveFrom(m))}-${nameOf(game.board, moveTo(m))}`
