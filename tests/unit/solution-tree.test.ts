// Side lines and comments in documents (format version 2, src/shared/halma/solution-tree.ts): version 1
// files still load; parse(format(doc)) = doc with variations and comments; the shape is checked
// with paths; a version 1 file with variations is refused; every variation's moves are checked and
// an illegal one is named with its move; a document stays version 1 until it needs version 2.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatDocument, interpret, parseDocument, versionFor, type HalmaDocument } from '../../src/shared/halma/document'
import { describe as line, expect as unwrap } from '../../src/shared/result'
import { checkVariations, specOfTree, variationsOf } from '../../src/shared/halma/solution-tree'
import { addLine, deleteFrom, mainLine, setComment } from '../../src/shared/variations'
import { nameOf, parseCell } from '../../src/shared/halma/board'
import { symmetry } from '../../src/shared/halma/symmetry'
import { PROBLEMS_DIR } from './fixtures'

const base = {
  format: 'halma-workbench',
  version: 2,
  kind: 'transfer',
  board: '9x9',
  rules: { moves: '6-move' },
  armies: [{ name: 'blue', preset: 'triangle10', target: 'mirror' }],
}
const LEVENSPIEL =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'

const withSolution = (solution: Record<string, unknown>): string =>
  JSON.stringify({ ...base, solutions: [{ title: 'L', moves: LEVENSPIEL, ...solution }] })
const load = (text: string): HalmaDocument => unwrap(parseDocument(text))
const faults = (text: string): string[] => {
  const r = parseDocument(text)
  return r.ok ? [] : r.error.map(line)
}
const names = (doc: HalmaDocument, paths: readonly (readonly number[])[]): string[] =>
  paths.map((p) => p.map((c) => nameOf(doc.problem.board, c)).join('-'))

