/**
 * The board's overlay slot, shared by the views that serve several kinds (frame/views.ts,
 * SharedPane): an engine's principal variation as arrows over the cells its moves visit. A pane
 * sets the arrows by cells; a kind's board view lays them on its scene (`withOverlay`), so that
 * every kind draws them the same way (board/paint.ts paints the scene's arrows).
 */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { Scene, SceneArrow } from '../board/scene'

/** An arrow by cells: the cells one move visits, its colour, and a short label at its head. */
export interface OverlayArrow {
  readonly path: readonly number[]
  readonly colour: string
  readonly label?: string
}

export const useBoardOverlay = defineStore('board-overlay', () => {
  const arrows = shallowRef<readonly OverlayArrow[]>([])
  return {
    arrows,
    set: (next: readonly OverlayArrow[]) => void (arrows.value = next),
    clear: () => void (arrows.value = []),
  }
})

/** The scene with the arrows laid over it (an arrow through a cell the scene does not have is left out). */
export function withOverlay(scene: Scene, arrows: readonly OverlayArrow[]): Scene {
  if (arrows.length === 0) return scene
  const at = new Map(scene.cells.map((c) => [c.cell, c]))
  const laid: SceneArrow[] = []
  for (const a of arrows) {
    const cells = a.path.map((c) => at.get(c))
    if (cells.some((c) => c === undefined)) continue
    laid.push({
      points: cells.flatMap((c) => [c!.x, c!.y]),
      colour: a.colour,
      width: Math.max(2, scene.scale * 0.12),
      ...(a.label !== undefined && { label: a.label }),
    })
  }
  return { ...scene, arrows: [...(scene.arrows ?? []), ...laid] }
}
