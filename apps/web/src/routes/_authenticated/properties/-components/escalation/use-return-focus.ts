import { useCallback, useRef } from 'react';

/**
 * Focus for a dialog rendered only while open (so each opening starts afresh): `remember` the control
 * that opened it, `restore` the focus to it once the dialog is gone, as a keyboard user expects.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    // After the dialog has unmounted (its focus trap would otherwise keep the focus).
    window.setTimeout(() => {
      if (element?.isConnected) element.focus();
    }, 0);
  }, []);
  return { remember, restore };
}
