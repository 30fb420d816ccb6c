/**
 * The games the engine did not win in a match against the greedy player (bench/play.ts, part
 * `greedy`): replayed from the match's saved document, each with where the engine stood when the
 * game ended (its distance still to go, its men outside its target) and whether another army's man
 * held a cell of its target, the one thing it cannot hurry. The lost games are kept as a players
 * document of their own (a few lines: the workbench opens it and steps through them).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { evalTablesOf } from '../../src/shared/play/evaluate'
import { parseMove } from '../../src/shared/play/notation'
import { MAX_MOVES, moveFrom, moveTo, Position } from '../../src/shared/play/position'
import { cellNameOf, type Variant } from '../../src/shared/play/variant'

interface Line {
  readonly title: string
  readonly moves: string
}

/** One game the engine did not win. */
export interface Lost {
  readonly game: number
  readonly engine: string
  readonly winner: string
  readonly moves: number
  /** The engine's own moves, and the winner's. */
  readonly own: number
  /** The engine's distance still to go and its men outside its target at the end. */
  readonly distance: number
  readonly outside: number
  /** Other armies' men on the engine's target at the end ("h5 (blue, can leave)"). */
  readonly blockers: readonly string[]
}

/**
 * Replay the saved games whose title names the engine's army ("blue engine") and list those it did
 * not win; the lost lines written to `lostFile` as a document of the same game.
 */
export function lostGames(v: Variant, savedFile: string, engineName: string, lostFile: string): Lost[] {
  const doc = JSON.parse(readFileSync(savedFile, 'utf8')) as { lines: Line[] } & Record<string, unknown>
  const lost: Lost[] = []
  const kept: Line[] = []
  const buf = new Int32Array(MAX_MOVES)
  doc.lines.forEach((line, i) => {
    const m = new RegExp(`(\\w+) ${engineName}\\b`).exec(line.title)
    const a = v.armies.findIndex((x) => x.name === m?.[1])
    if (a < 0) throw new Error(`game ${i + 1}: no army named for '${engineName}' in '${line.title}'`)
    const pos = Position.start(v)
    let own = 0
    for (const text of line.moves.split(', ')) {
      const r = parseMove(pos, text)
      if (!r.ok) throw new Error(`game ${i + 1}: ${r.error.message}`)
      if (pos.turn === a) own++
      pos.make(r.value)
    }
    if (pos.winner === a) return
    kept.push(line)
    const e = evalTablesOf(pos.t)
    let distance = -e.base[a]!
    for (let k = 0; k < pos.t.men; k++) distance += e.goal[a * e.n + pos.cells[a]![k]!]!
    const blockers: string[] = []
    for (const c of v.armies[a]!.target) {
      const o = pos.owner[c]!
      if (o < 0 || o === a) continue
      const n = pos.generate(buf, 0, o)
      let leaves = false
      for (let k = 0; k < n; k++) if (moveFrom(buf[k]!) === c && !pos.t.inTarget[a]![moveTo(buf[k]!)]) leaves = true
      blockers.push(`${cellNameOf(v, c)} (${v.armies[o]!.name}${leaves ? '' : ', cannot leave'})`)
    }
    lost.push({
      game: i + 1,
      engine: v.armies[a]!.name,
      winner: pos.winner >= 0 ? v.armies[pos.winner]!.name : 'none',
      moves: line.moves.split(', ').length,
      own,
      distance,
      outside: pos.t.men - pos.home[a]!,
      blockers,
    })
  })
  writeFileSync(
    lostFile,
    JSON.stringify({ ...doc, title: `the games the engine did not win (${kept.length} of ${doc.lines.length})`, lines: kept }, null, 2) +
      '\n',
  )
  return lost
}
