import { useEffect, useRef } from 'react';

/**
 * The hero's decorative particles (spec §2, §9: 60 particles, 60 fps limit). The engine is loaded
 * only after the page has painted and the visitor has interacted, never under prefers-reduced-motion,
 * and stops when the component leaves (docs/decisions/053-public-site-performance-and-particles.md).
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
    // Decoration waits for the visitor: it starts on their first move, touch, scroll or key press, once
    // the browser is idle, so it never competes with the first paint or the page becoming usable.
    const events = ['pointermove', 'pointerdown', 'scroll', 'keydown', 'touchstart'] as const;
    const begin = () => {
      for (const name of events) window.removeEventListener(name, begin);
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(start, { timeout: 1000 });
      else setTimeout(start, 100);
    };
    for (const name of events) window.addEventListener(name, begin, { passive: true });
    return () => {
      cancelled = true;
      for (const name of events) window.removeEventListener(name, begin);
      stop?.();
    };
  }, []);

  return (
    <div ref={host} id="hero-particles" aria-hidden="true" className="pointer-events-none absolute inset-0" />
  );
}
