/**
 * Saving exported pictures on the desktop: a save dialog, then an atomic write (a temporary file,
 * flushed, then renamed, as for documents). The main process writes only PNG files: bytes that do
 * not start with the PNG signature are refused. Plain logic: the dialog and the file system are
 * passed in (app.ts gives Electron's; tests give doubles).
 */
import { basename, dirname, resolve } from 'node:path'
import type { ExportOutcome, ImageRequest } from '../preload/api'

export const PNG_SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10)

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, k) => bytes[k] === b)
}

/** A file name that ends in .png. */
export function withPng(name: string): string {
  return /\.png$/i.test(name) ? name : `${name}.png`
}

export class ImageExports {
  private lastDir: string | undefined

  constructor(
    private readonly deps: {
      /** Where to save, or undefined if the user cancelled. */
      readonly chooseSave: (defaultPath: string) => Promise<string | undefined>
      readonly write: (path: string, bytes: Uint8Array) => Promise<void>
      /** Where the dialog starts before any picture was saved (the user's pictures folder). */
      readonly defaultDir: string
    },
  ) {}

  async save(request: ImageRequest): Promise<ExportOutcome> {
    if (!isPng(request.bytes)) return { status: 'failed', reason: 'not saved: the picture is not a PNG file' }
    const name = withPng(basename(request.name) || 'diagram')
    const chosen = await this.deps.chooseSave(`${this.lastDir ?? this.deps.defaultDir}/${name}`)
    if (chosen === undefined) return { status: 'cancelled' }
    const path = resolve(withPng(chosen))
    try {
      await this.deps.write(path, request.bytes)
    } catch (e) {
      return { status: 'failed', reason: `could not save ${path}: ${e instanceof Error ? e.message : String(e)}` }
    }
    this.lastDir = dirname(path)
    return { status: 'saved', name: basename(path), path }
  }
}
