/**
 * Accounts: Firebase ID tokens from the Auth emulator (firebase-tools, fetched once into a cache),
 * the user's documents on both document-store adapters (the documents table on PGlite and
 * PostgreSQL; Firestore through firebase-admin against @firestore-emulator/server), and the
 * tokens a real Firebase project would sign, checked by the same verifier against a local key set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type JWK } from 'jose';
import { FirestoreServer } from '@firestore-emulator/server';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore, type DocumentStore } from '../../server/documents/store';
import { createFirestoreDocumentStore, type FirestoreStore } from '../../server/documents/firestore';
import { accountsFromEnv, type Accounts } from '../../server/accounts/accounts';
import { createTokenVerifier } from '../../server/accounts/tokens';
import { createTenantService, TENANTS_COLLECTION } from '../../server/tenants';
import { DEFAULT_TENANT, builtInTenants } from '../../src/tenant';
import { ensureSeeded } from '../../server/seed/load';
import { PROGRAMS } from '../../src/domain/catalog';
import { databases } from './databases';
import { botTokenFrom } from './helpers';
import { authEmulatorForTests, FIRESTORE_EMULATOR_PORT, type TestEmulator } from './emulators';

const PROJECT = 'demo-wellspring';
let auth: TestEmulator;
let firestore: FirestoreServer;
/**
 * Google's client libraries ask the cloud's metadata server (169.254.169.254) what machine they
 * run on; pointed here (GCE_METADATA_HOST), every such request of this file is seen.
 */
let metadataServer: Server;
const metadataRequests: string[] = [];

