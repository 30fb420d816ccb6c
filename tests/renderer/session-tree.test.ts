// A move tree nested as the stepper holds it is two levels a move: the moves of the shipped
// six-player game (over 100) would be over 200 levels, past the depth a session may nest (144). The session writes
// the tree flat instead (its nodes in order, each naming its parent), so the autosave gives such a
// line back (issue 27, defect 1: the game at move 64 with a side line came back as a blank problem
// after the depth limit of issue 31), and still refuses a tree past the limits, with the reason,
// without overflowing the stack.
import { describe, expect, it } from 'vitest'
import { MAX_LINE_MOVES } from '../../src/shared/limits'
import { nodeCount } from '../../src/shared/variations'
import { openingShown } from '../../src/renderer/frame/line'
import { playersKind } from '../../src/renderer/kinds/players/model'
import { formatSession, MAX_SESSION_NODES, parseSession } from '../../src/renderer/state/session'
import { examplesOf } from '../../src/renderer/frame/examples'

const FILE = 'star121-6.players.json'
const parsed = playersKind.parse(examplesOf('players').find((e) => e.name === FILE)!.text, FILE)
if (!parsed.ok) throw new Error(parsed.error)
const doc = parsed.value
const { shown } = openingShown(playersKind, doc)
/** The shipped game's moves (the best found so far: its length changes when a shorter game is found). */
const MOVES = doc.lines[0]!.moves.split(', ').length

const session = (): string =>
  formatSession({ kind: 'players', file: { name: FILE }, document: doc, dirty: true, shown, ply: 64 }, new Date('2026-11-26T06:00:00Z'))

describe("the session's move tree", () => {
  it('gives back a line of over 72 moves (a tree over 144 levels deep) at its move', () => {
    expect(MOVES).toBeGreaterThan(72)
    expect(nodeCount(shown.tree)).toBe(MOVES)
    const r = parseSession(session())
    if (!r.ok) throw new Error(r.error.message)
    expect(nodeCount(r.value.shown.tree)).toBe(MOVES)
    expect(r.value.ply).toBe(64)
    expect(r.value.dirty).toBe(true)
  })

  it('refuses a tree written nested, a node that is not a move, and a tree past the limits, with where', () => {
    const deep = '{"move":[0,1],"children":['.repeat(MAX_LINE_MOVES + 1) + ']}'.repeat(MAX_LINE_MOVES + 1)
    const text = session().replace(/"tree":\{"nodes":\[.*\]\},"tip"/, `"tree":{"children":[${deep}]},"tip"`)
    expect(text).not.toBe(session())
    const r = parseSession(text)
    expect(r.ok ? '' : r.error.message).toMatch(/nests its arrays and objects more than 144 deep/)
    const bad = parseSession(session().replace('"nodes":[{"parent":-1,"move":[', '"nodes":[{"parent":-1,"mover":['))
    expect(bad.ok ? '' : bad.error.message).toMatch(/^line\.tree\.nodes\[0\]\.move: is missing/)
    const many = session().replace(
      /"tree":\{"nodes":\[.*\]\},"tip"/,
      `"tree":{"nodes":[${'{"parent":-1,"move":[0,1]},'.repeat(MAX_SESSION_NODES)}{"parent":-1,"move":[0,1]}]},"tip"`,
    )
    const past = parseSession(many)
    expect(past.ok ? '' : past.error.message).toMatch(/^line\.tree\.nodes/)
  })
})
