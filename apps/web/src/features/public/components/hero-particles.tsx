import { useEffect, useRef } from 'react';

/**
 * The hero's decorative particles (spec §2, §9: 60 particles, 60 fps limit). The engine is loaded
 * only after the page has painted and the browser is idle, never under prefers-reduced-motion, and
 * stops when the component leaves.
 */
export function HeroParticles() {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // No animation where motion is unwanted, or where the browser cannot say (no matchMedia).
    if (
      typeof window.matchMedia !== 'function' ||
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ) {
      return;
    }
    let cancelled = false;
    let stop: (() => void) | undefined;
    const start = () => {
      void import('./particles-engine').then(async ({ startParticles }) => {
        if (cancelled || !host.current) return;
        const stopper = await startParticles(host.current);
        if (cancelled) stopper();
        else stop = stopper;
      });
    };
    const begin = () => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(start, { timeout: 3000 });
      else setTimeout(start, 200);
    };
    if (document.readyState === 'complete') begin();
    else window.addEventListener('load', begin, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', begin);
      stop?.();
    };
  }, []);

  return (
    <div ref={host} id="hero-particles" aria-hidden="true" className="pointer-events-none absolute inset-0" />
  );
}
