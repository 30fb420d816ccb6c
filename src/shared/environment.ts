/**
 * Faults of the world outside the program: a disk that is full, a folder the user may not write, a
 * folder held by another search, a Redis server that does not answer. They are not bugs and not
 * bad input: the command line exits with status 3 for them (2 is bad input, 70 a bug), and every
 * host reports them the same way: where (the path or the address), what went wrong, and what to
 * do. The hosts make them (src/hosts/node/faults.ts turns Node's error codes into them); the
 * engine passes them through untouched.
 */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError'

  constructor(
    /** The path or the address concerned. */
    readonly where: string,
    /** What went wrong, in a few words ("no space left on the disk"). */
    readonly what: string,
    /** What the user can do about it. */
    readonly todo: string,
    /** The system's code (ENOSPC, ECONNREFUSED, ...), when there is one. */
    readonly code?: string,
  ) {
    super(`${where}: ${what}; ${todo}`)
  }
}
