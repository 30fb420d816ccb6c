/**
 * `npm run tune`: the evaluation's weights (shared/play/evaluate.ts) tuned by self-play, as engine
 * testing frameworks tune: one weight at a time is moved up or down by a factor, and the engine with
 * the change plays the engine without it (a match of `halma match`'s kind, in-process, node limits,
 * book openings, seats rotated) until a sequential probability ratio test stops the match; a change
 * shown better (H1) is kept. Rounds go through every weight until a round keeps nothing or the
 * rounds run out. Everything is seeded and node-limited: the same command gives the same result.
 *
 * Writes bench/results/tune-<date>.md (every test with its games, score, Elo and LLR) and
 * tune-<date>.json (the weights). shared/play/weights.ts holds the result
 * (tests/unit/play-weights.test.ts checks that it is this file's).
 *
 *   npm run tune -- [--preset star121-3] [--nodes 1500] [--rounds 2] [--max-games 300] [--seed 1]
 *                   [--elo0 0] [--elo1 30] [--start weights.json] [--only lag,camp,blocked,hop,square]
 *                   [--try square=150,lag=45]
 *
 * `--try` tests the named changes instead of the schedule (one test each, from the start weights;
 * a change shown better is kept). A second run on the same day adds its table to the day's .md.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { openingBook } from '../src/shared/play/book'
import { EngineContestant } from '../src/shared/play/contestant'
import { eloEstimate } from '../src/shared/play/elo'
import { WEIGHT_NAMES, type Weights } from '../src/shared/play/evaluate'
import { runMatch } from '../src/shared/play/match'
import { variantOfPreset, withSpoilingRule } from '../src/shared/play/variant'

const args = process.argv.slice(2)
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1]! : fallback
}
const preset = flag('preset', 'star121-3')
const nodes = Number(flag('nodes', '1500'))
const rounds = Number(flag('rounds', '2'))
const maxGames = Number(flag('max-games', '300'))
const seed = Number(flag('seed', '1'))
const elo0 = Number(flag('elo0', '0'))
const elo1 = Number(flag('elo1', '30'))
/** The weights tuned (default: all but dist, the unit, and reach and moves, which cost a move generation per evaluation or a table per search). */
const only = flag('only', 'lag,camp,blocked,hop,square').split(',')
/** Changes named on the command line ("square=150"), tested instead of the schedule. */
const tries: [keyof Weights, number][] = flag('try', '')
  .split(',')
  .filter((x) => x !== '')
  .map((x) => {
    const [k, v] = x.split('=')
    if (!(WEIGHT_NAMES as readonly string[]).includes(k!) || !/^-?\d+$/.test(v ?? '')) throw new Error(`--try: '${x}' is not NAME=WHOLE NUMBER (${WEIGHT_NAMES.join(', ')})`)
    return [k as keyof Weights, Number(v)]
  })
const start: Weights = args.includes('--start')
  ? (JSON.parse(readFileSync(flag('start', ''), 'utf8')) as Weights)
  : { dist: 100, lag: 30, camp: 0, blocked: 30, hop: 0, reach: 0, square: 0, moves: 0, trapped: 0 }

const base = variantOfPreset(preset)
const variant = withSpoilingRule(base, 'vacate')
const N = variant.armies.length
const date = new Date().toISOString().slice(0, 10)
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const command = `npm run tune -- ${args.join(' ')}`.trim()
const log: string[] = [
  `# Tuning the evaluation by self-play, ${date}`,
  '',
  `Command: \`nice -n 10 ${command}\`. Machine: ${machine}.`,
  `Game: ${variant.title} with the vacate rule; ${nodes} nodes a move; weights tuned: ${tries.length > 0 ? `the changes tried (${tries.map(([k, v]) => `${k} = ${v}`).join(', ')})` : only.join(', ')}; each test a match of the changed engine (seat 0 of the lineup) against the current one on the other seats, seats rotated, book openings (${2 * N} moves, seed ${seed} + test number); SPRT elo0 ${elo0}, elo1 ${elo1}, alpha = beta = 0.1, at most ${maxGames} games.`,
  '',
  `Start: \`${JSON.stringify(start)}\``,
  '',
  '| test | change | games | score | Elo (95 %) | LLR | verdict | kept |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
]
let current = { ...start }
let test = 0
const t0 = performance.now()

