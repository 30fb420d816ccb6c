// @vitest-environment jsdom
// The autosaved session keeps a game of 2 to 6 players (issue 18; nothing the user made is lost): a
// game played in the workbench comes back after a reload with its moves and the stepper's move,
// still a line not kept; a damaged game refuses the session with the reason.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useDocument } from '../../src/renderer/frame/document'
import { useNotices } from '../../src/renderer/frame/notices'
import { useSession } from '../../src/renderer/frame/session'
import { useStepper } from '../../src/renderer/frame/stepper'
import { playersKind, presetGame } from '../../src/renderer/kinds/players/model'
import { usePlayers } from '../../src/renderer/kinds/players/store'
import { parseSession } from '../../src/renderer/state/session'
import { fakeHost } from './fake-host'


beforeEach(() => setActivePinia(createPinia()))

describe('the N-player game in the session', () => {
  it('puts back a game played in the workbench at its move; a damaged game refuses the session', async () => {
    const host = fakeHost().session
    await useSession().restore()
    const doc = useDocument()
    const st = useStepper()
    const p = usePlayers()
    expect(JSON.parse(host.writes.at(-1)!).kind).toBe('halma')
    expect(await doc.newDocument(playersKind, presetGame('mini-4'))).toBe(true)
    // Three moves, each the first legal one of the side to move.
    for (let k = 0; k < 3; k++) {
      const man = [...p.position.keys()].find((c) => {
        st.click(c)
        return st.picked !== null
      })!
      expect(man).toBeDefined()
      st.click(st.picked!.to[0]!)
    }
    const played = st.line.moves.map((m) => m.text)
    expect(played).toHaveLength(3)
    st.go(2)
    useSession().flush()
    await vi.waitFor(() => expect(JSON.parse(host.writes.at(-1)!).line?.ply).toBe(2))
    const kept = host.writes.at(-1)!

    setActivePinia(createPinia())
    await useSession().restore()
    expect(useDocument().kindId).toBe('players')
    expect(usePlayers().game.id).toBe('mini-4')
    expect(useStepper().line.moves.map((m) => m.text)).toEqual(played)
    expect(useStepper().ply).toBe(2)
    expect(useDocument().unkept).toMatch(/^the line in the stepper \(3 moves, played on the board\)$/)
    expect(useNotices().at.document?.text).toMatch(/: untitled\.players\.json, the line \(played on the board\) at move 2\.$/)

    const damaged = JSON.parse(kept) as { document: string }
    damaged.document = damaged.document.replace('"preset": "mini-4"', '"preset": "mini-5"')
    const r = parseSession(JSON.stringify(damaged))
    expect(!r.ok && r.error.message).toMatch(/^its document does not load: untitled\.players\.json: preset: unknown game preset 'mini-5'/)
  })
})
