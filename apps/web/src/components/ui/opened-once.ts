import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog loaded on use (React.lazy, decision 170) mounts
 * then and stays mounted, so it closes with its animation and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
