/**
 * Colours and line patterns the board and the charts share. The four cell types (section 2.1)
 * take colours from Okabe and Ito's colour-blind-safe palette (orange, sky blue, reddish purple,
 * blue), chosen so that every pair stays apart under deuteranopia (tests/renderer/palette.test.ts
 * checks it by simulation), and each type has a dash pattern of its own too, so that type 0 and
 * type 3 differ by shape as well as by colour (issue 16, defect 16).
 */

export const ARMY_COLOURS = ['#2463c4', '#c62f2f'] as const
/** Lanes, legend swatches and chart lines, by the type of man (0-3). */
export const TYPE_COLOURS = ['#e69f00', '#56b4e9', '#cc79a7', '#0072b2'] as const
/**
 * Dash patterns by type, in units of a line's width: 0 solid, 1 dashed, 2 dotted, 3 dash-dot.
 * Scale them by the width the line is drawn with (typeDash).
 */
export const TYPE_DASHES: readonly (readonly number[])[] = [[], [3, 1.5], [0.8, 1.2], [3, 1.2, 0.8, 1.2]]

/** The dash pattern of a type for a line of a given unit (pixels), or [] for solid. */
export function typeDash(type: number, unit: number): number[] {
  return (TYPE_DASHES[type] ?? []).map((d) => d * unit)
}

/** The last move's path when the ladders are shown: dark, so that it is not taken for a lane. */
export const PATH_ON_LADDERS = '#1c1c1c'
