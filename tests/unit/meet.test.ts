/**
 * A proof's meeting (transfer/meet.ts): the odd length's boards passed over without expansion lose
 * no meeting, in memory and on disk; the pass over a level on disk hears a cancel between blocks
 * (core/pace.ts) and leaves none of the keys it asked on disk.
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { boardByName } from '../../src/shared/halma/board'
import { presetProblem } from '../../src/shared/halma/problem'
import { makeRules } from '../../src/shared/halma/rules'
import { expect as unwrap } from '../../src/shared/result'
import { DiskLevel, hitsIn } from '../../src/shared/engine/core/disk-level'
import { CancelledError } from '../../src/shared/engine/core/executor'
import { KeySet, USED } from '../../src/shared/engine/core/keyset'
import { packedStore } from '../../src/shared/engine/core/packed-store'
import { eachState, Pace } from '../../src/shared/engine/core/pace'
import type { SpineDisk } from '../../src/shared/engine/core/spine'
import { grow, KEEP_ALL, lookups, transferContext, transferSearch } from '../../src/shared/engine/transfer/context'
import { TransferDomain } from '../../src/shared/engine/transfer/domain'
import { meetOdd } from '../../src/shared/engine/transfer/meet'
import { folderStore } from '../../src/hosts/node/store'
import { scratchFolders } from '../helpers/scratch'

const scratch = scratchFolders('meet')

/** Every board X of `level` with a move X -> Z, c(Z) >= -c(X), R(Z) in the level: by brute force, every X expanded. */
function meetingBoards(domain: TransferDomain, level: KeySet): Set<string> {
  const space = domain.space
  const from = new Int16Array(8192)
  const to = new Int16Array(8192)
  const key = new Uint32Array(domain.w)
  const found = new Set<string>()
  level.forEach((raw, off) => {
    const x = space.cells(raw, off)
    const cx = x.reduce((s, c) => s + space.cv[c]!, 0)
    space.pack(x, key)
    const n = space.expand(key, 0, from, to)
    for (let j = 0; j < n; j++) {
      const z = x.map((c) => (c === from[j] ? to[j]! : c))
      if (z.reduce((s, c) => s + space.cv[c]!, 0) < -cx) continue
      domain.reflectedKey(z, key)
      if (level.has(key, 0)) found.add(x.join(','))
    }
  })
  return found
}

describe('the meeting of a proof', () => {
  it('an odd length passes over the boards whose best move cannot meet, and loses no meeting (in memory and on disk)', async () => {
    // square4 under 6-move rules on 9x9: 15 moves (odd), so the halves meet at level 7.
    const problem = unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4'))
    const domain = new TransferDomain(problem)
    const ctx = await transferContext(domain, 2 ** 30)
    const run = transferSearch(ctx)
    for (let i = 0; i < 7; i++) await grow(run, KEEP_ALL)
    const level = run.levels[7] as KeySet
    const expected = meetingBoards(domain, level)
    expect(expected.size).toBeGreaterThan(0)
    // The bound passes over some boards, or this test would not test it.
    const space = domain.space
    let passed = 0
    level.forEach((raw, off) => void (2 * space.centroid(raw, off) + space.cvMax - space.cvMin < 0 && passed++))
    expect(passed).toBeGreaterThan(0)
    const boards = (ms: { a: readonly number[] }[]): Set<string> => new Set(ms.map((m) => m.a.join(',')))
    expect(boards(await meetOdd(ctx, level, 7, Infinity))).toEqual(expected)
    // The same level on disk: the keys asked merged against its file.
    const store = packedStore(folderStore(scratch()))
    const onDisk = DiskLevel.write(store, 'level7', level)
    ctx.spine.disk = { store, bufferBytes: 1 << 16 } as SpineDisk
    expect(boards(await meetOdd(ctx, onDisk, 7, Infinity))).toEqual(expected)
    // Each meeting: a and b in the level, and a legal move from a to R(b).
    const image = domain.reflection!
    for (const m of await meetOdd(ctx, onDisk, 7, 3)) {
      const key = new Uint32Array(domain.w)
      space.packCanonical([...m.a], key)
      expect(onDisk.has(key, 0)).toBe(true)
      space.packCanonical([...m.b], key)
      expect(onDisk.has(key, 0)).toBe(true)
      const rb = m.b.map((c) => image[c]!).sort((p, q) => p - q)
      const from = new Int16Array(8192)
      const to = new Int16Array(8192)
      space.pack([...m.a], key)
      const n = space.expand(key, 0, from, to)
      const children = Array.from({ length: n }, (_, j) =>
        m.a
          .map((c) => (c === from[j] ? to[j]! : c))
          .sort((p, q) => p - q)
          .join(','),
      )
      expect(children).toContain(rb.join(','))
    }
  })

  it('a pass over a level on disk hears a cancel between blocks, and the keys it asked go', async () => {
    const dir = scratch()
    const store = packedStore(folderStore(dir))
    const rows = 100_000
    const set = new KeySet(1, rows)
    const key = new Uint32Array(1)
    for (let i = 0; i < rows; i++) {
      key[0] = (i * 2 + 1) | USED
      set.add(key, 0)
    }
    const level = DiskLevel.write(store, 'level', set)
    let ticks = 0
    const reported: number[] = []
    const pace = new Pace(
      () => {
        if (++ticks === 2) throw new CancelledError()
      },
      (done) => reported.push(done),
      0,
    )
    let seen = 0
    const pass = hitsIn(level, 4096, async (lookup) => {
      await eachState(level, pace, (raw, off) => {
        seen++
        lookup.has(raw, off)
      })
    })
    await expect(pass).rejects.toBeInstanceOf(CancelledError)
    // Stopped after its second block, the first reported.
    expect(seen).toBeLessThan(rows)
    expect(reported).toEqual([seen / 2])
    expect(readdirSync(dir).filter((f) => f.includes('asked'))).toEqual([])
  })

  it('a check against a level on disk runs a second time only when the level holds keys it asked for', async () => {
    const problem = unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4'))
    const ctx = await transferContext(new TransferDomain(problem), 2 ** 30)
    const store = packedStore(folderStore(scratch()))
    const set = new KeySet(1, 16)
    const key = new Uint32Array(1)
    for (const v of [2, 4, 6]) {
      key[0] = v | USED
      set.add(key, 0)
    }
    const level = DiskLevel.write(store, 'level', set)
    ctx.spine.disk = { store, bufferBytes: 1 << 16 } as SpineDisk
    const passes = async (asked: number[]): Promise<{ passes: number; yes: number[] }> => {
      const out = { passes: 0, yes: [] as number[] }
      await lookups(ctx, level, (lookup) => {
        out.passes++
        for (const v of asked) {
          key[0] = v | USED
          if (lookup.has(key, 0)) out.yes.push(v)
        }
      })
      return out
    }
    expect(await passes([1, 3, 5])).toEqual({ passes: 1, yes: [] })
    expect(await passes([1, 4, 5, 6])).toEqual({ passes: 2, yes: [4, 6] })
  })
})
