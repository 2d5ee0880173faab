import { useCallback, useEffect, useRef, useState } from 'react';
import { MENU_CLOSE_DELAY_MS } from '@app/shared/constants';

/**
 * Which of the navigation's menus is open. Pointing at a menu opens it; leaving closes it after
 * MENU_CLOSE_DELAY_MS (spec §9), so the pointer can cross the gap to the panel. Keyboard and touch
 * toggle it with its button. One menu is open at a time.
 */
export function useHoverMenus<T extends string>() {
  const [open, setOpen] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The open menu was opened by pointing at it: a click on its button then keeps it open. */
  const byHover = useRef(false);

  const cancelClose = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const openMenu = useCallback(
    (id: T) => {
      cancelClose();
      setOpen((current) => {
        if (current !== id) byHover.current = true;
        return id;
      });
    },
    [cancelClose],
  );

  const scheduleClose = useCallback(() => {
    cancelClose();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setOpen(null);
    }, MENU_CLOSE_DELAY_MS);
  }, [cancelClose]);

  const close = useCallback(() => {
    cancelClose();
    setOpen(null);
  }, [cancelClose]);

  const toggle = useCallback(
    (id: T) => {
      cancelClose();
      const keep = byHover.current;
      byHover.current = false;
      setOpen((current) => (current === id && !keep ? null : id));
    },
    [cancelClose],
  );

  useEffect(() => cancelClose, [cancelClose]);

  /** Closes during render (a new page): only state, no timers. */
  const reset = useCallback(() => setOpen(null), []);

  return { open, openMenu, scheduleClose, cancelClose, close, toggle, reset };
}
