import { startProduct } from '../e2e/support/product';
import pg from 'pg';
const url = `postgres://postgres@127.0.0.1:5432/${process.argv[2]}`;
const c = new pg.Client({ connectionString: url }); await c.connect();
const row = (await c.query(`select id, user_id from api_tokens order by id limit 1`)).rows[0];
await c.end();
const secret = `large-bench-secret-${String(row.user_id).padStart(8, '0')}`;
const p = await startProduct({ DATABASE_URL: url, SEED_DEMO: '0', LOG_LEVEL: 'warn' });
const h = { accept: 'application/json', authorization: `Bearer ${row.id}|${secret}` };
for (const path of ['/api/activity', '/api/pp']) {
  const r = await fetch(`${p.url}${path}`, { headers: h });
  console.log(path, r.status, (await r.text()).slice(0, 100));
}
await p.stop();
