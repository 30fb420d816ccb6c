/**
 * Pictures for papers and posts: the current diagram, and figure sheets (a grid of diagrams for a
 * range of moves, shared/sheet.ts lays it out), drawn offscreen by the same scene code as the live
 * board, as PNG bytes.
 */
import { pictureFits, sheetLayout, type SheetSpec } from '../../shared/sheet'
import { err, ok, type Diagnostic, type Result } from '../../shared/result'
import { keyHeight, scenePng } from './draw'
import { buildScene, ladderKeyRows, NO_OVERLAYS, type Scene, type SceneInput } from './scene'

export const BACKGROUNDS = { white: '#ffffff', board: '#fbf8f1', transparent: null } as const
export type Background = keyof typeof BACKGROUNDS

export interface PictureOptions {
  /** Side of the diagram in CSS pixels. */
  readonly size: number
  /** Pixels per CSS pixel in the file (2 for print). */
  readonly scale: number
  readonly background: Background
  readonly coordinates: boolean
  /** Draw the overlays that are on (types, ladders, mirror) and the current move's path. */
  readonly overlays: boolean
}

export const DEFAULT_PICTURE: PictureOptions = { size: 480, scale: 2, background: 'white', coordinates: true, overlays: true }

function prepare(input: SceneInput, o: PictureOptions): SceneInput {
  if (o.overlays) return { ...input, overlays: { ...input.overlays, coordinates: o.coordinates } }
  const { path: _p, selected: _s, destinations: _d, ...rest } = input
  return { ...rest, overlays: { ...NO_OVERLAYS, coordinates: o.coordinates } }
}

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer())
}

/**
 * The PNG of one diagram: size x scale pixels square; with ladders drawn, a key under it says
 * which is which (the legend's entries: issue 16, defect 15), and the picture is that much taller.
 */
export async function diagramPng(input: SceneInput, o: PictureOptions): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const shown = prepare(input, o)
  const scene = buildScene(shown, o.size, o.size)
  const key = ladderKeyRows(shown)
  const height = o.size + keyHeight(key.length, o.size)
  const blob = await scenePng([{ scene, x: 0, y: 0, key }], o.size, height, o.scale, BACKGROUNDS[o.background])
  return { bytes: await bytes(blob), width: o.size * o.scale, height: height * o.scale }
}

/** The PNG of a figure sheet: the diagrams of plies spec.from..spec.to with captions. */
export async function sheetPng(
  sceneAt: (ply: number) => SceneInput,
  caption: (ply: number) => string,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size'>,
): Promise<Result<{ bytes: Uint8Array; width: number; height: number }, Diagnostic>> {
  return scenesSheetPng((ply, size) => buildScene(prepare(sceneAt(ply), { ...o, size }), size, size), caption, plies, spec, o)
}

/** A figure sheet of scenes built by `sceneAt` in square frames of the sheet's size (transfers, solitaire armies). */
export async function scenesSheetPng(
  sceneAt: (ply: number, size: number) => Scene,
  caption: (ply: number) => string,
  plies: number,
  spec: SheetSpec,
  o: Pick<PictureOptions, 'scale' | 'background'>,
): Promise<Result<{ bytes: Uint8Array; width: number; height: number }, Diagnostic>> {
  const layout = sheetLayout(spec, plies)
  if (!layout.ok) return err(layout.error)
  const size = spec.size
  const scenes = layout.value.frames.map((f) => ({
    scene: sceneAt(f.ply, size),
    x: f.x,
    y: f.y,
    caption: { x: f.captionX, y: f.captionY, text: caption(f.ply), size: Math.max(10, Math.min(16, size / 18)), colour: '#333333' },
  }))
  const { width, height } = layout.value
  const fits = pictureFits(width, height, o.scale)
  if (!fits.ok) return err(fits.error)
  const blob = await scenePng(scenes, width, height, o.scale, BACKGROUNDS[o.background])
  return ok({ bytes: await bytes(blob), width: width * o.scale, height: height * o.scale })
}

/** The PNG of a scene already built (a solitaire army's diagram, army-scene.ts): its size x scale pixels. */
export async function armyPng(scene: Scene, o: Pick<PictureOptions, 'scale' | 'background'>): Promise<Uint8Array> {
  return bytes(await scenePng([{ scene, x: 0, y: 0 }], scene.width, scene.height, o.scale, BACKGROUNDS[o.background]))
}
