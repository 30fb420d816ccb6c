/**
 * Compare two lines, for every kind: the line the charts overlay on the line shown. It is one of
 * the document's stored lines, or the line the stepper showed before the last change (a move
 * played, a line pasted or found), which this store remembers as the stepper's line changes.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { mainLine } from '../../shared/variations'
import { useDocument } from './document'
import type { PlayedLine } from './kind'
import { useStepper } from './stepper'

/** A line that can be compared: its key in the select, its name in the legend. */
export interface CompareChoice {
  readonly key: string
  readonly name: string
  readonly line: PlayedLine
}

/** The moves of a line, to tell lines apart. */
const movesOf = (l: PlayedLine): string => l.moves.map((m) => m.path.join('-')).join(',')

export const useCompare = defineStore('compare', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  /** The choice's key ('' for none). */
  const chosen = ref('')
  /** The stepper's line before the last change, with what it was and the document it was of. */
  const previous = shallowRef<{ line: PlayedLine; source: string; of: string } | null>(null)
  const docKey = (): string => `${documentStore.generation}:${documentStore.kind.problemKey(documentStore.doc)}`
  watch(
    () => ({ line: stepper.line, source: stepper.source, of: docKey() }),
    (now, before) => {
      if (!before || before.line === now.line) return
      // Another document or problem: the lines before it do not compare.
      if (before.of !== now.of) {
        previous.value = null
        chosen.value = ''
        return
      }
      if (before.line.moves.length > 0 && movesOf(before.line) !== movesOf(now.line)) previous.value = { ...before }
    },
  )

  const choices = computed<CompareChoice[]>(() => {
    const k = documentStore.kind
    const doc = documentStore.doc
    const shown = movesOf(stepper.line)
    const out: CompareChoice[] = []
    k.lines(doc).forEach((l, i) => {
      const line = k.replay(doc, mainLine(l.tree))
      if (line.moves.length > 0 && movesOf(line) !== shown)
        out.push({ key: `line:${i}`, name: `${k.lineNoun} ${i + 1}${l.title ? `: ${l.title}` : ''}`, line })
    })
    const p = previous.value
    if (p && p.of === docKey() && movesOf(p.line) !== shown) out.push({ key: 'previous', name: `before the last change (${p.source})`, line: p.line })
    return out
  })

  /** The line compared, if one is chosen and still there. */
  const compared = computed<CompareChoice | null>(() => choices.value.find((c) => c.key === chosen.value) ?? null)
  // A choice no longer offered is dropped, so that the select never shows a line the charts do not draw.
  watch(choices, (now) => {
    if (chosen.value !== '' && !now.some((c) => c.key === chosen.value)) chosen.value = ''
  })

  return { chosen, choices, compared, previous }
})
