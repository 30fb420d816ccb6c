// @vitest-environment jsdom
// The autosaved session keeps the game of 2 to 6 players (issue 18; nothing the user made is lost):
// a game played in the workbench comes back after a reload with its moves, the stepper's move and
// whether it was shown; a damaged game refuses the session with the reason.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { HalmaApi, SessionRead, SessionWrite } from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import { parseSession } from '../../src/renderer/state/session'
import { click } from '../../src/renderer/state/players'
import { useDocument } from '../../src/renderer/stores/document'
import { usePlayers } from '../../src/renderer/stores/players'
import { useSession } from '../../src/renderer/stores/session'

function fakeHost() {
  const kept = { read: { status: 'none' } as SessionRead, writes: [] as string[] }
  const api = {
    setDocumentState: async () => undefined,
    askUnsaved: async () => 'cancel',
    readSession: async () => kept.read,
    writeSession: async (text: string): Promise<SessionWrite> => {
      kept.writes.push(text)
      kept.read = { status: 'found', text }
      return { status: 'saved' }
    },
    clearSession: async () => void (kept.read = { status: 'none' }),
  } as unknown as HalmaApi
  useHostApi(api, { host: 'web', version: 'test', cores: 2, recentFiles: false, nativeMenus: false })
  return kept
}

beforeEach(() => setActivePinia(createPinia()))

describe('the N-player game in the session', () => {
  it('puts back a game played in the workbench at its move; a damaged game refuses the session', async () => {
    const host = fakeHost()
    await useSession().restore()
    const p = usePlayers()
    expect(JSON.parse(host.writes.at(-1)!).players).toBeUndefined()
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
    await vi.waitFor(() => expect(JSON.parse(host.writes.at(-1)!).players?.step).toBe(2))
    const kept = host.writes.at(-1)!

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
    expect(!r.ok && r.error.message).toMatch(/^its game of mini-4\.players\.json does not load: document: preset: unknown game preset 'mini-5'/)
  })
})
