import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import directions of decision 166 are kept by eslint-plugin-boundaries (eslint.config.js). This
 * test lints deliberate wrong imports with the repository's own config, so that the rule cannot rot
 * silently (a renamed folder, a changed pattern): each must fail with the decision's message, and the
 * allowed directions must pass. Only the boundaries rules run, without type information (fast).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/'),
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const MONEY_TO_ADMIN =
  'boundaries/dependencies: A money module never imports the back office (decision 166): admin calls deposits, withdrawals and loans, not the reverse.';
const MODULE_TO_ADMIN =
  'boundaries/dependencies: No module imports the back office (decision 166); what both sides need lives in its own module (audit, notifications, settings).';
const ADMIN_INTERNALS =
  'boundaries/dependencies: Only the back office’s route plugins are registered from outside admin (decision 166).';

describe('import directions (decision 166)', () => {
  it.each([
    ['deposits', "import { adminListDeposits } from '../admin/queues/deposits.queue';"],
    ['withdrawals', "import { decideQueueItem } from '../admin/queues/decision-flow';"],
    ['loans', "import type { QueueDefinition } from '../admin/queues/decision-flow';"],
    ['deposits', "import { adminDepositsRoutes } from '../admin/queues/deposits.routes';"],
  ])('a money module (%s) importing the back office fails: %s', async (module, line) => {
    expect(await boundaryErrors(`apps/api/src/modules/${module}/wrong.ts`, `${line}\n`)).toEqual([
      MONEY_TO_ADMIN,
    ]);
  });

  it('any other module importing the back office fails', async () => {
    const line = "import { queueMemberSummary } from '../admin/queues/queue-pages';\n";
    expect(await boundaryErrors('apps/api/src/modules/profile/wrong.ts', line)).toEqual([MODULE_TO_ADMIN]);
  });

  it('the registry reaches admin only through its route plugins', async () => {
    const internals = "import { depositsQueue } from './admin/queues/queue-pages';\n";
    expect(await boundaryErrors('apps/api/src/modules/index.ts', internals)).toEqual([ADMIN_INTERNALS]);
    const routes = "import { adminDepositsRoutes } from './admin/queues/deposits.routes';\n";
    expect(await boundaryErrors('apps/api/src/modules/index.ts', routes)).toEqual([]);
  });

  it('the allowed directions pass: admin → money services, money → audit and notifications', async () => {
    const adminToMoney = "import { toDeposit } from '../../deposits/deposits.service';\n";
    expect(await boundaryErrors('apps/api/src/modules/admin/queues/x.ts', adminToMoney)).toEqual([]);
    const moneyToAudit =
      "import { recordAudit } from '../audit/audit.service';\nimport { notify } from '../notifications/notifications.service';\n";
    expect(await boundaryErrors('apps/api/src/modules/loans/x.ts', moneyToAudit)).toEqual([]);
  });

  it('the modules as they are keep the directions', async () => {
    const results = await eslint.lintFiles(['apps/api/src/modules/**/*.ts']);
    expect(results.length).toBeGreaterThan(100);
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(problems).toEqual([]);
  });
});
