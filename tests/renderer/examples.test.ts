// The Examples menu (issue 27: the web build could open only the shipped armies): every document
// the workbench ships, of every kind, is offered by its kind, is claimed by that kind when opened
// (Open reads a text by the kind that claims it), loads, and its first stored line plays to its end
// with no fault. defects-view.e2e checks the menu offers exactly the files in resources/.
import { describe, expect, it } from 'vitest'
import { KIND_LIST, kindOfText } from '../../src/renderer/frame/kinds'
import { openingShown } from '../../src/renderer/frame/line'
import { examplesOf } from '../../src/renderer/frame/examples'

describe('the shipped examples', () => {
  it('every kind offers its shipped documents', () => {
    for (const k of KIND_LIST) expect(examplesOf(k.id).length, k.id).toBeGreaterThan(0)
  })

  for (const kind of KIND_LIST)
    for (const e of examplesOf(kind.id))
      it(`${kind.id}: ${e.name} is claimed by its kind, loads and plays`, () => {
        expect(e.name.endsWith(kind.suffix)).toBe(true)
        expect(kindOfText(e.text).id).toBe(kind.id)
        const doc = kind.parse(e.text, e.name)
        if (!doc.ok) throw new Error(doc.error)
        expect(kind.title(doc.value)).not.toBe('')
        expect(openingShown(kind, doc.value).fault).toBeNull()
      })
})
