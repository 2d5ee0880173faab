import { useEffect, useId, useState } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SLIDER_INTERVAL_MS } from '@app/shared/constants';
import { cn } from '#lib/cn';

export interface Slide {
  title: string;
  description: string;
  button: string;
  to: string;
  image: string;
}

/** The slides, each a group named by its position; only the current one is shown. */
function Slides({ slides, index, id }: { slides: Slide[]; index: number; id: string }) {
  const { t } = useTranslation();
  const count = slides.length;
  return slides.map((slide, position) => {
    const active = position === index;
    return (
      <div
        key={slide.title}
        id={`${id}-slide-${position}`}
        role="group"
        aria-roledescription={t('site.slider.slide')}
        aria-label={t('site.slider.position', { current: position + 1, total: count })}
        hidden={!active}
        className="grid items-center gap-8 p-6 sm:p-10 md:grid-cols-2"
      >
        <div>
          <h3 className="text-2xl font-semibold tracking-tight sm:text-3xl">{slide.title}</h3>
          <p className="mt-4 text-base leading-relaxed text-muted">{slide.description}</p>
          <Link
            to={slide.to}
            className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand px-4 text-sm font-medium text-brand-fg shadow-sm hover:bg-brand-hover"
          >
            {slide.button}
          </Link>
        </div>
        <img
          src={slide.image}
          alt=""
          width={480}
          height={320}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full rounded-2xl object-cover"
        />
      </div>
    );
  });
}

/** A dot for each slide: it jumps there, and marks the current one. */
function SliderDots({
  slides,
  index,
  id,
  go,
}: {
  slides: Slide[];
  index: number;
  id: string;
  go: (next: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1">
      {slides.map((slide, position) => (
        <button
          key={slide.title}
          type="button"
          onClick={() => go(position)}
          aria-label={t('site.slider.goTo', { number: position + 1 })}
          aria-controls={`${id}-slide-${position}`}
          aria-current={position === index ? 'true' : undefined}
          className="inline-flex size-6 items-center justify-center"
        >
          <span
            className={cn(
              'block h-2 rounded-full transition-all',
              position === index ? 'w-6 bg-brand' : 'w-2 bg-line-strong',
            )}
          />
        </button>
      ))}
    </div>
  );
}

/** Previous, a dot for each slide, next, and the pause button (WCAG 2.2.2). */
function SliderControls({
  slides,
  index,
  id,
  go,
  paused,
  onTogglePause,
}: {
  slides: Slide[];
  index: number;
  id: string;
  go: (next: number) => void;
  paused: boolean;
  onTogglePause: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex items-center justify-center gap-3">
      <button
        type="button"
        onClick={() => go(index - 1)}
        aria-label={t('site.slider.previous')}
        className="inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-fg hover:bg-surface-muted"
      >
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      </button>
      <SliderDots slides={slides} index={index} id={id} go={go} />
      <button
        type="button"
        onClick={() => go(index + 1)}
        aria-label={t('site.slider.next')}
        className="inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-fg hover:bg-surface-muted"
      >
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={onTogglePause}
        aria-label={paused ? t('site.slider.play') : t('site.slider.pause')}
        className="inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-fg hover:bg-surface-muted"
      >
        {paused ? (
          <Play className="size-4" aria-hidden="true" />
        ) : (
          <Pause className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

/**
 * The rotating slider (spec §2): three slides with title, description, button and image; dots jump to
 * a slide; it advances every 7 s and wraps. It holds still while pointed at or while focus is inside
 * (so it never moves under a reader), and has a pause button (WCAG 2.2.2).
 */
export function Slider({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const id = useId();
  const count = slides.length;
  const running = !hovered && !focused && !paused && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), SLIDER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <div
      role="region"
      aria-roledescription={t('site.slider.carousel')}
      aria-label={t('site.slider.label')}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="overflow-hidden rounded-3xl border border-line bg-surface shadow-sm">
        <div aria-live={running ? 'off' : 'polite'}>
          <Slides slides={slides} index={index} id={id} />
        </div>
      </div>
      <SliderControls
        slides={slides}
        index={index}
        id={id}
        go={go}
        paused={paused}
        onTogglePause={() => setPaused((value) => !value)}
      />
    </div>
  );
}
