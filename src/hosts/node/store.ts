/**
 * The engine's FileStore (src/shared/engine/core/storage.ts) on the file system: one folder, files
 * of rows of 32-bit words in the machine's byte order (little-endian on every machine the product
 * runs on), read and written synchronously in whole blocks. Level sets on disk use it (`halma
 * solve --disk DIR`).
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { FileStore, RowReader, RowWriter } from '../../shared/engine/core/storage'

const bytesOf = (rows: Uint32Array, count: number, w: number): Uint8Array => new Uint8Array(rows.buffer, rows.byteOffset, count * w * 4)

export function folderStore(folder: string): FileStore {
  mkdirSync(folder, { recursive: true })
  const path = (name: string): string => {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`internal: bad store file name ${JSON.stringify(name)}`)
    return join(folder, name)
  }
  return {
    where: folder,
    create(name: string, w: number): RowWriter {
      const fd = openSync(path(name), 'w')
      return {
        append(rows, count) {
          const bytes = bytesOf(rows, count, w)
          for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done)
        },
        close: () => closeSync(fd),
      }
    },
    open(name: string, w: number): RowReader {
      const file = path(name)
      const rows = statSync(file).size / (w * 4)
      if (!Number.isInteger(rows)) throw new Error(`${file}: ${statSync(file).size} bytes is not a whole number of ${w}-word rows`)
      const fd = openSync(file, 'r')
      return {
        rows,
        read(at, out, count) {
          const n = Math.max(0, Math.min(count, rows - at))
          const bytes = bytesOf(out, n, w)
          for (let done = 0; done < bytes.length; ) {
            const got = readSync(fd, bytes, done, bytes.length - done, at * w * 4 + done)
            if (got === 0) throw new Error(`${file}: ended early at byte ${at * w * 4 + done}`)
            done += got
          }
          return n
        },
        close: () => closeSync(fd),
      }
    },
    exists: (name) => existsSync(path(name)),
    remove: (name) => rmSync(path(name), { force: true }),
    size: (name) => statSync(path(name)).size,
    rename: (from, to) => renameSync(path(from), path(to)),
    writeText(name, text) {
      const aside = path(`${name}.tmp`)
      const fd = openSync(aside, 'w')
      writeSync(fd, text)
      fsyncSync(fd)
      closeSync(fd)
      renameSync(aside, path(name))
    },
    readText: (name) => (existsSync(path(name)) ? readFileSync(path(name), 'utf8') : undefined),
    usage: () => readdirSync(folder).reduce((sum, f) => sum + statSync(join(folder, f)).size, 0),
    claim: () => claimFolder(folder),
  }
}

const LOCK = 'lock'

/** Whether process `pid` of this machine is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A lock file holding "host pid", created exclusively. A lock of this machine whose process is gone
 * is taken over; one of another machine is not (its process cannot be checked from here).
 */
function claimFolder(folder: string): () => void {
  const file = join(folder, LOCK)
  const me = `${hostname()} ${process.pid}`
  for (let tries = 0; ; tries++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, me)
      closeSync(fd)
      return () => {
        if (existsSync(file) && readFileSync(file, 'utf8') === me) rmSync(file, { force: true })
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw e
    }
    const [host, pidText] = readFileSync(file, 'utf8').split(' ')
    const pid = Number(pidText)
    if (host === hostname() && Number.isInteger(pid) && !alive(pid)) rmSync(file, { force: true })
    else throw new Error(`${folder} is in use by process ${pidText} on ${host} (if that search has ended, delete ${file})`)
  }
}
