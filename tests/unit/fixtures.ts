// Shared helpers for tests: load the paper's problem documents from resources/problems; run the CLI in-process.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli/main'
import { parseDocument, type HalmaDocument } from '../../src/shared/halma/document'
import { describe as describeDiagnostic } from '../../src/shared/result'

export const PROBLEMS_DIR = join(import.meta.dirname, '../../resources/problems')

export function loadProblemFile(name: string): HalmaDocument {
  const r = parseDocument(readFileSync(join(PROBLEMS_DIR, name), 'utf8'))
  if (!r.ok) throw new Error(`${name}: ${r.error.map(describeDiagnostic).join('; ')}`)
  return r.value
}

/** `halma ...argv` run in-process: its exit status and what it wrote, lines joined. */
export async function runHalma(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (s) => void out.push(s), err: (s) => void err.push(s), stdin: () => undefined, tty: false })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
