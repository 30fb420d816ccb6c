/**
 * The colours, letters and line patterns of the armies of a game of 2 to 6 players (issue 18).
 * The colours are Okabe and Ito's colour-blind-safe palette in the order of the armies' names
 * (shared/players/game.ts PLAYER_NAMES: blue, orange, bluish green, vermilion, reddish purple, yellow),
 * and each army also has a letter on its men and a dash pattern in the charts, so that colour is
 * never the only cue.
 */
import type { PlayersGame } from '../../../shared/players/game'

export const PLAYER_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#d55e00', '#cc79a7', '#f0e442'] as const
/**
 * The colours of the armies' chart lines: the same, but yellow darkened to a mustard that keeps a
 * 3:1 contrast on the cream page (issue 27, defect 14: the yellow line was faint).
 */
export const PLAYER_LINES = ['#0072b2', '#e69f00', '#009e73', '#d55e00', '#cc79a7', '#9c8700'] as const
/** Light tints of the same colours: the camps' cells. */
export const PLAYER_TINTS = ['#b3d4ea', '#f8e2b3', '#b3e2d5', '#f2cfb3', '#f0d7e5', '#faf6c4'] as const
/** Chart line patterns by army (in units of the line's width): solid, dashed, dotted, dash-dot, long dash, dash-dot-dot. */
export const PLAYER_DASHES: readonly (readonly number[])[] = [[], [4, 2], [1, 1.5], [4, 1.5, 1, 1.5], [8, 3], [4, 1.5, 1, 1.5, 1, 1.5]]

/** An army's colour (the palette wraps for custom games of more names than colours, which gameFromSpec does not allow). */
export const playerColour = (k: number): string => PLAYER_COLOURS[k % PLAYER_COLOURS.length]!
export const playerLine = (k: number): string => PLAYER_LINES[k % PLAYER_LINES.length]!
export const playerTint = (k: number): string => PLAYER_TINTS[k % PLAYER_TINTS.length]!
export function playerDash(k: number, unit: number): number[] {
  return (PLAYER_DASHES[k % PLAYER_DASHES.length] ?? []).map((d) => d * unit)
}

/**
 * The letter drawn on each army's men: the capital of its name, or, where two names share an
 * initial, the army's number (1-6), so that every army's mark differs.
 */
export function playerLetters(g: PlayersGame): string[] {
  const initials = g.players.map((p) => p.name.charAt(0).toUpperCase())
  return initials.map((c, k) => (initials.filter((d) => d === c).length > 1 ? String(k + 1) : c))
}
