// A second, informative baseline for GET /api/me on PostgreSQL (decision 006): bare node:http that makes
// one database round trip per request (a one-row select through a pg pool of the product's size) and
// answers the same JSON body as baseline-server.mjs. It shows what one round trip costs on this machine.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const body = JSON.stringify({ user: { id: 1, username: 'baseline', email: 'baseline@example.com' } });
const server = createServer((_request, response) => {
  pool.query({ name: 'one_row', text: 'select $1::int as id', values: [1] }).then(
    () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
