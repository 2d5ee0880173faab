import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * Decision 196: the code uses its libraries through their documented API. eslint.config.js forbids
 * Drizzle's internal `_` carrier and its session's and mappers' internals; this lints deliberate
 * reaches with the repository's own config, so that the rule cannot rot silently, and the documented
 * ways beside them must pass. Only that rule runs, without type information (fast).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
});

async function reaches(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: 'apps/api/src/modules/loans/wrong.ts' });
  return (result?.messages ?? []).filter((message) => message.message.includes('decision 196')).length;
}

describe('libraries through their documented API (decision 196)', () => {
  it.each([
    ['a subquery’s selected fields', 'const row = listed._.selectedFields;'],
    ['a table’s column type through `_`', 'type Columns = typeof users._.columns;'],
    ['an indexed `_` type', "type Columns = (typeof users)['_']['columns'];"],
    ['a session’s statement preparation', 'const statement = handle.prepareQuery(query);'],
    ['a result mapper', 'const map = query.customResultMapper;'],
    ['a handle’s dialect', 'const text = (tx as unknown as Handle).dialect.sqlToQuery(query);'],
    ['a handle’s session', 'const session = db.session;'],
    ['`_` by a computed name', "const fields = listed['_'].selectedFields;"],
    ['`_` destructured', 'const { _ } = listed;'],
  ])('%s fails', async (_what, code) => {
    expect(await reaches(`${code}\n`)).toBe(1);
  });

  it('the documented ways pass', async () => {
    const code = [
      'const columns = getTableColumns(users);',
      'type Row = typeof users.$inferSelect;',
      'const createdAt = listed.createdAt;',
      "const statement = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('u');",
      'const query = new PgDialect().sqlToQuery(sql`select 1`);',
    ].join('\n');
    expect(await reaches(`${code}\n`)).toBe(0);
  });
});
