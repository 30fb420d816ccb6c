/**
 * One notice area, in parts: each message is said at the place of what caused it (the document's
 * commands under the header, a refused click under the board, a paste or a tree edit under the
 * moves, the editor, the jobs, the export), shown there (NoticeLine.vue, scrolled into sight), and
 * cleared when that place is used again, when the field is corrected, and when another document
 * opens (issue 27, defects 5 and 15: messages were written below their pane's edge, stayed after the
 * field was corrected, and old ones piled up across views).
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export const PLACES = ['document', 'board', 'moves', 'editor', 'jobs', 'export'] as const
export type Place = (typeof PLACES)[number]

export interface Notice {
  readonly kind: 'error' | 'info'
  readonly text: string
  /** Counts the notices said, so that a notice said again is shown again (and scrolled to). */
  readonly id: number
}

export const useNotices = defineStore('notices', () => {
  const at = ref<Partial<Record<Place, Notice>>>({})
  let id = 0

  function say(place: Place, kind: Notice['kind'], text: string): void {
    at.value = { ...at.value, [place]: { kind, text, id: ++id } }
  }

  function clear(place: Place): void {
    if (!at.value[place]) return
    const { [place]: _gone, ...rest } = at.value
    at.value = rest
  }

  return {
    at,
    say,
    error: (place: Place, text: string) => say(place, 'error', text),
    info: (place: Place, text: string) => say(place, 'info', text),
    clear,
    clearAll: () => void (at.value = {}),
  }
})
