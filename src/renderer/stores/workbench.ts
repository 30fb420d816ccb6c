/**
 * What the board shows: the open document's problem and the position on the board (the start,
 * until the stepper of a later issue moves it). Large immutable values sit in shallowRef/computed.
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { startPosition } from '../../shared/problem'
import { useDocument } from './document'

export const useWorkbench = defineStore('workbench', () => {
  const document = useDocument()
  const problem = computed(() => document.doc.problem)
  const position = computed(() => startPosition(problem.value))
  const title = computed(() => problem.value.title)
  return { problem, position, title }
})