/** The changed weight: a factor of 1.5 up or down, or a step from zero. */
function changed(w: Weights, name: keyof Weights, up: boolean): Weights {
  const v = w[name]
  const step: Record<keyof Weights, number> = { dist: 20, lag: 15, camp: 10, blocked: 15, hop: 10, reach: 20, square: 5, moves: 100, trapped: 100 }
  const next = v === 0 ? (up ? step[name] : -step[name]) : Math.round(up ? v * 1.5 : v / 1.5)
  return { ...w, [name]: next }
}

/** Each round's tests: per weight tuned, up then down (the second only if the first is not kept); or the changes tried. */
const schedule = (): (readonly ((w: Weights) => Weights)[])[] =>
  tries.length > 0
    ? tries.map(([k, v]) => [(w: Weights): Weights => ({ ...w, [k]: v })])
    : WEIGHT_NAMES.filter((name) => only.includes(name)).map((name) => [true, false].map((up) => (w: Weights) => changed(w, name, up)))

for (let round = 1; round <= (tries.length > 0 ? 1 : rounds); round++) {
  let kept = 0
  for (const alternatives of schedule()) {
    for (const change of alternatives) {
      test++
      const challenger = change(current)
      const name = (Object.keys(challenger) as (keyof Weights)[]).find((k) => challenger[k] !== current[k]) ?? 'dist'
      const openings = openingBook(variant, Math.ceil(maxGames / N), 2 * N, seed + test)
      const contestants = [new EngineContestant('test', { weights: challenger }, { nodes }), new EngineContestant('base', { weights: current }, { nodes })]
      const lineup = [0, ...Array.from({ length: N - 1 }, () => 1)]
      const r = await runMatch({ variant, source: base.source, spoiling: 'vacate', contestants, lineup, openings, maxPlies: 200 * N, sprt: { elo0, elo1, alpha: 0.1, beta: 0.1, test: 0, base: 1 } })
      const t = r.tallies[0]![1]!
      const e = eloEstimate(t)
      const verdict = r.sprt?.verdict ?? 'none'
      const keep = verdict === 'H1'
      log.push(
        `| ${test} | ${name} ${current[name]} -> ${challenger[name]} | ${r.games.length} | ${(e.score * 100).toFixed(1)} % | ${e.elo >= 0 ? '+' : ''}${e.elo.toFixed(0)} ± ${e.error.toFixed(0)} | ${r.sprt?.llr.toFixed(2)} | ${verdict === 'none' ? 'undecided at the cap' : verdict} | ${keep ? 'yes' : 'no'} |`,
      )
      console.log(log.at(-1), `(${((performance.now() - t0) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(1)})`)
      if (keep) {
        current = challenger
        kept++
        break
      }
    }
  }
  if (kept === 0) break
}
log.push('', `Result (${((performance.now() - t0) / 60000).toFixed(0)} min): \`${JSON.stringify(current)}\``)
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true })
const md = join(import.meta.dirname, `results/tune-${date}.md`)
// An earlier run of the day stays above this one (the .json holds the newest result).
const earlier = existsSync(md) ? readFileSync(md, 'utf8').trimEnd() + '\n\n' + log[0]!.replace('# ', '## A later run: ') + '\n' : ''
writeFileSync(md, (earlier !== '' ? earlier + log.slice(1).join('\n') : log.join('\n')) + '\n')
writeFileSync(join(import.meta.dirname, `results/tune-${date}.json`), JSON.stringify({ command, preset, nodes, weights: current }, null, 2) + '\n')
console.log(log.join('\n'))
