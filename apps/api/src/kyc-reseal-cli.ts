// `npm run kyc:reseal`: the key rotation of decision 152 run as a command, identity documents included
// (decision 190). With APP_KEY (new) and APP_KEY_PREVIOUS (old) it re-seals every sealed column and
// every stored document under APP_KEY, in batches, and is safe to run again (what already opens with
// APP_KEY is skipped). Run it with every node stopped; a node started with both keys does the same.
import { resolve } from 'node:path';
import { migrateDatabase } from '@app/db';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';
import { runningServer } from './backup';
import { DeploymentKeyError, settleDeploymentKey } from './keys/deployment-key';
import { documentStoreFor } from './modules/kyc/document-store';
import { DocumentStorageError } from './lib/document-storage-error';

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

const config = loadConfig();
if (!config.appKey || !config.appKeyPrevious)
  fail('Set APP_KEY to the new key and APP_KEY_PREVIOUS to the key the data is sealed under.');
const pid = config.databaseUrl ? null : runningServer(resolve(config.dataDir));
if (pid !== null) fail(`A server (pid ${pid}) is running on ${config.dataDir}: stop it first.`);
const database = await openConfiguredDatabase(config);
try {
  await migrateDatabase(database); // as a start would: the command may run before the new version serves
  const outcome = await settleDeploymentKey(database, {
    key: config.appKey!,
    previous: config.appKeyPrevious,
    now: new Date(),
    source: 'APP_KEY',
    documents: documentStoreFor(config),
  });
  out(
    outcome.kind === 'rotated'
      ? `Re-sealed ${outcome.resealed} value(s) and document(s) under APP_KEY.`
      : 'Everything already opens with APP_KEY; nothing to re-seal.',
  );
} catch (error) {
  if (error instanceof DeploymentKeyError) fail(`Stopped: ${error.message}`);
  if (error instanceof DocumentStorageError)
    fail(
      `Stopped: the document store refused or did not answer (${error.message}); run it again once it does.`,
    );
  throw error;
} finally {
  await database.close();
}
