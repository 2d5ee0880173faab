import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A dialog that code opens by asking (sudo mode's dialogs, decisions 120 and 230): `ask()` opens it
 * and resolves once it is answered, true when confirmed; calls that ask together wait for the same
 * answer. `settle(confirmed)` answers every waiting call, closes the dialog and runs `reset` (clear the
 * fields; keep it stable). A dialog left open when its screen goes away answers "cancelled".
 */
export function useAskedDialog(reset: () => void) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((confirmed: boolean) => void)[]>([]);

  const settle = useCallback(
    (confirmed: boolean) => {
      const resolvers = waiting.current;
      waiting.current = [];
      for (const resolve of resolvers) resolve(confirmed);
      setOpen(false);
      reset();
    },
    [reset],
  );

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );

  useEffect(() => () => settle(false), [settle]);
  return { open, ask, settle };
}
