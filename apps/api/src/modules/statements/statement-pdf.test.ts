import { describe, expect, it } from 'vitest';
import type { StatementMovement } from './statements.repository';
import type { StatementHeader } from './statements.service';
import { statementPdf } from './statement-pdf';
import { statementTexts } from './statement-texts';

/** A month of `batches` batches of 500 earnings, counting how many batches were read. */
function month(batches: number) {
  const read = { count: 0 };
  async function* movements(): AsyncGenerator<StatementMovement[]> {
    for (let batch = 0; batch < batches; batch += 1) {
      read.count += 1;
      yield Array.from({ length: 500 }, (_, index) => ({
        id: batch * 500 + index + 1,
        type: 'earning' as const,
        date: '2026-03-04T00:00:00.000Z',
        at: '2026-03-04 00:00:00+00',
        detail: {
          kind: 'earning',
          method: null,
          reference: null,
          plan: 'Starter',
          goal: null,
          instalment: null,
        },
        amount: 123,
        balanceAfter: 10_000 + index,
      }));
    }
  }
  return { read, movements: movements() };
}

const header: StatementHeader = {
  month: '2026-03',
  language: 'en',
  texts: statementTexts('en'),
  platform: 'Platform',
  memberName: 'Ada Lovelace',
  businessEmail: null,
  addressLines: [],
  range: {
    from: new Date('2026-03-01T00:00:00Z'),
    until: new Date('2026-04-01T00:00:00Z'),
    lastEntryId: 1e9,
  },
  opening: 0,
  closing: 0,
  closingAt: new Date('2026-03-31T23:59:59.999Z'),
  totals: [],
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a statement PDF drawn for a reader', () => {
  it('waits for a slow reader instead of drawing the whole month into memory', async () => {
    const { read, movements } = month(40);
    const pdf = statementPdf(header, movements);
    await settle();
    // Nobody has read yet: a batch or two drawn, not the month's 40 (before: all 40, every page held).
    expect(read.count).toBeLessThan(5);
    const chunks: Buffer[] = [];
    for await (const chunk of pdf) chunks.push(chunk as Buffer);
    expect(read.count).toBe(40);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stops reading the month once the reader has gone (a cancelled download)', async () => {
    const { read, movements } = month(40);
    const pdf = statementPdf(header, movements);
    pdf.destroy();
    await settle();
    expect(read.count).toBeLessThan(3);
  });
});
