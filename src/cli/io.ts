/** Where a command writes, so that commands run the same from the terminal and from tests. */
export interface Io {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  /** Standard input, or undefined when it is a terminal. */
  readonly stdin: () => string | undefined
  /** Whether `out` is a terminal (progress bars, colour). */
  readonly tty: boolean
}

/** A plain text table: columns padded to their widest cell; `>` in align right-aligns a column. */
export function table(rows: readonly (readonly (string | number)[])[], align = ''): string {
  const cells = rows.map((r) => r.map(String))
  const widths: number[] = []
  for (const r of cells) r.forEach((c, k) => (widths[k] = Math.max(widths[k] ?? 0, c.length)))
  return cells
    .map((r) =>
      r
        .map((c, k) => (align[k] === '>' ? c.padStart(widths[k]!) : c.padEnd(widths[k]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** JSON, two-space indented, with arrays of numbers or short strings kept on one line. */
export function json(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /\[\s*\n\s*((?:-?[\d.]+|null|"[^"\n]{0,40}")(?:,\s*\n\s*(?:-?[\d.]+|null|"[^"\n]{0,40}"))*)\s*\n\s*\]/g,
    (_, items: string) => `[${items.split(/,\s*\n\s*/).join(', ')}]`,
  )
}

/** "1 move", "27 moves". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** The threads a search ran on, from its worker threads (0: it ran on the main thread alone). */
export function threadsRun(workers: number): string {
  return workers === 0 ? '1 thread (no worker threads)' : plural(workers, 'thread')
}
