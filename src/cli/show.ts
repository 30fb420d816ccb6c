/** `halma show`: a text diagram of a problem's start, or of the position after move K. */
import { diagram } from '../shared/halma/diagram'
import { json, type Io } from './io'
import { loadProblem, MOVES_OPTIONS, parse, PROBLEM_OPTIONS } from './options'
import { AFTER_OPTION, locate } from './position-options'

export const SHOW_HELP = `halma show: a text diagram of a position

  halma show --army triangle10 --board 9x9
  halma show --problem file.halma.json --solution 1 --after 14 --types

x blue men, o red men, . empty, + empty target cells; the last move's cells are marked
(upper-case man, * for cells passed through). Options as verify, plus:
  --after K   the position after move K (default: the end of the given moves)
  --types     type labels 0-3 on empty cells
  --hex       shift rows as on the triangular lattice (6-move rules)
  --plain     no coordinates`

export function runShow(argv: string[], io: Io): number {
  const v = parse(argv, {
    ...PROBLEM_OPTIONS,
    ...MOVES_OPTIONS,
    ...AFTER_OPTION,
    types: { type: 'boolean' },
    hex: { type: 'boolean' },
    plain: { type: 'boolean' },
  })
  if (v['help']) {
    io.out(SHOW_HELP)
    return 0
  }
  const loaded = loadProblem(v)
  const at = locate(v, loaded, io)
  const p = loaded.problem
  const text = diagram(at.position, {
    target: p.armies[0]!.target,
    types: v['types'] === true,
    hex: v['hex'] === true || (p.board.lattice === 'triangular' && v['hex'] !== false),
    coordinates: v['plain'] !== true,
    highlight: at.lastPath,
  })
  if (v['json']) {
    io.out(json({ after: at.played, diagram: text.split('\n') }))
    return 0
  }
  io.out(`${p.title}\n${at.played === 0 ? 'start' : `after move ${at.played}`}\n\n${text}`)
  return 0
}
