/**
 * The workbench's state: the problem on the board and the position shown. A Pinia setup store that
 * orchestrates; the core computes. Large immutable values sit in shallowRef.
 */
import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import { boardByName } from '../../shared/board'
import { presetProblem, startPosition, type Problem } from '../../shared/problem'
import { expect as unwrap } from '../../shared/result'
import { makeRules } from '../../shared/rules'

export const useWorkbench = defineStore('workbench', () => {
  const problem = shallowRef<Problem>(defaultProblem())
  const position = shallowRef(startPosition(problem.value))
  const title = computed(() => problem.value.title)
  return { problem, position, title }
})

/** Levenspiel's problem: triangle-10 across the 9x9 board under 6-move rules. */
export function defaultProblem(): Problem {
  return unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'triangle10'))
}
