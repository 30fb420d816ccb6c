/**
 * `halma players game --preset hexma...`: Hexma's shortest cooperative game (the chain win), by the
 * Hexma domain's level search (shared/engine/hexma): the statement of what was proven, the moves,
 * and each length's search.
 */
import { writeFileAtomic } from '../hosts/node/files'
import { hexmaShortest } from '../shared/engine/hexma/search'
import { formatPlayersDocument } from '../shared/players/document'
import type { PlayersSpec } from '../shared/players/game'
import { json, table, type Io } from './io'
import { UsageError } from './options'
import { budgetOption, numberOption } from './search-run'

export async function runHexmaGame(spec: PlayersSpec, v: Record<string, string | boolean | undefined>, preset: string | undefined, io: Io): Promise<number> {
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
  if (typeof v['out'] === 'string' && r.length !== null) {
    const title = `${r.length}-move Hexma game, ${r.winner} completes her chain, found by halma players game${r.optimal ? ' (shortest)' : ''}`
    try {
      await writeFileAtomic(v['out'], formatPlayersDocument({ ...(preset !== undefined ? { preset } : { game: spec }), lines: [{ title, moves: r.moves.join(', '), notes: r.statement }] }))
    } catch (e) {
      throw new UsageError(`--out: cannot write '${v['out']}': ${(e as Error).message}`)
    }
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
  return r.length !== null ? 0 : 1
}
