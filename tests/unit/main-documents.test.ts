// Documents in the main process, with dialogs replaced by doubles and a real temporary folder:
// open (valid, invalid, missing), recent files, paths the user did not choose, save and save as,
// atomic writes, a failed save that leaves the old file whole, and the close question.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile, stat } from 'node:fs/promises'
import { closeDecision, documentArgument, DocumentFiles, RecentFiles, withExtension, type DocumentFs } from '../../src/main/documents'
import { writeFileAtomic } from '../../src/hosts/node/files'
import { formatDocument } from '../../src/shared/halma/document'
import { loadProblemFile, PROBLEMS_DIR } from './fixtures'

const realFs: DocumentFs = { size: async (p) => (await stat(p)).size, readFile: (p) => readFile(p, 'utf8'), writeFileAtomic }
const sample = readFileSync(join(PROBLEMS_DIR, 'triangle10-6move.halma.json'), 'utf8')

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'halma-docs-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

function setup(answers: { open?: (string | undefined)[]; save?: (string | undefined)[] } = {}, fs: DocumentFs = realFs) {
  const persisted: (readonly string[])[] = []
  const recent = new RecentFiles([], (paths) => persisted.push(paths))
  const asked: { open: string[]; save: string[] } = { open: [], save: [] }
  const files = new DocumentFiles({
    fs,
    recent,
    defaultDir: dir,
    dialogs: {
      chooseOpen: async (d) => {
        asked.open.push(d)
        return answers.open?.shift()
      },
      chooseSave: async (p) => {
        asked.save.push(p)
        return answers.save?.shift()
      },
    },
  })
  return { files, recent, persisted, asked }
}

describe('opening documents', () => {
  it('opens a valid file chosen in the dialog and remembers it once the page shows it', async () => {
    const path = join(dir, 'levenspiel.halma.json')
    writeFileSync(path, sample)
    const { files, recent, persisted } = setup({ open: [path] })
    const r = await files.open()
    expect(r).toEqual({ status: 'opened', file: { name: 'levenspiel.halma.json', path }, text: sample })
    // Not before: an Open cancelled at the unsaved-work question leaves Recent as it was.
    expect(recent.list()).toEqual([])
    files.shown({ name: 'levenspiel.halma.json', path })
    expect(recent.list()).toEqual([{ path, name: 'levenspiel.halma.json' }])
    expect(persisted.at(-1)).toEqual([path])
    // A path the page makes up is not made recent.
    files.shown({ name: 'x.halma.json', path: join(dir, 'never-chosen.halma.json') })
    expect(recent.list()).toHaveLength(1)
  })

  it('reports a cancelled dialog', async () => {
    const { files } = setup({ open: [undefined] })
    expect(await files.open()).toEqual({ status: 'cancelled' })
  })

  it('refuses a file that is not a valid document, naming every problem with its path', async () => {
    const path = join(dir, 'bad.halma.json')
    const spec = JSON.parse(sample)
    spec.armies[0].cells = ['a1', 'j4']
    writeFileSync(path, JSON.stringify(spec))
    const { files, recent } = setup({ open: [path] })
    const r = await files.open()
    expect(r.status).toBe('failed')
    expect(r.status === 'failed' && r.reason).toContain('bad.halma.json is not a valid problem document')
    expect(r.status === 'failed' && r.reason).toContain('armies[0]')
    expect(recent.list()).toEqual([])
  })

  it('says why a file cannot be read, and forgets a recent file that has gone', async () => {
    const path = join(dir, 'gone.halma.json')
    writeFileSync(path, sample)
    const { files, recent } = setup({ open: [path] })
    await files.open()
    rmSync(path)
    const r = await files.openPath(path)
    expect(r.status === 'failed' && r.reason).toMatch(/^cannot open .*gone\.halma\.json: ENOENT/)
    expect(recent.has(path)).toBe(false)
  })

  it('opens a path only if the user chose it (recent, granted), never one the page makes up', async () => {
    const path = join(dir, 'x.halma.json')
    writeFileSync(path, sample)
    const { files } = setup()
    const refused = await files.openPath(path)
    expect(refused.status === 'failed' && refused.reason).toContain('was not chosen by the user')
    expect((await files.openPath('relative.halma.json')).status).toBe('failed')
    files.grant(path)
    expect((await files.openPath(path)).status).toBe('opened')
  })

  it('refuses a file too large to be a document before reading it', async () => {
    const fs: DocumentFs = { ...realFs, size: async () => 1e9, readFile: () => Promise.reject(new Error('must not read')) }
    const { files } = setup({ open: ['/somewhere/huge.halma.json'] }, fs)
    const r = await files.open()
    expect(r.status === 'failed' && r.reason).toContain('huge.halma.json: it has 1000000000 bytes')
  })
})

