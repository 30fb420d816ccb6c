/**
 * The race's last moves, solved for one army: the fewest moves of hers that fill her target with
 * the other armies' men standing where they are (they are past her or parked; while she finishes
 * they seldom matter). Iterative-deepening depth-first search (IDA*, Korf 1985) over her moves
 * only, with the admissible bound "one move per man of hers still outside her target" and a table
 * of positions already shown to need more than the moves left. Greedy players lose most of their
 * moves here, filling the target man by man; a search of the whole game cannot see this far.
 */
import { MAX_MOVES, moveFrom, moveTo, type Move, type Position } from './position'

export interface EndgamePlan {
  /** Her moves to finish, the first to play now. */
  readonly moves: readonly Move[]
  readonly nodes: number
}

export class EndgameSolver {
  nodes = 0
  private limitNodes = Infinity
  private readonly buf: Int32Array[] = []
  private readonly plan: Move[] = []
  /** Positions (hash) and the most moves shown not to suffice from them. */
  private readonly failed = new Map<number, number>()
  private army = 0
  /** Her first moves allowed (a go's searchmoves), or undefined for all. */
  private root: ReadonlySet<Move> | undefined

  constructor(private readonly pos: Position) {}

  /** Men of the army outside her target: a lower bound on her moves to finish. */
  private outside(): number {
    return this.pos.t.men - this.pos.home[this.army]!
  }

  /**
   * Her shortest finish of at most `maxMoves` moves, within `nodeLimit` nodes; undefined if there
   * is none that short (or the limit ran out first). Only for wins by filling her target. With
   * `rootMoves`, her first move is one of them.
   */
  solve(maxMoves: number, nodeLimit: number, rootMoves?: readonly Move[]): EndgamePlan | undefined {
    const pos = this.pos
    if (pos.variant.win !== 'own' || pos.variant.partners || pos.winner >= 0) return undefined
    this.army = pos.turn
    this.nodes = 0
    this.limitNodes = nodeLimit
    this.failed.clear()
    this.root = rootMoves && rootMoves.length > 0 ? new Set(rootMoves) : undefined
    const turn = pos.turn
    for (let limit = Math.max(1, this.outside()); limit <= maxMoves; limit++) {
      this.plan.length = 0
      const r = this.dfs(0, limit)
      pos.setTurn(turn)
      if (r === 'found') return { moves: [...this.plan], nodes: this.nodes }
      if (r === 'out') return undefined
    }
    return undefined
  }

  private dfs(g: number, limit: number): 'found' | 'no' | 'out' {
    const pos = this.pos
    this.nodes++
    if (this.nodes > this.limitNodes) return 'out'
    if (pos.winner === this.army) return 'found'
    if (g + this.outside() > limit) return 'no'
    const left = limit - g
    const key = (pos.hashLo ^ Math.imul(pos.hashHi, 0x9e3779b1)) >>> 0
    if ((this.failed.get(key) ?? -1) >= left) return 'no'
    const buf = (this.buf[g] ??= new Int32Array(MAX_MOVES))
    pos.setTurn(this.army)
    const n = pos.generate(buf)
    const inT = pos.t.inTarget[this.army]!
    // Where every move left must place a man, only moves into the target can do.
    const tight = g + this.outside() === limit
    // Moves into the target first, deepest first would need the table; entering is what counts.
    for (let pass = 0; pass < 2; pass++) {
      for (let k = 0; k < n; k++) {
        const m = buf[k]!
        const enters = inT[moveTo(m)] === 1 && inT[moveFrom(m)] === 0
        if ((pass === 0) !== enters) continue
        if (tight && !enters) continue
        if (g === 0 && this.root && !this.root.has(m)) continue
        pos.make(m)
        this.plan.push(m)
        const r = this.dfs(g + 1, limit)
        if (r === 'found') {
          pos.unmake()
          return r
        }
        this.plan.pop()
        pos.unmake()
        pos.setTurn(this.army)
        if (r === 'out') return r
      }
    }
    this.failed.set(key, left)
    return 'no'
  }
}
