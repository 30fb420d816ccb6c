// @vitest-environment jsdom
// Levels on disk and resume in the search panel (issue 19), against a fake host that checks each
// request as the real hosts do (parseJobRequest): on the desktop (searchFolders) the panel offers
// "Keep levels on disk" with a folder from the host's dialog and "Resume" of the search
// checkpointed there, and sends `disk` (and `resume`); in a browser it has no such option and says
// why, and the store refuses to send a job on disk.
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { useDocument } from '../../src/renderer/frame/document'
import { halmaKind } from '../../src/renderer/kinds/halma/model'
import SearchPanel from '../../src/renderer/kinds/halma/SearchPanel.vue'
import { NO_DISK } from '../../src/renderer/kinds/halma/search-request'
import { useSearch } from '../../src/renderer/kinds/halma/search'
import { interpret, parseDocument, type DocumentSpec } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import gameText from '../unit/fixtures/game3-4x4.halma.json?raw'
import { fakeHost } from './fake-host'

// uPlot (the level chart) asks for matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList
})

const GAME: DocumentSpec = unwrap(parseDocument(gameText)).spec


/** Let the store's awaits (the host's answers) and the panel's updates settle. */
const flush = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 0))
  await nextTick()
}

beforeEach(() => setActivePinia(createPinia()))

describe('levels on disk in the search panel', () => {
  it('on the desktop: a folder from the dialog, a run on disk, then Resume of its checkpoint', async () => {
    const host = fakeHost({ desktop: true, unsaved: 'discard' })
    expect(await useDocument().newDocument(halmaKind, unwrap(interpret(GAME)))).toBe(true)
    const search = useSearch()
    const panel = mount(SearchPanel)
    await flush()
    expect(panel.find('[data-testid="search-no-disk"]').exists()).toBe(false)
    const resume = panel.get('[data-testid="search-resume"]')
    expect(resume.attributes('disabled')).toBeDefined()
    // Ticking the box without a folder asks for one; a cancelled dialog leaves it unticked.
    const box = panel.get<HTMLInputElement>('[data-testid="search-keep-on-disk"]')
    await box.setValue(true)
    await flush()
    expect(host.dialogs()).toBe(1)
    expect(box.element.checked).toBe(false)
    expect(search.keepOnDisk).toBe(false)
    host.answers.folders.push({ status: 'chosen', path: '/data/searches/g1', checkpoint: false })
    await box.setValue(true)
    await flush()
    expect(search.keepOnDisk).toBe(true)
    expect(panel.get('[data-testid="search-folder-path"]').text()).toBe('/data/searches/g1')
    await panel.get('[data-testid="search-run"]').trigger('submit')
    await flush()
    expect(host.jobs).toHaveLength(1)
    expect(host.jobs[0]!.params).toMatchObject({ disk: '/data/searches/g1', resume: false })
    // The run made a checkpoint there: Resume goes on with it.
    expect(panel.get('[data-testid="search-folder-path"]').text()).toBe('/data/searches/g1 (holds a checkpoint)')
    host.send({ type: 'cancelled', id: host.id(), kind: 'game' })
    await flush()
    expect(resume.attributes('disabled')).toBeUndefined()
    await resume.trigger('click')
    await flush()
    expect(host.jobs).toHaveLength(2)
    expect(host.jobs[1]!.kind).toBe('game')
    expect(host.jobs[1]!.params).toMatchObject({ disk: '/data/searches/g1', resume: true })
    // A folder chosen with a checkpoint in it can be resumed at once.
    host.send({ type: 'cancelled', id: host.id(), kind: 'game' })
    await flush()
    host.answers.folders.push({ status: 'chosen', path: '/data/searches/old', checkpoint: true })
    await panel.get('[data-testid="search-folder"]').trigger('click')
    await flush()
    expect(host.dialogs()).toBe(3)
    void search.resume()
    await flush()
    expect(host.jobs[2]!.params).toMatchObject({ disk: '/data/searches/old', resume: true })
    // Unticked, a run keeps its levels in memory.
    host.send({ type: 'cancelled', id: host.id(), kind: 'game' })
    await flush()
    await box.setValue(false)
    void search.run()
    await flush()
    expect('disk' in host.jobs[3]!.params).toBe(false)
  })

  it('in a browser: no disk option, a note saying why, and no job on disk sent', async () => {
    const host = fakeHost({ unsaved: 'discard' })
    expect(await useDocument().newDocument(halmaKind, unwrap(interpret(GAME)))).toBe(true)
    const search = useSearch()
    const panel = mount(SearchPanel)
    await flush()
    expect(search.canKeepOnDisk).toBe(false)
    expect(panel.find('[data-testid="search-keep-on-disk"]').exists()).toBe(false)
    expect(panel.find('[data-testid="search-resume"]').exists()).toBe(false)
    const note = panel.get('[data-testid="search-no-disk"]')
    expect(note.text()).toBe('Keep levels on disk, Resume: desktop app only (no disk in a browser).')
    expect(note.attributes('title')).toBe(NO_DISK)
    await search.resume()
    expect(search.status).toBe('failed')
    expect(search.failure).toBe(NO_DISK)
    expect(host.jobs).toHaveLength(0)
  })
})
