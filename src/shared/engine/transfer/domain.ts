/**
 * A transfer problem as the search engine sees it: the packed space, the centroid bound, the start
 * and target keys, the reflection that maps start onto target (mirror or rotation) and the folding
 * symmetry of the start. Built the same way on every thread from a problem spec.
 */
import { specFromProblem, type DocumentSpec } from '../../halma/document'
import type { Problem } from '../../halma/problem'
import { symmetry } from '../../halma/symmetry'
import type { Cells, SearchDomain } from '../core/contract'
import { problemOf } from '../packed/job'
import { movesAlong, neighbours } from '../packed/lines'
import { PackedSpace } from '../packed/space'
import type { BoundName } from './job'
import { ProjectedRiseBound, noBound, theorem2Bound, type CentroidBound } from './rise-bound'

/** A transfer domain as plain data: what an expansion thread rebuilds it from. */
export interface TransferInit {
  readonly kind: 'transfer'
  readonly spec: DocumentSpec
  readonly options: TransferOptions
}

export interface TransferOptions {
  /** Fold boards equivalent under the start's own symmetry (default true). */
  readonly fold: boolean
  readonly bound: BoundName
  /** Moves up to which the ladder bound is solved exactly. */
  readonly exactMoves: number
}

export const DEFAULT_TRANSFER_OPTIONS: TransferOptions = { fold: true, bound: 'ladder', exactMoves: 6 }

export class TransferDomain implements SearchDomain {
  readonly problem: Problem
  readonly options: TransferOptions
  readonly space: PackedSpace
  readonly bound: CentroidBound
  /** Men in the army. */
  readonly men: number
  /** Image of each cell under the reflection that maps start onto target, if any. */
  readonly reflection: Int16Array | undefined
  readonly startKey: Uint32Array
  readonly targetKey: Uint32Array
  /** c(A) of start and target in cv units. */
  readonly startCentroid: number
  readonly targetCentroid: number

  constructor(problem: Problem, options: TransferOptions = DEFAULT_TRANSFER_OPTIONS) {
    if (problem.kind !== 'transfer') throw new Error('a transfer domain needs a transfer problem')
    this.problem = problem
    this.options = options
    const board = problem.board
    const army = problem.armies[0]!
    this.men = army.start.length
    this.reflection = problem.reflection ? symmetry(board, problem.reflection) : undefined
    // Fold by the antimirror when it fixes the start (a corner army); then it fixes the target too
    // whenever the reflection is the mirror, since the two reflections commute.
    let fold: Int16Array | undefined
    if (options.fold) {
      const anti = symmetry(board, 'antimirror')
      if (anti && army.start.every((c) => army.start.includes(anti[c]!)) && army.target.every((c) => army.target.includes(anti[c]!))) {
        fold = anti
      }
    }
    this.space = new PackedSpace(board, problem.rules, fold)
    this.bound =
      options.bound === 'ladder'
        ? new ProjectedRiseBound(this.space, this.men, options.exactMoves)
        : options.bound === 'theorem2'
          ? theorem2Bound(this.space)
          : noBound
    const w = this.space.w
    this.startKey = new Uint32Array(w)
    this.targetKey = new Uint32Array(w)
    this.space.packCanonical(army.start, this.startKey)
    this.space.packCanonical(army.target, this.targetKey)
    this.startCentroid = army.start.reduce((s, c) => s + this.space.cv[c]!, 0)
    this.targetCentroid = army.target.reduce((s, c) => s + this.space.cv[c]!, 0)
  }

  /** Rebuild a domain from its description (on a worker thread). */
  static fromInit(init: TransferInit): TransferDomain {
    return new TransferDomain(problemOf(init.spec), init.options)
  }

  get init(): TransferInit {
    return { kind: 'transfer', spec: specFromProblem(this.problem), options: this.options }
  }

  get fold(): Int16Array | undefined {
    return this.space.fold
  }

  /** One army moves. */
  mover(): number {
    return 0
  }

  pack(state: Cells, out: Uint32Array, off: number): void {
    this.space.packCanonical(state[0]!, out, off)
  }

  unpack(keys: Uint32Array, off: number): number[][] {
    return [this.space.cells(keys, off)]
  }

  /** Moves are reversible: the boards a move can come from are the boards one move away. */
  predecessors(state: Cells): number[][][] {
    return neighbours(this.space, state, 0)
  }

  movesAlong(states: readonly Cells[]): { readonly paths: number[][]; readonly texts: string[] } {
    return movesAlong(this.problem, states, () => 0)
  }

  get w(): number {
    return this.space.w
  }

  /** Whether the board is folded by a symmetry. */
  get folded(): boolean {
    return this.space.fold !== undefined
  }

  /** The canonical key of the reflection of a list of cells. */
  reflectedKey(cells: readonly number[], out: Uint32Array, off = 0): void {
    const image = this.reflection!
    this.space.packCanonical(
      cells.map((c) => image[c]!),
      out,
      off,
    )
  }

  /** Whether two keys are equal. */
  sameKey(a: Uint32Array, ao: number, b: Uint32Array, bo: number): boolean {
    for (let k = 0; k < this.w; k++) if (a[ao + k] !== b[bo + k]) return false
    return true
  }

  /** sym(A) of a list of cells under the reflection (men whose image is occupied). */
  sym(cells: readonly number[]): number {
    const image = this.reflection
    if (!image) return 0
    const set = new Set(cells)
    let n = 0
    for (const c of cells) if (set.has(image[c]!)) n++
    return n
  }
}
