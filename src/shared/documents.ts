/**
 * The documents the workbench opens and saves, told apart by their format field: problem
 * documents (document.ts) and solitaire army documents (solitaire/document.ts). Hosts check a file
 * with `documentFault` before handing it to the renderer, which reads it by its kind.
 */
import { parseDocument } from './document'
import { describe } from './result'
import { armyDocumentFault, isArmyDocumentText } from './solitaire/document'

/** Why a text is not a document the workbench opens ("problem document: ..." or "army document: ..."), or null. */
export function documentFault(text: string): string | null {
  if (isArmyDocumentText(text)) {
    const fault = armyDocumentFault(text)
    return fault === null ? null : `army document: ${fault}`
  }
  const doc = parseDocument(text)
  return doc.ok ? null : `problem document: ${doc.error.map(describe).join('; ')}`
}
