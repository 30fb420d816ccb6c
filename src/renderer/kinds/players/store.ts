/**
 * What the workbench shows of a game of 2 to 6 players (issue 18) at the move the stepper is on: the
 * position and the side to move (or the winner), the board drawn as players know it with each cell's
 * name on demand, the charts per army (c(A) and the men home), and the editor's game (board, camps
 * that play, men, long jumps), which "Use this game" makes the document's (an undoable change). The
 * core computes (shared/players); the frame holds the document and the line.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { boardById } from '../../../shared/players/boards'
import { gameFromSpec, playersPresets, type PlayersGame, type PlayersSpec, type WinRule } from '../../../shared/players/game'
import { cellNames } from '../../../shared/players/line'
import type { DiagramOf } from '../../board/picture'
import type { BoardView } from '../../board/view'
import type { ChartDef } from '../../frame/charts'
import { kindDocument, useDocument } from '../../frame/document'
import type { PlayedLine } from '../../frame/kind'
import { useNotices } from '../../frame/notices'
import { useStepper } from '../../frame/stepper'
import { useBoardOverlay, withOverlay } from '../../frame/overlay'
import { playersKind, type PlayersLine } from './model'
import { playerColour, playerDash, playerLetters, playerLine } from './palette'
import { armySeries, campName, toMoveAt } from './play'
import { buildPlayersScene, playersAspect, type PlayersSceneInput } from './scene'

/** The editor's game, before it is checked. */
export interface PlayersDraft {
  board: string
  /** Camps that play, clockwise (the first moves first). */
  camps: number[]
  men: number
  longJumps: boolean
  /** The rules page's options: how a game is won, the vacate rule, teams of partners opposite. */
  win: WinRule
  vacate: boolean
  teams: boolean
}

const draftOf = (g: PlayersGame): PlayersDraft => ({
  board: g.board.id,
  camps: g.players.map((p) => p.camp),
  men: g.men,
  longJumps: g.longJumps,
  win: g.options.win,
  vacate: g.options.vacate,
  teams: g.options.teams,
})