describe('saving documents', () => {
  const text = formatDocument(loadProblemFile('triangle10-6move.halma.json'))

  it('save without a path asks where (Save As), adds the extension, writes atomically, and remembers the file', async () => {
    const { files, recent, asked } = setup({ save: [join(dir, 'mine')] })
    const r = await files.save({ file: { name: 'untitled.halma.json' }, text })
    const path = join(dir, 'mine.halma.json')
    expect(r).toEqual({ status: 'saved', file: { name: 'mine.halma.json', path } })
    expect(asked.save).toEqual([join(dir, 'untitled.halma.json')])
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(readdirSync(dir)).toEqual(['mine.halma.json'])
    expect(recent.has(path)).toBe(true)
    // A second save goes to the same file without asking.
    const again = await files.save({ file: { name: 'mine.halma.json', path }, text: text.replace('Levenspiel', 'L.') })
    expect(again.status).toBe('saved')
    expect(asked.save).toHaveLength(1)
    expect(readFileSync(path, 'utf8')).toContain('(L.)')
  })

  it('save as offers the current path, and a cancelled dialog writes nothing', async () => {
    const path = join(dir, 'a.halma.json')
    const { files, asked } = setup({ save: [path, undefined] })
    await files.saveAs({ file: { name: 'a.halma.json' }, text })
    expect(await files.saveAs({ file: { name: 'a.halma.json', path }, text })).toEqual({ status: 'cancelled' })
    expect(asked.save[1]).toBe(path)
  })

  it('a real failed write (the target is a folder) says why and leaves no temporary file', async () => {
    const path = join(dir, 'folder.halma.json')
    mkdirSync(path)
    writeFileSync(join(path, 'inside'), 'x')
    const { files } = setup({ save: [path] })
    const r = await files.saveAs({ file: { name: 'folder.halma.json' }, text })
    expect(r.status === 'failed' && r.reason).toMatch(/^could not save .*folder\.halma\.json: (EISDIR|ENOTEMPTY|EEXIST)/)
    expect(readdirSync(dir)).toEqual(['folder.halma.json'])
    expect(readdirSync(path)).toEqual(['inside'])
  })

  it('a save into a folder that has gone says why', async () => {
    const path = join(dir, 'gone', 'a.halma.json')
    const { files } = setup({ save: [path] })
    const r = await files.saveAs({ file: { name: 'a.halma.json' }, text })
    expect(r.status === 'failed' && r.reason).toMatch(/^could not save .*gone\/a\.halma\.json: ENOENT/)
  })

  it('a failed write (disk full) says why, leaves no temporary file, and keeps the old file', async () => {
    const path = join(dir, 'full.halma.json')
    writeFileSync(path, text)
    const failing: DocumentFs = {
      ...realFs,
      writeFileAtomic: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    }
    const { files } = setup({}, failing)
    files.grant(path)
    const r = await files.save({ file: { name: 'full.halma.json', path }, text: text.replace('Levenspiel', 'lost?') })
    expect(r).toEqual({ status: 'failed', reason: `could not save ${path}: ENOSPC: no space left on device, write` })
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(readdirSync(dir)).toEqual(['full.halma.json'])
  })

  it('never writes a text that is not a valid document', async () => {
    const path = join(dir, 'v.halma.json')
    const { files } = setup({ save: [path] })
    const r = await files.saveAs({ file: { name: 'v.halma.json' }, text: '{"format": "halma-workbench", "version": 1}' })
    expect(r.status === 'failed' && r.reason).toContain('not saved: the document is not valid')
    expect(existsSync(path)).toBe(false)
  })

  it('refuses to save to a path the user did not choose', async () => {
    const { files } = setup()
    const r = await files.save({ file: { name: 'passwd', path: '/etc/passwd' }, text })
    expect(r.status === 'failed' && r.reason).toContain('was not chosen by the user')
  })
})

