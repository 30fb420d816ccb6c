/**
 * Saving exported pictures on the desktop: a save dialog, then an atomic write (a temporary file,
 * flushed, then renamed, as for documents). The main process writes only pictures of the format
 * asked for: PNG bytes must start with the PNG signature, SVG bytes must be UTF-8 text of an `<svg>`
 * document. Plain logic: the dialog and the file system are passed in (app.ts gives Electron's;
 * tests give doubles).
 */
import { basename, dirname, resolve } from 'node:path'
import type { ExportOutcome, ImageFormat, ImageRequest } from '../preload/api'

export const PNG_SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10)

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, k) => bytes[k] === b)
}

/** UTF-8 text whose first element is an `<svg>` (after an optional XML declaration and comments). */
export function isSvg(bytes: Uint8Array): boolean {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  const head = text.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '')
  return /^<svg[\s>]/.test(head) && /<\/svg>\s*$/.test(text)
}

/** A file name that ends in the format's extension (.png, .svg), in place of the other format's. */
export function withExtension(name: string, format: ImageFormat = 'png'): string {
  if (new RegExp(`\\.${format}$`, 'i').test(name)) return name
  return `${name.replace(/\.(png|svg)$/i, '')}.${format}`
}

export class ImageExports {
  private lastDir: string | undefined

  constructor(
    private readonly deps: {
      /** Where to save a picture of the format, or undefined if the user cancelled. */
      readonly chooseSave: (defaultPath: string, format: ImageFormat) => Promise<string | undefined>
      readonly write: (path: string, bytes: Uint8Array) => Promise<void>
      /** Where the dialog starts before any picture was saved (the user's pictures folder). */
      readonly defaultDir: string
    },
  ) {}

  async save(request: ImageRequest): Promise<ExportOutcome> {
    const format = request.format ?? 'png'
    if (format === 'png' && !isPng(request.bytes)) return { status: 'failed', reason: 'not saved: the picture is not a PNG file' }
    if (format === 'svg' && !isSvg(request.bytes)) return { status: 'failed', reason: 'not saved: the picture is not an SVG file' }
    const name = withExtension(basename(request.name) || 'diagram', format)
    const chosen = await this.deps.chooseSave(`${this.lastDir ?? this.deps.defaultDir}/${name}`, format)
    if (chosen === undefined) return { status: 'cancelled' }
    const path = resolve(withExtension(chosen, format))
    try {
      await this.deps.write(path, request.bytes)
    } catch (e) {
      return { status: 'failed', reason: `could not save ${path}: ${e instanceof Error ? e.message : String(e)}` }
    }
    this.lastDir = dirname(path)
    return { status: 'saved', name: basename(path), path }
  }
}
