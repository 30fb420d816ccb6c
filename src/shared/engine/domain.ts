/**
 * A transfer problem as the search engine sees it: the packed space, the centroid bound, the start
 * and target keys, the reflection that maps start onto target (mirror or rotation) and the folding
 * symmetry of the start. Built the same way on every thread from a problem spec.
 */
import { interpret, specFromProblem, type DocumentSpec } from '../document'
import type { Problem } from '../problem'
import { symmetry } from '../symmetry'
import { LadderBound, noBound, theorem2Bound, type BoundName, type CentroidBound } from './ladder'
import { USED } from './keyset'
import { less, PackedSpace } from './packed'

export interface DomainOptions {
  /** Fold boards equivalent under the start's own symmetry (default true). */
  readonly fold: boolean
  readonly bound: BoundName
  /** Moves up to which the ladder bound is solved exactly. */
  readonly exactMoves: number
}

export const DEFAULT_DOMAIN_OPTIONS: DomainOptions = { fold: true, bound: 'ladder', exactMoves: 6 }

export class TransferDomain {
  readonly problem: Problem
  readonly options: DomainOptions
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

  constructor(problem: Problem, options: DomainOptions = DEFAULT_DOMAIN_OPTIONS) {
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
        ? new LadderBound(this.space, this.men, options.exactMoves)
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

  /** Rebuild a domain from a spec (on a worker thread). */
  static fromSpec(spec: DocumentSpec, options: DomainOptions): TransferDomain {
    const doc = interpret(spec)
    if (!doc.ok) throw new Error(`bad problem spec: ${doc.error.map((d) => d.message).join('; ')}`)
    return new TransferDomain(doc.value.problem, options)
  }

  spec(): DocumentSpec {
    return specFromProblem(this.problem)
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

/** Compare two keys: negative, zero or positive (most significant word first). */
export function compareKeys(a: Uint32Array, ao: number, b: Uint32Array, bo: number, w: number): number {
  if (less(a, ao, b, bo, w)) return -1
  if (less(b, bo, a, ao, w)) return 1
  return 0
}

export { USED }
