/**
 * The one place the web app writes to the console. Failures the spec says are "only logged" (front
 * settings, prices) go here as warnings: console.error is reserved for what must fail a test.
 */
export const logger = {
  warn(message: string, detail?: unknown): void {
    // eslint-disable-next-line no-console
    console.warn(`[web] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
};
