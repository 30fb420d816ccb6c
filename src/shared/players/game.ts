/**
 * Games of 2 to 6 players (issue 18, first part): armies on camps, turns clockwise, moves and
 * their verification. A move is a step to an adjacent empty cell or a chain of jumps by one man,
 * each over one adjacent man (of any army) into the empty cell beyond; a chain must end elsewhere
 * than it started (the piecepack rules say so; on the star it changes nothing a player would want).
 * With long jumps (Super Chinese Checkers) a jump may also pass over one man at the midpoint of a
 * longer straight line whose other cells are empty. The winner is the first to fill her target
 * camp (by default with her own men; or, as the rules page offers, every target cell occupied with
 * at least one of her own).
 *
 * The rules page's options (PlayersOptions): the win with one man of her own; the vacate rule (while
 * a player's camp holds none of his men, the player whose camp is his target must take a man out of
 * her own camp on each move, as long as she can and her camp holds one of hers); teams of two
 * partners on opposite camps (4 or 6 players), a team winning when both partners have filled their
 * targets.
 */
import { anriBoard, boardById, crossBoard, STAR_121, STAR_73, STAR_MINI, piecepackBoard, tileBoard, type PlayersBoard } from './boards'
import { cellName } from '../cell'
import { own } from '../names'

export interface Player {
  readonly name: string
  readonly camp: number
  readonly target: number
}

/** How a game is won and what the rules page's options add (the defaults: own men, no vacate rule, no teams). */
export interface PlayersOptions {
  /**
   * 'own': her target filled with her own men; 'any-with-one': every target cell occupied, one of
   * them by her; 'chain' (Hexma): an unbroken chain of her men, each next to the one before along
   * the board's lines, from a cell of her own camp to a cell of her target camp.
   */
  readonly win: WinRule
  /** The vacate rule against a player who never leaves her camp. */
  readonly vacate: boolean
  /** Teams of two partners on opposite camps (4 or 6 players). */
  readonly teams: boolean
}

export type WinRule = 'own' | 'any-with-one' | 'chain'
export const WIN_RULES = ['own', 'any-with-one', 'chain'] as const satisfies readonly WinRule[]
export const DEFAULT_OPTIONS: PlayersOptions = { win: 'own', vacate: false, teams: false }

export interface PlayersGame {
  readonly id: string
  readonly title: string
  readonly board: PlayersBoard
  /** Turn order: players[0] moves first, then clockwise. */
  readonly players: readonly Player[]
  readonly men: number
  readonly longJumps: boolean
  readonly options: PlayersOptions
  /** Where a choice was made where the sources are silent (lost figures). */
  readonly notes?: string
}

/** Names of the players (their colours), clockwise: a colour-blind-safe set (Okabe-Ito's names). */
export const PLAYER_NAMES = ['blue', 'orange', 'green', 'vermilion', 'purple', 'yellow'] as const

/** Players on camps `camps` (clockwise), each aiming at the opposite camp, or the given targets. */
function game(
  id: string,
  title: string,
  board: PlayersBoard,
  camps: readonly number[],
  men: number,
  extra: Partial<PlayersGame> = {},
): PlayersGame {
  const players = camps.map((camp, i) => ({ name: PLAYER_NAMES[i]!, camp, target: board.opposite(camp) }))
  return { id, title, board, players, men, longJumps: false, options: DEFAULT_OPTIONS, ...extra }
}

