import { beforeAll, describe, expect, it } from 'vitest'
import { afterMove, rulesVerdict, startPosition, tableMoves, verdictOf } from '../../src/shared/engine/tablebase/probe'
import type { TablebaseTable } from '../../src/shared/engine/tablebase/table'
import { Engine } from '../../src/shared/play/engine'
import { Position } from '../../src/shared/play/position'
import {
  allowedMoves,
  drawPositions,
  moveOfPath,
  playsTable,
  positionDataOf,
  TableOracle,
  tablePositionOf,
  variantOfTable,
} from '../../src/shared/play/tablebase'
import { expect as unwrap } from '../../src/shared/result'
import { tableOf } from '../helpers/tablebase'

// 4 x 4 with 3 men a side: 320,320 positions, built inline in a fraction of a second.
let table: TablebaseTable
beforeAll(async () => {
  table = await tableOf(4, 3)
})

const keyOf = (p: { blue: readonly number[]; red: readonly number[]; toMove: string }): string => `${p.blue}/${p.red} ${p.toMove}`

describe('the engine on a tablebase', () => {
  it("plays the table's game: the same start, the same moves, the same ends", () => {
    const v = variantOfTable(table.game)
    expect(playsTable(v, table.game)).toBe(true)
    expect(playsTable({ ...v, win: 'own' }, table.game)).toBe(false)
    expect(tablePositionOf(Position.start(v).data())).toEqual(startPosition(table.game))
    for (const p of drawPositions(table, 'win', 60, 3).positions) {
      const pos = new Position(v, positionDataOf(p.position))
      const table_ = tableMoves(table.game, p.position).map((m) => moveOfPath(m.path))
      const mine = allowedMoves(table.game, pos)
      expect(new Set(mine)).toEqual(new Set(table_))
      expect(mine.length).toBe(table_.length)
      // After each move the engine's winner is the table's.
      for (const m of tableMoves(table.game, p.position)) {
        pos.make(moveOfPath(m.path))
        const over = rulesVerdict(table.game, afterMove(p.position, m))
        expect(pos.winner >= 0 ? (pos.winner === 0 ? 'blue' : 'red') : undefined).toBe(over?.kind === 'over' ? over.winner : undefined)
        pos.unmake()
      }
    }
  })

  it('draws distinct positions of the asked value, both sides to move, the same for a seed', () => {
    const d = drawPositions(table, 'win', 300, 11)
    expect(d.positions).toHaveLength(300)
    expect(new Set(d.positions.map((p) => keyOf(p.position))).size).toBe(300)
    for (const p of d.positions) {
      const v = unwrap(verdictOf(table, p.position))
      expect(v).toEqual({ kind: 'value', value: 'win', distance: p.distance })
    }
    const blue = d.positions.filter((p) => p.position.toMove === 'blue').length
    expect(blue).toBeGreaterThan(100)
    expect(blue).toBeLessThan(200)
    const r = d.rejected
    expect(d.tried).toBe(300 + r.illegal + r.over + r.value + r.repeated)
    expect(r.value).toBeGreaterThan(0)
    expect(drawPositions(table, 'win', 300, 11).positions).toEqual(d.positions)
    expect(drawPositions(table, 'win', 300, 12).positions).not.toEqual(d.positions)
    for (const p of drawPositions(table, 'loss', 50, 11).positions)
      expect(unwrap(verdictOf(table, p.position))).toMatchObject({ value: 'loss' })
  })

  it('the oracle answers with the value and a move that wins one move sooner', () => {
    const v = variantOfTable(table.game)
    const oracle = new TableOracle(table)
    for (const p of drawPositions(table, 'win', 80, 5).positions) {
      const a = oracle.probe(new Position(v, positionDataOf(p.position)))
      expect(a?.score).toEqual({ kind: 'win', plies: p.distance })
      const m = tableMoves(table.game, p.position).find((x) => moveOfPath(x.path) === a?.pv[0])!
      expect(m).toBeDefined()
      const next = unwrap(verdictOf(table, afterMove(p.position, m)))
      if (p.distance === 1) expect(next).toMatchObject({ kind: 'over', winner: p.position.toMove })
      else expect(next).toEqual({ kind: 'value', value: 'loss', distance: p.distance! - 1 })
    }
    for (const p of drawPositions(table, 'loss', 20, 5).positions)
      expect(oracle.probe(new Position(v, positionDataOf(p.position)))?.score).toEqual({ kind: 'loss', plies: p.distance })
    // A variant of another game (the paper's win: her own men only) is not the table's.
    expect(oracle.probe(Position.start({ ...v, win: 'own' }))).toBeUndefined()
    expect(oracle.fault).toBeUndefined()
  })

  it('the engine with the oracle wins from won positions against the engine without it, within the distance', async () => {
    const v = variantOfTable(table.game)
    const withTable = new Engine(v)
    withTable.oracle = new TableOracle(table)
    const without = new Engine(v)
    for (const p of drawPositions(table, 'win', 12, 9).positions) {
      const pos = new Position(v, positionDataOf(p.position))
      const tabled = pos.turn
      let plies = 0
      while (pos.winner < 0 && plies < 200) {
        const e = pos.turn === tabled ? withTable : without
        e.setPosition(pos.data())
        const r = await e.go({ nodes: 2000 })
        expect(r.move).not.toBeNull()
        pos.make(r.move!)
        plies++
      }
      expect(pos.winner).toBe(tabled)
      expect(plies).toBeLessThanOrEqual(p.distance!)
    }
  })
})
