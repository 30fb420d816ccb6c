/**
 * What a game of 2 to 6 players draws besides draw.ts's board and position: the piecepack board's
 * squares and tile outlines (under the board) and the rings of the target camps (over the holes,
 * under the men). Konva only; the shapes come from players-scene.ts.
 */
import Konva from 'konva'
import type { PlayersScene } from './players-scene'

/** Squares and tiles of a square board, drawn first. */
export function drawSquares(scene: PlayersScene, into: Konva.Container): void {
  for (const q of scene.squares)
    into.add(
      new Konva.Rect({ x: q.x, y: q.y, width: q.size, height: q.size, fill: q.fill, stroke: '#c9bea6', strokeWidth: 1, listening: false }),
    )
  const t = scene.tileLines
  if (t.length > 0)
    into.add(
      new Konva.Shape({
        listening: false,
        stroke: '#6f624a',
        strokeWidth: Math.max(1.5, scene.scale * 0.05),
        sceneFunc: (ctx: Konva.Context, shape: Konva.Shape) => {
          ctx.beginPath()
          for (let k = 0; k < t.length; k += 4) {
            ctx.moveTo(t[k]!, t[k + 1]!)
            ctx.lineTo(t[k + 2]!, t[k + 3]!)
          }
          ctx.strokeShape(shape)
        },
      }),
    )
}

/** Each target camp's cells ringed in the colour and dash of the army aiming at it. */
export function drawRings(scene: PlayersScene, into: Konva.Container): void {
  const width = Math.max(1.5, scene.scale * 0.06)
  for (const r of scene.rings)
    into.add(
      new Konva.Circle({
        x: r.x,
        y: r.y,
        radius: r.r,
        stroke: r.colour,
        strokeWidth: width,
        ...(r.dash.length > 0 && { dash: [...r.dash] }),
        listening: false,
      }),
    )
}
