// Problem documents: round trips, the shipped examples, the generated JSON schema, and every kind of
// malformed file reported with its path.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentJsonSchema, formatDocument, parseDocument } from '../../src/shared/halma/document'
import { describe as line } from '../../src/shared/result'
import { PROBLEMS_DIR } from './fixtures'

const base = {
  format: 'halma-workbench',
  version: 1,
  kind: 'transfer',
  board: '9x9',
  rules: { moves: '6-move' },
  armies: [{ name: 'blue', preset: 'triangle10' }],
}

function faults(doc: unknown): string[] {
  const r = parseDocument(typeof doc === 'string' ? doc : JSON.stringify(doc))
  return r.ok ? [] : r.error.map(line)
}

describe('problem documents', () => {
  const files = readdirSync(PROBLEMS_DIR).filter((f) => f.endsWith('.halma.json'))
  it.each(files)('%s loads and round-trips', (f) => {
    const text = readFileSync(join(PROBLEMS_DIR, f), 'utf8')
    const doc = parseDocument(text)
    expect(doc.ok ? 'ok' : doc.error.map(line)).toBe('ok')
    if (!doc.ok) return
    const again = parseDocument(formatDocument(doc.value))
    expect(again.ok && again.value.spec).toEqual(doc.value.spec)
    expect(again.ok && again.value.solutions).toEqual(doc.value.solutions)
    expect(formatDocument(again.ok ? again.value : doc.value)).toBe(formatDocument(doc.value))
  })

  it('custom boards, cells and targets round-trip', () => {
    const spec = {
      ...base,
      title: 'Four men on a cross',
      board: { mask: ['.##.', '####', '####', '.##.'], home: 'b1' },
      rules: { moves: '4-move', jumpsOnly: false },
      armies: [{ name: 'blue', cells: ['b1', 'c1', 'a2', 'd2'], target: ['a3', 'd3', 'b4', 'c4'] }],
      solutions: [{ title: 'none yet', moves: [] as string[] }],
      notes: 'made up',
    }
    const doc = parseDocument(JSON.stringify(spec))
    expect(doc.ok ? 'ok' : doc.error.map(line)).toBe('ok')
    if (!doc.ok) return
    expect(doc.value.problem.board.size).toBe(12)
    expect(doc.value.problem.armies[0]!.target).toHaveLength(4)
    const again = parseDocument(formatDocument(doc.value))
    expect(again.ok && again.value.spec).toEqual(doc.value.spec)
  })

  it('keeps cell lists on one line when printed', () => {
    const text = formatDocument({ ...base, armies: [{ name: 'blue', cells: ['a1', 'b1'], target: ['i9', 'h9'] }] } as never)
    expect(text).toContain('"cells": ["a1", "b1"]')
  })

  it('the committed JSON schema is the one the code generates', () => {
    const committed = JSON.parse(readFileSync(join(PROBLEMS_DIR, '../halma.schema.json'), 'utf8'))
    expect(committed).toEqual(documentJsonSchema())
  })

  const bad: [string, unknown, string[]][] = [
    [
      'not JSON',
      '{"format": "halma-workbench",\n  "version": 1,,}',
      ['not valid JSON: Expected double-quoted property name at line 2, column 16'],
    ],
    ['not an object', '[1, 2]', ['a problem document is a JSON object']],
    ['another format', { ...base, format: 'other' }, ['format: not a Halma Workbench problem file: "format" must be "halma-workbench"']],
    [
      'a newer version',
      { ...base, version: 3 },
      ['version: the file has format version 3, newer than this program reads (2); update Halma Workbench'],
    ],
    ['a misspelt key', { ...base, armys: [] }, ['has an unknown field "armys"']],
    ['a wrong type', { ...base, rules: { moves: '5-move' } }, ['rules.moves: must be "4-move", "6-move" or "8-move"']],
    ['an unknown board', { ...base, board: 'hex' }, ["board: unknown board 'hex' (known: NxN for N = 2..26, checkers, star)"]],
    [
      'cells off the board and twice',
      { ...base, armies: [{ cells: ['a1', 'b1', 'a2', 'j4', 'a1'] }] },
      ["armies[0].cells[3]: 'j4' is not on the 9x9 board", "armies[0].cells[4]: 'a1' is listed twice (also at [0])"],
    ],
    [
      'a target of another size',
      { ...base, armies: [{ preset: 'triangle10', target: ['i9'] }] },
      ['armies[0].target: the target has 1 cells but the army has 10 men'],
    ],
    [
      'an army already on its target (a transfer of no moves: the solver crashed on it)',
      { ...base, armies: [{ cells: ['a1', 'e5'], target: ['e5', 'a1'] }] },
      ['armies[0].target: the army already stands on its target (a1 e5): there is nothing to move'],
    ],
    ['preset and cells', { ...base, armies: [{ preset: 'triangle10', cells: ['a1'] }] }, ['armies[0]: give either "preset" or "cells"']],
    [
      'an army too big',
      { ...base, board: '4x4', armies: [{ preset: 'halma19' }] },
      ['armies[0].preset: army halma19 does not fit on the 4x4 board'],
    ],
    [
      'two armies in a transfer',
      { ...base, armies: [{ preset: 'triangle10' }, { preset: 'triangle10' }] },
      ['armies: a transfer has 1 army, not 2'],
    ],
    [
      'a symmetry as a target in a game',
      { ...base, kind: 'game', armies: [{ preset: 'triangle10', target: 'mirror' }, { preset: 'triangle10' }] },
      ["armies[0].target: a game army's target is cells (a game from a position), not a symmetry: each aims at the other's base"],
    ],
    [
      "one game army's target only",
      { ...base, kind: 'game', armies: [{ cells: ['a1'], target: ['i9'] }, { cells: ['i9'] }] },
      ['armies: give both armies of a game a target (a game from a position), or neither'],
    ],
    [
      'game targets of the wrong size or overlapping',
      { ...base, kind: 'game', armies: [{ cells: ['a1', 'b1'], target: ['i9'] }, { cells: ['i9', 'h9'], target: ['a1', 'b1'] }] },
      ['armies[0].target: the target has 1 cells but the army has 2 men'],
    ],
    [
      'game targets overlapping',
      { ...base, kind: 'game', armies: [{ cells: ['a1'], target: ['e5'] }, { cells: ['i9'], target: ['e5'] }] },
      ['armies[1].target: the two targets overlap on e5'],
    ],
    [
      'a game from a position that is over',
      { ...base, kind: 'game', armies: [{ cells: ['i9'], target: ['i9'] }, { cells: ['e5'], target: ['a1'] }] },
      ['armies[0].target: blue already fills its target base: the game is over'],
    ],
    [
      'impossible with jumps only',
      { ...base, rules: { moves: '6-move', jumpsOnly: true }, armies: [{ cells: ['a1'], target: ['a2'] }] },
      [
        "rules.jumpsOnly: impossible with jumps only: a jump never changes a man's type, and the army has (1, 0, 0, 0) men of types 0-3 but the target needs (0, 0, 1, 0)",
      ],
    ],
    [
      'a target cut off from the army',
      { ...base, board: { mask: ['##..', '....', '..##'] }, rules: { moves: '8-move' }, armies: [{ cells: ['a1'], target: ['d3'] }] },
      [
        'armies[0].target: impossible: only 0 of the men can reach the target cells d3 (men cannot move between unconnected parts of the board)',
      ],
    ],
    ['a bad solution', { ...base, solutions: [{ moves: 'd1-d2, c1-c16' }] }, ["solutions[0].moves: move 2: 'c16' is not on the 9x9 board"]],
    [
      'no mirror for (reflect)',
      {
        ...base,
        armies: [{ preset: 'triangle10', target: ['a9', 'b9', 'c9', 'd9', 'e9', 'a8', 'b8', 'c8', 'd8', 'a7'] }],
        solutions: [{ moves: 'a4-a5 (reflect)' }],
      },
      ['solutions[0].moves: (reflect) needs a problem whose target is the mirror image (or rotation) of its start'],
    ],
  ]
  it.each(bad)('reports %s with its path', (_, doc, expected) => {
    expect(faults(doc)).toEqual(expected)
  })

  it('never throws on mangled documents', () => {
    const good = JSON.stringify({ ...base, solutions: [{ moves: 'd1-d2' }] })
    let seed = 3
    for (let n = 0; n < 1000; n++) {
      seed = (seed * 16807) % 2147483647
      const cut = seed % good.length
      const mangled = good.slice(0, cut) + good.slice(cut + 1 + (seed % 5))
      expect(() => parseDocument(mangled)).not.toThrow()
    }
  })
})
