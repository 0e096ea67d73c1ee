import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApi, createContentApi, fetchTenant } from '../../../src/api/client';
import { builtInTenants } from '../../../src/tenant';

/** What the server saw of each request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The answer the test server gives next, by path (without the query); 200 {} otherwise. */
let answers: Record<string, { status: number; body: unknown }[]> = {};
let seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const path = new URL(request.url!, 'http://x').pathname;
      const answer = answers[path]?.shift() ?? { status: 200, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = {};
  seen = [];
});

const api = () => createApi({ base, publisherId: 13, includedPrograms: ['WELLNESS', 'SPA'] });

describe('src/api client (spec 7: one HTTP client with the tenant headers)', () => {
  it('sends X-Requested-With, publisherId and includedPrograms on every call', async () => {
    await api().listing(42);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/merchants/42' });
    expect(seen[0]!.headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      publisherid: '13',
      includedprograms: 'WELLNESS,SPA',
    });
  });

  it('leaves includedPrograms out when the tenant has none', async () => {
    await createApi({ base, publisherId: 1 }).listing(1);
    expect(seen[0]!.headers.includedprograms).toBeUndefined();
  });

  it('sends a query string from the domain codec as is, and drops empty values of an object query', async () => {
    await api().searchMerchants('page=0&size=12&keywords=hot%20stone');
    await api().offersNear({ location: '', country: 'US', size: 24 });
    expect(seen.map((request) => request.url)).toEqual([
      '/api/merchants?page=0&size=12&keywords=hot%20stone',
      '/api/offers?country=US&size=24',
    ]);
  });

  it("asks for an offer with its listing, and the page's query parameters", async () => {
    await api().offerInfo(7, '?utm_source=news%20letter&x=1&x=2');
    await api().offerInfo(7, '');
    // The page's own include would ask for something else (or be a 400): the call's wins.
    await api().offerInfo(7, '?include=reviews&utm_source=a&include');
    expect(seen.map((request) => request.url)).toEqual([
      '/api/offers/7?utm_source=news+letter&x=1&x=2&include=listing',
      '/api/offers/7?include=listing',
      '/api/offers/7?include=listing&utm_source=a',
    ]);
  });

  it('turns an error answer into an ApiError with the status, the text and the bad field', async () => {
    answers['/api/merchants/9'] = [{ status: 404, body: { error: 'Listing not found!' } }];
    answers['/api/offers'] = [{ status: 400, body: { error: 'location: unknown place', field: 'location' } }];
    await expect(api().listing(9)).rejects.toMatchObject({ status: 404, message: 'Listing not found!' });
    const error = await api()
      .offersNear({ location: 'Atlantis' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, field: 'location' });
  });

  it('retries a failed GET once, and never a POST', async () => {
    answers['/api/merchants/5'] = [
      { status: 503, body: { error: 'busy' } },
      { status: 200, body: { merchantId: 5 } },
    ];
    await expect(api().listing(5)).resolves.toEqual({ merchantId: 5 });
    expect(seen).toHaveLength(2);

    seen = [];
    answers['/api/gift-cards/balance'] = [{ status: 503, body: { error: 'busy' } }];
    await expect(api().giftCardBalance({ cardNumber: '1', pin: '2', botToken: 't' })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ cardNumber: '1', pin: '2', botToken: 't' });
  });

  it('answers no suggestions when autocomplete fails (spec 7)', async () => {
    answers['/api/autocomplete'] = [
      { status: 500, body: { error: 'boom' } },
      { status: 500, body: {} },
    ];
    await expect(api().autocomplete({ text: 'mas' })).resolves.toEqual({});
    expect(new URL(seen[0]!.url, 'http://x').searchParams.get('criteria')).toBe('{"text":"mas"}');
  });

  it('fails a form whose answer carries an error (spec 8), with that error', async () => {
    answers['/api/shareOfferByEmail'] = [
      { status: 200, body: { error: 'That address cannot receive mail.' } },
    ];
    await expect(
      api().shareOfferByEmail({ offerId: 1, email: 'a@example.com', name: 'A', botToken: 't' }),
    ).rejects.toMatchObject({ message: 'That address cannot receive mail.' });
  });

  it('cancels a request when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(api().listing(1, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('asks the content API with the tenant in the query and fetches a tenant without tenant headers', async () => {
    await createContentApi(base, builtInTenants.spa).menu('header');
    await fetchTenant(base, 'spa canada');
    expect(seen[0]!.url).toBe('/api/wordpress/menu?query=header&tenant=spa');
    // Spec 7's headers on content calls too.
    expect(seen[0]!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(seen[0]!.headers.publisherid).toBe(String(builtInTenants.spa.helperInfo.publisherId));
    expect(seen[1]!.url).toBe('/api/tenants/spa%20canada');
    expect(seen[1]!.headers.publisherid).toBeUndefined();
  });

  it("appends the page's query string to content calls, the call's own parameters winning a clash (spec 7)", async () => {
    const content = createContentApi(
      base,
      builtInTenants.spa,
      () => '?preview=1&utm_source=mail&tenant=x&query=y',
    );
    await content.page('about');
    expect(seen[0]!.url).toBe('/api/wordpress/page?preview=1&utm_source=mail&tenant=spa&query=about');
  });

  it('posts the contact form with the tenant, and tells the API error texts from the HTTP client ones', async () => {
    const message = {
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'sales',
      message: 'Hello',
      botToken: 't',
    };
    answers['/api/contact'] = [
      { status: 200, body: { name: 'Ada', email: 'ada@example.com', error: '', message: 'Thank you, Ada.' } },
      { status: 429, body: { error: 'Too many messages.' } },
      { status: 502, body: {} },
    ];
    const content = createContentApi(base, builtInTenants.spa);
    await expect(content.contact(message)).resolves.toMatchObject({ message: 'Thank you, Ada.' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/contact' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ ...message, tenant: 'spa' });
    await expect(content.contact(message)).rejects.toMatchObject({
      status: 429,
      message: 'Too many messages.',
      fromApi: true,
    });
    await expect(content.contact(message)).rejects.toMatchObject({ status: 502, fromApi: false });
  });

  it("asks the content API's bot-check challenge, which needs no tenant", async () => {
    answers['/api/bot-check/challenge'] = [{ status: 200, body: { algorithm: 'SHA-256' } }];
    await expect(createContentApi(base, builtInTenants.spa).botChallenge('contact_us')).resolves.toEqual({
      algorithm: 'SHA-256',
    });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/bot-check/challenge?action=contact_us' });
  });
});
