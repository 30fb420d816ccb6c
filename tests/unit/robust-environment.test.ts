// Issue 31, faults of the environment: a full disk, no permission, a folder held by another search,
// a file where a folder should be. Each is named (the path, what went wrong, what to do) with exit
// status 3, or 2 where the path given is simply wrong; none is an "internal error" with a stack
// trace; and a finished search is never lost to a failing --out. The file system's faults are
// injected (the tests run as root, for whom permissions do not apply): node:fs with a switch.
import { spawnSync } from 'node:child_process'
import type * as NodeFs from 'node:fs'
import type * as NodeFsPromises from 'node:fs/promises'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { EnvironmentError } from '../../src/shared/environment'
import { fileFault } from '../../src/hosts/node/faults'
import { runHalma } from './fixtures'

/** Faults to inject: the next call of the named function (matching `when`) throws this code. */
const inject = vi.hoisted(() => ({ faults: [] as { fn: string; code: string; when: (args: unknown[]) => boolean }[] }))

function errno(code: string, fn: string, path?: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected, ${fn}${path ? ` '${path}'` : ''}`), { code, syscall: fn, ...(path && { path }) })
}

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>()
  const wrap =
    <F extends (...a: never[]) => unknown>(name: string, f: F) =>
    (...args: Parameters<F>): ReturnType<F> => {
      const k = inject.faults.findIndex((x) => x.fn === name && x.when(args))
      if (k >= 0) {
        const [fault] = inject.faults.splice(k, 1)
        throw errno(fault!.code, name, typeof args[0] === 'string' ? args[0] : undefined)
      }
      return f(...args) as ReturnType<F>
    }
  const mocked = {
    ...fs,
    mkdirSync: wrap('mkdirSync', fs.mkdirSync),
    writeSync: wrap('writeSync', fs.writeSync),
    openSync: wrap('openSync', fs.openSync),
  }
  return { ...mocked, default: mocked }
})
vi.mock('node:fs/promises', async (importOriginal) => {
  const fsp = await importOriginal<typeof NodeFsPromises>()
  const open: typeof fsp.open = async (...args) => {
    const k = inject.faults.findIndex((x) => x.fn === 'open' && x.when(args))
    if (k >= 0) {
      const [fault] = inject.faults.splice(k, 1)
      throw errno(fault!.code, 'open', String(args[0]))
    }
    return fsp.open(...args)
  }
  const mocked = { ...fsp, open }
  return { ...mocked, default: mocked }
})

afterEach(() => void (inject.faults.length = 0))

const dir = mkdtempSync(join(tmpdir(), 'halma-env-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const SMALL = ['--army', 'triangle6', '--board', '5x5', '--rules', '8-move', '--strategy', 'exhaustive', '--threads', '1']
const CLI = join(import.meta.dirname, '../../bin/halma.mjs')

describe('faults of the file system, named, exit 3', () => {
  it('no permission to make the levels folder (EACCES)', async () => {
    const folder = join(dir, 'eacces')
    inject.faults.push({ fn: 'mkdirSync', code: 'EACCES', when: (a) => a[0] === folder })
    const r = await runHalma('solve', ...SMALL, '--disk', folder)
    expect(r.code).toBe(3)
    expect(r.err).toBe(
      `halma solve: ${folder}: cannot make the folder for the levels: permission denied (EACCES); choose a place you may write to, or change its permissions`,
    )
  })

  it('a full disk while a level is written (ENOSPC)', async () => {
    const folder = join(dir, 'enospc')
    // The first block of rows written (not the lock's text) fails.
    inject.faults.push({ fn: 'writeSync', code: 'ENOSPC', when: (a) => typeof a[1] !== 'string' })
    // A game's exhaustive searches keep their levels on disk with a small budget.
    const r = await runHalma(
      'game',
      '--army',
      'triangle6',
      '--board',
      '7x7',
      '--rules',
      '8-move',
      '--strategy',
      'exhaustive',
      '--threads',
      '1',
      '--budget',
      '0.001',
      '--disk',
      folder,
    )
    expect(r.code).toBe(3)
    expect(r.err).toMatch(
      new RegExp(
        `^halma game: ${folder}/\\S+: cannot write a level file: no space left on the disk \\(ENOSPC\\); free some space, or choose a folder on another disk$`,
      ),
    )
  })

  it('a folder held by another search: named with its holder, exit 3', async () => {
    const folder = join(dir, 'held')
    mkdirSync(folder)
    // A live process of this machine holds it (this one's parent: the test runner's, alive).
    writeFileSync(join(folder, 'lock'), `${hostname()} ${process.ppid}`)
    const r = await runHalma('solve', ...SMALL, '--disk', folder)
    expect(r.code).toBe(3)
    expect(r.err).toContain(`${folder}: in use by another search (process ${process.ppid} on ${hostname()}); wait for that search to end`)
  })

  it('the installed binary: a held folder is exit 3 without a stack trace', () => {
    const folder = join(dir, 'held-bin')
    mkdirSync(folder)
    writeFileSync(join(folder, 'lock'), `${hostname()} ${process.pid}`)
    const r = spawnSync(process.execPath, [CLI, 'solve', ...SMALL, '--disk', folder], { encoding: 'utf8', timeout: 30_000 })
    expect(r.status).toBe(3)
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /)
  })

  it('--disk naming a file is bad input (exit 2), before any search', async () => {
    const path = join(dir, 'a-file')
    writeFileSync(path, 'x')
    const r = await runHalma('solve', ...SMALL, '--disk', path)
    expect(r.code).toBe(2)
    expect(r.err).toBe(`halma solve: --disk: '${path}' is a file, not a folder`)
  })

  it('a system error becomes an EnvironmentError; anything else is left a bug', () => {
    const e = fileFault(errno('EROFS', 'open', '/ro/x'), '/ro/x', 'cannot write')
    expect(e).toBeInstanceOf(EnvironmentError)
    expect((e as Error).message).toBe('/ro/x: cannot write: the file system is read-only (EROFS); choose a folder on a writable disk')
    const bug = new TypeError('x is undefined')
    expect(fileFault(bug, '/ro/x', 'cannot write')).toBe(bug)
  })
})

describe('a finished search is never lost to --out', () => {
  it('--out naming a folder is refused before the search starts', async () => {
    const r = await runHalma('solve', ...SMALL, '--out', dir)
    expect(r.code).toBe(2)
    expect(r.err).toContain(`--out: '${dir}' is a folder`)
    expect(r.out).toBe('')
  })

  it('--out in a folder that does not exist is refused before the search', async () => {
    const r = await runHalma(
      'game',
      '--army',
      'triangle6',
      '--board',
      '5x5',
      '--rules',
      '8-move',
      '--out',
      join(dir, 'nowhere', 'g.halma.json'),
    )
    expect(r.code).toBe(2)
    expect(r.err).toContain(`--out: there is no folder '${join(dir, 'nowhere')}'`)
  })

  it('--out naming a file that is not a document is refused before the search, the file untouched; a document is replaced', async () => {
    const mine = join(dir, 'notes.txt')
    writeFileSync(mine, 'precious')
    const r = await runHalma('solve', ...SMALL, '--out', mine)
    expect(r.code).toBe(2)
    expect(r.err).toContain(`--out: '${mine}' exists and is not a Halma Workbench document: it is not overwritten`)
    expect(r.out).toBe('')
    expect(readFileSync(mine, 'utf8')).toBe('precious')
    const doc = join(dir, 'again.halma.json')
    expect((await runHalma('solve', ...SMALL, '--out', doc)).code).toBe(0)
    expect((await runHalma('solve', ...SMALL, '--out', doc)).code).toBe(0)
    expect(readFileSync(doc, 'utf8')).toMatch(/"format": "halma-workbench"/)
    // A document saved with a byte order mark is a document too (it was refused as another file).
    writeFileSync(doc, '\ufeff' + readFileSync(doc, 'utf8'))
    expect((await runHalma('solve', ...SMALL, '--out', doc)).code).toBe(0)
  })

  it('a disk that fills up as the result is written: the result on stdout, the path named, exit 3', async () => {
    const out = join(dir, 'result.halma.json')
    inject.faults.push({ fn: 'open', code: 'ENOSPC', when: (a) => String(a[0]).includes('result.halma.json') })
    const r = await runHalma('solve', ...SMALL, '--out', out)
    expect(r.code).toBe(3)
    expect(r.out).toMatch(/optimal: \d+ moves/)
    expect(r.out).toMatch(/moves \(\d+\): /)
    expect(r.err).toContain(`--out: ${out}: cannot write the result: no space left on the disk (ENOSPC)`)
    expect(r.err).toContain('The result is on standard output (above)')
    expect(existsSync(out)).toBe(false)
    // No temporary file is left beside it.
    expect(readdirSync(dir).filter((f) => f.includes('result.halma.json'))).toEqual([])
  })

  it('players game --out: the same', async () => {
    const out = join(dir, 'g.players.json')
    inject.faults.push({ fn: 'open', code: 'EACCES', when: (a) => String(a[0]).includes('g.players.json') })
    const r = await runHalma('players', 'game', '--board', 'star37', '--camps', '0,3', '--men', '1', '--threads', '1', '--out', out)
    expect(r.code).toBe(3)
    expect(r.out).toContain('moves (11)')
    expect(r.err).toContain(`--out: ${out}: cannot write the result: permission denied (EACCES)`)
  })
})