/** Every preset, by id. */
export function playersPresets(): Record<string, PlayersGame> {
  const b121 = STAR_121()
  const b73 = STAR_73()
  const mini = STAR_MINI()
  const list: PlayersGame[] = [
    game('star121-2', '121-hole star, 2 players, 10 men', b121, [0, 3], 10),
    game('star121-3', '121-hole star, 3 players, 10 men', b121, [0, 2, 4], 10),
    game('star121-4', '121-hole star, 4 players, 10 men', b121, [1, 2, 4, 5], 10, {
      notes:
        'Four players on two pairs of opposite camps, the camps at the top and bottom left empty (the rules page asks for a symmetric setting).',
    }),
    game('star121-6', '121-hole star, 6 players, 10 men', b121, [0, 1, 2, 3, 4, 5], 10),
    game('star121-2x15', '121-hole star, 2 players, 15 men', b121, [0, 3], 15),
    game('star121-3x15', '121-hole star, 3 players, 15 men', b121, [0, 2, 4], 15, {
      notes: "15 men fill the point and the centre's row next to it; each aims at the empty camp opposite.",
    }),
    ...[2, 3, 4, 6].map((n) =>
      game(
        `star73-${n}`,
        `73-hole star, ${n} players, 6 men`,
        b73,
        n === 2 ? [0, 3] : n === 3 ? [0, 2, 4] : n === 4 ? [1, 2, 4, 5] : [0, 1, 2, 3, 4, 5],
        6,
      ),
    ),
    game('diamond-3', 'Diamond Game (73 holes), 3 players, 10 men', b73, [0, 2, 4], 10, {
      notes:
        "The Diamond Game's figure is lost: 10 men fill the point and the centre's row next to it (a triangle of side 4), as on the 121-hole board with 15.",
    }),
    ...[2, 3, 4, 6].map((n) =>
      game(
        `mini-${n}`,
        `mini star, ${n} players, 3 men`,
        mini,
        n === 2 ? [0, 3] : n === 3 ? [0, 2, 4] : n === 4 ? [1, 2, 4, 5] : [0, 1, 2, 3, 4, 5],
        3,
      ),
    ),
    ...[2, 3, 4].map((n) =>
      game(
        `cross-${n}`,
        `33-hole cross (Fox and Geese), ${n} players, 8 counters`,
        crossBoard(),
        n === 2 ? [0, 2] : n === 3 ? [0, 1, 2] : [0, 1, 2, 3],
        8,
        {
          notes:
            'The figure is lost: each camp is an arm of the cross and 2 of the 8 holes around the centre (the one next to the arm and the corner clockwise before it), so that four camps fill every hole but the centre; each player aims at the camp opposite, orthogonal moves only.',
        },
      ),
    ),
    game('star121-5', '121-hole star, 5 players, 10 men', b121, [0, 1, 2, 3, 4], 10, {
      notes:
        "Five players on camps 0 to 4 (clockwise from the bottom), each aiming at the camp opposite; camp 5 (lower right) stays empty. Five cannot sit symmetrically (the rules page): the player from camp 2 (upper left, green) moves into the empty camp and meets nobody coming out of it, the advantage the rules page warns of, and nobody aims at her camp.",
    }),
    game('anri', 'Anri, 2 players, 10 men', anriBoard(), [0, 1], 10, {
      notes:
        "The Anri board's figure is lost; the rules page says only that it is Chinese Checkers for two players with ten counters apiece on a simplified board. Chosen: the 81 holes of the star that a two-player game uses (the central hexagon and the players' two points, without the four unused points), which is the 9 x 9 rhombus of the paper's two-player Chinese Checkers.",
    }),
    ...(
      [
        ['hexma', '121-hole star', b121, 15, "15 men, the point and the centre's row next to it (the rules page's two-player equipment)"],
        ['hexma73', '73-hole star', b73, 10, "10 men, the point and the centre's row next to it"],
        ['hexma-mini', 'mini star', mini, 6, "6 men, the point and the centre's row next to it"],
      ] as const
    ).map(([id, name, board, men, camp]) =>
      game(id, `Hexma on the ${name}, 2 players, ${men} men`, board, [0, 3], men, {
        options: { ...DEFAULT_OPTIONS, win: 'chain' },
        notes: `Hexma (Cameron Browne): moves as in Chinese Checkers; the winner is the first to complete an unbroken chain of her men, each next to the one before along the board's lines, joining a cell of her own camp to a cell of the opponent's camp. The figure of Hexma's own board is lost; the rules page says Hexma began on the Chinese Checkers board, so it is played here on the star with ${camp}.`,
      }),
    ),
    game('piecepack-4', 'piecepack 8x8, 4 players, 6 coins', piecepackBoard(), [0, 1, 2, 3], 6, {
      notes:
        "The figure is lost: each player's 6 coins fill the triangle x + y <= 2 of a corner; turns go clockwise from the top left corner.",
    }),
    game('piecepack-2', 'piecepack 10 tiles, 2 players, 6 coins', tileBoard(), [0, 1], 6, {
      notes:
        "The 10-tile board's figure is lost: the tiles on and beside the 8x8 board's main diagonal (a band of 4 + 3 + 3 tiles), each player's 6 coins in the triangle x + y <= 2 of the band's end corner, as on the four-player board.",
    }),
  ]
  return Object.fromEntries(list.map((g) => [g.id, g]))
}

/**
 * A game as plain data (it crosses to threads and into files): the board by id, each player's camp
 * and target camp in turn order, the men per camp; names default to PLAYER_NAMES.
 */
export interface PlayersSpec {
  readonly board: string
  readonly camps: readonly number[]
  /** Default: the camp opposite each player's. */
  readonly targets?: readonly number[]
  readonly men: number
  readonly longJumps?: boolean
  /** The rules page's options (default: own men, no vacate rule, no teams). */
  readonly win?: WinRule
  readonly vacate?: boolean
  readonly teams?: boolean
  readonly names?: readonly string[]
  readonly title?: string
  readonly notes?: string
}

