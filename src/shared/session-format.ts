/**
 * What identifies an autosaved session's text, shared by the renderer that writes and reads it
 * (renderer/state/session.ts) and the hosts that keep it (IndexedDB in the browser, a file on the
 * desktop): the hosts do not read a session, but they must tell one written by a newer workbench
 * (kept untouched: this workbench then keeps its own work apart) from one they may replace.
 */

/** The value of the `format` key. */
export const SESSION_FORMAT = 'halma-workbench-session'
/** The newest session version this workbench reads and the one it writes (3: a document of any kind; issue 27). */
export const SESSION_VERSION = 3

/**
 * The version a session's text says it has, read from its first characters (formatSession writes
 * `format` and `version` first), without parsing the whole text; undefined when it does not say.
 */
export function sessionVersionOf(text: string): number | undefined {
  const m = /^\s*\{\s*"format"\s*:\s*"halma-workbench-session"\s*,\s*"version"\s*:\s*(\d{1,9})\s*[,}]/.exec(text.slice(0, 200))
  return m ? Number(m[1]) : undefined
}
