// axe-core in the page, for every end-to-end spec: the serious and critical violations of the page
// as it is, one line each (the rule, the element, what fails). The page must be opened with
// bypassCSP: axe-core goes in as an inline script, which the workbench's policy forbids.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Every impact axe-core gives, for a screen that must be wholly clean. */
export const ALL_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const

/** The violations in the whole page, or inside the element `within` (a CSS selector) when given; `impacts`: which count. */
export async function axeViolations(page: Page, within?: string, impacts: readonly string[] = ['serious', 'critical']): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE })
  const found = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (c: Element | Document, o: object) => Promise<{ violations: unknown[] }> } }).axe
    const r = await axe.run(sel ? document.querySelector(sel)! : document, { resultTypes: ['violations'] })
    return r.violations as { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[]
  }, within)
  return found
    .filter((v) => impacts.includes(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`))
}
