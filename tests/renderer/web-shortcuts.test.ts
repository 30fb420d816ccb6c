// Keyboard shortcuts of the browser workbench: the desktop menus' accelerators as commands.
import { describe, expect, it } from 'vitest'
import { shortcut } from '../../src/renderer/api/web'

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('browser shortcuts', () => {
  it.each([
    [key('s', { ctrlKey: true }), { name: 'save' }],
    [key('S', { ctrlKey: true, shiftKey: true }), { name: 'save-as' }],
    [key('o', { metaKey: true }), { name: 'open' }],
    [key('z', { ctrlKey: true }), { name: 'undo' }],
    [key('Z', { ctrlKey: true, shiftKey: true }), { name: 'redo' }],
    [key('y', { ctrlKey: true }), { name: 'redo' }],
    [key('s'), undefined],
    [key('s', { ctrlKey: true, altKey: true }), undefined],
  ])('%j -> %j', (e, command) => {
    expect(shortcut(e, false)).toEqual(command)
  })

  it('leaves undo and redo to a focused text field, but not save', () => {
    expect(shortcut(key('z', { ctrlKey: true }), true)).toBeUndefined()
    expect(shortcut(key('y', { ctrlKey: true }), true)).toBeUndefined()
    expect(shortcut(key('s', { ctrlKey: true }), true)).toEqual({ name: 'save' })
  })
})
