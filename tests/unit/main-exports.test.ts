// Exported pictures on the desktop: only PNG bytes (or SVG text when SVG is asked for) are written, through the save dialog, atomically
// (the writer is the same atomic writer as documents'); cancel and failures are outcomes; and the
// IPC parser checks the request's shape.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ImageExports, isPng, isSvg, PNG_SIGNATURE } from '../../src/main/exports'
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

  it('writes an SVG as .svg, asking the dialog for SVG, and refuses bytes that are not an SVG document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halma-export-'))
    const asked: [string, string][] = []
    const ex = new ImageExports({
      chooseSave: async (p, f) => (asked.push([p, f]), join(dir, 'figure')),
      write: writeFileAtomic,
      defaultDir: dir,
    })
    const svg = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>\n'
    const out = await ex.save({ name: 'diagram.png', bytes: new TextEncoder().encode(svg), format: 'svg' })
    expect(out).toEqual({ status: 'saved', name: 'figure.svg', path: join(dir, 'figure.svg') })
    expect(asked).toEqual([[join(dir, 'diagram.svg'), 'svg']])
    expect(readFileSync(join(dir, 'figure.svg'), 'utf8')).toBe(svg)
    expect(await ex.save({ name: 'x.svg', bytes: png, format: 'svg' })).toEqual({
      status: 'failed',
      reason: 'not saved: the picture is not an SVG file',
    })
    // PNG bytes asked to be saved as SVG, or SVG text as PNG, are refused either way.
    expect(await ex.save({ name: 'x.png', bytes: new TextEncoder().encode(svg) })).toEqual({
      status: 'failed',
      reason: 'not saved: the picture is not a PNG file',
    })
    expect(isSvg(new TextEncoder().encode('<svg viewBox="0 0 1 1"><circle/></svg>'))).toBe(true)
    expect(isSvg(new TextEncoder().encode('<html><svg></svg></html>'))).toBe(false)
    expect(isSvg(new TextEncoder().encode('<svg>'))).toBe(false)
    expect(isSvg(Uint8Array.of(0xff, 0xfe, 0x3c))).toBe(false)
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
    expect(PARSERS.saveImage([{ name: 'a.svg', bytes: png, format: 'svg' }]).ok).toBe(true)
    expect(bad([{ name: 'a.gif', bytes: png, format: 'gif' }])).toBe('format must be png or svg, not "gif"')
  })
})
