import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import type { UserLocation } from '../../src/domain/types';
import { databases } from './databases';

/** The proxy in front of the server in these tests. */
const PROXY = '127.0.0.1';

describe.each(databases)('geo API on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  /** Behind a trusted proxy (TRUST_PROXY=127.0.0.1), as a production server is. */
  let behindProxy: FastifyInstance;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({ db });
    behindProxy = await buildApp({ db, trustProxy: [PROXY] });
  });
  afterAll(async () => {
    await app?.close();
    await behindProxy?.close();
    await db?.drop();
  });

  async function geo(path: string, headers: Record<string, string> = { publisherid: '13' }) {
    const response = await app.inject({ url: `/api/geo${path}`, headers });
    return { status: response.statusCode, body: response.json() as UserLocation & { error?: string } };
  }

  it('resolves a city to a user location of spec 3', async () => {
    const { status, body } = await geo(`/${encodeURIComponent('Austin, TX')}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      ip: '',
      loc: '30.2672,-97.7431',
      org: '',
      city: 'Austin',
      region: 'Texas',
      postal: expect.stringMatching(/^787\d\d$/),
      country: 'US',
      latitude: expect.closeTo(30.267, 2),
      longitude: expect.closeTo(-97.743, 2),
      city_name: 'Austin',
      region_name: 'Texas',
      country_name: 'United States',
      normalizeLocation: 'Austin, TX',
      normalizeCoordinates: '30.2672,-97.7431',
    });
  });

  it.each([
    ['78701', 'Austin', 'US', '78701'],
    ['M5V 3L9', 'Toronto', 'CA', 'M5V 3L9'],
    ['Montréal', 'Montréal', 'CA', expect.any(String)],
  ])('resolves %s', async (query, city, country, postal) => {
    const { status, body } = await geo(`/${encodeURIComponent(query)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ city, country, postal });
  });

  it('keeps the coordinates of a lat,lon pair and names the city there', async () => {
    const { status, body } = await geo('/30.27,-97.74');
    expect(status).toBe(200);
    expect(body).toMatchObject({ city: 'Austin', loc: '30.27,-97.74', latitude: 30.27, longitude: -97.74 });
  });

  it('answers 404 with an error for a place it does not know', async () => {
    for (const query of ['Xyzzyville Nowhere', '0,0', '95,200']) {
      const { status, body } = await geo(`/${encodeURIComponent(query)}`);
      expect(status).toBe(404);
      expect(body.error).toMatch(/No place found/);
    }
  });

  it("falls back to the tenant country's centre for an IP lookup, with the caller's address", async () => {
    const us = await geo('');
    expect(us.status).toBe(200);
    expect(us.body).toMatchObject({
      ip: '127.0.0.1',
      country: 'US',
      normalizeLocation: 'Lebanon, KS',
      source: 'country',
    });
    expect(us.body).not.toHaveProperty('attribution');
    expect(us.body.loc).toBe('39.8283,-98.5795');
    expect((await geo('/')).body).toEqual(us.body);
    expect((await geo('', {})).body.country).toBe('US');
    const badPublisher = await geo('', { publisherid: 'x' });
    expect(badPublisher.status).toBe(400);
  });

  it("answers the visitor's city from the offline IP database, through a trusted proxy's header", async () => {
    const response = await behindProxy.inject({
      url: '/api/geo',
      headers: { publisherid: '1', 'x-forwarded-for': '24.48.0.1' },
      remoteAddress: PROXY,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({
      ip: '24.48.0.1',
      city: 'Montréal',
      region: 'Quebec',
      country: 'CA',
      normalizeLocation: 'Montréal, QC',
      latitude: expect.closeTo(45.5, 0),
      longitude: expect.closeTo(-73.6, 0),
      source: 'ip',
      attribution: { text: 'IP Geolocation by DB-IP', link: 'https://db-ip.com' },
    });
  });

  it('believes X-Forwarded-For only from a trusted proxy: otherwise the socket address is the visitor', async () => {
    const direct = await app.inject({
      url: '/api/geo',
      headers: { publisherid: '1', 'x-forwarded-for': '24.48.0.1' },
      remoteAddress: '127.0.0.1',
    });
    expect(direct.json()).toMatchObject({ ip: '127.0.0.1', source: 'country', country: 'US' });
    const untrusted = await behindProxy.inject({
      url: '/api/geo',
      headers: { publisherid: '1', 'x-forwarded-for': '24.48.0.1' },
      remoteAddress: '10.1.2.3',
    });
    expect(untrusted.json()).toMatchObject({ ip: '10.1.2.3', source: 'country' });
  });

  it("private and unknown addresses get the tenant country's centre", async () => {
    for (const address of ['127.0.0.1', '192.168.1.20', '::1', 'fd00::1']) {
      const response = await behindProxy.inject({
        url: '/api/geo',
        headers: { publisherid: '13', 'x-forwarded-for': address },
        remoteAddress: PROXY,
      });
      expect(response.json(), address).toMatchObject({
        source: 'country',
        country: 'US',
        loc: '39.8283,-98.5795',
      });
    }
  });
});
