/**
 * Runs the fake CoinGecko as a process (for the end-to-end server and manual looks):
 * `npx tsx apps/api/test/fake-coingecko-server.ts [port]` then PRICES_BASE_URL=http://127.0.0.1:<port>/api/v3.
 */
import { startFakeCoinGecko } from './fake-coingecko';

const port = Number(process.argv[2] ?? process.env.FAKE_COINGECKO_PORT ?? 0);
const fake = await startFakeCoinGecko(port);
process.stdout.write(`fake CoinGecko at ${fake.baseUrl}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
