/**
 * `halma players game --preset hexma...`: Hexma's shortest cooperative game (the chain win), by the
 * Hexma domain's level search (shared/engine/hexma): the statement of what was proven, the moves,
 * and each length's search.
 */
import { hexmaShortest } from '../shared/engine/hexma/search'
import { formatPlayersDocument } from '../shared/players/document'
import type { PlayersSpec } from '../shared/players/game'
import { json, table, type Io } from './io'
import { budgetOption, numberOption, outFailed, outOption, writeResult } from './search-run'

export async function runHexmaGame(spec: PlayersSpec, v: Record<string, string | boolean | undefined>, preset: string | undefined, io: Io): Promise<number> {
  // --out is checked before the search (a bad path is refused at once, as for every command).
  const out = outOption(v)
  const r = await hexmaShortest(
    spec,
    {
      maxLength: numberOption(v, 'max-length', 60),
      // Past the width a length is searched by a beam (its exhaustive search would not fit).
      beam: numberOption(v, 'beam', 200_000),
      budgetBytes: budgetOption(v),
      timeLimit: numberOption(v, 'time-limit', 0),
    },
    (line) => io.err(line),
  )
  let unwritten
  if (out !== undefined && r.length !== null) {
    const title = `${r.length}-move Hexma game, ${r.winner} completes her chain, found by halma players game${r.optimal ? ' (shortest)' : ''}`
    unwritten = await writeResult(out, formatPlayersDocument({ ...(preset !== undefined ? { preset } : { game: spec }), lines: [{ title, moves: r.moves.join(', '), notes: r.statement }] }))
  }
  if (v['json']) io.out(json(r))
  else {
    io.out(r.statement)
    if (r.moves.length > 0) io.out(`\nmoves (${r.moves.length}): ${r.moves.join(', ')}`)
    io.out(
      '\n' +
        table([
          ['length', 'winner', 'mode', 'result', 'largest level', 'seconds'],
          ...r.searches.map((s) => [s.length, s.winner, s.mode, s.result, Math.max(0, ...s.levels).toLocaleString('en-US'), s.seconds.toFixed(1)]),
        ]),
    )
  }
  if (unwritten) return outFailed(unwritten, io, 'players game')
  return r.length !== null ? 0 : 1
}
