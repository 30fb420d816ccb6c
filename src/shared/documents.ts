/**
 * The kinds of document the workbench and the `halma` command read, in one registry, told apart by
 * their `format` field: problem documents of transfers and two-player games (`halma`, shared/halma),
 * solitaire army documents (`army`, shared/army) and games of 2 to 6 players (`players`,
 * shared/players). A host checks a file with `documentFault` before handing it on; the command line
 * reads any document with `readDocument` and picks what to do by its kind (src/cli/documents.ts).
 * A new kind of document is a new entry here.
 */
import { EXTENSION, FORMAT, parseDocument, type HalmaDocument } from './halma/document'
import { parsePlayersDocument, type PlayersDocument } from './players/document'
import { diagnostic, describe, err, ok, type Diagnostic, type Result } from './result'
import { withoutBom } from './read-json'
import { parseArmyDocument, type ArmyDocument } from './army/document'

/** One kind of document: how it is named, recognised and read. */
export interface DocumentKind<D> {
  /** The value of the document's `format` field. */
  readonly format: string
  /** The file name suffix the workbench gives it. */
  readonly suffix: string
  /** How messages name it ("problem document"). */
  readonly noun: string
  /** The document from its text; the faults name what is wrong and where. */
  read(text: string, where: string): Result<D, Diagnostic[]>
}

/** A parser that throws an Error naming the fault, as a Result with the kind's code. */
const caught =
  <D>(code: string, parse: (text: string, where: string) => D) =>
  (text: string, where: string): Result<D, Diagnostic[]> => {
    try {
      return ok(parse(text, where))
    } catch (e) {
      return err([diagnostic(code, (e as Error).message)])
    }
  }

/** The registry, by domain. */
export const DOCUMENT_KINDS = {
  halma: {
    format: FORMAT,
    suffix: EXTENSION,
    noun: 'problem document',
    read: (text: string) => parseDocument(text),
  } satisfies DocumentKind<HalmaDocument>,
  army: {
    format: 'halma-army',
    suffix: '.army.json',
    noun: 'army document',
    read: caught('document.army', parseArmyDocument),
  } satisfies DocumentKind<ArmyDocument>,
  players: {
    format: 'halma-players',
    suffix: '.players.json',
    noun: 'players document',
    read: caught('document.players', parsePlayersDocument),
  } satisfies DocumentKind<PlayersDocument>,
}

/** A domain that has documents: 'halma', 'army' or 'players'. */
export type DocumentKindId = keyof typeof DOCUMENT_KINDS

/** The document type of each kind. */
export interface DocumentTypes {
  halma: HalmaDocument
  army: ArmyDocument
  players: PlayersDocument
}

/** A document read, with its kind. */
export type AnyDocument = { [K in DocumentKindId]: { readonly kind: K; readonly document: DocumentTypes[K] } }[DocumentKindId]

const KIND_IDS = Object.keys(DOCUMENT_KINDS) as DocumentKindId[]

/**
 * What a text says it is, by its `format` field (the JSON parsed once): a kind of document; or, for
 * a JSON object whose `format` names none (none, or another program's), the fault that lists the
 * formats the workbench reads. A text that is not JSON, or not an object, is taken for a problem
 * document, whose reader names where it goes wrong.
 */
function classify(text: string): { readonly kind: DocumentKindId } | { readonly unknown: Diagnostic } {
  const object = jsonObject(text)
  if (object === null) return { kind: 'halma' }
  const kind = kindOfFormat(object.format)
  if (kind) return { kind }
  const known = KIND_IDS.map((k) => `"${DOCUMENT_KINDS[k].format}" (${DOCUMENT_KINDS[k].noun}, ${DOCUMENT_KINDS[k].suffix})`).join(', ')
  const has = object.format === undefined ? 'has no "format" field' : `has "format": ${JSON.stringify(object.format)?.slice(0, 60)}`
  return { unknown: diagnostic('document.format', `not a Halma Workbench document: it ${has}; the workbench reads ${known}`, 'format') }
}

/** A text's JSON object (a byte order mark before it ignored), or null when it is not one. */
function jsonObject(text: string): { readonly format?: unknown } | null {
  try {
    const value = JSON.parse(withoutBom(text)) as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/** The kind whose `format` field value this is, if any. */
const kindOfFormat = (format: unknown): DocumentKindId | undefined => KIND_IDS.find((k) => DOCUMENT_KINDS[k].format === format)

/** Whether a text is a Halma Workbench document of some kind (a JSON object whose `format` names one), readable or not. */
export function isDocumentText(text: string): boolean {
  const object = jsonObject(text)
  return object !== null && kindOfFormat(object.format) !== undefined
}

/** The kind a text says it is, by its `format` field; a problem document where it names none. */
export function kindOfText(text: string): DocumentKindId {
  const c = classify(text)
  return 'kind' in c ? c.kind : 'halma'
}

/** A document of any kind from its text (`where` names it in messages, e.g. its file). */
export function readDocument(text: string, where = 'document'): Result<AnyDocument, Diagnostic[]> {
  const c = classify(text)
  if ('unknown' in c) return err([c.unknown])
  const r = (DOCUMENT_KINDS[c.kind] as DocumentKind<DocumentTypes[typeof c.kind]>).read(text, where)
  return r.ok ? ok({ kind: c.kind, document: r.value } as AnyDocument) : r
}

/**
 * Why a text is not a document the workbench opens ("problem document: ..."), or null. A line
 * that cannot be played does not make it one: the workbench opens the document, shows the line up
 * to that move and says why (every kind alike; `halma verify` names it too).
 */
export function documentFault(text: string): string | null {
  const c = classify(text)
  if ('unknown' in c) return describe(c.unknown)
  const kind = DOCUMENT_KINDS[c.kind] as DocumentKind<unknown>
  const r = kind.read(text, 'document')
  return r.ok ? null : `${kind.noun}: ${r.error.map(describe).join('; ')}`
}
