/**
 * An integer program with integer data (minimise cost.x subject to row bounds and finite column
 * bounds), the form the exact certificate check (certificate.ts) reads, and its CPLEX LP text for
 * a solver. Rational data is scaled to integers by whoever builds the program, rounding so that
 * the program stays a relaxation of the exact one.
 */

/** One row: lower <= sum coefs[k] x[cols[k]] <= upper (null: no bound on that side). */
export interface IntRow {
  readonly name: string
  readonly lower: bigint | null
  readonly upper: bigint | null
  readonly cols: readonly number[]
  readonly coefs: readonly bigint[]
}

/** An integer program with integer data and finite column bounds (minimise cost.x). */
export interface IntProgram {
  readonly cols: readonly string[]
  readonly cost: readonly bigint[]
  readonly lower: readonly bigint[]
  readonly upper: readonly bigint[]
  /** Whether each column must take an integer value (only those may be branched on). */
  readonly integer: readonly boolean[]
  readonly rows: readonly IntRow[]
}

/** The program as CPLEX LP text (names as in `cols` and each row's `name`); `relax`: no integrality. */
export function programLp(p: IntProgram, options: { readonly relax?: boolean; readonly extraRows?: readonly IntRow[] } = {}): string {
  const term = (c: bigint, name: string, first: boolean): string => {
    const sign = c < 0n ? '-' : first ? '' : '+'
    const abs = c < 0n ? -c : c
    return `${sign}${sign === '' ? '' : ' '}${abs === 1n ? '' : `${abs} `}${name}`
  }
  const linear = (cols: readonly number[], coefs: readonly bigint[]): string => {
    const parts: string[] = []
    cols.forEach((j, k) => {
      if (coefs[k] !== 0n) parts.push(term(coefs[k]!, p.cols[j]!, parts.length === 0))
    })
    return parts.length === 0 ? '0 ' + p.cols[0] : parts.join(' ')
  }
  const costCols = p.cost.flatMap((c, j) => (c !== 0n ? [j] : []))
  const lines = ['Minimize', ` obj: ${linear(costCols, costCols.map((j) => p.cost[j]!))}`, 'Subject To']
  for (const r of [...p.rows, ...(options.extraRows ?? [])]) {
    const body = linear(r.cols, r.coefs)
    if (r.lower !== null && r.upper !== null && r.lower === r.upper) lines.push(` ${r.name}: ${body} = ${r.lower}`)
    else {
      if (r.lower !== null) lines.push(` ${r.name}_lo: ${body} >= ${r.lower}`)
      if (r.upper !== null) lines.push(` ${r.name}_up: ${body} <= ${r.upper}`)
    }
  }
  lines.push('Bounds')
  p.cols.forEach((name, j) => lines.push(p.lower[j] === p.upper[j] ? ` ${name} = ${p.lower[j]}` : ` ${p.lower[j]} <= ${name} <= ${p.upper[j]}`))
  const ints = options.relax ? [] : p.cols.filter((_, j) => p.integer[j])
  if (ints.length > 0) {
    lines.push('General')
    for (let i = 0; i < ints.length; i += 20) lines.push(` ${ints.slice(i, i + 20).join(' ')}`)
  }
  lines.push('End')
  return lines.join('\n')
}
