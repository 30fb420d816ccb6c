/**
 * Games played by engines as documents that verify: a match's games become the lines of one
 * players document (`*.players.json`, ../players/document.ts), the game given by its preset (or
 * spec, with the rule against spoiling it was played under), each line titled with who sat where,
 * the opening, how it ended, and noted with the contestants' settings. `halma players verify
 * --file` replays every line.
 */
import { formatPlayersDocument } from '../players/document'
import type { GameRecord } from './match'
import type { Variant } from './variant'

const ending = (v: Variant, g: GameRecord): string => {
  const name = (a: number): string => v.armies[a]!.name
  switch (g.end) {
    case 'win':
      return `${name(g.winner)} wins at move ${g.moves.length}`
    case 'cap':
      return `stopped at the cap of ${g.moves.length} moves, ranked by distance to go`
    case 'blocked':
      return `${name(g.moves.length % v.armies.length)} has no move at move ${g.moves.length + 1}, ranked by distance to go`
    case 'forfeit':
      return `${name(g.forfeit!.army)} forfeits at move ${g.moves.length + 1} (${g.forfeit!.reason})`
  }
}

/** The match's games as a players document's JSON text. */
export function matchDocument(v: Variant, names: readonly string[], games: readonly GameRecord[], title: string): string {
  if (v.source.kind !== 'players') throw new Error('match records are players documents; this game is a two-player problem document')
  const s = v.source
  const lines = games.map((g) => ({
    title: `game ${g.index + 1}, opening ${g.opening + 1}: ${g.seats.map((c, a) => `${v.armies[a]!.name} ${names[c]}`).join(', ')}; ${ending(v, g)}`,
    moves: g.moves.join(', '),
    notes: `the first ${g.openingPlies} moves are the book's; distance to go at the end: ${g.distance.map((d, a) => `${v.armies[a]!.name} ${d}`).join(', ')}`,
  }))
  const preset = s.preset !== undefined && v.id === s.preset && !v.vacate && v.win === 'own' ? s.preset : undefined
  return formatPlayersDocument({
    title,
    ...(preset !== undefined ? { preset } : { game: s.spec }),
    lines,
  })
}
