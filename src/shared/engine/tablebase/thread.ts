/**
 * A tablebase build's side of an expansion thread: the registry hands it the tasks of kind
 * 'tablebase' (runner.ts). It keeps the kernel and the shared tables of the build it was attached
 * to; a task of another build is a programming error.
 */
import { TablebaseGame } from './game'
import { TablebaseKernel, type TableViews } from './kernel'
import { Layout } from './layout'
import { runBlockTask, viewsOf, withSegment, type SharedTables, type TablebaseThreadTask } from './runner'

interface Attached {
  readonly build: number
  readonly kernel: TablebaseKernel
  tables: SharedTables
  views: [TableViews, TableViews]
}

let attached: Attached | undefined

/** Whether plain data is a tablebase task (the registry's dispatch). */
export function isTablebaseTask(task: unknown): task is TablebaseThreadTask {
  return typeof task === 'object' && task !== null && (task as { kind?: unknown }).kind === 'tablebase'
}

export function runTablebaseTask(task: TablebaseThreadTask): unknown {
  if (task.op === 'attach') {
    const game = TablebaseGame.of(task.spec)
    if (!game.ok) throw new Error(`internal: ${game.error.message}`)
    // The kernel's tables (ranks, moves) depend only on the spec: keep them across builds.
    const kernel =
      attached && attached.kernel.game.spec.side === task.spec.side && attached.kernel.game.spec.men === task.spec.men
        ? attached.kernel
        : new TablebaseKernel(new Layout(game.value))
    attached = { build: task.build, kernel, tables: task.tables, views: [viewsOf(task.tables, 0), viewsOf(task.tables, 1)] }
    return null
  }
  const a = attached
  if (!a || a.build !== task.build)
    throw new Error(`internal: a task of tablebase build ${task.build} on a thread attached to ${a?.build ?? 'none'}`)
  if (task.op === 'segment') {
    a.tables = withSegment(a.tables, task.segment, task.parts)
    a.views = [viewsOf(a.tables, 0), viewsOf(a.tables, 1)]
    return null
  }
  return runBlockTask(a.kernel, a.views[task.frontier], task.task)
}