export function specOf(g: PlayersGame): PlayersSpec {
  return {
    board: g.board.id,
    camps: g.players.map((p) => p.camp),
    targets: g.players.map((p) => p.target),
    men: g.men,
    longJumps: g.longJumps,
    ...(g.options.win !== 'own' && { win: g.options.win }),
    ...(g.options.vacate && { vacate: true }),
    ...(g.options.teams && { teams: true }),
    names: g.players.map((p) => p.name),
    title: g.title,
    ...(g.notes !== undefined && { notes: g.notes }),
  }
}

/**
 * The game of a spec, checked: a known board, 2 to 6 players on distinct camps of the board, men a
 * triangle number that fits the camps, distinct names, camps that do not overlap. Each fault is an
 * Error naming what is wrong.
 */
export function gameFromSpec(spec: PlayersSpec): PlayersGame {
  const board = boardById(spec.board)
  const n = spec.camps.length
  if (n < 2 || n > 6) throw new Error(`a game has 2 to 6 players, not ${n}`)
  const camp = (k: number, what: string): number => {
    if (!Number.isInteger(k) || k < 0 || k >= board.points)
      throw new Error(`${what} ${k} is not a camp of ${board.title} (0 to ${board.points - 1})`)
    return k
  }
  spec.camps.forEach((k, i) => camp(k, `player ${i + 1}'s camp`))
  if (new Set(spec.camps).size !== n) throw new Error(`two players share a camp (camps ${spec.camps.join(', ')})`)
  if (spec.targets && spec.targets.length !== n) throw new Error(`${spec.targets.length} target camps for ${n} players`)
  const targets = spec.targets ?? spec.camps.map((k) => board.opposite(k))
  targets.forEach((k, i) => {
    camp(k, `player ${i + 1}'s target`)
    if (k === spec.camps[i]) throw new Error(`player ${i + 1}'s target is her own camp (${k})`)
  })
  if (new Set(targets).size !== n) throw new Error(`two players share a target camp (targets ${targets.join(', ')})`)
  // A camp of the wrong size (not a triangle on a star) is named by the board.
  if (!Number.isInteger(spec.men) || spec.men < 1) throw new Error(`${spec.men} men is not a number of men`)
  const names = spec.names ?? PLAYER_NAMES.slice(0, n)
  if (names.length !== n) throw new Error(`${names.length} names for ${n} players`)
  for (const name of names) if (!/^[a-z]+$/.test(name)) throw new Error(`player name '${name}' is not a lowercase word`)
  if (new Set(names).size !== n) throw new Error(`two players share a name (${names.join(', ')})`)
  const g: PlayersGame = {
    id: 'custom',
    title: spec.title ?? `${board.title}, ${n} players, ${spec.men} men`,
    board,
    players: spec.camps.map((k, i) => ({ name: names[i]!, camp: k, target: targets[i]! })),
    men: spec.men,
    longJumps: spec.longJumps ?? false,
    options: { win: spec.win ?? 'own', vacate: spec.vacate ?? false, teams: spec.teams ?? false },
    ...(spec.notes !== undefined && { notes: spec.notes }),
  }
  // Camps of the wrong size or overlapping (start and target) are named here.
  startPosition(g)
  for (const p of g.players) {
    const t = board.camp(p.target, g.men)
    if (t.length !== g.men) throw new Error(`${p.name}'s target camp holds ${t.length} cells, not ${g.men}`)
  }
  if (spec.win !== undefined && !(WIN_RULES as readonly string[]).includes(spec.win))
    throw new Error(`win '${String(spec.win)}' is not a win rule (${WIN_RULES.join(' or ')})`)
  if (g.options.teams) partners(g)
  return g
}

/**
 * Per player, her partner (teams: the player on the camp opposite hers, who must be there); an
 * Error names a game that cannot play in teams.
 */
export function partners(g: PlayersGame): number[] {
  const n = g.players.length
  if (n !== 4 && n !== 6) throw new Error(`teams need 4 or 6 players, not ${n}`)
  return g.players.map((p) => {
    const q = g.players.findIndex((o) => o.camp === g.board.opposite(p.camp))
    if (q < 0)
      throw new Error(`teams: ${p.name} has no partner (nobody starts on the camp opposite hers, camp ${g.board.opposite(p.camp)})`)
    return q
  })
}

/** The players who win together with p (p and her partner in teams; p alone otherwise), p first. */
export function sideOf(g: PlayersGame, p: number): number[] {
  return g.options.teams ? [p, partners(g)[p]!] : [p]
}

/** The side's name: "blue", or "blue and green" for a team (in turn order). */
export function sideName(g: PlayersGame, p: number): string {
  return sideOf(g, p)
    .sort((a, b) => a - b)
    .map((q) => g.players[q]!.name)
    .join(' and ')
}

/**
 * The vacate rule: whether player p must take a man out of her camp this move (some player whose
 * target is her camp has none of his men on his own camp, and her camp still holds one of hers).
 */
