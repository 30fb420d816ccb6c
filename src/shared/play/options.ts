/**
 * The options an engine offers over the protocol (docs/PROTOCOL.md's table): each option's name,
 * type and range as its `option` line states them, the EngineOptions field it sets, and a
 * `setoption`'s value checked and applied (a fault names the option and what is wrong).
 */
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import type { EngineOptions } from './engine'
import { WEIGHT_NAMES } from './evaluate'
import { ALGORITHMS } from './search'

/** The options an engine offers (name, type, range), as `option` lines describe them, and the engine option each sets. */
export interface OptionSpec {
  readonly name: string
  readonly type: 'spin' | 'combo' | 'check'
  readonly min?: number
  readonly max?: number
  readonly vars?: readonly string[]
  /** The EngineOptions field (or the weight) it sets. */
  readonly key: keyof EngineOptions | `weight.${string}`
}

export const ENGINE_OPTIONS: readonly OptionSpec[] = [
  { name: 'Hash', type: 'spin', min: 1, max: 4096, key: 'hashMb' },
  { name: 'Threads', type: 'spin', min: 1, max: 64, key: 'threads' },
  { name: 'Algorithm', type: 'combo', vars: ['auto', ...ALGORITHMS], key: 'algorithm' },
  { name: 'LMR', type: 'check', key: 'lmr' },
  { name: 'Aspiration', type: 'check', key: 'aspiration' },
  { name: 'Ordering', type: 'check', key: 'ordering' },
  { name: 'Replies', type: 'spin', min: 0, max: 10000, key: 'replies' },
  { name: 'Endgame', type: 'spin', min: 0, max: 15, key: 'endgame' },
  { name: 'EndgameNodes', type: 'spin', min: 0, max: 1e9, key: 'endgameNodes' },
  { name: 'EndgameSlack', type: 'spin', min: 0, max: 30, key: 'endgameSlack' },
  { name: 'Room', type: 'spin', min: 0, max: 30, key: 'room' },
  // A level holds up to Beam x her moves (about 80) candidates: some 300 MB at 10,000, 3 GB at 100,000 (more than a worker's heap).
  { name: 'Beam', type: 'spin', min: 1, max: 10000, key: 'beam' },
  { name: 'Horizon', type: 'spin', min: 1, max: 64, key: 'horizon' },
  { name: 'Rival', type: 'spin', min: 0, max: 100, key: 'rival' },
  { name: 'Worlds', type: 'spin', min: 0, max: 1000, key: 'worlds' },
  ...WEIGHT_NAMES.map((w): OptionSpec => ({ name: `Weight_${w}`, type: 'spin', min: -100000, max: 100000, key: `weight.${w}` })),
]

/** An engine's options changed by one `setoption`, or a fault naming the option. */
export function applyOption(o: EngineOptions, name: string, value: string): Result<EngineOptions, Diagnostic> {
  const spec = ENGINE_OPTIONS.find((s) => s.name.toLowerCase() === name.toLowerCase())
  if (!spec) return err(diagnostic('option.unknown', `no option '${name}' (${ENGINE_OPTIONS.map((s) => s.name).join(', ')})`))
  if (spec.type === 'check') {
    if (value !== 'true' && value !== 'false') return err(diagnostic('option.value', `${spec.name}: '${value}' is not true or false`))
    return ok({ ...o, [spec.key]: value === 'true' })
  }
  if (spec.type === 'combo') {
    if (!spec.vars!.includes(value)) return err(diagnostic('option.value', `${spec.name}: '${value}' is not one of ${spec.vars!.join(', ')}`))
    return ok({ ...o, [spec.key]: value })
  }
  const weight = spec.key.startsWith('weight.')
  // Decimal digits only (a weight may be negative or have a fraction), as the command line reads numbers.
  const v = (weight ? /^-?\d{1,9}(\.\d{1,9})?$/ : /^\d{1,15}$/).test(value) ? Number(value) : NaN
  if (!Number.isFinite(v) || v < spec.min! || v > spec.max! || (!weight && !Number.isInteger(v)))
    return err(diagnostic('option.value', `${spec.name}: '${value}' is not ${weight ? 'a number' : 'a whole number'} from ${spec.min} to ${spec.max}`))
  if (weight) return ok({ ...o, weights: { ...o.weights, [spec.key.slice('weight.'.length)]: v } })
  return ok({ ...o, [spec.key]: v })
}

/** The `option` line of an option, its default the engine's current value. */
export function optionLine(s: OptionSpec, o: EngineOptions): string {
  const current = s.key.startsWith('weight.') ? o.weights[s.key.slice('weight.'.length) as keyof EngineOptions['weights']] : o[s.key as keyof EngineOptions]
  return [
    `option name ${s.name} type ${s.type} default ${String(current)}`,
    ...(s.min !== undefined ? [`min ${s.min} max ${s.max}`] : []),
    ...(s.vars ? s.vars.map((v) => `var ${v}`) : []),
  ].join(' ')
}
