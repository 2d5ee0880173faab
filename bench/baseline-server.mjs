// The baseline every API benchmark is divided by: a bare node:http server answering a JSON body the
// size of a member's /api/me, on the same machine, in the same run.
import { createServer } from 'node:http';

const body = JSON.stringify({
  user: {
    id: 1,
    username: 'baseline',
    email: 'baseline@example.com',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    account_type: 'personal',
    role: 'member',
    two_factor_enabled: false,
    referral_code: 'ABCDEFGH',
    language: 'en',
    currency: 'USD',
    balance: 0,
    total_earnings: 0,
    total_deposit: 0,
    loyalty_points: 0,
    profile: {},
  },
});
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
