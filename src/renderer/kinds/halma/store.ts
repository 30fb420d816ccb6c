/**
 * What the board, the charts and the measures show of a transfer or two-player game at the move
 * the stepper is on: the position and the side to move, the overlays (coordinates, types 0-3, the
 * ladders, the mirror line) and the scenes built from them, the charts of the line, and the line
 * and position as text. The core computes (the timeline holds every ply's position and measures);
 * the frame's stores hold the document and the line; this store arranges them for the views.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { diagram } from '../../../shared/halma/diagram'
import { findLadders, followLadder, type Ladder } from '../../../shared/halma/ladders'
import { symMen } from '../../../shared/halma/metrics'
import { armyToMove, clampPly, type Timeline } from '../../../shared/halma/timeline'
import type { DiagramOf } from '../../board/picture'
import type { BoardView } from '../../board/view'
import type { ChartDef } from '../../frame/charts'
import { kindDocument } from '../../frame/document'
import type { PlayedLine } from '../../frame/kind'
import { useBoardOverlay, withOverlay } from '../../frame/overlay'
import { useStepper } from '../../frame/stepper'
import { halmaCharts } from './charts'
import { useEditor } from './editor'
import { halmaKind, type HalmaLine } from './model'
import { buildScene, latticeFor, ladderKeyRows, mirrorLine, NO_OVERLAYS, type Overlays, type SceneInput } from './scene'
import { describeCell, describeMen } from './words'


export const useHalma = defineStore('halma', () => {
  const stepper = useStepper()
  /** The open document when it is a problem (the views of this kind are shown only then). */
  const doc = kindDocument(halmaKind)
  const problem = computed(() => doc.value.problem)
  const title = computed(() => problem.value.title)
  const line = computed<Timeline>(() => (stepper.line as HalmaLine).timeline ?? halmaKind.replay(doc.value, []).timeline)
  const ply = computed(() => clampPly(line.value, stepper.ply))
  const position = computed(() => line.value.positions[ply.value] ?? line.value.positions[0]!)
  const toMove = computed(() => armyToMove(line.value, ply.value))
  /** The move that led to the current position. */
  const currentMove = computed(() => (ply.value > 0 ? line.value.moves[ply.value - 1] : undefined))
  const armyNames = computed(() => problem.value.armies.map((a) => a.name))

  const overlays = ref<{ -readonly [K in keyof Overlays]: Overlays[K] }>({ ...NO_OVERLAYS })
  /** Draw 6-move problems on the square grid anyway. */
  const squareGrid = ref(false)
  const lattice = computed(() => latticeFor(problem.value.board, problem.value.rules, squareGrid.value))
  // Computed only while the overlay is on, and once per position.
  const ladders = computed(() => (overlays.value.ladders ? findLadders(position.value, problem.value.rules) : undefined))
  /**
   * The ladder the user isolated (a click on its legend entry), as it was then; while stepping, the
   * board shows the ladder of each position that continues it, or all of them when none does.
   */
  const ladderPick = shallowRef<Ladder | null>(null)
  const ladderFocus = computed(() => (ladderPick.value && ladders.value ? followLadder(ladderPick.value, ladders.value) : -1))
  function isolateLadder(k: number): void {
    const l = ladders.value?.ladders[k]
    ladderPick.value = !l || ladderFocus.value === k ? null : l
  }
  const hasMirror = computed(
    () => (problem.value.reflection ?? 'mirror') === 'mirror' && problem.value.board.width === problem.value.board.height,
  )
  const symmetric = computed(() => {
    if (!overlays.value.mirror) return [] as number[]
    const p = problem.value
    return p.armies.flatMap((_, k) => symMen(p.board, position.value.men(k), p.reflection ?? 'mirror'))
  })
  // The same array as long as the problem stays: the board layer is redrawn only when it changes.
  const targets = computed(() => problem.value.armies.map((a) => a.target))

  /** The scene input at a ply (the board shows the current one; the export any). */
  function sceneAt(k: number, show: Overlays = overlays.value): SceneInput {
    const p = problem.value
    const at = clampPly(line.value, k)
    const pos = line.value.positions[at]!
    const m = at > 0 ? line.value.moves[at - 1] : undefined
    const current = at === ply.value
    const lad = show.ladders ? (current && ladders.value ? ladders.value : findLadders(pos, p.rules)) : undefined
    const sym = show.mirror ? p.armies.flatMap((_, a) => symMen(p.board, pos.men(a), p.reflection ?? 'mirror')) : []
    const picked = current ? stepper.picked : null
    return {
      board: p.board,
      rules: p.rules,
      lattice: lattice.value,
      position: pos,
      targets: targets.value,
      ...(m && { path: { cells: m.move.path, army: m.army } }),
      ...(picked && { selected: picked.from, destinations: picked.to }),
      overlays: show,
      ...(lad && { ladders: lad }),
      ...(lad && current && ladderFocus.value >= 0 && { ladderFocus: ladderFocus.value }),
      symMen: sym,
      ...(hasMirror.value && { mirrorLine: mirrorLine(p.board) }),
    }
  }
  const input = computed(() => {
    void symmetric.value
    return sceneAt(ply.value)
  })

  const overlay = useBoardOverlay()
  const playBoard = computed<BoardView>(() => {
    const i = input.value
    const arrows = overlay.arrows
    const last = i.path?.cells[i.path.cells.length - 1]
    const firstMan = Array.from({ length: i.board.size }, (_, c) => c).find((c) => i.position.at(c) !== 0) ?? 0
    return {
      aspect: 1,
      // The overlay slot: an analysis's arrows (engine/store.ts), over the position.
      scene: (w, h, cursor) => withOverlay(buildScene(cursor === undefined ? i : { ...i, cursor }, w, h), arrows),
      boardKey: [i.board, i.lattice, i.rules.diagonal, i.targets, i.overlays.coordinates],
      describe: (cell) => describeCell(i, armyNames.value, cell),
      menText: describeMen(i, armyNames.value),
      start: i.selected ?? last ?? firstMan,
      data: { lattice: i.lattice },
    }
  })

  const editor = useEditor()
  /** The board as drawn: the position, or in edit mode the problem being painted. */
  const board = computed(() => (stepper.mode === 'edit' ? editor.board : playBoard.value))

  /** A position for a picture: its scene in a square, the overlays as asked, and the ladder key. */
  const diagramAt: DiagramOf = (k, size, o) => {
    const i = sceneAt(k)
    const shown: SceneInput = o.overlays
      ? { ...i, overlays: { ...i.overlays, coordinates: o.coordinates } }
      : (({ path: _p, selected: _s, destinations: _d, ...rest }) => ({ ...rest, overlays: { ...NO_OVERLAYS, coordinates: o.coordinates } }))(i)
    return { scene: buildScene(shown, size, size), key: ladderKeyRows(shown) }
  }

  const chartsOf = (l: PlayedLine): ChartDef[] => halmaCharts((l as HalmaLine).timeline)
  /** What the charts show at the current move, as text (read by people and tests). */
  const readout = computed(() => {
    const k = ply.value
    const l = line.value
    const parts = l.series.map((s, a) => {
      const name = l.problem.armies.length > 1 ? `${s.name} ` : ''
      const sym = s.sym[k]
      return `${name}c(A) ${s.centroid[k]}${sym !== null && sym !== undefined ? `, sym(A) ${sym}` : ''}, types ${s.balance[k]!.join(' ')}, d ${l.distance[a]![k]}, on target ${s.onTarget[k]}`
    })
    return `move ${k}: ${parts.join(' · ')}`
  })
  /** The line above the board: whose turn it is in a game. */
  const turn = computed(() =>
    problem.value.kind === 'game'
      ? { text: `${problem.value.armies[toMove.value]!.name} to move`, colour: toMove.value === 0 ? '#2463c4' : '#c62f2f', mover: toMove.value }
      : { text: 'click a man to see his moves' },
  )

  /** The position as text: the side to move, each army's cells, and a diagram. */
  const positionText = computed(() => {
    const p = problem.value
    const pos = position.value
    return [
      `${p.title}, after move ${ply.value}${p.kind === 'game' ? `, ${p.armies[toMove.value]!.name} to move` : ''}`,
      ...p.armies.map((a, k) => `${a.name}: ${pos.describe(k)}`),
      '',
      diagram(pos, { target: p.armies[0]!.target, hex: lattice.value === 'triangular' }),
    ].join('\n')
  })

  return {
    doc,
    problem,
    title,
    line,
    ply,
    position,
    toMove,
    currentMove,
    overlays,
    squareGrid,
    lattice,
    ladders,
    ladderFocus,
    isolateLadder,
    hasMirror,
    symmetric,
    sceneAt,
    input,
    board,
    editClick: (cell: number) => editor.click(cell),
    beginEdit: () => editor.begin(),
    leaveEdit: () => editor.leave(),
    undoEdit: () => editor.undo(),
    redoEdit: () => editor.redo(),
    diagramAt,
    chartsOf,
    readout,
    turn,
    positionText,
  }
})
