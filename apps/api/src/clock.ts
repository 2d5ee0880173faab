/** Time is a parameter (CONVENTIONS §11): every service reads the time from the injected clock. */
export interface Clock {
  now(): Date;
}

/** The server clock: real time plus an offset that only the development tools move forward. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: () => number = Date.now) {}
  now(): Date {
    return new Date(this.base() + this.offsetMs);
  }
  advance(ms: number): Date {
    if (ms < 0) throw new RangeError('The clock only moves forward.');
    this.offsetMs += ms;
    return this.now();
  }
}

/** A clock pinned at an instant, for tests at fixed times. */
export class FixedClock implements Clock {
  constructor(private instant: Date) {}
  now(): Date {
    return new Date(this.instant);
  }
  set(instant: Date): void {
    this.instant = instant;
  }
  advance(ms: number): Date {
    this.instant = new Date(this.instant.getTime() + ms);
    return this.now();
  }
}
