// @vitest-environment jsdom
// The autosaved session keeps the game of 2 to 6 players (issue 18; nothing the user made is lost):
// a game played in the workbench comes back after a reload with its moves, the stepper's move and
// whether it was shown; a damaged game refuses the session with the reason.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeHost } from './fake-host'
import { parseSession } from '../../src/renderer/state/session'
import { click } from '../../src/renderer/state/players'
import { useDocument } from '../../src/renderer/stores/document'
import { usePlayers } from '../../src/renderer/stores/players'
import { useSession } from '../../src/renderer/stores/session'

beforeEach(() => setActivePinia(createPinia()))

describe('the N-player game in the session', () => {
  it('puts back a game played in the workbench at its move; a damaged game refuses the session', async () => {
    const host = fakeHost()
    await useSession().restore()
    const p = usePlayers()
    expect(JSON.parse(host.session.writes.at(-1)!).players).toBeUndefined()
    p.newGame('mini-4')
    // Three moves, each the first legal one of the side to move.
    for (let k = 0; k < 3; k++) {
      const man = p.position.findIndex(
        (a, c) => a === p.toMove && click(p.game, p.position, { toMove: p.toMove, selected: null, win: null }, c).kind === 'select',
      )
      p.clickCell(man)
      p.clickCell(p.targets[0]!)
    }
    const played = [...p.movesText]
    p.go(2)
    await useSession().flush()
    await vi.waitFor(() => expect(JSON.parse(host.session.writes.at(-1)!).players?.step).toBe(2))
    const kept = host.session.writes.at(-1)!

    setActivePinia(createPinia())
    await useSession().restore()
    const p2 = usePlayers()
    expect(p2.active).toBe(true)
    expect(p2.game.id).toBe('mini-4')
    expect(p2.movesText).toEqual(played)
    expect(p2.step).toBe(2)
    expect(useDocument().notice?.text).toMatch(/the game mini-4\.players\.json at move 2\.$/)

    const damaged = JSON.parse(kept) as { players: { document: string } }
    damaged.players.document = damaged.players.document.replace('"preset": "mini-4"', '"preset": "mini-5"')
    const r = parseSession(JSON.stringify(damaged))
    expect(!r.ok && r.error.message).toMatch(
      /^its game of mini-4\.players\.json does not load: document: preset: unknown game preset 'mini-5'/,
    )
  })
})
