import { onBeforeUnmount, ref, type Ref } from 'vue'

/** Whether a media query matches, kept up to date while the component lives. */
export function useMedia(query: string): Ref<boolean> {
  const list = window.matchMedia(query)
  const matches = ref(list.matches)
  const on = (e: MediaQueryListEvent): void => void (matches.value = e.matches)
  list.addEventListener('change', on)
  onBeforeUnmount(() => list.removeEventListener('change', on))
  return matches
}

/**
 * Splitpanes makes its splitters focusable separators (the arrow keys move them) but gives them no
 * value, which a focusable separator must have (WAI-ARIA; axe-core reports it as critical). This
 * keeps each splitter's aria-valuenow at the size of the pane before it, in percent, and names it
 * by the panes it divides (issue 16, defect 16).
 */
export function describeSplitters(root: HTMLElement): () => void {
  const update = (): void => {
    for (const s of root.querySelectorAll<HTMLElement>('.splitpanes__splitter[role=separator]')) {
      const before = s.previousElementSibling as HTMLElement | null
      const after = s.nextElementSibling as HTMLElement | null
      if (!before || !after) continue
      const horizontal = s.getAttribute('aria-orientation') === 'horizontal'
      const size = parseFloat(horizontal ? before.style.height : before.style.width)
      const value = String(Math.round(Number.isFinite(size) ? size : 50))
      if (s.getAttribute('aria-valuenow') !== value) s.setAttribute('aria-valuenow', value)
      s.setAttribute('aria-valuemin', '0')
      s.setAttribute('aria-valuemax', '100')
      const name = `resize: ${before.dataset['name'] ?? 'pane'} | ${after.dataset['name'] ?? 'pane'}`
      if (s.getAttribute('aria-label') !== name) s.setAttribute('aria-label', name)
    }
  }
  const observer = new MutationObserver(update)
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] })
  update()
  return () => observer.disconnect()
}