beforeAll(async () => {
  metadataServer = createServer((request, response) => {
    metadataRequests.push(request.url ?? '');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  process.env.GCE_METADATA_HOST = `127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
  firestore = new FirestoreServer();
  await firestore.start(FIRESTORE_EMULATOR_PORT);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${FIRESTORE_EMULATOR_PORT}`;
  auth = await authEmulatorForTests();
}, 300_000);

afterAll(async () => {
  await auth?.stop();
  await firestore?.stop();
  metadataServer?.close();
});

/** A new account on the emulator, signed in: its uid and ID token. */
async function signUp(email = `user-${Math.random().toString(36).slice(2)}@example.com`) {
  const response = await fetch(
    `http://${auth.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse 1', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, token: body.idToken, email };
}

/** An unsigned token as the emulator writes them, with claims of our choosing. */
function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Adapter {
  name: string;
  /** Two stores on one backing store (two instances), and how to end them. */
  open(): Promise<{ first: DocumentStore; second: DocumentStore; close(): Promise<void> }>;
}

const adapters: Adapter[] = [
  ...databases.map((database) => ({
    name: `documents table on ${database.name}`,
    async open() {
      const shared = await database.openTwice();
      await migrate(shared.first);
      return {
        first: createPgDocumentStore(shared.first),
        second: createPgDocumentStore(shared.second),
        close: () => shared.drop(),
      };
    },
  })),
  {
    name: 'Firestore (firebase-admin, emulator)',
    async open() {
      const first = createFirestoreDocumentStore({ projectId: PROJECT });
      const second = createFirestoreDocumentStore({ projectId: PROJECT });
      return {
        first,
        second,
        async close() {
          await (first as FirestoreStore).close();
          await (second as FirestoreStore).close();
        },
      };
    },
  },
];

const search = (n: number) => ({ timestamp: 1_700_000_000_000 + n, query: `keywords=spa${n}` });

describe.each(adapters)('document store: $name', (adapter) => {
  let stores: Awaited<ReturnType<Adapter['open']>>;
  beforeAll(async () => {
    stores = await adapter.open();
  });
  afterAll(() => stores.close());

  it('the 51st search removes the oldest by timestamp, and only it', async () => {
    const collection = 'users/capped/searches';
    // Saved out of timestamp order: the oldest by timestamp is #1, saved last but one.
    for (let n = 2; n <= 50; n++) await stores.first.addCapped(collection, `s${n}`, search(n), 50);
    await stores.first.addCapped(collection, 's1', search(1), 50);
    expect(await stores.first.list(collection)).toHaveLength(50);
    await stores.first.addCapped(collection, 's51', search(51), 50);
    const ids = (await stores.first.list(collection)).map((doc) => doc.path.split('/').pop());
    expect(ids).toHaveLength(50);
    expect(ids).not.toContain('s1');
    expect(ids).toContain('s2');
    expect(ids).toContain('s51');
  });

  it('two saves at once at 50 still leave 50, both new ones kept', async () => {
    const collection = 'users/racing/searches';
    for (let n = 1; n <= 50; n++) await stores.first.addCapped(collection, `s${n}`, search(n), 50);
    await Promise.all([
      stores.first.addCapped(collection, 'tab-a', search(100), 50),
      stores.second.addCapped(collection, 'tab-b', search(101), 50),
    ]);
    const ids = (await stores.first.list(collection)).map((doc) => doc.path.split('/').pop());
    expect(ids).toHaveLength(50);
    expect(ids).toEqual(expect.arrayContaining(['tab-a', 'tab-b']));
    expect(ids).not.toContain('s1');
    expect(ids).not.toContain('s2');
  });

  it('tenant settings are read through the port, at the spec path', async () => {
    const stored = {
      ...builtInTenants.spa,
      titles: { ...builtInTenants.spa.titles, purchaseText: 'Treat yourself' },
    };
    await stores.first.set(`${TENANTS_COLLECTION}/spa`, stored);
    const tenants = createTenantService(stores.first, { warn: () => {} });
    expect((await tenants.load('spa')).config.titles.purchaseText).toBe('Treat yourself');
  });
});

describe('Firestore on the emulator', () => {
  it('asks no cloud metadata server: nothing leaves the machine', async () => {
    const store = createFirestoreDocumentStore({ projectId: PROJECT });
    await store.set('users/offline/searches/a', search(1));
    await store.addCapped('users/offline/searches', 'b', search(2), 50);
    expect(await store.list('users/offline/searches')).toHaveLength(2);
    await store.close();
    expect(metadataRequests).toEqual([]);
  });
});

describe('tenant settings when the store is down', () => {
  it('fall back to the default tenant on Firestore', async () => {
    // Nothing listens on port 1: every read fails at once.
    const saved = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:1';
    const down = createFirestoreDocumentStore({ projectId: PROJECT });
    process.env.FIRESTORE_EMULATOR_HOST = saved;
    const warnings: unknown[] = [];
    const tenants = createTenantService(down, { warn: (...args) => warnings.push(args) });
    const loaded = await tenants.load('spa');
    expect(loaded).toEqual({ config: builtInTenants[DEFAULT_TENANT], fallback: 'failed' });
    expect(warnings).toHaveLength(1);
    await down.close();
  }, 60_000);

  it('fall back to the default tenant on the documents table', async () => {
    const db = await databases[0]!.open();
    await migrate(db);
    const store = createPgDocumentStore(db);
    await db.drop();
    const tenants = createTenantService(store, { warn: () => {} });
    expect(await tenants.load('spa')).toEqual({ config: builtInTenants[DEFAULT_TENANT], fallback: 'failed' });
  });
});

const apiStores: { name: string; open(): Promise<{ app: FastifyInstance; close(): Promise<void> }> }[] = [
  ...databases.map((database) => ({
    name: database.name,
    async open() {
      const db = await database.open();
      await migrate(db);
      const accounts = accountsFromEnv({ FIREBASE_AUTH_EMULATOR_HOST: auth.host });
      const app = await buildApp({ db, accounts });
      return {
        app,
        async close() {
          await app.close();
          await db.drop();
        },
      };
    },
  })),
  {
    name: 'Firestore',
    async open() {
      const db = await databases[0]!.open();
      await migrate(db);
      const documents = createFirestoreDocumentStore({ projectId: PROJECT });
      const accounts = accountsFromEnv({ FIREBASE_AUTH_EMULATOR_HOST: auth.host });
      const app = await buildApp({ db, documents, accounts });
      return {
        app,
        async close() {
          await app.close();
          await documents.close();
          await db.drop();
        },
      };
    },
  },
];

describe.each(apiStores)('/api/users/me with Auth emulator tokens, documents on $name', (backing) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ana: Awaited<ReturnType<typeof signUp>>;
  let ben: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    ({ app, close } = await backing.open());
    [ana, ben] = await Promise.all([signUp(), signUp()]);
  });
  afterAll(() => close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });

  it('saves a search under the signed-in user and lists it newest first', async () => {
    const first = await call('POST', '/api/users/me/searches', ana.token, { query: 'keywords=massage' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await call('POST', '/api/users/me/searches', ana.token, {
      query: '?location=Chicago%2C+IL&keywords=facial&utm_source=mail',
    });
    // The domain's codec writes it back as the search page would, campaign tags dropped.
    expect(second.json()).toMatchObject({
      query: 'keywords=facial&location=Chicago%2C+IL',
      location: 'Chicago, IL',
    });
    const listed = await call('GET', '/api/users/me/searches', ana.token);
    expect(listed.json().items.map((item: { keywords: string }) => item.keywords)).toEqual([
      'facial',
      'massage',
    ]);
  });

  it("a token for one user never reads or deletes another user's searches", async () => {
    const saved = (
      await call('POST', '/api/users/me/searches', ben.token, { query: 'keywords=yoga' })
    ).json();
    const anas = (await call('GET', '/api/users/me/searches', ana.token)).json().items;
    expect(anas.map((item: { keywords: string }) => item.keywords)).not.toContain('yoga');
    expect((await call('DELETE', `/api/users/me/searches/${saved.id}`, ana.token)).statusCode).toBe(404);
    const bens = (await call('GET', '/api/users/me/searches', ben.token)).json().items;
    expect(bens.map((item: { id: string }) => item.id)).toEqual([saved.id]);
  });

  it('refuses a search that is not one, naming the field', async () => {
    const empty = await call('POST', '/api/users/me/searches', ana.token, { query: 'sort=distance' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'query: must name keywords, a location or filters',
      field: 'query',
    });
    const long = await call('POST', '/api/users/me/searches', ana.token, {
      query: `keywords=${'a'.repeat(2001)}`,
    });
    expect(long.json().field).toBe('query');
  });

  it('keeps 50 searches: the 51st removes the oldest', async () => {
    const carl = await signUp();
    for (let n = 1; n <= 51; n++)
      expect(
        (await call('POST', '/api/users/me/searches', carl.token, { query: `keywords=spa+${n}` })).statusCode,
      ).toBe(201);
    const items = (await call('GET', '/api/users/me/searches', carl.token)).json().items as {
      keywords: string;
    }[];
    expect(items).toHaveLength(50);
    expect(items[0]!.keywords).toBe('spa 51');
    expect(items.map((item) => item.keywords)).not.toContain('spa 1');
  });

  it('deletes one search, then 404 for it', async () => {
    const saved = (
      await call('POST', '/api/users/me/searches', ana.token, { query: 'keywords=sauna' })
    ).json();
    expect((await call('DELETE', `/api/users/me/searches/${saved.id}`, ana.token)).statusCode).toBe(204);
    const again = await call('DELETE', `/api/users/me/searches/${saved.id}`, ana.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Saved search not found!' });
  });

  it('downloads everything stored about the user, then deletes it all', async () => {
    const dana = await signUp();
    await call('POST', '/api/users/me/searches', dana.token, { query: 'keywords=pedicure' });
    const exported = await call('GET', '/api/users/me', dana.token);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json()).toMatchObject({ uid: dana.uid, email: dana.email });
    expect(exported.json().documents).toEqual([
      expect.objectContaining({ path: expect.stringMatching(`^users/${dana.uid}/searches/`) }),
    ]);
    expect((await call('DELETE', '/api/users/me', dana.token)).json()).toEqual({ deleted: 1 });
    expect((await call('GET', '/api/users/me', dana.token)).json().documents).toEqual([]);
    // Another user's searches are untouched.
    expect((await call('GET', '/api/users/me/searches', ben.token)).json().items).toHaveLength(1);
  });

  it('401 with a clear error for a missing, forged, expired or foreign token', async () => {
    const missing = await call('GET', '/api/users/me/searches');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toMatch(/sign in/i);
    const claims = JSON.parse(Buffer.from(ana.token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const cases: [string, string, RegExp][] = [
      [
        'a made-up user',
        unsignedToken({ ...claims, sub: 'nobody-at-all', user_id: 'nobody-at-all' }),
        /does not exist/,
      ],
      [
        'an expired token',
        unsignedToken({ ...claims, exp: nowSeconds() - 3600, iat: nowSeconds() - 7200 }),
        /expired/,
      ],
      ['another project', unsignedToken({ ...claims, aud: 'someone-else' }), /another Firebase project/],
      [
        'a foreign issuer',
        unsignedToken({ ...claims, iss: 'https://evil.example.com' }),
        /not issued by Firebase/,
      ],
      ['a signed token', await signed({ ...claims }), /not issued by the local sign-in emulator/],
      ['garbage', 'not.a.token', /malformed/],
    ];
    for (const [what, token, error] of cases) {
      const response = await call('GET', '/api/users/me/searches', token);
      expect(response.statusCode, what).toBe(401);
      expect(response.json().error, what).toMatch(error);
    }
  });
});

/** A key pair standing in for Google's securetoken keys. */
const google = await (async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'google-key', alg: 'RS256', use: 'sig' };
  return { privateKey, keys: createLocalJWKSet({ keys: [jwk] }) };
})();

async function signed(
  claims: Record<string, unknown>,
  { key = google.privateKey, kid = 'google-key' }: { key?: CryptoKey; kid?: string } = {},
) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

describe('tokens of a Firebase project (signed, checked against the provider keys)', () => {
  const project = 'wellspring-prod';
  const accounts: Accounts = {
    ...accountsFromEnv({}),
    projectId: project,
    reason: '',
    verifier: createTokenVerifier({ projectId: project, keys: google.keys }),
  };
  const claims = () => ({
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    sub: 'uid-erin',
    auth_time: nowSeconds() - 60,
    iat: nowSeconds() - 60,
    exp: nowSeconds() + 3600,
  });
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const db = await databases[0]!.open();
    await migrate(db);
    app = await buildApp({ db, accounts });
    close = async () => {
      await app.close();
      await db.drop();
    };
  });
  afterAll(() => close());

  const get = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/users/me/searches',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a token signed by the provider for this project', async () => {
    const response = await get(await signed(claims()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });

  it('refuses forged, unsigned, expired and wrong-project tokens with 401', async () => {
    const forger = (await generateKeyPair('RS256')).privateKey;
    const cases: [string, string, RegExp][] = [
      ['forged signature', await signed(claims(), { key: forger }), /not signed by Firebase/],
      ['unknown key id', await signed(claims(), { key: forger, kid: 'other' }), /not signed by Firebase/],
      ['unsigned', unsignedToken(claims()), /not signed by Firebase/],
      ['expired', await signed({ ...claims(), exp: nowSeconds() - 10, iat: nowSeconds() - 4000 }), /expired/],
      ['wrong project', await signed({ ...claims(), aud: 'another-project' }), /another Firebase project/],
      ['no user', await signed({ ...claims(), sub: '' }), /names no user/],
      [
        'signed in in the future',
        await signed({ ...claims(), auth_time: nowSeconds() + 3600 }),
        /sign-in time/,
      ],
    ];
    for (const [what, token, error] of cases) {
      const response = await get(token);
      expect(response.statusCode, what).toBe(401);
      expect(response.json().error, what).toMatch(error);
    }
  });

  it('answers 503 with a reason when the server has no accounts', async () => {
    const db = await databases[0]!.open();
    await migrate(db);
    const off = await buildApp({ db, accounts: accountsFromEnv({}) });
    const response = await off.inject({ method: 'GET', url: '/api/users/me/searches' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'Accounts are not available on this site.' });
    const offered = await off.inject({ method: 'GET', url: '/api/accounts?tenant=spa' });
    expect(offered.json()).toEqual({
      signIn: false,
      reason: 'no FIREBASE_PROJECT_ID and no FIREBASE_AUTH_EMULATOR_HOST',
      starting: false,
    });
    await off.close();
    await db.drop();
  });
});

describe.each(databases)('POST /api/users/me/contact on $name', (database) => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof database.open>>;
  let listingId: number;
  beforeAll(async () => {
    db = await database.open();
    await migrate(db);
    await ensureSeeded(db, { count: 120, now: new Date() });
    app = await buildApp({ db, accounts: accountsFromEnv({ FIREBASE_AUTH_EMULATOR_HOST: auth.host }) });
    const { rows } = await db.query<{ id: number }>(
      `select id from merchants where status = 'APPROVED' and included_programs && $1::text[]
       and doc->>'email' <> '' order by id limit 1`,
      [[PROGRAMS.spa]],
    );
    listingId = Number(rows[0]!.id);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const send = async (token: string | undefined, address: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/me/contact',
      headers: { publisherid: '1', ...(token && { authorization: `Bearer ${token}` }) },
      payload: {
        listingId,
        name: 'Fay Ortiz',
        email: 'fay@example.com',
        message: 'Do you take walk-ins on Saturdays?',
        botToken: await botTokenFrom(app, 'contact_listing'),
      },
      remoteAddress: address,
    });

  it('mails the business and keeps the message under the signed-in user only', async () => {
    const [fay, gus] = await Promise.all([signUp(), signUp()]);
    const response = await send(fay.token, '10.9.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/^Thank you, Fay Ortiz\. Your message is on its way to /);
    const mailed = await db.query<{ text: string }>(`select text from outbox where kind = 'contact-listing'`);
    expect(mailed.rows.map((row) => row.text).join()).toContain('Do you take walk-ins on Saturdays?');
    const mine = (
      await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${fay.token}` },
      })
    ).json().documents as { path: string; data: { listingId: number; message: string } }[];
    expect(mine).toEqual([
      {
        path: expect.stringMatching(`^users/${fay.uid}/contact/`),
        data: expect.objectContaining({ listingId, message: 'Do you take walk-ins on Saturdays?' }),
      },
    ]);
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${gus.token}` },
    });
    expect(theirs.json().documents).toEqual([]);
  });

  it('401 without a sign-in token, and nothing is mailed', async () => {
    const before = await db.query(`select count(*)::int as n from outbox`);
    const response = await send(undefined, '10.9.0.2');
    expect(response.statusCode).toBe(401);
    expect(await db.query(`select count(*)::int as n from outbox`)).toEqual(before);
  });
});
