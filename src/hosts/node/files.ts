/**
 * Writing user files safely (documents as text, exported pictures as bytes): the data goes to a temporary file beside the target, is flushed, and
 * then renamed over it, so a crash or a full disk never leaves a half-written document behind.
 */
import { randomBytes } from 'node:crypto'
import { open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export async function writeFileAtomic(path: string, text: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temp, 'wx')
  try {
    await (typeof text === 'string' ? handle.writeFile(text, 'utf8') : handle.writeFile(text))
    await handle.sync()
  } catch (e) {
    await handle.close().catch(() => undefined)
    await unlink(temp).catch(() => undefined)
    throw e
  }
  await handle.close()
  try {
    await rename(temp, path)
  } catch (e) {
    await unlink(temp).catch(() => undefined)
    throw e
  }
}
