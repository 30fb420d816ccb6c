/**
 * The documents the workbench opens and saves, told apart by their format field: problem
 * documents (document.ts), solitaire army documents (shared/army/document.ts) and games of 2 to 6
 * players (players/document.ts). Hosts check a file
 * with `documentFault` before handing it to the renderer, which reads it by its kind.
 */
import { parseDocument } from './halma/document'
import { isPlayersDocumentText, playersDocumentFault } from './players/document'
import { describe } from './result'
import { armyDocumentFault, isArmyDocumentText } from './army/document'

/** Why a text is not a document the workbench opens ("problem document: ..." or "army document: ..."), or null. */
export function documentFault(text: string): string | null {
  if (isArmyDocumentText(text)) {
    const fault = armyDocumentFault(text)
    return fault === null ? null : `army document: ${fault}`
  }
  if (isPlayersDocumentText(text)) {
    const fault = playersDocumentFault(text)
    return fault === null ? null : `players document: ${fault}`
  }
  const doc = parseDocument(text)
  return doc.ok ? null : `problem document: ${doc.error.map(describe).join('; ')}`
}
