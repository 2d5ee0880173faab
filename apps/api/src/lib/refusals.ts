/**
 * Requests refused before Fastify routed them, which no route hook sees: by the router (a malformed
 * URL, an over-long path parameter; `frameworkErrors`) or by Node's HTTP parser (`clientErrorHandler`).
 * The app reports each one here; the metrics module, when on, counts them (decision 147).
 */
export type RefusalStage = 'routing' | 'parser';

export class Refusals {
  readonly #listeners: ((stage: RefusalStage, status: number) => void)[] = [];

  listen(listener: (stage: RefusalStage, status: number) => void): void {
    this.#listeners.push(listener);
  }

  report(stage: RefusalStage, status: number): void {
    for (const listener of this.#listeners) listener(stage, status);
  }
}
