/**
 * The shipped documents the Examples menu offers, by kind. Vite gathers them at build time
 * (`import.meta.glob` of each kind's resources folder, as raw text), so this module is read only
 * through Vite (the web build, the desktop renderer, Vitest); the kinds' models do not import it,
 * and a plain Node process (the fuzz suite's runner under tsx) can load every model and the session.
 */
import type { Example } from './kind'

const SHIPPED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  halma: import.meta.glob('../../../resources/problems/*.halma.json', { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
  army: import.meta.glob('../../../resources/armies/*.army.json', { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
  players: import.meta.glob('../../../resources/players/*.players.json', { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
}

/** A kind's shipped documents: by file name (in natural order), titled by their `title` field. */
export function examplesOf(kind: string): Example[] {
  return Object.entries(SHIPPED[kind] ?? {})
    .map(([path, text]) => {
      const name = path.split('/').pop()!
      return { name, text, title: /"title"\s*:\s*"([^"]*)"/.exec(text)?.[1] ?? name }
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
}
