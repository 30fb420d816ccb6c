// Exported pictures on the desktop: only PNG bytes are written, through the save dialog, atomically
// (the writer is the same atomic writer as documents'); cancel and failures are outcomes; and the
// IPC parser checks the request's shape.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ImageExports, isPng, PNG_SIGNATURE } from '../../src/main/exports'
import { PARSERS, MAX_IMAGE_BYTES } from '../../src/main/ipc'
import { writeFileAtomic } from '../../src/hosts/node/files'

const png = Uint8Array.of(...PNG_SIGNATURE, 0, 0, 0, 13)

describe('image exports', () => {
  it('writes a PNG where the user chose, adding .png', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halma-export-'))
    const asked: string[] = []
    const ex = new ImageExports({ chooseSave: async (p) => (asked.push(p), join(dir, 'figure')), write: writeFileAtomic, defaultDir: dir })
    const out = await ex.save({ name: 'diagram.png', bytes: png })
    expect(out).toEqual({ status: 'saved', name: 'figure.png', path: join(dir, 'figure.png') })
    expect(asked).toEqual([join(dir, 'diagram.png')])
    expect(new Uint8Array(readFileSync(join(dir, 'figure.png')))).toEqual(png)
  })

  it('refuses bytes that are not a PNG, and reports cancel and write failures', async () => {
    const ex = new ImageExports({ chooseSave: async () => undefined, write: async () => undefined, defaultDir: '/tmp' })
    expect(await ex.save({ name: 'x.png', bytes: new TextEncoder().encode('<svg/>') })).toEqual({
      status: 'failed',
      reason: 'not saved: the picture is not a PNG file',
    })
    expect(await ex.save({ name: 'x.png', bytes: png })).toEqual({ status: 'cancelled' })
    const broken = new ImageExports({
      chooseSave: async () => '/nowhere/x.png',
      write: async () => {
        throw new Error('EACCES: permission denied')
      },
      defaultDir: '/tmp',
    })
    const r = await broken.save({ name: 'x.png', bytes: png })
    expect(r.status === 'failed' && r.reason).toBe('could not save /nowhere/x.png: EACCES: permission denied')
    expect(isPng(png)).toBe(true)
    expect(isPng(PNG_SIGNATURE)).toBe(false)
  })

  it('checks the shape of an image request at the IPC boundary', () => {
    expect(PARSERS.saveImage([{ name: 'a.png', bytes: png }]).ok).toBe(true)
    const bad = (args: unknown[]): string => {
      const r = PARSERS.saveImage(args)
      return r.ok ? 'ok' : r.error.message
    }
    expect(bad([{ name: 'a.png', bytes: 'xx' }])).toBe('bytes must be a Uint8Array')
    expect(bad([{ name: 3, bytes: png }])).toBe('name must be a string, not number')
    expect(bad([{ name: 'a.png', bytes: png, path: '/etc/passwd' }])).toBe("an image request has an unknown field 'path'")
    expect(bad([{ name: 'a.png', bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) }])).toMatch(/larger than/)
    expect(bad([])).toBe('takes 1 argument, not 0')
  })
})
