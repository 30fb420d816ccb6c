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

/** A caption's text: plain text is one upright part. */
export type CaptionText = string | readonly CaptionPart[]

function captionAt(x: number, y: number, size: number, text: CaptionText): Caption {
  const parts = typeof text === 'string' ? [{ text, italic: false }] : text
  return { x, y, parts, size: Math.max(10, Math.min(16, size / 18)), colour: '#333333' }
}

/** The PNG of a figure sheet: the diagrams of plies spec.from..spec.to with captions. */
export async function sheetPng(
  sceneAt: (ply: number) => SceneInput,
  caption: (ply: number) => CaptionText,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size'>,
): Promise<Result<{ bytes: Uint8Array; width: number; height: number }, Diagnostic>> {
  return scenesSheetPng((ply, size) => buildScene(prepare(sceneAt(ply), { ...o, size }), size, size), caption, plies, spec, o)
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

/**
 * The SVG of one diagram, cropped to the board (the box around what is drawn, sceneBounds): at
 * most size x size pixels, with the ladder key under it when ladders are drawn (the picture is as
 * wide as the key, if that is wider than the board).
 */
export function diagramSvg(input: SceneInput, o: Omit<PictureOptions, 'scale'>, title: string): SvgPicture {
  const shown = prepare(input, { ...o, scale: 1 })
  const scene = buildScene(shown, o.size, o.size)
  const crop = sceneBounds(scene)
  const key = ladderKeyRows(shown)
  const board = crop.x2 - crop.x1
  // A key wider than the board widens the picture; the board is centred over it.
  const width = Math.max(board, keyWidth(key, board))
  const height = crop.y2 - crop.y1 + keyHeight(key.length, board)
  const x = Math.floor((width - board) / 2)
  return { svg: picturesSvg([{ scene, x, y: 0, crop, key }], width, height, BACKGROUNDS[o.background], title), width, height }
}

/**
 * The SVG of a figure sheet: every diagram cropped to the same box (the union of their bounds, so
 * that the grid stays even), with the caption under each.
 */
export function sheetSvg(
  sceneAt: (ply: number) => SceneInput,
  caption: (ply: number) => CaptionText,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size' | 'scale'>,
  title: string,
): Result<SvgPicture, Diagnostic> {
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
    caption: captionAt(f.captionX, f.captionY, size, caption(f.ply)),
  }))
  // With ladders drawn, a key under the sheet says what the lanes' colours and dashes mean (each
  // diagram's ladders differ, so the key names the types, not the ladders).
  const withLadders = o.overlays && scenes.some((sc) => sc.lanes.length > 0)
  const key: KeyRow[] = withLadders
    ? [
        { key: '', text: 'ladder lanes, by the type of man they carry', types: [0, 1, 2, 3], path: false },
        { key: '', text: 'the move played', types: [], path: true },
      ]
    : []
  const keyH = keyHeight(key.length, size)
  const width = Math.max(layout.value.width, key.length > 0 ? keyWidth(key, size) : 0)
  const height = layout.value.height + keyH
  const svg = picturesSvg(
    frames,
    width,
    height,
    BACKGROUNDS[o.background],
    title,
    key.length > 0 ? { rows: key, y: layout.value.height - spec.gap, size } : undefined,
  )
  return ok({ svg, width, height })
}
