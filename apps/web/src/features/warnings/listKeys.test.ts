import { describe, expect, it } from 'vitest';
import { listKeyAction, moveCursor } from './listKeys';

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const cell = { tagName: 'TD', isContentEditable: false, closest: () => null } as unknown as HTMLElement;
const field = { tagName: 'TEXTAREA', isContentEditable: false, closest: () => null } as unknown as HTMLElement;

describe('the warning list keys', () => {
  it('moves with the arrows and j/k, handles with Enter or h, opens the detail with o', () => {
    expect(listKeyAction(key('ArrowDown'), cell, false)).toEqual({ move: 1 });
    expect(listKeyAction(key('j'), cell, false)).toEqual({ move: 1 });
    expect(listKeyAction(key('ArrowUp'), cell, false)).toEqual({ move: -1 });
    expect(listKeyAction(key('Enter'), cell, false)).toEqual({ act: 'handle' });
    expect(listKeyAction(key('h'), null, false)).toEqual({ act: 'handle' });
    expect(listKeyAction(key('o'), cell, false)).toEqual({ act: 'detail' });
    expect(listKeyAction(key('x'), cell, false)).toBeNull();
  });

  it('leaves keys typed in fields, with modifiers, or under a dialog alone', () => {
    expect(listKeyAction(key('j'), field, false)).toBeNull();
    expect(listKeyAction(key('Enter', { ctrlKey: true }), cell, false)).toBeNull();
    expect(listKeyAction(key('Enter'), cell, true)).toBeNull();
    const button = { tagName: 'BUTTON', isContentEditable: false, closest: () => null } as unknown as HTMLElement;
    expect(listKeyAction(key('Enter'), button, false)).toBeNull();
    expect(listKeyAction(key('ArrowDown'), button, false)).toEqual({ move: 1 });
  });

  it('starts on the first row and stays within the page', () => {
    expect(moveCursor(-1, 1, 10)).toBe(0);
    expect(moveCursor(0, -1, 10)).toBe(0);
    expect(moveCursor(9, 1, 10)).toBe(9);
    expect(moveCursor(4, 1, 10)).toBe(5);
    expect(moveCursor(3, 1, 0)).toBe(-1);
  });
});
