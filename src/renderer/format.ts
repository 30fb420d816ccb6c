/** Numbers as the panels show them. */

export const count = (n: number): string => Math.round(n).toLocaleString('en-US')

export function bytes(n: number): string {
  if (n < 2 ** 20) return `${(n / 2 ** 10).toFixed(0)} KB`
  if (n < 2 ** 30) return `${(n / 2 ** 20).toFixed(0)} MB`
  return `${(n / 2 ** 30).toFixed(2)} GB`
}

export function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)}M/s`
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(0)}k/s`
  return `${perSecond.toFixed(0)}/s`
}

export const seconds = (s: number): string => (s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`)
