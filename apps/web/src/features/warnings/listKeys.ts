import { useEffect, useState } from 'react';

/** What a key does on the warning list; null when the list does not take it. */
export type ListKeyAction = { move: -1 | 1 } | { act: 'handle' | 'detail' } | null;

/**
 * The list's keys: ↑/↓ (or k/j) move the current row, Enter (or h) handles it, o opens its detail.
 * Keys typed into a field, with a modifier, or while a dialog is open are not the list's; nor is Enter
 * on a focused button.
 */
export function listKeyAction(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, target: EventTarget | null, dialogOpen: boolean): ListKeyAction {
  if (dialogOpen || e.ctrlKey || e.metaKey || e.altKey) return null;
  const el = target as HTMLElement | null;
  if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.closest?.('.ant-select, .ant-picker, .ant-dropdown'))) return null;
  // On a focused button or link (查询 just clicked, say) Enter is that control's; the other keys are the list's.
  const onControl = el !== null && /^(BUTTON|A)$/.test(el.tagName);
  switch (e.key) {
    case 'ArrowDown':
    case 'j':
      return { move: 1 };
    case 'ArrowUp':
    case 'k':
      return { move: -1 };
    case 'Enter':
      return onControl ? null : { act: 'handle' };
    case 'h':
      return { act: 'handle' };
    case 'o':
      return { act: 'detail' };
    default:
      return null;
  }
}

/** The current row after a move, kept within the page (none yet: the first row). */
export function moveCursor(current: number, move: -1 | 1, rows: number): number {
  if (rows === 0) return -1;
  if (current < 0) return 0;
  return Math.min(rows - 1, Math.max(0, current + move));
}

/**
 * The current row of the page, driven by the keyboard. It stays at its place when the page is read
 * again, so after a handling the next warning moves up under it and Enter handles that one.
 */
export function useListKeys(rows: number, paused: boolean, run: (index: number, act: 'handle' | 'detail') => void): number {
  const [cursor, setCursor] = useState(-1);
  const current = Math.min(cursor, rows - 1);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const dialogOpen = paused || document.querySelector('.ant-modal-wrap:not([style*="display: none"])') !== null;
      const action = listKeyAction(e, e.target, dialogOpen);
      if (!action) return;
      e.preventDefault();
      if ('move' in action) setCursor(moveCursor(current, action.move, rows));
      else if (current >= 0) run(current, action.act);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, rows, paused, run]);
  return current;
}