describe('recent files, names, command lines, closing', () => {
  it('keeps the most recent first, without duplicates, up to the limit', () => {
    const r = new RecentFiles(['/a.json', 'relative.json', '/a.json'], () => undefined, 3)
    expect(r.list().map((x) => x.path)).toEqual(['/a.json'])
    r.add('/b.json')
    r.add('/c.json')
    r.add('/a.json')
    r.add('/d.json')
    expect(r.list().map((x) => x.path)).toEqual(['/d.json', '/a.json', '/c.json'])
    let changes = 0
    r.onChange(() => changes++)
    r.clear()
    expect(r.list()).toEqual([])
    expect(changes).toBe(1)
  })

  it('adds the document extension to typed names only', () => {
    expect(withExtension('mine')).toBe('mine.halma.json')
    expect(withExtension('mine.halma.json')).toBe('mine.halma.json')
    expect(withExtension('data.JSON')).toBe('data.JSON')
  })

  it('finds the document on a command line (a double click)', () => {
    expect(documentArgument(['/usr/bin/halma', '--flag', 'a.halma.json'], '/home/u')).toBe('/home/u/a.halma.json')
    expect(documentArgument(['electron', '.', '/abs/b.json'], '/x')).toBe('/abs/b.json')
    expect(documentArgument(['electron', '.'], '/x')).toBeUndefined()
  })

  /** The close question's answers, given in turn, and what it was asked ("discard X" for Discard / Cancel). */
  function closing() {
    const asked: string[] = []
    const ask = (answer: 'save' | 'discard' | 'cancel') => async (name: string, savable: boolean) => {
      asked.push(savable ? name : `discard ${name}`)
      return answer
    }
    return { asked, ask, file: { name: 'a.halma.json' } }
  }

  it('asks before closing unsaved work, and only then', async () => {
    const { asked, ask, file } = closing()
    expect(await closeDecision({ file, dirty: false }, ask('cancel'))).toBe('close')
    expect(asked).toEqual([])
    expect(await closeDecision({ file, dirty: true }, ask('cancel'))).toBe('stay')
    expect(await closeDecision({ file, dirty: true }, ask('discard'))).toBe('close')
    expect(await closeDecision({ file, dirty: true }, ask('save'))).toBe('save-then-close')
    expect(asked).toEqual(['a.halma.json', 'a.halma.json', 'a.halma.json'])
  })

  it('asks Discard or Cancel for work a save cannot hold, and names it beside the changes', async () => {
    const { asked, ask, file } = closing()
    const line = { what: 'the line in the stepper (3 moves)', only: true }
    expect(await closeDecision({ file, dirty: true, unheld: line }, ask('cancel'))).toBe('stay')
    expect(await closeDecision({ file, dirty: true, unheld: line }, ask('discard'))).toBe('close')
    // A save answer to a discard question is no discard: the window stays.
    expect(await closeDecision({ file, dirty: true, unheld: line }, ask('save'))).toBe('stay')
    expect(await closeDecision({ file, dirty: true, unheld: { ...line, only: false } }, ask('save'))).toBe('save-then-close')
    expect(asked).toEqual([
      'discard the line in the stepper (3 moves)',
      'discard the line in the stepper (3 moves)',
      'discard the line in the stepper (3 moves)',
      'a.halma.json (and the line in the stepper (3 moves))',
    ])
  })
})
