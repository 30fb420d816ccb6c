/**
 * The box a canvas host is given (CSS pixels), followed by a ResizeObserver from mount to unmount:
 * a host of no height yet counts as twice as tall as wide (the board then takes its width). Shared
 * by the army and N-player canvases.
 */
import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

export function useHostBox(host: Ref<HTMLElement | undefined>, initial = { width: 560, height: 560 }): Ref<{ width: number; height: number }> {
  const box = ref({ ...initial })
  let observer: ResizeObserver | undefined
  onMounted(() => {
    if (!host.value) return
    observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      const { width, height } = entry.contentRect
      const next = { width, height: height > 0 ? height : width * 2 }
      if (next.width !== box.value.width || next.height !== box.value.height) box.value = next
    })
    observer.observe(host.value)
  })
  onBeforeUnmount(() => observer?.disconnect())
  return box
}
