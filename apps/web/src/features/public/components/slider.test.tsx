import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { SLIDER_INTERVAL_MS } from '@app/shared/constants';
import { fakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { Slider, type Slide } from './slider';

const slides: Slide[] = ['One', 'Two', 'Three'].map((title) => ({
  title,
  description: `About ${title}`,
  button: `Go ${title}`,
  to: '/signup',
  image: `/slides/${title}.svg`,
}));

const shown = () => screen.getByRole('heading', { level: 3 }).textContent;
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

async function renderSlider() {
  fakeApi({});
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  renderScreen('/', <Slider slides={slides} />);
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  return screen.getByRole('region', { name: 'Ways to earn' });
}

describe('the slider', () => {
  it('advances every 7 seconds and wraps from the last slide to the first', async () => {
    await renderSlider();
    expect(shown()).toBe('One');
    expect(screen.getByRole('link', { name: 'Go One' })).toHaveAttribute('href', '/signup');
    advance(SLIDER_INTERVAL_MS - 1);
    expect(shown()).toBe('One');
    advance(1);
    expect(shown()).toBe('Two');
    advance(SLIDER_INTERVAL_MS);
    expect(shown()).toBe('Three');
    advance(SLIDER_INTERVAL_MS);
    expect(shown()).toBe('One');
  });

  it('jumps to a slide with its dot, marking the current one', async () => {
    await renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(shown()).toBe('Three');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toBe('Three');
  });

  it('holds still while pointed at or while focus is inside, and with the pause button', async () => {
    const region = await renderSlider();
    fireEvent.mouseEnter(region);
    advance(SLIDER_INTERVAL_MS * 2);
    expect(shown()).toBe('One');
    fireEvent.mouseLeave(region);
    advance(SLIDER_INTERVAL_MS);
    expect(shown()).toBe('Two');

    fireEvent.focus(screen.getByRole('link', { name: 'Go Two' }));
    advance(SLIDER_INTERVAL_MS * 2);
    expect(shown()).toBe('Two');
    fireEvent.blur(screen.getByRole('link', { name: 'Go Two' }), { relatedTarget: document.body });
    advance(SLIDER_INTERVAL_MS);
    expect(shown()).toBe('Three');

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slides' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play the slides' }), { relatedTarget: document.body });
    advance(SLIDER_INTERVAL_MS * 3);
    expect(shown()).toBe('Three');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slides' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause the slides' }), {
      relatedTarget: document.body,
    });
    advance(SLIDER_INTERVAL_MS);
    expect(shown()).toBe('One');
  });
});
