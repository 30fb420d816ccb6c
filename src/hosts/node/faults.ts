/**
 * Node's file-system and network errors (errno codes) as EnvironmentErrors: the path or address,
 * what went wrong in words, and what to do. Anything that is not such an error (a bug) is passed
 * back as it is, to be reported as one.
 */
import { EnvironmentError } from '../../shared/environment'

/** What each code means and what the user can do, for a file or folder. */
const FILE_FAULTS: Readonly<Record<string, readonly [string, string]>> = {
  EACCES: ['permission denied', 'choose a place you may write to, or change its permissions'],
  EPERM: ['the operation is not permitted', 'choose a place you may write to, or change its permissions'],
  EROFS: ['the file system is read-only', 'choose a folder on a writable disk'],
  ENOSPC: ['no space left on the disk', 'free some space, or choose a folder on another disk'],
  EDQUOT: ['the disk quota is exceeded', 'free some space, or choose a folder on another disk'],
  EEXIST: ['a file of that name is in the way', 'give a path that is free, or a folder'],
  ENOTDIR: ['a part of the path is a file, not a folder', 'give a path made of folders'],
  EISDIR: ['it is a folder, not a file', 'give a file name'],
  ENOENT: ['no such file or folder', 'check the path'],
  ENAMETOOLONG: ['the name is too long', 'give a shorter path'],
  EMFILE: ['too many files are open', 'close other programs, or raise the limit (ulimit -n)'],
  ENFILE: ['too many files are open on this system', 'close other programs'],
  EIO: ['the disk reported an input/output error', 'check the disk (or the network share) and try again'],
  EBUSY: ['the file is busy', 'close the program using it and try again'],
  ETXTBSY: ['the file is busy', 'close the program using it and try again'],
  ELOOP: ['too many symbolic links', 'give the path without the loop'],
}

/** The system code of an error, if it has one. */
export function errnoCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * A file-system error as an EnvironmentError naming `path` and what was being done ("cannot
 * write"), or the error itself when it is not one of Node's system errors.
 */
export function fileFault(e: unknown, path: string, doing: string): unknown {
  if (e instanceof EnvironmentError) return e
  const code = errnoCode(e)
  if (code === undefined || !/^E[A-Z]+$/.test(code)) return e
  const known = Object.hasOwn(FILE_FAULTS, code) ? FILE_FAULTS[code] : undefined
  const what = known ? known[0] : ((e as Error).message.replace(/^[A-Z]+: /, '').split(',')[0] ?? code)
  return new EnvironmentError(path, `${doing}: ${what} (${code})`, known ? known[1] : 'check the path and try again', code)
}

/** Run a file operation; a system error becomes an EnvironmentError naming the path. */
export function onFile<T>(path: string, doing: string, work: () => T): T {
  try {
    return work()
  } catch (e) {
    throw fileFault(e, path, doing)
  }
}
