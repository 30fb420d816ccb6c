/**
 * What the workbench shows of a solitaire army (issue 17) at the move the stepper is on: the men,
 * the men the move captured, the pagoda overlay under any map of the paper that fits the type (or
 * the map generated from the distance to a custom board's target), the exact weight and slack, and
 * the board views (playing in play mode; painting men, switching a custom board's cells and placing
 * its target in edit mode, each an undoable change of the document). The core computes (positions,
 * weights, verification); the frame holds the document and the line; the jobs are in jobs.ts.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { DISTANCE_MAP, mapFor, windowBoard } from '../../../shared/army/board'
import { measureOnBoard } from '../../../shared/army/custom'
import type { ArmyDocument } from '../../../shared/army/document'
import { GEOMETRIES, type CustomBoard } from '../../../shared/army/geometry'
import { IMPROVED_MAP, PAGODA_MAPS } from '../../../shared/army/pagoda'
import { cellLabel, drawArmy, positionAfter, verifyArmy } from '../../../shared/army/solution'
import { toNumber } from '../../../shared/army/zsigma'
import type { DiagramOf } from '../../board/picture'
import type { BoardView } from '../../board/view'
import type { ChartDef } from '../../frame/charts'
import { kindDocument, useDocument } from '../../frame/document'
import type { PlayedLine } from '../../frame/kind'
import { useNotices } from '../../frame/notices'
import { useStepper } from '../../frame/stepper'
import { captured, decimal, exact, moveTarget, paint as paintCell, toggleBoardCell, weightSeries } from './army'
import { armyKind, type ArmyLine } from './model'
import { cellIndex, windowOf } from './moves'
import { armyAspect, buildArmyScene, type ArmySceneInput } from './scene'

/** What a click does in edit mode: place men, switch cells on and off the board, or place the target. */
export const ARMY_EDIT_MODES = ['men', 'cells', 'target'] as const
export type ArmyEditMode = (typeof ARMY_EDIT_MODES)[number]