describe('documents with side lines and comments (version 2)', () => {
  it('every version 1 file in resources/ loads, stays version 1, and its solutions are bare main lines', () => {
    const files = readdirSync(PROBLEMS_DIR).filter((f) => f.endsWith('.halma.json'))
    expect(files.length).toBeGreaterThan(5)
    for (const f of files) {
      const text = readFileSync(join(PROBLEMS_DIR, f), 'utf8')
      expect(JSON.parse(text).version).toBe(1)
      const doc = load(text)
      expect(doc.spec.version).toBe(1)
      expect(formatDocument(doc)).toContain('"version": 1,')
      for (const s of doc.solutions) {
        expect(variationsOf(s.tree)).toEqual([])
        expect(s.tree.comment).toBeUndefined()
      }
    }
  })

  const rich = {
    comments: { '0': 'Levenspiel, 1971', '3': 'the first long jump', '27': 'home' },
    variations: [
      { at: 1, moves: 'a4-a5, a5-a6', comments: { '2': 'a slower start' } },
      {
        at: 2,
        moves: ['c2-c3', 'c1-c2'],
        variations: [{ at: 3, moves: 'b2-b1', comments: { '4': 'nested' } }],
      },
    ],
  }

  it('round-trips: parse(format(doc)) = doc, with the variations and comments in the tree', () => {
    const doc = load(withSolution(rich))
    expect(doc.spec.version).toBe(2)
    const s = doc.solutions[0]!
    expect(mainLine(s.tree)).toHaveLength(27)
    expect(s.tree.comment).toBe('Levenspiel, 1971')
    const vs = variationsOf(s.tree)
    expect(vs.map((v) => [v.name, v.at, v.where])).toEqual([
      ['1', 1, 'variations[0]'],
      ['2', 2, 'variations[1]'],
      ['2.1', 3, 'variations[1].variations[0]'],
    ])
    expect(names(doc, vs[2]!.moves)).toEqual(['d1-d2', 'b1-d1-d3', 'c2-c3', 'b2-b1'])
    const text = formatDocument(doc)
    expect(text).toContain('"version": 2,')
    const again = load(text)
    expect(again.spec).toEqual(doc.spec)
    expect(again.solutions).toEqual(doc.solutions)
    expect(formatDocument(again)).toBe(text)
    // Arrays of moves are normalised to text; the main line keeps its (reflect).
    expect(again.spec.solutions![0]!.variations![1]!.moves).toBe('c2-c3, c1-c2')
    expect(again.spec.solutions![0]!.moves).toBe(LEVENSPIEL)
    expect(checkVariations(doc.problem, s.tree)).toEqual({ ok: true, value: undefined })
  })

  it('writes a tree back as the spec it came from', () => {
    const doc = load(withSolution(rich))
    const s = doc.solutions[0]!
    const spec = doc.spec.solutions![0]!
    const lines = specOfTree(doc.problem.board, s.tree, { keep: { paths: mainLine(s.tree), moves: spec.moves } })
    expect(lines).toEqual({ moves: spec.moves, comments: spec.comments, variations: spec.variations })
    // Without the written form, a palindromic main line is written compact (half and (reflect)).
    const image = symmetry(doc.problem.board, doc.problem.reflection!)
    expect(specOfTree(doc.problem.board, s.tree, { image }).moves).toBe(LEVENSPIEL)
    const full = specOfTree(doc.problem.board, s.tree).moves as string
    expect(full.split(', ')).toHaveLength(27)
    expect(full).not.toContain('(reflect)')
  })

  it('a tree edited in the workbench is saved as version 2, and as version 1 once bare again', () => {
    const doc = load(withSolution({}))
    expect(doc.spec.version).toBe(1)
    const s = doc.solutions[0]!
    const b = doc.problem.board
    const cell = (n: string): number => unwrap(parseCell(b, n))
    const tree = setComment(addLine(s.tree, [0], [[cell('a4'), cell('a5')]], (x, y) => x.join() === y.join()).tree, [0, 1], 'try this')
    const lines = specOfTree(b, tree, { keep: { paths: mainLine(s.tree), moves: doc.spec.solutions![0]!.moves } })
    expect(lines).toEqual({ moves: LEVENSPIEL, variations: [{ at: 1, moves: 'a4-a5', comments: { '2': 'try this' } }] })
    const edited = unwrap(interpret({ ...doc.spec, solutions: [{ ...doc.spec.solutions![0]!, ...lines } as never] }))
    expect(edited.spec.version).toBe(2)
    expect(formatDocument(edited)).toContain('"version": 2,')
    const bare = specOfTree(b, deleteFrom(tree, [0, 1]).tree, { keep: { paths: mainLine(s.tree), moves: LEVENSPIEL } })
    expect(bare).toEqual({ moves: LEVENSPIEL })
    const back = unwrap(
      interpret({ ...edited.spec, solutions: [{ ...edited.spec.solutions![0]!, ...bare, variations: undefined } as never] }),
    )
    expect(formatDocument(back)).toBe(formatDocument(doc))
  })

  it('a version 1 file with side lines or comments is refused: they need version 2', () => {
    expect(faults(JSON.stringify({ ...JSON.parse(withSolution(rich)), version: 1 }))).toEqual([
      'solutions[0]: side lines and comments need format version 2',
    ])
    expect(versionFor(load(withSolution({ comments: { '1': 'x' } })).spec)).toBe(2)
    // A version 2 file that needs nothing of version 2 is written as version 1.
    expect(load(withSolution({})).spec.version).toBe(1)
  })

  it('reports a variation that does not fit its line, with its path', () => {
    expect(faults(withSolution({ variations: [{ at: 27, moves: 'a4-a5' }] }))).toEqual([
      'solutions[0].variations[0].at: "at": 27 is not a move of the line it branches from (0..26)',
    ])
    expect(faults(withSolution({ variations: [{ at: 1, moves: 'a4-a5', variations: [{ at: 1, moves: 'a3-a4' }] }] }))).toEqual([
      'solutions[0].variations[0].variations[0].at: "at": 1 is not a move of the line it branches from (2..1)',
    ])
    expect(faults(withSolution({ variations: [{ at: 0, moves: 'd1-d2' }] }))).toEqual([
      'solutions[0].variations[0].moves: its first move d1-d2 is already played there',
    ])
    expect(faults(withSolution({ variations: [{ at: 0, moves: 'a4-a5, (reflect)' }] }))).toEqual([
      'solutions[0].variations[0].moves: a variation is written in full: (reflect) is for the main line',
    ])
    expect(faults(withSolution({ variations: [{ at: 0, moves: 'a4-z5' }] }))[0]).toMatch(
      /^solutions\[0\]\.variations\[0\]\.moves: move 1: /,
    )
    expect(faults(withSolution({ variations: [{ at: 0, moves: '' }] }))[0]).toMatch(/^solutions\[0\]\.variations\[0\]\.moves/)
    expect(faults(withSolution({ comments: { '28': 'after the end' } }))).toEqual([
      'solutions[0].comments: comment "28" is not a move of this line (its moves are 0..27)',
    ])
    expect(faults(withSolution({ variations: [{ at: 1, moves: 'a4-a5', comments: { '1': 'before it' } }] }))).toEqual([
      'solutions[0].variations[0].comments: comment "1" is not a move of this line (its moves are 2..2)',
    ])
    expect(faults(withSolution({ comments: { first: 'x' } }))[0]).toMatch(/^solutions\[0\]\.comments\.first: /)
  })

  it('names an illegal move in a variation: which variation, which move, and why', () => {
    const doc = load(
      withSolution({
        variations: [
          { at: 1, moves: 'a4-a5' },
          { at: 2, moves: 'c2-c3, c1-c2', variations: [{ at: 3, moves: 'a1-a3' }] },
        ],
      }),
    )
    const r = checkVariations(doc.problem, doc.solutions[0]!.tree)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.at).toBe('variations[1].variations[0]')
    expect(r.error.message).toMatch(/^variation 2\.1 \(after move 3\): move 4: a1-a3 /)
  })
})
