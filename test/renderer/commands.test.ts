import { describe, expect, it } from 'vitest';
import { assertUnique, formatKeybinding, matchesKeybinding, type Command } from '../../renderer/src/commands/registry';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('command keybindings', () => {
  it('reads Mod as Ctrl off macOS and Cmd on macOS', () => {
    expect(matchesKeybinding(key('k', { ctrlKey: true }), 'Mod+K', false)).toBe(true);
    expect(matchesKeybinding(key('k', { metaKey: true }), 'Mod+K', false)).toBe(false);
    expect(matchesKeybinding(key('k', { metaKey: true }), 'Mod+K', true)).toBe(true);
    expect(matchesKeybinding(key('k', { ctrlKey: true }), 'Mod+K', true)).toBe(false);
  });

  it('requires exactly the modifiers of the binding', () => {
    expect(matchesKeybinding(key('L', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+L', false)).toBe(true);
    expect(matchesKeybinding(key('l', { ctrlKey: true }), 'Mod+Shift+L', false)).toBe(false);
    expect(matchesKeybinding(key('k', { ctrlKey: true, shiftKey: true }), 'Mod+K', false)).toBe(false);
    expect(matchesKeybinding(key('F2'), 'F2', false)).toBe(true);
  });

  it('shows bindings the way each platform writes them', () => {
    expect(formatKeybinding('Mod+Shift+L', false)).toBe('Ctrl+Shift+L');
    expect(formatKeybinding('Mod+Shift+L', true)).toBe('⌘⇧L');
  });

  it('refuses two commands with one id or one binding', () => {
    const c = (id: string, keybinding?: string): Command => ({
      id,
      label: id,
      category: 'View',
      keybinding,
      perform: () => undefined,
    });
    expect(() => assertUnique([c('a', 'Mod+K'), c('b', 'Mod+J')])).not.toThrow();
    expect(() => assertUnique([c('a'), c('a')])).toThrow(/id:a/);
    expect(() => assertUnique([c('a', 'Mod+K'), c('b', 'Mod+K')])).toThrow(/key:Mod\+K/);
  });
});
