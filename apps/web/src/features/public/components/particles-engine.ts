import { tsParticles } from '@tsparticles/engine';
import { loadBasic } from '@tsparticles/basic';
import { loadParticlesLinksInteraction } from '@tsparticles/interaction-particles-links';
import { loadInteractivityPlugin } from '@tsparticles/plugin-interactivity';

let loaded: Promise<void> | undefined;

/** Starts the particle network in `element`; returns the function that stops it. */
export async function startParticles(element: HTMLElement): Promise<() => void> {
  loaded ??= (async () => {
    await loadBasic(tsParticles);
    await loadInteractivityPlugin(tsParticles);
    await loadParticlesLinksInteraction(tsParticles);
  })();
  await loaded;
  const container = await tsParticles.load({
    element,
    options: {
      fullScreen: { enable: false },
      fpsLimit: 60,
      detectRetina: true,
      background: { color: { value: 'transparent' } },
      particles: {
        number: { value: 60 },
        color: { value: ['#a5b4fc', '#7dd3fc', '#c4b5fd'] },
        opacity: { value: { min: 0.25, max: 0.6 } },
        size: { value: { min: 1, max: 2.5 } },
        links: { enable: true, distance: 140, color: '#818cf8', opacity: 0.25, width: 1 },
        move: { enable: true, speed: 0.6, outModes: { default: 'bounce' } },
      },
    },
  });
  return () => container?.destroy();
}