export const useArmy = defineStore('army', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const notices = useNotices()
  const doc = kindDocument(armyKind)
  const geometry = computed(() => GEOMETRIES[doc.value.type])
  const overlays = ref({ pagoda: true, coordinates: true })
  const chosenMap = ref<string | null>(null)
  const editMode = ref<ArmyEditMode>('men')

  /** The paper's maps of the type and the generated one; on a custom board the generated one only (the paper's are for the target (0, 0) on the whole window). */
  const maps = computed(() => {
    const { window, board } = doc.value
    const generated = mapFor(geometry.value, window, DISTANCE_MAP, board)
    return board ? [generated] : [...Object.values(PAGODA_MAPS).filter((m) => m.types.includes(doc.value.type)), generated]
  })
  const mapId = computed({
    get: () => chosenMap.value ?? (doc.value.board ? DISTANCE_MAP : IMPROVED_MAP[doc.value.type]),
    set: (id: string) => void (chosenMap.value = id),
  })
  const map = computed(() => maps.value.find((m) => m.id === mapId.value) ?? maps.value[0]!)
  /** On a custom board: the generated map's weight, slack and verdict for the army as it starts. */
  const measure = computed(() => (doc.value.board ? measureOnBoard(geometry.value, doc.value.board, doc.value.army) : null))

  const line = computed(() => (stepper.line as ArmyLine).cells ? (stepper.line as ArmyLine) : armyKind.replay(doc.value, []))
  const ply = computed(() => Math.min(stepper.ply, line.value.cells.length))
  const editing = computed(() => stepper.mode === 'edit')
  const position = computed(() => (editing.value ? doc.value.army : (line.value.positions[ply.value] ?? doc.value.army)))
  const lastMove = computed(() => (!editing.value && ply.value > 0 ? line.value.cells[ply.value - 1] : undefined))
  const series = computed(() => weightSeries(doc.value.army, line.value.cells, map.value))
  const current = computed(() => series.value[ply.value] ?? series.value[0]!)
  /** The line in the stepper, verified by the core: it brings a man to the target, or why not. */
  const verdict = computed(() => (line.value.cells.length > 0 ? verifyArmy(geometry.value, doc.value.window, doc.value.army, line.value.cells, doc.value.board) : null))
  /** The men the move shown captured. */
  const ghosts = computed(() => (lastMove.value ? captured(lastMove.value) : []))
  /** Bumped when a step forward should fade the captured men out. */
  const fade = ref(0)
  /** A job runs on this army (jobs.ts says so): the army is not changed meanwhile. */
  const busy = ref(false)

  const label = (i: number): string => cellLabel(geometry.value, doc.value.window, windowOf(doc.value).cells[i]!)
  function sceneAt(k: number, coordinates = overlays.value.coordinates): ArmySceneInput {
    const move = k > 0 ? line.value.cells[k - 1] : undefined
    const picked = k === ply.value && !editing.value ? stepper.picked : null
    return {
      type: doc.value.type,
      window: doc.value.window,
      men: editing.value ? doc.value.army : positionAfter(doc.value.army, line.value.cells, k),
      ghosts: move && !editing.value ? captured(move) : [],
      ...(move && !editing.value && { path: move }),
      pagoda: overlays.value.pagoda ? map.value : null,
      coordinates,
      ...(doc.value.board && { board: doc.value.board }),
      ...(picked && { selected: picked.from, destinations: picked.to }),
    }
  }
  const input = computed(() => sceneAt(ply.value))
  watch(ply, (now, before) => {
    if (now === before + 1) fade.value++
  })

  const board = computed<BoardView>(() => {
    const i = input.value
    const w = windowOf(doc.value)
    const exponents = Object.fromEntries(w.cells.filter((c) => i.pagoda && (!i.board || i.board.cells.some((b) => b[0] === c[0] && b[1] === c[1]))).map((c) => [cellLabel(geometry.value, doc.value.window, c), i.pagoda!.exponent(...c) ?? '∞']))
    const target = doc.value.board?.target ?? [0, 0]
    const men = new Set(position.value.map((c) => cellIndex(w, c)))
    return {
      aspect: armyAspect(i.type, i.window, i.coordinates),
      scene: (width, height, cursor) => buildArmyScene(cursor === undefined ? i : { ...i, cursor }, width, height),
      boardKey: [i.type, i.window, i.pagoda, i.coordinates, i.board],
      describe: (cell) => `${label(cell)}: ${men.has(cell) ? 'a man' : 'empty'}${i.pagoda ? `, exponent ${i.pagoda.exponent(...w.cells[cell]!) ?? '∞'}` : ''}`,
      menText: [`${position.value.length} men${position.value.length > 0 ? `, on ${position.value.map((c) => cellLabel(geometry.value, doc.value.window, c)).join(' ')}` : ''}`],
      start: stepper.picked?.from ?? (lastMove.value ? cellIndex(w, lastMove.value[lastMove.value.length - 1]!) : ([...men][0] ?? 0)),
      data: {
        type: i.type,
        exponents: JSON.stringify(exponents),
        target: cellLabel(geometry.value, doc.value.window, target),
        'board-cells': String(i.board?.cells.length ?? w.cells.length),
      },
    }
  })

  /** Change the army or its board (an undoable change); a solution it had is dropped, and the note says so. False while a job runs. */
  function changeArmy(next: Partial<ArmyDocument>, what: string): boolean {
    if (busy.value) {
      notices.error('board', 'a job is running on this army: cancel it to change the army')
      return false
    }
    const { annotations: _a, source: _s, ...rest } = doc.value
    const dropped = doc.value.moves.length > 0
    documentStore.change({ ...rest, ...next, moves: [] })
    if (dropped) notices.info('editor', `the ${what} changed: its solution was dropped (Undo brings it back)`)
    return true
  }

  /** A click in edit mode, by the editing mode: place or take away a man (shift: the whole row), switch a cell, or place the target. */
  function editClick(cell: number, row: boolean): boolean {
    const w = windowOf(doc.value)
    const c = w.cells[cell]
    if (!c) return false
    const { window, board, army } = doc.value
    const g = geometry.value
    const men = editMode.value === 'men'
    const r = men
      ? paintCell(g, window, doc.value.level, army, c, row, board)
      : (editMode.value === 'cells' ? toggleBoardCell : moveTarget)(g, window, board ?? windowBoard(g, window), army, c)
    if (!r.ok) {
      notices.error('board', r.reason)
      return false
    }
    notices.clear('board')
    return changeArmy({ army: r.army, ...('board' in r && { board: r.board as CustomBoard }) }, men ? 'army' : 'board')
  }

  /**
   * Make the window a custom board to edit (every cell on, the target (0, 0)), with the generated
   * map; its title says so, and the old search's outcome goes (issue 27, defect 10: both stayed).
   */
  function customize(): void {
    if (doc.value.board) return
    const d = doc.value
    const { title: _t, ...untitled } = d
    if (!changeArmy({ board: windowBoard(geometry.value, d.window), title: `A custom board from ${armyKind.title(untitled)}` }, 'board')) return
    chosenMap.value = null
    editMode.value = 'cells'
    notices.info('editor', 'custom board: click cells to switch them off and on; the target mode places the target')
  }

  const clearArmy = (): boolean => changeArmy({ army: [] }, 'army')

  const chartsOf = (l: PlayedLine): ChartDef[] => {
    const s = weightSeries(doc.value.army, (l as ArmyLine).cells ?? [], map.value)
    return [
      {
        id: 'weight',
        tab: 'weight',
        title: 'pagoda weight, slack and men left, move by move',
        series: [
          { label: 'weight', stroke: '#d05a2b', width: 2, values: s.map((x) => toNumber(x.weight)) },
          { label: 'slack', stroke: '#13937e', width: 2, dash: [6, 3], values: s.map((x) => toNumber(x.slack)) },
          { label: 'men', stroke: '#2463c4', width: 1.5, scale: 'men', values: s.map((x) => x.men) },
        ],
        axes: [{ label: 'weight' }, { scale: 'men', right: true, incrs: [1, 2, 5, 10, 20, 50] }],
      },
    ]
  }
  const readout = computed(() => `move ${ply.value}: ${current.value.men} men, weight ${exact(current.value.weight)} ≈ ${decimal(current.value.weight)}, slack ${exact(current.value.slack)}`)
  const MODE_TEXT: Record<ArmyEditMode, string> = {
    men: 'click a cell to place or take away a man, shift-click for the whole row',
    cells: 'click a cell to switch it off or on the board (a man on it goes with it)',
    target: 'click a cell of the board to put the target there',
  }
  const turn = computed(() => ({ text: editing.value ? MODE_TEXT[editMode.value] : 'click a man, then where he jumps' }))
  const diagramAt: DiagramOf = (k, size, o) => {
    const i = sceneAt(k, o.coordinates)
    const shown = o.overlays ? i : { ...i, pagoda: null, ghosts: [], path: undefined, selected: undefined, destinations: undefined }
    // The window's proportions, its longer side `size` (the scene fills its box: the picture is all of it).
    const a = armyAspect(i.type, i.window, i.coordinates)
    const [w, h] = a <= 1 ? [size, Math.round(size * a)] : [Math.round(size / a), size]
    return { scene: { ...buildArmyScene(shown, w, h), frame: { x1: 0, y1: 0, x2: w, y2: h } } }
  }
  const positionText = computed(() =>
    [`${armyKind.title(doc.value)}, after move ${ply.value}`, ...drawArmy(geometry.value, doc.value.window, position.value, undefined, doc.value.board)].join('\n'),
  )

  return {
    doc,
    geometry,
    overlays,
    maps,
    mapId,
    map,
    measure,
    editMode,
    line,
    ply,
    position,
    series,
    current,
    verdict,
    ghosts,
    fade,
    busy,
    board,
    customize,
    clearArmy,
    editClick,
    chartsOf,
    readout,
    turn,
    diagramAt,
    positionText,
  }
})
