/**
 * The integer program of section 5.1: allow any number of men per cell; a jump adds (-1, -1, +1)
 * to its three cells. Minimise the men at the start (binary STA per cell of the army's rows) such
 * that the start plus a non-negative integer number of each jump (J) gives the finish (one man on
 * the target). Every solitaire solution is a solution of the model, so its optimum is a lower bound
 * on the army size (and in practice the size: its jumps can usually be ordered). Written in CPLEX
 * LP format, for any MIP solver (the CLI uses HiGHS, WebAssembly in the `highs` package).
 * The board is a window of the half-plane: rows 0 .. rows-1 and `width` columns beyond each row's
 * span; a window too small could exclude the best army, so the window is part of every result.
 */
import { indexWindow, type ArmyGeometry, type Window } from './geometry'

export interface ArmyModel {
  /** The model in CPLEX LP format. */
  readonly lp: string
  /** Cells of the window, by index (variables s<i>). */
  readonly cells: readonly (readonly [number, number])[]
  /** Jumps (from, over, into) by cell index (variables j<k>). */
  readonly jumps: readonly (readonly [number, number, number])[]
}

export interface ModelOptions {
  readonly window: Window
  /** Men per exponent, for the cells of each exponent (Table 7's cases): exponent -> men. */
  readonly menPerExponent?: ReadonlyMap<number, number>
  readonly exponent?: (x: number, y: number) => number | null
  /** Keep only the jumps this predicate allows (e.g. those that lose no weight, for zero slack). */
  /** The men at the finish (default: one man on the target), e.g. Figure 7a's 3-man position. */
  readonly finish?: readonly (readonly [number, number])[]
  /** Armies to leave out (each as its cells): at most |A| - 1 of an army's cells may start with a man. */
  readonly exclude?: readonly (readonly (readonly [number, number])[])[]
  readonly jumpAllowed?: (from: readonly [number, number], over: readonly [number, number], into: readonly [number, number]) => boolean
  /** Jumps of which exactly one must be made (section 5.2: the one jump that loses sigma^j). */
  readonly exactlyOne?: (from: readonly [number, number], over: readonly [number, number], into: readonly [number, number]) => boolean
}

/** The model for bringing a man to the target from the rows `level` and beyond. */
export function armyModel(g: ArmyGeometry, level: number, options: ModelOptions): ArmyModel {
  const { window } = options
  const win = indexWindow(g, window)
  const cells = win.cells
  const target = win.indexOf(0, 0)
  if (target === undefined) throw new Error('the window does not hold the target')
  const finishAt = new Set(
    (options.finish ?? [[0, 0]]).map(([x, y]) => {
      const i = win.indexOf(x, y)
      if (i === undefined) throw new Error(`the finish's cell x ${x}, row ${y} is off the window`)
      return i
    }),
  )
  const allowed = options.jumpAllowed
  const jumps = allowed ? win.jumps.filter(([a, b, c]) => allowed(cells[a]!, cells[b]!, cells[c]!)) : win.jumps
  // Per cell, the jumps that take a man from it (-1, twice: from and over) or bring one (+1).
  const terms: string[][] = cells.map(() => [])
  jumps.forEach(([a, b, c], k) => {
    terms[a]!.push(`- j${k}`)
    terms[b]!.push(`- j${k}`)
    terms[c]!.push(`+ j${k}`)
  })
  const army = cells.flatMap(([, y], i) => (y >= level ? [i] : []))
  if (army.length === 0) throw new Error(`the window (${window.rows} rows) holds no cell of rows ${level} and beyond`)
  const lines: string[] = ['Minimize', ` men: ${army.map((i) => `s${i}`).join(' + ')}`, 'Subject To']
  cells.forEach(([, y], i) => {
    const start = y >= level ? `s${i} ` : ''
    const row = `${start}${terms[i]!.join(' ')}`.trim()
    const finish = finishAt.has(i) ? 1 : 0
    if (row === '') {
      if (finish !== 0) throw new Error('no jump reaches the finish inside the window')
      return
    }
    lines.push(` c${i}: ${row} = ${finish}`)
  })
  if (options.menPerExponent) {
    if (!options.exponent) throw new Error('men per exponent need the exponent map')
    for (const [e, men] of options.menPerExponent) {
      const of = army.filter((i) => options.exponent!(...cells[i]!) === e)
      if (of.length === 0) {
        if (men > 0) throw new Error(`no cell of exponent ${e} in the window for ${men} men`)
        continue
      }
      lines.push(` n${e}: ${of.map((i) => `s${i}`).join(' + ')} = ${men}`)
    }
  }
  if (options.exactlyOne) {
    const one = jumps.flatMap(([a, b, c], k) => (options.exactlyOne!(cells[a]!, cells[b]!, cells[c]!) ? [`j${k}`] : []))
    if (one.length === 0) throw new Error('no jump of the kind that must be made once is in the window')
    lines.push(` one: ${one.join(' + ')} = 1`)
  }
  for (const [k, cut] of (options.exclude ?? []).entries()) {
    const of = cut.map(([x, y]) => win.indexOf(x, y)).filter((i): i is number => i !== undefined)
    if (of.length === cut.length) lines.push(` x${k}: ${of.map((i) => `s${i}`).join(' + ')} <= ${of.length - 1}`)
  }
  lines.push('Bounds')
  // A jump happens at most once per man that could ever stand on its start: at most the army's size.
  jumps.forEach((_, k) => lines.push(` 0 <= j${k} <= ${army.length}`))
  lines.push('Binary', ...chunks(army.map((i) => `s${i}`)), 'General', ...chunks(jumps.map((_, k) => `j${k}`)), 'End')
  return { lp: lines.join('\n'), cells, jumps }
}

const chunks = (names: readonly string[]): string[] => {
  const out: string[] = []
  for (let i = 0; i < names.length; i += 20) out.push(` ${names.slice(i, i + 20).join(' ')}`)
  return out
}

/** The army of a solved model: the cells whose start variable is 1. */
export function armyOf(model: ArmyModel, value: (name: string) => number): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = []
  model.cells.forEach((c, i) => {
    if (Math.round(value(`s${i}`)) === 1) out.push(c)
  })
  return out
}

/** The jumps of a solved model, each as often as it is made. */
export function jumpsOf(model: ArmyModel, value: (name: string) => number): (readonly [number, number, number])[] {
  const out: (readonly [number, number, number])[] = []
  model.jumps.forEach((j, k) => {
    for (let n = Math.round(value(`j${k}`)); n > 0; n--) out.push(j)
  })
  return out
}
