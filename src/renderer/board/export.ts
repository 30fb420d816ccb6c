/**
 * Pictures for papers and posts: the current diagram, and figure sheets (a grid of diagrams for a
 * range of moves, shared/sheet.ts lays it out), built by the same scene code as the live board:
 * PNG bytes drawn offscreen by Konva, or SVG text written by svg.ts (cropped to the board).
 */
import { pictureFits, sheetLayout, type SheetSpec } from '../../shared/sheet'
import { err, ok, type Diagnostic, type Result } from '../../shared/result'
import { scenePng } from './draw'
import {
  buildScene,
  keyHeight,
  ladderKeyRows,
  NO_OVERLAYS,
  type Caption,
  type CaptionPart,
  type KeyRow,
  type Scene,
  type SceneInput,
} from './scene'
import { keyWidth, picturesSvg, sceneBounds, unionBox } from './svg'

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

function prepare(input: SceneInput, o: PictureOptions): SceneInput {
  if (o.overlays) return { ...input, overlays: { ...input.overlays, coordinates: o.coordinates } }
  const { path: _p, selected: _s, destinations: _d, ...rest } = input
  return { ...rest, overlays: { ...NO_OVERLAYS, coordinates: o.coordinates } }
}

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer())
}

/**
 * One diagram as a picture, PNG and SVG alike: the scene cropped to the board (the box around what
 * is drawn, sceneBounds), at most size x size, with the ladder key under it when ladders are drawn
 * (the picture as wide as the key, if that is wider than the board, the board centred over it).
 */
function diagramLayout(input: SceneInput, o: PictureOptions) {
  const shown = prepare(input, o)
  const scene = buildScene(shown, o.size, o.size)
  const crop = sceneBounds(scene)
  const key = ladderKeyRows(shown)
  const board = crop.x2 - crop.x1
  const width = Math.max(board, keyWidth(key, board))
  const height = crop.y2 - crop.y1 + keyHeight(key.length, board)
  return { scene, crop, key, width, height, x: Math.floor((width - board) / 2) }
}

/** The PNG of one diagram (diagramLayout): its width and height in pixels are the SVG's times the scale. */
export async function diagramPng(input: SceneInput, o: PictureOptions): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const { scene, crop, key, width, height, x } = diagramLayout(input, o)
  const blob = await scenePng([{ scene, x, y: 0, crop, key, keyX: 0 }], width, height, o.scale, BACKGROUNDS[o.background])
  return { bytes: await bytes(blob), width: width * o.scale, height: height * o.scale }
}

/** A caption's text: plain text is one upright part. */
export type CaptionText = string | readonly CaptionPart[]

/** A caption under a diagram; a long move is set smaller so that it stays within `width` (about 0.6 em a character). */
function captionAt(x: number, y: number, size: number, text: CaptionText, width = size): Caption {
  const parts = typeof text === 'string' ? [{ text, italic: false }] : text
  const chars = parts.reduce((n, p) => n + p.text.length, 0)
  const font = Math.max(10, Math.min(16, size / 18))
  return { x, y, parts, size: Math.max(6, Math.min(font, width / (0.6 * Math.max(1, chars)))), colour: '#333333' }
}

/** A figure sheet of scenes built by `sceneAt` in square frames of the sheet's size (transfers, solitaire armies). */
export async function scenesSheetPng(
  sceneAt: (ply: number, size: number) => Scene,
  caption: (ply: number) => CaptionText,
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
    caption: captionAt(f.captionX, f.captionY, size, caption(f.ply)),
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

/** An SVG picture: its text and its size in pixels (its viewBox has the same units). */
export interface SvgPicture {
  readonly svg: string
  readonly width: number
  readonly height: number
}

/** The SVG of one diagram (diagramLayout). */
export function diagramSvg(input: SceneInput, o: Omit<PictureOptions, 'scale'>, title: string): SvgPicture {
  const { scene, crop, key, width, height, x } = diagramLayout(input, { ...o, scale: 1 })
  return { svg: picturesSvg([{ scene, x, y: 0, crop, key }], width, height, BACKGROUNDS[o.background], title), width, height }
}

/**
 * A figure sheet as a picture, PNG and SVG alike: every diagram cropped to the same box (the union
 * of their bounds, so that the grid stays even), with the caption under each; with ladders drawn, a
 * key under the sheet says what the lanes' colours and dashes mean (each diagram's ladders differ,
 * so the key names the types, not the ladders).
 */
function sheetFrames(
  sceneAt: (ply: number) => SceneInput,
  caption: (ply: number) => CaptionText,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size' | 'scale'>,
) {
  const square = sheetLayout(spec, plies)
  if (!square.ok) return err(square.error)
  const size = spec.size
  const scenes = square.value.frames.map((f) => buildScene(prepare(sceneAt(f.ply), { ...o, size, scale: 1 }), size, size))
  const crop = unionBox(scenes.map((s) => sceneBounds(s)))
  const layout = sheetLayout(spec, plies, { width: crop.x2 - crop.x1, height: crop.y2 - crop.y1 })
  if (!layout.ok) return err(layout.error)
  const frames = layout.value.frames.map((f, k) => ({
    scene: scenes[k]!,
    x: f.x,
    y: f.y,
    crop,
    caption: captionAt(f.captionX, f.captionY, size, caption(f.ply), crop.x2 - crop.x1 + spec.gap),
  }))
  const withLadders = o.overlays && scenes.some((sc) => sc.lanes.length > 0)
  const key: KeyRow[] = withLadders
    ? [
        { key: '', text: 'ladder lanes, by the type of man they carry', types: [0, 1, 2, 3], path: false },
        { key: '', text: 'the move played', types: [], path: true },
      ]
    : []
  const width = Math.max(layout.value.width, key.length > 0 ? keyWidth(key, size) : 0)
  const height = layout.value.height + keyHeight(key.length, size)
  return ok({ frames, key, keyY: layout.value.height - spec.gap, size, width, height })
}

/** The PNG of a figure sheet (sheetFrames): its size in pixels is the SVG's times the scale. */
export async function sheetPng(
  sceneAt: (ply: number) => SceneInput,
  caption: (ply: number) => CaptionText,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size'>,
): Promise<Result<{ bytes: Uint8Array; width: number; height: number }, Diagnostic>> {
  const sheet = sheetFrames(sceneAt, caption, plies, spec, o)
  if (!sheet.ok) return sheet
  const { frames, key, keyY, size, width, height } = sheet.value
  const fits = pictureFits(width, height, o.scale)
  if (!fits.ok) return err(fits.error)
  const blob = await scenePng(
    frames,
    width,
    height,
    o.scale,
    BACKGROUNDS[o.background],
    key.length > 0 ? { rows: key, y: keyY, size } : undefined,
  )
  return ok({ bytes: await bytes(blob), width: width * o.scale, height: height * o.scale })
}

/** The SVG of a figure sheet (sheetFrames). */
export function sheetSvg(
  sceneAt: (ply: number) => SceneInput,
  caption: (ply: number) => CaptionText,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size' | 'scale'>,
  title: string,
): Result<SvgPicture, Diagnostic> {
  const sheet = sheetFrames(sceneAt, caption, plies, spec, o)
  if (!sheet.ok) return sheet
  const { frames, key, keyY, size, width, height } = sheet.value
  const svg = picturesSvg(frames, width, height, BACKGROUNDS[o.background], title, key.length > 0 ? { rows: key, y: keyY, size } : undefined)
  return ok({ svg, width, height })
}
