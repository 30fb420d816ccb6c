// Help in place: each measure and overlay has a sentence and the paper's section (the numbers and
// titles of Bell 2009's sections 2.1-3.3); the board's colour key lists the overlays' marks only
// while they are on, each with its help topic.
import { describe, expect, it } from 'vitest'
import { boardKey, HELP, HELP_TOPICS, sectionText } from '../../src/renderer/kinds/halma/help'
import { TYPE_COLOURS } from '../../src/renderer/board/palette'

describe('help texts', () => {
  it('give each topic one sentence and its section of the paper', () => {
    expect(HELP_TOPICS.map((t) => sectionText(HELP[t]))).toEqual([
      'Bell 2009, section 3.1 (Centroids and Bounds)',
      'Bell 2009, section 3.3 (Symmetry and Palindromes)',
      'Bell 2009, section 2.1 (Types of Men)',
      'Bell 2009, section 2.3 (A Lower Bound on Game Length)',
      'Bell 2009, section 2.2 (Ladders)',
    ])
    for (const t of HELP_TOPICS) {
      const text = HELP[t].text
      expect(text.endsWith('.')).toBe(true)
      // One sentence: no full stop before the end but inside parentheses or quotes.
      expect(
        text
          .slice(0, -1)
          .replace(/\([^)]*\)/g, '')
          .includes('. '),
      ).toBe(false)
    }
  })
})

describe('the colour key', () => {
  it('lists the armies and the target always, the overlays marks only while on', () => {
    const plain = boardKey(['blue'], { types: false, ladders: false, mirror: false })
    expect(plain.map((e) => e.text)).toEqual([
      'blue men',
      'target cells (the ring stays over a man who is home)',
      'the last move, hop by hop',
      'the man picked to move (a black ring)',
      'where the picked man may go',
    ])
    // The pick is drawn apart from the target's gold and from every army's colour (issue 27, defect 14).
    const pick = plain.filter((e) => e.text.includes('picked'))
    expect(new Set(pick.map((e) => e.colour)).size).toBe(1)
    for (const p of pick) expect([...plain.filter((e) => !e.text.includes('picked')).map((e) => e.colour)]).not.toContain(p.colour)
    const all = boardKey(['blue', 'red'], { types: true, ladders: true, mirror: true })
    expect(all.filter((e) => e.shape === 'man').map((e) => e.text)).toEqual(['blue men', 'red men'])
    const lanes = all.filter((e) => e.text.startsWith('a lane carrying'))
    expect(lanes.map((e) => e.colour)).toEqual([...TYPE_COLOURS])
    expect(lanes.every((e) => e.topic === 'ladders')).toBe(true)
    expect(all.find((e) => e.text === 'a man counted in sym(A)')?.topic).toBe('sym')
    expect(all.find((e) => e.text.startsWith('type labels'))?.topic).toBe('types')
  })
})
