import { baseURL } from '../../playwright.config';

/**
 * Before the first test: one call of each kind, so a database that `npm start` has just created
 * has read its tables and indexes once. The first test should not pay for a cold cache that no
 * visitor of a running site meets.
 */
export default async function warmUp(): Promise<void> {
  const headers = { publisherId: '13', 'x-requested-with': 'XMLHttpRequest' };
  const calls = [
    '/api/geo',
    '/api/merchants?location=Austin%2C%20TX&size=12',
    '/api/autocomplete?criteria=aus',
    '/api/offers?country=US&size=24',
    '/api/wordpress/homepage?tenant=wellness',
    // The base map reads its open data on the first tile of each level of detail (seconds).
    '/api/tiles/2/0/1.png',
    '/api/tiles/4/3/6.png',
    '/api/tiles/7/29/52.png',
  ];
  for (const path of calls) {
    const response = await fetch(`${baseURL}${path}`, { headers });
    if (!response.ok) throw new Error(`warm-up: ${path} answered ${response.status}`);
  }
  // `npm start` builds the QA gallery once it is up (tests/e2e/gallery.spec.ts opens it).
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 1000))) {
    if ((await fetch(`${baseURL}/demo/index.json`)).ok) break;
    if (Date.now() - started > 180_000) throw new Error('warm-up: the QA gallery was not built in 3 minutes');
  }
}
