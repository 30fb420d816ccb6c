/**
 * Compare two lines: the line the charts overlay on the line shown. It can be one of the
 * document's stored solutions, or the line the stepper showed before the last change (a move
 * played, a line pasted or found), which this store remembers as the stepper's line changes. The
 * charts (ChartsPanel, state/chart-series.ts) draw both.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { lineOf, type Timeline } from '../../shared/halma/timeline'
import { useDocument } from './document'
import { useWorkbench } from './workbench'

/** A line that can be compared: its key in the select, its name in the legend. */
export interface CompareChoice {
  readonly key: string
  readonly name: string
  readonly line: Timeline
}

/** The moves of a line, to tell lines apart. */
const movesOf = (l: Timeline): string => l.moves.map((m) => m.text).join(',')

export const useCompare = defineStore('compare', () => {
  const documentStore = useDocument()
  const wb = useWorkbench()
  /** The choice's key ('' for none). */
  const chosen = ref('')
  /** The stepper's line before the last change, with what it was. */
  const previous = shallowRef<{ line: Timeline; source: string } | null>(null)
  watch(
    () => ({ line: wb.line, source: wb.source }),
    (now, before) => {
      if (!before || before.line === now.line) return
      // Another problem: the lines before it do not compare.
      if (before.line.problem !== now.line.problem) {
        previous.value = null
        chosen.value = ''
        return
      }
      if (before.line.moves.length > 0 && movesOf(before.line) !== movesOf(now.line)) previous.value = { ...before }
    },
  )

  const choices = computed<CompareChoice[]>(() => {
    const out: CompareChoice[] = []
    const shown = movesOf(wb.line)
    const doc = documentStore.doc
    doc.solutions.forEach((s, k) => {
      const r = lineOf(doc.problem, s.solution)
      if (r.ok && r.value.moves.length > 0 && movesOf(r.value) !== shown) {
        out.push({ key: `solution:${k}`, name: `solution ${k + 1}${s.title ? `: ${s.title}` : ''}`, line: r.value })
      }
    })
    const p = previous.value
    if (p && p.line.problem === wb.line.problem && movesOf(p.line) !== shown) {
      out.push({ key: 'previous', name: `before the last change (${p.source})`, line: p.line })
    }
    return out
  })

  /** The line compared, if one is chosen and still there. */
  const compared = computed<CompareChoice | null>(() => choices.value.find((c) => c.key === chosen.value) ?? null)
  // A choice no longer offered (it is the line shown now, or gone with its problem) is dropped, so
  // that the select never shows a line the charts do not draw.
  watch(choices, (now) => {
    if (chosen.value !== '' && !now.some((c) => c.key === chosen.value)) chosen.value = ''
  })

  return { chosen, choices, compared, previous }
})