export function mustVacate(g: PlayersGame, occ: Occupancy, p: number): boolean {
  if (!g.options.vacate) return false
  const me = g.players[p]!
  const mine = g.board.camp(me.camp, g.men)
  if (!mine.some((c) => occ[c] === p)) return false
  return g.players.some((o, a) => a !== p && o.target === me.camp && !g.board.camp(o.camp, g.men).some((c) => occ[c] === a))
}

export function playersPreset(id: string): PlayersGame {
  const all = playersPresets()
  const g = own(all, id)
  if (!g) throw new Error(`unknown game preset '${id}' (one of ${Object.keys(all).join(', ')})`)
  return g
}

/** A position: the army on each cell (-1 empty). */
export type Occupancy = Int8Array

/** The start: each player's men on her camp; camps must not overlap and must hold `men` cells. */
export function startPosition(g: PlayersGame): Occupancy {
  const occ = new Int8Array(g.board.cells.length).fill(-1)
  g.players.forEach((p, i) => {
    const camp = g.board.camp(p.camp, g.men)
    if (camp.length !== g.men) throw new Error(`${p.name}'s camp holds ${camp.length} cells, not ${g.men}`)
    for (const c of camp) {
      if (occ[c] !== -1) throw new Error(`${p.name}'s camp overlaps ${g.players[occ[c]!]!.name}'s at ${cellNames(g)[c]}`)
      occ[c] = i
    }
  })
  return occ
}

/** The top-left corner of the board's cells (column a, row 1). */
export function boardCorner(g: PlayersGame): { x0: number; y0: number } {
  let x0 = Infinity
  let y0 = Infinity
  for (const [x, y] of g.board.cells) {
    x0 = Math.min(x0, x)
    y0 = Math.min(y0, y)
  }
  return { x0, y0 }
}

const names = new WeakMap<PlayersGame, readonly string[]>()

/**
 * The name of each cell of the game, by index, as the user writes it (shared/cell.ts): the column
 * from the board's leftmost column (a), the row from the top (1), the name of its place on the
 * game's grid (grid.ts).
 */
export function cellNames(g: PlayersGame): readonly string[] {
  let known = names.get(g)
  if (!known) {
    const { x0, y0 } = boardCorner(g)
    known = g.board.cells.map(([x, y]) => cellName(x - x0 + 1, y - y0 + 1))
    names.set(g, known)
  }
  return known
}

/** The cells a man on `from` can end a move on (distinct, not `from`), with a path to each. */
export function destinations(g: PlayersGame, occ: Occupancy, from: number): Map<number, number[]> {
  const b = g.board
  const out = new Map<number, number[]>()
  const [fx, fy] = b.cells[from]!
  for (const [dx, dy] of b.directions) {
    const to = b.indexOf(fx + dx, fy + dy)
    if (to !== undefined && occ[to] === -1) out.set(to, [from, to])
  }
  // Jump chains: breadth-first over landing cells, the man lifted from `from`.
  const seen = new Set<number>([from])
  let frontier: number[][] = [[from]]
  while (frontier.length > 0) {
    const next: number[][] = []
    for (const path of frontier) {
      const at = path.at(-1)!
      for (const land of jumpsFrom(g, occ, at, from)) {
        if (seen.has(land)) continue
        seen.add(land)
        const p = [...path, land]
        if (!out.has(land)) out.set(land, p)
        next.push(p)
      }
    }
    frontier = next
  }
  return out
}

/** Landing cells of one jump from `at` (the moving man's start `from` counts as empty). */
function jumpsFrom(g: PlayersGame, occ: Occupancy, at: number, from: number): number[] {
  const b = g.board
  const empty = (i: number | undefined): boolean => i !== undefined && (occ[i] === -1 || i === from)
  const [x, y] = b.cells[at]!
  const out: number[] = []
  for (const [dx, dy] of b.directions) {
    const reach = g.longJumps ? 8 : 1
    // The man jumped over is k cells away (the cells before it empty); the landing k beyond it.
    for (let k = 1; k <= reach; k++) {
      const over = b.indexOf(x + k * dx, y + k * dy)
      if (over === undefined) break
      if (empty(over)) continue
      let clear = true
      for (let j = k + 1; j < 2 * k && clear; j++) clear = empty(b.indexOf(x + j * dx, y + j * dy))
      const land = b.indexOf(x + 2 * k * dx, y + 2 * k * dy)
      if (clear && empty(land) && land !== undefined) out.push(land)
      break
    }
  }
  return out
}

/** Legal moves (from, to) of a player in a position: the perft count of one ply. */
export function moveCount(g: PlayersGame, occ: Occupancy, player: number): number {
  let n = 0
  occ.forEach((a, i) => {
    if (a === player) n += destinations(g, occ, i).size
  })
  return n
}
