import { PICK_COLOUR } from '../../board/paint'
import { ARMY_COLOURS, PATH_ON_LADDERS, TYPE_COLOURS, TYPE_DASHES } from '../../board/palette'

/**
 * Help in place: what each measure and overlay means, a sentence each, with the section of George
 * I. Bell, "The shortest game of Chinese Checkers and related problems" (INTEGERS 9, 2009) where it
 * is defined. Shown beside the measures and the overlays (HelpTip.vue), and in the board's colour
 * key (BoardKey.vue).
 */

/** Where a term is defined in the paper. */
export interface PaperSection {
  readonly number: string
  readonly title: string
}

export interface HelpEntry {
  /** The term as the workbench writes it. */
  readonly term: string
  /** One sentence: what it is and why it matters. */
  readonly text: string
  readonly section: PaperSection
}

export const HELP_TOPICS = ['centroid', 'sym', 'types', 'distance', 'ladders'] as const
export type HelpTopic = (typeof HELP_TOPICS)[number]

/** Each term as the workbench writes it, and the section of the paper that defines it. */
const TERMS: Readonly<Record<HelpTopic, readonly [term: string, section: string, title: string]>> = {
  centroid: ['c(A)', '3.1', 'Centroids and Bounds'],
  sym: ['sym(A)', '3.3', 'Symmetry and Palindromes'],
  types: ['types 0-3', '2.1', 'Types of Men'],
  distance: ['d to target', '2.3', 'A Lower Bound on Game Length'],
  ladders: ['ladders', '2.2', 'Ladders'],
}

/** What each term is and why it matters, a sentence each. */
const TEXTS: Readonly<Record<HelpTopic, string>> = {
  centroid: "The army's diagonal centroid: the sum of x − y over its men (Cartesian coordinates from the board's centre), which grows as the army advances (from −60 to +60 for the 10 men of Chinese Checkers); Theorem 2 bounds how much one move can change it, which bounds how short a solution can be.",
  sym: "The army's symmetry: how many of its men have their mirror cell across the line x = y occupied by the army too; it is |A| only for a mirror-symmetric army and changes by at most 2 a move, so a palindromic solution must reach |A| (or |A| − 1) at its middle.",
  types: "Each cell has a type 0-3 by the parity of its column and row (a checkered pattern of four); a jump never changes a man's type, only a step does, so the men of each type at the start and in the target say which steps a solution cannot avoid.",
  distance: "d(A, B): the fewest steps between a man not yet home and an empty target cell, under the rules' norm (the distance between two sets of cells, equations 3 and 4); 0 once every man is home.",
  ladders: 'A ladder is a chain of men that other men jump along in one long move; one built of type 0 and 3 men (a "0&3 ladder") carries men of types 1 and 2, and the other way round, so a fast transfer of a whole army needs ladders of both kinds.',
}

export const HELP: Readonly<Record<HelpTopic, HelpEntry>> = Object.fromEntries(
  HELP_TOPICS.map((t) => {
    const [term, number, title] = TERMS[t]
    return [t, { term, text: TEXTS[t], section: { number, title } }]
  }),
) as Record<HelpTopic, HelpEntry>

/** The reference a help entry gives: "Bell 2009, section 2.2 (Ladders)". */
export function sectionText(entry: HelpEntry): string {
  return `Bell 2009, section ${entry.section.number} (${entry.section.title})`
}

/** What the board's colours mean: the colour key under the board. */
export interface KeyEntry {
  /** A swatch's shape: a filled man, a ring, a line, a dot. */
  readonly shape: 'man' | 'ring' | 'line' | 'dot' | 'halo'
  readonly colour: string
  readonly text: string
  /** The line's dash, for 'line'. */
  readonly dash?: readonly number[]
  /** A help topic to read more, if any. */
  readonly topic?: HelpTopic
}

/** The overlays that add to the key. */
export interface KeyOverlays {
  readonly types: boolean
  readonly ladders: boolean
  readonly mirror: boolean
}

/**
 * The board's colour key: the armies, the target, the current move and the destinations, and the
 * marks of the overlays that are on (the colours draw.ts uses).
 */
export function boardKey(armies: readonly string[], overlays: KeyOverlays): KeyEntry[] {
  const out: KeyEntry[] = armies.map((name, a) => ({ shape: 'man', colour: ARMY_COLOURS[a] ?? '#555555', text: `${name} men` }))
  out.push({ shape: 'ring', colour: '#c9a227', text: 'target cells (the ring stays over a man who is home)' })
  out.push({
    shape: 'line',
    colour: overlays.ladders ? PATH_ON_LADDERS : (ARMY_COLOURS[0] ?? '#555555'),
    text: 'the last move, hop by hop',
  })
  out.push({ shape: 'ring', colour: PICK_COLOUR, text: 'the man picked to move (a black ring)' })
  out.push({ shape: 'dot', colour: PICK_COLOUR, text: 'where the picked man may go' })
  if (overlays.types) out.push({ shape: 'dot', colour: '#7b7262', text: 'type labels 0-3 on the cells (white on a man)', topic: 'types' })
  if (overlays.ladders) {
    out.push({ shape: 'halo', colour: '#f2c230', text: "a ladder's rung man, with its key (A, B, ...)", topic: 'ladders' })
    for (let t = 0; t < 4; t++)
      out.push({ shape: 'line', colour: TYPE_COLOURS[t]!, dash: TYPE_DASHES[t]!, text: `a lane carrying type ${t} men`, topic: 'ladders' })
  }
  if (overlays.mirror) {
    out.push({ shape: 'line', colour: '#2f8f46', dash: [3, 2], text: 'the mirror line x = y' })
    out.push({ shape: 'ring', colour: '#2f8f46', text: 'a man counted in sym(A)', topic: 'sym' })
  }
  return out
}
