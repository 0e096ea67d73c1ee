/**
 * Behind a proxy (TRUST_PROXY): the client a limit counts is the address the trusted proxy names
 * in X-Forwarded-For, by its IPv6 /64; without TRUST_PROXY, or from a proxy not trusted, the
 * header is ignored and the socket's address is the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { CLIENT_LIMIT } from '../../server/gift-cards/limits';
import { DEFAULT_LIMIT_SETTINGS } from '../../server/limits';
import { CARD_NOT_FOUND_STATUS, TOO_MANY_TRIES } from '../../server/routes/gift-cards';
import { databases } from './databases';
import { botTokenFrom } from './helpers';

const PROXY = '127.0.0.1';

describe.each(databases)('client addresses behind a proxy on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let behindProxy: FastifyInstance;
  let direct: FastifyInstance;
  let card = 0;

  /** One balance try with a valid bot token, for a card nobody has: a 404 unless limited. */
  const balanceTry = async (
    app: FastifyInstance,
    { socket, forwardedFor }: { socket: string; forwardedFor?: string },
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      headers: { publisherid: '1', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
      payload: {
        cardNumber: `6036 1100 4766 ${String(++card).padStart(4, '0')}`,
        pin: '1234',
        botToken: await botTokenFrom(app),
      },
      remoteAddress: socket,
    });

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    const limits = DEFAULT_LIMIT_SETTINGS;
    behindProxy = await buildApp({ db, trustProxy: [PROXY], limits });
    direct = await buildApp({ db, limits });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
    await db?.drop();
  });

  it('the balance inquiry allows 10 tries per client in 10 minutes (what the tests below meet)', () => {
    expect(CLIENT_LIMIT).toMatchObject({ max: 10, windowMs: 10 * 60_000 });
  });

  it('with TRUST_PROXY, eleven tries from eleven addresses of one IPv6 /64 meet the 429', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const response = await balanceTry(behindProxy, {
        socket: PROXY,
        // The proxy appends the client it saw; a client's own claims come first and are not believed.
        forwardedFor: `198.51.100.${i}, 2001:db8:ab:cd:${i.toString(16)}:0:0:${i}`,
      });
      statuses.push(response.statusCode);
      if (i === 11) {
        expect(response.json()).toEqual({ error: TOO_MANY_TRIES });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(CARD_NOT_FOUND_STATUS), 429]);
    // Another /64 behind the same proxy is another client.
    const neighbour = await balanceTry(behindProxy, { socket: PROXY, forwardedFor: '2001:db8:ab:ce::1' });
    expect(neighbour.statusCode).toBe(CARD_NOT_FOUND_STATUS);
  });

  it('with TRUST_PROXY, a header from an address that is not the proxy is ignored', async () => {
    const socket = '203.0.113.50';
    for (let i = 1; i <= 10; i++)
      await balanceTry(behindProxy, { socket, forwardedFor: `2001:db8:99:${i}::1` });
    // Ten different claimed /64s, one real client: its limit is spent.
    const limited = await balanceTry(behindProxy, { socket, forwardedFor: '2001:db8:99:99::1' });
    expect(limited.statusCode).toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket is the client', async () => {
    const socket = '203.0.113.60';
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++)
      statuses.push((await balanceTry(direct, { socket, forwardedFor: `2001:db8:55:${i}::1` })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(CARD_NOT_FOUND_STATUS), 429]);
    // The same claimed address from another socket is another client.
    const other = await balanceTry(direct, { socket: '203.0.113.61', forwardedFor: '2001:db8:55:1::1' });
    expect(other.statusCode).toBe(CARD_NOT_FOUND_STATUS);
  });

  it('with TRUST_PROXY, the challenge limit counts by the forwarded client too', async () => {
    const { challengesPerMinute } = DEFAULT_LIMIT_SETTINGS;
    const challenges: number[] = [];
    for (let i = 0; i <= challengesPerMinute; i++)
      challenges.push(
        (
          await behindProxy.inject({
            url: '/api/bot-check/challenge',
            headers: { 'x-forwarded-for': `2001:db8:c0:ffee::${i + 1}` },
            remoteAddress: PROXY,
          })
        ).statusCode,
      );
    expect(challenges).toEqual([...Array(challengesPerMinute).fill(200), 429]);
    // The proxy's own address is not what was limited.
    const other = await behindProxy.inject({
      url: '/api/bot-check/challenge',
      headers: { 'x-forwarded-for': '2001:db8:c0:1::1' },
      remoteAddress: PROXY,
    });
    expect(other.statusCode).toBe(200);
  });
});