export const usePlayers = defineStore('players', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const notices = useNotices()
  const overlay = useBoardOverlay()
  const doc = kindDocument(playersKind)
  const game = computed(() => doc.value.game)
  const names = ref(false)
  const line = computed(() => ((stepper.line as PlayersLine).replay ? (stepper.line as PlayersLine) : playersKind.replay(doc.value, [])))
  const ply = computed(() => Math.min(stepper.ply, line.value.played.length))
  const position = computed(() => line.value.replay.positions[ply.value] ?? line.value.replay.positions[0]!)
  const toMove = computed(() => toMoveAt(game.value, ply.value))
  /** The winner, if the shown position comes at or after the winning move. */
  const win = computed(() => {
    const w = line.value.replay.win
    return w && w.ply <= ply.value ? w : null
  })
  const series = computed(() => armySeries(game.value, line.value.replay.positions))
  const current = computed(() => series.value[ply.value] ?? series.value[0]!)
  const letters = computed(() => playerLetters(game.value))

  function sceneAt(k: number, cellNames = names.value): PlayersSceneInput {
    const m = k > 0 ? line.value.played[k - 1] : undefined
    const picked = k === ply.value ? stepper.picked : null
    return {
      game: game.value,
      position: line.value.replay.positions[k] ?? position.value,
      ...(picked && { selected: picked.from, destinations: picked.to }),
      ...(m && { path: { cells: m.path, player: m.player } }),
      names: cellNames,
    }
  }
  const input = computed(() => sceneAt(ply.value))
  const cellName = (c: number): string => cellNames(game.value)[c] ?? `cell ${c}`
  const board = computed<BoardView>(() => {
    const i = input.value
    const g = game.value
    const occupied = [...i.position.keys()].filter((c) => i.position[c]! >= 0)
    const arrows = overlay.arrows
    return {
      aspect: playersAspect(g),
      scene: (w, h, cursor) => {
        // The overlay slot: an analysis's arrows (engine/store.ts), over the position.
        const s = withOverlay(buildPlayersScene(i, w, h), arrows)
        const at = cursor === undefined ? undefined : s.cells.find((c) => c.cell === cursor)
        return at ? { ...s, cursor: { ...at, r: s.scale * 0.5 } } : s
      },
      boardKey: [g, i.names],
      describe: (c) => `${cellName(c)}: ${i.position[c]! >= 0 ? `${g.players[i.position[c]!]!.name}'s man` : 'empty'}`,
      menText: g.players.map((p, k) => `${p.name}: ${occupied.filter((c) => i.position[c] === k).map(cellName).join(' ')}`),
      start: stepper.picked?.from ?? i.path?.cells[i.path.cells.length - 1] ?? occupied.find((c) => i.position[c] === toMove.value) ?? 0,
      data: { board: g.board.id, selected: String(i.selected ?? ''), destinations: String(i.destinations?.length ?? 0) },
    }
  })

  const chartsOf = (l: PlayedLine): ChartDef[] => {
    const s = armySeries(game.value, (l as PlayersLine).replay?.positions ?? [])
    const per = (m: 'centroid' | 'home') => game.value.players.map((p, k) => ({ label: p.name, stroke: playerLine(k), width: 2, dash: playerDash(k, 2.5), values: s.map((x) => x[m][k]!) }))
    return [
      { id: 'centroid', tab: 'c(A)', title: "c(A) per army: each man's progress from his camp to his target", series: per('centroid') },
      { id: 'home', tab: 'men home', title: 'men on their target camp, per army', series: per('home'), axes: [{ incrs: [1, 2, 5, 10], range: [0, game.value.men] }] },
    ]
  }
  const readout = computed(() => `move ${ply.value}: ${game.value.players.map((p, k) => `${p.name} c(A) ${current.value.centroid[k]}, home ${current.value.home[k]}`).join(' · ')}`)
  const turn = computed(() =>
    stepper.mode === 'edit'
      ? { text: 'the game panel chooses the board, the camps that play and the men' }
      : win.value
        ? { text: `${game.value.players[win.value.player]!.name} wins at move ${win.value.ply}: her target camp is full`, colour: playerColour(win.value.player) }
        : { text: `${game.value.players[toMove.value]!.name} to move (${letters.value[toMove.value]})`, colour: playerColour(toMove.value), mover: toMove.value },
  )
  const diagramAt: DiagramOf = (k, size, o) => {
    const i = sceneAt(k, false)
    const shown = o.overlays ? i : { game: i.game, position: i.position, names: false }
    const s = buildPlayersScene(shown, size, size)
    return { scene: o.coordinates ? s : { ...s, coordinates: [] } }
  }
  const positionText = computed(() =>
    [`${playersKind.title(doc.value)}, after move ${ply.value}, ${turn.value.text}`, ...game.value.players.map((p, k) => `${p.name}: ${[...position.value.keys()].filter((c) => position.value[c] === k).map(cellName).join(' ')}`)].join('\n'),
  )

  // The editor's game.
  const draft = ref<PlayersDraft>(draftOf(game.value))
  watch(game, (g) => (draft.value = draftOf(g)))
  /** How many camps the draft's board has. */
  const draftPoints = computed(() => {
    try {
      return boardById(draft.value.board).points
    } catch {
      return 0
    }
  })
  /** The editor's game, checked by gameFromSpec: its fault is said in the editor, and nothing changes; else the document's game (Undo takes it back). */
  function applyDraft(): boolean {
    const d = draft.value
    let g: PlayersGame
    try {
      // The game's own targets are kept while its board and camps are (else: the camps opposite).
      const was = game.value
      const same = d.board === was.board.id && d.camps.length === was.players.length && d.camps.every((c, k) => c === was.players[k]!.camp)
      const spec: PlayersSpec = {
        board: d.board,
        camps: [...d.camps],
        ...(same && { targets: was.players.map((p) => p.target) }),
        men: d.men,
        ...(d.longJumps && { longJumps: true }),
        ...(d.win !== 'own' && { win: d.win }),
        ...(d.vacate && { vacate: true }),
        ...(d.teams && { teams: true }),
      }
      g = gameFromSpec(spec)
    } catch (e) {
      notices.error('editor', (e as Error).message)
      return false
    }
    // The same game as a preset keeps the preset's name and notes.
    const key = (x: PlayersGame): string => JSON.stringify([x.board.id, x.players.map((p) => [p.camp, p.target]), x.men, x.longJumps, x.options])
    const same = Object.values(playersPresets()).find((p) => key(p) === key(g))
    const dropped = doc.value.lines.length
    documentStore.change({ game: same ?? g, lines: [] })
    notices.info('editor', `now playing: ${(same ?? g).title}${dropped > 0 ? `; the ${dropped === 1 ? 'line' : `${dropped} lines`} of the old game went with it (Undo brings ${dropped === 1 ? 'it' : 'them'} back)` : ''}`)
    return true
  }

  return {
    doc,
    game,
    names,
    line,
    ply,
    position,
    toMove,
    win,
    series,
    current,
    letters,
    board,
    chartsOf,
    readout,
    turn,
    diagramAt,
    positionText,
    draft,
    draftPoints,
    applyDraft,
    campName,
  }
})
