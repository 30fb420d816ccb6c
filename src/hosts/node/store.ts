/**
 * The engine's FileStore (src/shared/engine/core/storage.ts) on the file system: one folder, files
 * of rows of 32-bit words in the machine's byte order (little-endian on every machine the product
 * runs on), read and written synchronously in whole blocks. Level sets on disk use it (`halma
 * solve --disk DIR`). Every file operation's system error (a full disk, no permission) becomes an
 * EnvironmentError naming the file and what to do (faults.ts).
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { FileStore, RowReader, RowWriter } from '../../shared/engine/core/storage'
import { EnvironmentError } from '../../shared/environment'
import { fileFault, onFile } from './faults'

const bytesOf = (rows: Uint32Array, count: number, w: number): Uint8Array => new Uint8Array(rows.buffer, rows.byteOffset, count * w * 4)

/** A file name the store accepts: letters, digits, '_', '.', '-', not starting with a dot (no '..'). */
const NAME = /^\w[\w.-]*$/

export function folderStore(folder: string): FileStore {
  onFile(folder, 'cannot make the folder for the levels', () => mkdirSync(folder, { recursive: true }))
  const path = (name: string): string => {
    if (!NAME.test(name)) throw new Error(`internal: bad store file name ${JSON.stringify(name)}`)
    return join(folder, name)
  }
  return {
    where: folder,
    create(name: string, w: number): RowWriter {
      const file = path(name)
      const fd = onFile(file, 'cannot create a level file', () => openSync(file, 'w'))
      return {
        append(rows, count) {
          const bytes = bytesOf(rows, count, w)
          onFile(file, 'cannot write a level file', () => {
            for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done)
          })
        },
        sync: () => onFile(file, 'cannot flush a level file to disk', () => fsyncSync(fd)),
        close: () => onFile(file, 'cannot finish a level file', () => closeSync(fd)),
      }
    },
    open(name: string, w: number): RowReader {
      const file = path(name)
      const size = onFile(file, 'cannot read a level file', () => statSync(file).size)
      const rows = size / (w * 4)
      if (!Number.isInteger(rows)) throw new Error(`${file}: ${size} bytes is not a whole number of ${w}-word rows`)
      const fd = onFile(file, 'cannot read a level file', () => openSync(file, 'r'))
      return {
        rows,
        read(at, out, count) {
          const n = Math.max(0, Math.min(count, rows - at))
          const bytes = bytesOf(out, n, w)
          for (let done = 0; done < bytes.length; ) {
            const got = onFile(file, 'cannot read a level file', () => readSync(fd, bytes, done, bytes.length - done, at * w * 4 + done))
            if (got === 0) throw new Error(`${file}: ended early at byte ${at * w * 4 + done}`)
            done += got
          }
          return n
        },
        close: () => onFile(file, 'cannot close a level file', () => closeSync(fd)),
      }
    },
    exists: (name) => existsSync(path(name)),
    remove: (name) => onFile(path(name), 'cannot remove a level file', () => rmSync(path(name), { force: true })),
    rename(from, to) {
      onFile(path(to), 'cannot rename a level file', () => {
        renameSync(path(from), path(to))
        syncFolder(folder)
      })
    },
    size: (name) => onFile(path(name), 'cannot read a level file', () => statSync(path(name)).size),
    writeText(name, text) {
      const aside = path(`${name}.tmp`)
      onFile(aside, 'cannot write the checkpoint', () => {
        const fd = openSync(aside, 'w')
        try {
          writeSync(fd, text)
          fsyncSync(fd)
        } finally {
          closeSync(fd)
        }
        renameSync(aside, path(name))
        syncFolder(folder)
      })
    },
    readText: (name) => onFile(path(name), 'cannot read the checkpoint', () => (existsSync(path(name)) ? readFileSync(path(name), 'utf8') : undefined)),
    usage: () => onFile(folder, 'cannot list the folder', () => readdirSync(folder).reduce((sum, f) => sum + statSync(join(folder, f)).size, 0)),
    names: () => onFile(folder, 'cannot list the folder', () => readdirSync(folder)),
    claim: () => claimFolder(folder),
  }
}

/** Make a rename in the folder durable: the folder's own entry list is flushed too. */
function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
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
        try {
          if (existsSync(file) && readFileSync(file, 'utf8') === me) rmSync(file, { force: true })
        } catch {
          // The lock cannot be removed (the folder went away): nothing is left to release.
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw fileFault(e, file, 'cannot lock the folder')
    }
    const held = onFile(file, 'cannot read the lock', () => readFileSync(file, 'utf8'))
    const [host, pidText] = held.trim().split(' ')
    const pid = Number(pidText)
    if (host === hostname() && Number.isInteger(pid) && !alive(pid)) onFile(file, 'cannot take over the lock', () => rmSync(file, { force: true }))
    else
      throw new EnvironmentError(
        folder,
        `in use by another search (process ${pidText ?? '?'} on ${host || 'an unknown machine'})`,
        `wait for that search to end, or give another folder (if it has ended, delete ${file})`,
        'ELOCKED',
      )
  }
}
