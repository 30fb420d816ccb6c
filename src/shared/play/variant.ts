/**
 * The game the playing engine plays, whatever board it came from: a grid board with its rules of
 * movement (so that the search engine's packed move generator serves it, ../engine/packed/space.ts),
 * armies in turn order each with its camp and target cells, how a game is won, and the rules
 * page's options (the vacate rule, teams). Two kinds of source make one: the games of 2 to 6
 * players (../players: the stars, the piecepack boards, the cross, Anri, Hexma), laid on the grid
 * by players/grid.ts with the same cell numbers, and the two-player games of the paper's square
 * boards (../halma: a Problem of kind 'game'). Cells are named as everywhere in the product: a
 * column letter and a row number on the grid (`nameOf`).
 */
import { nameOf, type Board } from '../halma/board'
import { interpret, type DocumentSpec } from '../halma/document'
import type { Problem } from '../halma/problem'
import type { Rules } from '../halma/rules'
import { gameFromSpec, partners, playersPreset, specOf, type PlayersGame, type PlayersSpec, type WinRule } from '../players/game'
import { gridOf } from '../players/grid'

/** One army: its name, the cells it starts on (its camp) and the cells it must fill (its target). */
export interface VariantArmy {
  readonly name: string
  /** Start cells, ascending. */
  readonly camp: readonly number[]
  /** Target cells, ascending, as many as camp. */
  readonly target: readonly number[]
}

/** Where a variant came from: what a game record is written as (record.ts). */
export type VariantSource =
  | { readonly kind: 'players'; readonly preset?: string; readonly spec: PlayersSpec }
  | { readonly kind: 'halma'; readonly spec: DocumentSpec }

export interface Variant {
  readonly id: string
  readonly title: string
  readonly board: Board
  readonly rules: Rules
  /** Armies in turn order: army k + 1 moves after army k. */
  readonly armies: readonly VariantArmy[]
  /** The army that moves first. */
  readonly first: number
  /** How a game is won (players/game.ts WinRule; the paper's games: 'own'). */
  readonly win: WinRule
  /** The vacate rule of the rules page (see position.ts mustVacate). */
  readonly vacate: boolean
  /** Teams: each army's partner (a side wins when both have filled their targets), or null. */
  readonly partners: readonly number[] | null
  readonly source: VariantSource
  /** Choices made where the sources are silent (lost figures), from the preset. */
  readonly notes?: string
}

/** The variant of a game of 2 to 6 players. */
export function variantOfPlayers(g: PlayersGame, preset?: string): Variant {
  const { board, rules } = gridOf(g)
  const sorted = (cells: readonly number[]): number[] => [...cells].sort((a, b) => a - b)
  return {
    id: preset ?? g.id,
    title: g.title,
    board,
    rules,
    armies: g.players.map((p) => ({ name: p.name, camp: sorted(g.board.camp(p.camp, g.men)), target: sorted(g.board.camp(p.target, g.men)) })),
    first: 0,
    win: g.options.win,
    vacate: g.options.vacate,
    partners: g.options.teams ? partners(g) : null,
    source: { kind: 'players', ...(preset !== undefined && { preset }), spec: specOf(g) },
    ...(g.notes !== undefined && { notes: g.notes }),
  }
}

/** The variant of a players preset by id (an Error names an unknown one). */
export function variantOfPreset(id: string): Variant {
  return variantOfPlayers(playersPreset(id), id)
}

/** The variant of a two-player game of the paper (a Problem of kind 'game'), its document spec beside it. */
export function variantOfProblem(problem: Problem, spec: DocumentSpec): Variant {
  if (problem.kind !== 'game') throw new Error(`the engine plays games, not a ${problem.kind}`)
  return {
    id: 'problem',
    title: problem.title,
    board: problem.board,
    rules: problem.rules,
    armies: problem.armies.map((a) => ({ name: a.name, camp: a.start, target: a.target })),
    first: problem.first,
    win: 'own',
    vacate: false,
    partners: null,
    source: { kind: 'halma', spec },
  }
}

/** The anti-spoiling rules of the rules page, as a variant option. */
export const SPOILING_RULES = ['none', 'vacate', 'occupied', 'both'] as const
export type SpoilingRule = (typeof SPOILING_RULES)[number]

/**
 * The variant with the rules page's rules against a player who never leaves her camp: 'vacate'
 * (once a player has left her camp, the player whose target it is must leave hers), 'occupied' (a
 * target is won when every cell is occupied, one of them by her own man), or both. A Hexma game
 * keeps its chain; teams keep their own win.
 */
export function withSpoilingRule(v: Variant, rule: SpoilingRule): Variant {
  if (rule === 'none') return v
  if (v.source.kind === 'halma')
    throw new Error(`the rules against spoiling ('${rule}') are options of the games of 2 to 6 players; a two-player game of the paper has none (its document could not say so)`)
  const vacate = rule === 'vacate' || rule === 'both'
  const occupied = (rule === 'occupied' || rule === 'both') && v.win === 'own' && v.partners === null
  const win: WinRule = occupied ? 'any-with-one' : v.win
  const source: VariantSource =
    v.source.kind === 'players'
      ? { kind: 'players', spec: { ...v.source.spec, vacate, ...(win !== 'own' ? { win } : { win: undefined }) } }
      : v.source
  return { ...v, vacate, win, source: dropUndefined(source) }
}

function dropUndefined(s: VariantSource): VariantSource {
  if (s.kind !== 'players') return s
  const spec = Object.fromEntries(Object.entries(s.spec).filter(([, x]) => x !== undefined)) as unknown as PlayersSpec
  return { ...s, spec }
}

/** The name of a cell (`e13`). */
export const cellNameOf = (v: Variant, cell: number): string => nameOf(v.board, cell)

/** The number of armies. */
export const armyCount = (v: Variant): number => v.armies.length

/** The sides that race: teams' partners as one, else each army. */
export const sidesOf = (v: Variant): number => (v.partners ? v.armies.length / 2 : v.armies.length)

/** The variant a source describes (plain data: it crosses to threads and into files), or an Error naming what is wrong. */
export function variantFromSource(source: VariantSource): Variant {
  if (source.kind === 'halma') {
    const doc = interpret(source.spec)
    if (!doc.ok) throw new Error(doc.error.map((d) => d.message).join('; '))
    return variantOfProblem(doc.value.problem, source.spec)
  }
  const g = source.preset !== undefined && isPresetSpec(source.preset, source.spec) ? playersPreset(source.preset) : gameFromSpec(source.spec)
  return variantOfPlayers(g, source.preset)
}

/** Whether a spec is its preset's own (then the preset, with its notes and title, is used). */
function isPresetSpec(id: string, spec: PlayersSpec): boolean {
  try {
    return JSON.stringify(specOf(playersPreset(id))) === JSON.stringify(spec)
  } catch {
    return false
  }
}
