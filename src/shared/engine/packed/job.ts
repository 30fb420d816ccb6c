/**
 * The problem of the peg domains' jobs (transfers, two-player games): a .halma.json document spec,
 * checked against the document schema and the problem kind the job takes, and parsed there once:
 * the checked job carries the validated Problem to its flow (core/job-fields.ts LOADED). An
 * expansion thread or a farm's worker, another isolate, rebuilds its domain from the spec in the
 * domain's init (problemOf), once when it starts.
 */
import * as z from 'zod'
import { interpret, loadDocument, type DocumentSpec } from '../../halma/document'
import type { Problem, ProblemKind } from '../../halma/problem'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import { schemaFaults, withLoaded, type Loaded } from '../core/job-fields'

/** The problem: a document spec, checked against the document schema after the fields. */
export const problemField = z.custom<DocumentSpec>((v) => typeof v === 'object' && v !== null, {
  error: 'the job has no problem',
  params: { code: 'job.problem' },
})

/**
 * Check a job given as loose data (a message, command-line options) against its schema, filling
 * in defaults, and its problem against the document schema and the problem kind the job takes:
 * the checked job, carrying its problem parsed.
 */
export function parseProblemJob<T extends { readonly problem: DocumentSpec }>(
  schema: z.ZodType<T>,
  input: unknown,
  kind: ProblemKind,
  wrongKind: string,
): Result<T & Loaded<Problem>, Diagnostic[]> {
  const { data, faults } = schemaFaults(schema, input)
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return err(faults)
  const spec = (input as { problem?: unknown }).problem
  let problem: Problem | undefined
  if (typeof spec === 'object' && spec !== null) {
    const doc = loadDocument(spec)
    if (!doc.ok) faults.push(...doc.error.map((d) => ({ ...d, at: d.at ? `problem.${d.at}` : 'problem' })))
    else if (doc.value.problem.kind !== kind) faults.push(diagnostic('job.problem', wrongKind, 'problem.kind'))
    else problem = doc.value.problem
  }
  return faults.length > 0 || data === undefined || problem === undefined ? err(faults) : ok(withLoaded(data, problem))
}

/** The problem of a spec a coordinator sent (checked there: a fault here is a programming error). */
export function problemOf(spec: DocumentSpec): Problem {
  const doc = interpret(spec)
  if (!doc.ok) throw new Error(`bad problem spec: ${doc.error.map((d) => d.message).join('; ')}`)
  return doc.value.problem
}
