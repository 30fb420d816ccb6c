/**
 * A document's JSON text read within the limits (limits.ts): its size before parsing, its nesting
 * after (the schemas recurse). For the documents whose parsers report by throwing an Error naming
 * the file (army and players documents); problem documents return Results (halma/document.ts).
 */
import { nestedTooDeep, textTooLarge } from './limits'

/** The parsed value, or an Error `where: ...` naming what is wrong (`what`: "army document"). */
export function readJson(text: string, where: string, what: string): unknown {
  const large = textTooLarge(text, `the ${what}`)
  if (large) throw new Error(`${where}: ${large.message}`)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new Error(`${where}: not JSON (${(e as Error).message})`, { cause: e })
  }
  const deep = nestedTooDeep(data, `the ${what}`)
  if (deep) throw new Error(`${where}: ${deep.message}`)
  return data
}

/** A file's text without the byte order mark some editors write first (JSON has none; it read as "Unexpected token"). */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
