import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useDateFormat, useDateTimeFormat, useUtcDayFormat } from './money';

/** A moment and a bare day, through each of the three date hooks. */
function Dates() {
  const day = useDateFormat();
  const utcDay = useUtcDayFormat();
  const moment = useDateTimeFormat();
  // 03:00 UTC on 20 November is still the evening of the 19th in Los Angeles.
  const at = '2026-11-20T03:00:00.000Z';
  return <p>{[day(at), utcDay(at), moment(at), day('2026-11-20')].join(' | ')}</p>;
}

function shownIn(zone: string): string {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    render(<Dates />);
    const text = screen.getByText(/\|/).textContent ?? '';
    cleanup();
    return text.replace(/\u202f/g, ' ');
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('dates in the reader’s zone, and days in UTC', () => {
  it('shows a moment on the day and at the time of the zone the reader is in, one screen after another', () => {
    expect(shownIn('UTC')).toBe('Nov 20, 2026 | Nov 20, 2026 | Nov 20, 2026, 3:00 AM | Nov 20, 2026');
    // The same formats again in another zone: a formatter kept from the first screen would still say the 20th.
    expect(shownIn('America/Los_Angeles')).toBe(
      'Nov 19, 2026 | Nov 20, 2026 | Nov 19, 2026, 7:00 PM | Nov 20, 2026',
    );
    expect(shownIn('Asia/Tokyo')).toBe('Nov 20, 2026 | Nov 20, 2026 | Nov 20, 2026, 12:00 PM | Nov 20, 2026');
  });
});
