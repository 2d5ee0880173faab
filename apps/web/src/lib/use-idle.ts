import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has then been idle (at most 2 s later): for what the
 * first screen does not need (the toast container, a form far down the page), so it never competes
 * with the page's own content. False while a page is prerendered and hydrated.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let idleHandle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onIdle = () => setIdle(true);
    const schedule = () => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function')
        idleHandle = window.requestIdleCallback(onIdle, { timeout: 2000 });
      else timer = setTimeout(onIdle, 200);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      clearTimeout(timer);
    };
  }, []);
  return idle;
}
