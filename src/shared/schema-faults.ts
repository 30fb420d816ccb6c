/**
 * The faults zod finds, in the program's words: "version: must be 1 or 2", "men: must be a whole
 * number", "the disk folder must not be empty", instead of the library's "Invalid input" and
 * "Too small: expected string to have >=1 characters". Every document and job parser turns its
 * schema's issues into Diagnostics here, so the wording is the same everywhere.
 */
import type * as z from 'zod'
import { diagnostic, type Diagnostic } from './result'

type Issue = z.core.$ZodIssue

/** A path in a document: `armies[0].cells[3]`. */
export function pathText(path: readonly PropertyKey[]): string {
  let s = ''
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s === '' ? String(p) : `.${String(p)}`
  return s
}

const KINDS: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  bigint: 'a whole number',
}

const kindOf = (expected: string): string => (Object.hasOwn(KINDS, expected) ? KINDS[expected]! : expected)

const shown = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v))

/** "1 or 2", "a, b or c". */
function either(values: readonly unknown[]): string {
  const words = values.map(shown)
  return words.length <= 1 ? (words[0] ?? 'nothing') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

function bound(i: Issue & { code: 'too_small' | 'too_big' }): string {
  const small = i.code === 'too_small'
  const n = Number(small ? i.minimum : i.maximum)
  const inclusive = i.inclusive !== false
  switch (i.origin) {
    case 'string':
      if (small && n === 1) return 'must not be empty'
      return `must have ${small ? 'at least' : 'at most'} ${n} character${n === 1 ? '' : 's'}`
    case 'array':
    case 'set':
      if (small && n === 1) return 'must not be empty'
      return `must have ${small ? 'at least' : 'at most'} ${n} item${n === 1 ? '' : 's'}`
    default:
      return `must be ${small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than'} ${n}`
  }
}

/** One issue as a phrase about its field ("must be 1 or 2"). */
export function issueMessage(i: Issue): string {
  switch (i.code) {
    case 'invalid_type':
      return /received undefined$/.test(i.message) ? 'is missing' : `must be ${kindOf(i.expected)}`
    case 'too_small':
    case 'too_big':
      return bound(i)
    case 'invalid_value':
      return `must be ${either(i.values)}`
    case 'invalid_union': {
      // A union of literals (a version, a choice): name the values allowed.
      const values = i.errors.flatMap((e) =>
        e.length === 1 && e[0]!.code === 'invalid_value' && e[0]!.path.length === 0 ? e[0]!.values : [undefined],
      )
      if (values.every((v) => v !== undefined)) return `must be ${either(values)}`
      // A union of types (a text or a list): name the kinds.
      const kinds = i.errors.map((e) =>
        e.length === 1 && e[0]!.code === 'invalid_type' && e[0]!.path.length === 0 ? kindOf(e[0]!.expected) : undefined,
      )
      if (kinds.every((k) => k !== undefined)) return `must be ${[...new Set(kinds)].join(' or ')}`
      return 'is none of the forms allowed here'
    }
    case 'unrecognized_keys':
      return `${i.keys.length === 1 ? 'has an unknown field' : 'has unknown fields'} ${i.keys.map((k) => `"${k}"`).join(', ')}`
    case 'invalid_key':
      return 'is not a key allowed here'
    case 'invalid_format':
      return i.format === 'regex'
        ? `does not have the form ${String((i as { pattern?: unknown }).pattern ?? '')}`
        : `is not a valid ${i.format}`
    case 'not_multiple_of':
      return `must be a multiple of ${String(i.divisor)}`
    default:
      return i.message.replace(/^Invalid input: /, '')
  }
}

/** An issue as a Diagnostic: `code` prefixed (`document.invalid_type`), where it is (`armies[0].cells`). */
export function issueDiagnostic(i: Issue, prefix: string, outer?: string): Diagnostic {
  const path = pathText(i.path)
  const at = outer === undefined ? path || undefined : path ? `${outer}.${path}` : outer
  return diagnostic(`${prefix}.${i.code}`, issueMessage(i), at)
}

/** The first issue as one line: `armies[0].cells: must be a list` (or `what: ...` for the whole value). */
export function firstIssue(error: z.ZodError, what: string): string {
  const i = error.issues[0]!
  const path = pathText(i.path)
  return `${path || what}: ${issueMessage(i)}`
}
