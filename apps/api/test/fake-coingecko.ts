import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for CoinGecko that speaks its `GET /api/v3/coins/markets` protocol over real HTTP
 * on 127.0.0.1, so the prices adapter is tested end to end without the network. Its behaviour can be
 * switched between up, slow, failing and rate-limited; it counts the calls it gets.
 */
export type FakeMode = 'up' | 'slow' | 'error' | 'rate_limited' | 'garbage';

export interface FakeCoinGecko {
  /** The PRICES_BASE_URL to give the app. */
  baseUrl: string;
  mode: FakeMode;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  /** Multiplies every price, so a test can tell a new answer from an old one. */
  priceFactor: number;
  /** Items whose figures the fake leaves out (null), by id. */
  nullFiguresFor: Set<string>;
  requests: URL[];
  close(): Promise<void>;
}

const COINS: Record<
  string,
  { symbol: string; name: string; usd: number; cap: number; supply: number; change: number }
> = {
  bitcoin: {
    symbol: 'btc',
    name: 'Bitcoin',
    usd: 70_000,
    cap: 1_380_000_000_000,
    supply: 19_750_000,
    change: 2.345,
  },
  ethereum: {
    symbol: 'eth',
    name: 'Ethereum',
    usd: 3_600,
    cap: 433_000_000_000,
    supply: 120_200_000,
    change: -1.5,
  },
  binancecoin: {
    symbol: 'bnb',
    name: 'BNB',
    usd: 600,
    cap: 87_500_000_000,
    supply: 145_800_000,
    change: 0.25,
  },
  tether: {
    symbol: 'usdt',
    name: 'Tether',
    usd: 1,
    cap: 119_000_000_000,
    supply: 119_000_000_000,
    change: 0.01,
  },
  'usd-coin': {
    symbol: 'usdc',
    name: 'USDC',
    usd: 1,
    cap: 35_000_000_000,
    supply: 35_000_000_000,
    change: -0.02,
  },
};
const RATES: Record<string, number> = { usd: 1, eur: 0.9, gbp: 0.8 };

export async function startFakeCoinGecko(port = 0): Promise<FakeCoinGecko> {
  const pending = new Set<ServerResponse>();
  const fake: FakeCoinGecko = {
    baseUrl: '',
    mode: 'up',
    slowMs: 5_000,
    priceFactor: 1,
    nullFiguresFor: new Set(),
    requests: [],
    close: () => Promise.resolve(),
  };

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(url);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname !== '/api/v3/coins/markets') return send(404, { error: 'Not found' });
    if (fake.mode === 'error') return send(500, { error: 'Internal server error' });
    if (fake.mode === 'rate_limited') {
      return send(
        429,
        { status: { error_code: 429, error_message: 'You have exceeded the Rate Limit.' } },
        { 'retry-after': '60' },
      );
    }
    if (fake.mode === 'garbage') return send(200, '<html>maintenance</html>');
    const vs = url.searchParams.get('vs_currency') ?? '';
    const rate = RATES[vs];
    if (!rate) return send(400, { error: 'invalid vs_currency' });
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    const rows = ids.flatMap((id) => {
      const coin = COINS[id];
      if (!coin) return [];
      const empty = fake.nullFiguresFor.has(id);
      return [
        {
          id,
          symbol: coin.symbol,
          name: coin.name,
          image: `https://coin-images.coingecko.com/coins/images/1/large/${id}.png`,
          current_price: empty ? null : coin.usd * rate * fake.priceFactor,
          market_cap: empty ? null : coin.cap * rate,
          circulating_supply: empty ? null : coin.supply,
          price_change_percentage_24h: empty ? null : coin.change,
          total_volume: 1,
        },
      ];
    });
    const body = JSON.stringify(rows);
    if (fake.mode === 'slow') {
      pending.add(response);
      setTimeout(() => {
        pending.delete(response);
        if (!response.destroyed) send(200, body);
      }, fake.slowMs).unref();
      return;
    }
    send(200, body);
  };

  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${bound}/api/v3`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const response of pending) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
