/**
 * The development clock of a worker's server (`/api/dev/clock`, on in the end-to-end products): specs
 * read it for the server's time and move it on to see what time does (accruals at 00:00 UTC,
 * instalments, expiries, the second-factor window). Moving it also runs every job due at the new time.
 */

/** The server's time, in milliseconds. */
export async function serverNow(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/dev/clock`);
  if (!response.ok) throw new Error(`dev clock: ${response.status}`);
  const { now } = (await response.json()) as { now: string };
  return Date.parse(now);
}

/**
 * Moves the server's clock on by whole days and minutes (by nothing: only runs the jobs due now);
 * answers the server's new time and the jobs that ran.
 */
export async function moveServerClock(
  baseUrl: string,
  by: { days?: number; minutes?: number } = {},
): Promise<{ now: number; jobs: string[] }> {
  const response = await fetch(`${baseUrl}/api/dev/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_days: by.days ?? 0, advance_minutes: by.minutes ?? 0 }),
  });
  if (!response.ok) throw new Error(`dev clock: ${response.status} ${await response.text()}`);
  const { now, jobs } = (await response.json()) as { now: string; jobs: string[] };
  return { now: Date.parse(now), jobs };
}
