import { load } from './lib/load';
import { startProduct } from './lib/server';
const server = await startProduct('pglite');
for (const path of ['/healthz', '/api/front']) {
  console.log(path, await load({ url: server.url + path, connections: 10, durationSeconds: 4 }));
}
await server.stop();
