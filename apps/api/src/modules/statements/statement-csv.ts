import { centsToPlainDecimal, csvField } from '../activity/activity.service';
import type { StatementMovement } from './statements.repository';
import { movementDescription } from './statement-rows';
import { typeLabel } from './statement-texts';
import type { StatementHeader } from './statements.service';

/** The CSV statement's columns (decision 160). */
export const STATEMENT_CSV_COLUMNS = [
  'section',
  'date',
  'type',
  'description',
  'amount_usd',
  'balance_usd',
  'id',
] as const;

const line = (cells: string[]) => `${cells.join(',')}\r\n`;

/**
 * The statement as CSV lines, one table: `header` rows (platform, member, a corporate account's business_email, address, month), the
 * `opening` balance, every `movement` oldest first with its signed amount and the balance after it,
 * the `total` of each type, and the `closing` balance. Amounts are plain decimals, descriptions in the
 * member's language; the movements are read in keyset batches, so the file streams.
 */
export async function* statementCsv(
  header: StatementHeader,
  batches: AsyncIterable<StatementMovement[]>,
): AsyncGenerator<string> {
  const { texts, range } = header;
  const start = range.from.toISOString();
  const info = (key: string, value: string) => line(['header', '', key, csvField(value), '', '', '']);
  yield (
    line([...STATEMENT_CSV_COLUMNS]) +
    info('platform', header.platform) +
    info('member', header.memberName) +
    (header.businessEmail ? info('business_email', header.businessEmail) : '') +
    info('address', header.addressLines.join(', ')) +
    info('month', header.month) +
    line([
      'opening',
      start,
      'opening_balance',
      csvField(texts.openingBalance),
      '',
      centsToPlainDecimal(header.opening),
      '',
    ])
  );
  for await (const rows of batches) {
    yield rows
      .map((movement) =>
        line([
          'movement',
          movement.date,
          movement.type,
          csvField(movementDescription(movement, header.language)),
          centsToPlainDecimal(movement.amount),
          centsToPlainDecimal(movement.balanceAfter),
          `entry:${movement.id}`,
        ]),
      )
      .join('');
  }
  yield (
    header.totals
      .map((total) =>
        line([
          'total',
          '',
          total.type,
          csvField(typeLabel(texts, total.type)),
          centsToPlainDecimal(total.total),
          '',
          '',
        ]),
      )
      .join('') +
    line([
      'closing',
      header.closingAt.toISOString(),
      'closing_balance',
      csvField(texts.closingBalance),
      '',
      centsToPlainDecimal(header.closing),
      '',
    ])
  );
}
