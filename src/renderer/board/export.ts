/**
 * A picture (picture.ts) as a file's bytes: SVG text written by svg.ts, or a PNG drawn offscreen by
 * Konva at the picture's size times the scale. The export panel and the tests go through here.
 */
import type { ImageFormat } from '../../preload/api'
import { picturePng } from './konva'
import type { Picture } from './picture'
import { pictureSvg } from './svg'

export interface Encoded {
  readonly bytes: Uint8Array
  /** The image's size: CSS pixels for an SVG, pixels for a PNG (the picture's times the scale). */
  readonly width: number
  readonly height: number
}

export async function encodePicture(p: Picture, format: ImageFormat, scale: number): Promise<Encoded> {
  if (format === 'svg') return { bytes: new TextEncoder().encode(pictureSvg(p)), width: p.width, height: p.height }
  return { bytes: await picturePng(p, scale), width: p.width * scale, height: p.height * scale }
}
