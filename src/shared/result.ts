/**
 * Bad input is a value, not a crash: parsers and validators return a Result whose error carries a
 * stable code (for programs and tests) and a message a person can act on.
 */

/** A success holding a value, or a failure holding an error. */
export type Result<T, E = Diagnostic> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E }

/** One thing wrong with some input, with where it is. */
export interface Diagnostic {
  /** Stable machine-readable code, e.g. `cell.off-board`. */
  readonly code: string
  /** A sentence naming what is wrong and where. */
  readonly message: string
  /** Where in the input: a document path (`armies[0].cells[3]`) or `move 14`. */
  readonly at?: string
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value })
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error })

export function diagnostic(code: string, message: string, at?: string): Diagnostic {
  return at === undefined ? { code, message } : { code, message, at }
}

/** The problem as one line: `at: message`. */
export function describe(p: Diagnostic): string {
  return p.at === undefined || p.message.startsWith(p.at) ? p.message : `${p.at}: ${p.message}`
}

/** Unwrap a result that cannot fail unless the program is wrong (a preset, a test fixture). */
export function expect<T>(r: Result<T, Diagnostic | readonly Diagnostic[]>): T {
  if (!r.ok) {
    const list: readonly Diagnostic[] = Array.isArray(r.error) ? r.error : [r.error as Diagnostic]
    throw new Error(`unexpected failure: ${list.map(describe).join('; ')}`)
  }
  return r.value
}
