// Shared helpers for tests: load the paper's problem documents from resources/problems.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDocument, type HalmaDocument } from '../../src/shared/document'
import { describe as describeDiagnostic } from '../../src/shared/result'

export const PROBLEMS_DIR = join(import.meta.dirname, '../../resources/problems')

export function loadProblemFile(name: string): HalmaDocument {
  const r = parseDocument(readFileSync(join(PROBLEMS_DIR, name), 'utf8'))
  if (!r.ok) throw new Error(`${name}: ${r.error.map(describeDiagnostic).join('; ')}`)
  return r.value
}
