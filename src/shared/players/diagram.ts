/**
 * Text pictures of games of 2 to 6 players, for the command line and tests: the board drawn as
 * players see it (on the hexagonal lattice a cell sits at column 2q + r, so a star looks like a
 * star), each man by his player's initial, `.` an empty cell. Rows are numbered from the top, as
 * cell names count them (line.ts); the cells of a move to mark are `*` where empty and the man on
 * them upper-case, as the transfer diagrams do (halma/diagram.ts).
 */
import type { Occupancy, PlayersGame } from './game'

export function playersDiagram(g: PlayersGame, occ: Occupancy, highlight: readonly number[] = []): string[] {
  const lit = new Set(highlight)
  const hex = g.board.lattice === 'hexagonal'
  const col = ([x, y]: readonly [number, number]): number => (hex ? 2 * x + y : 2 * x)
  const c0 = Math.min(...g.board.cells.map(col))
  const ys = g.board.cells.map(([, y]) => y)
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)]
  const rows: string[][] = Array.from({ length: y1 - y0 + 1 }, () => [])
  g.board.cells.forEach((c, i) => {
    const man = occ[i]!
    const ch = man === -1 ? (lit.has(i) ? '*' : '.') : g.players[man]!.name[0]!
    rows[c[1] - y0]![col(c) - c0] = lit.has(i) ? ch.toUpperCase() : ch
  })
  return rows.map(
    (chars, k) =>
      `${String(k + 1).padStart(3)}  ${Array.from(chars, (ch) => ch ?? ' ')
        .join('')
        .trimEnd()}`,
  )
}
