// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { takePageAnswer } from '../../../src/api/page-answer';
import { pageTenant } from '../../../src/api/page-blocks';
import { PAGE_ANSWER_ID, type PageAnswer } from '../../../src/domain/page-answer';
import { builtInTenants, PAGE_TENANT_ID } from '../../../src/tenant';

/** Puts a data block as the server writes it (server/page-boot.ts) on the page. */
function carry(text: string, type = 'application/json', id = PAGE_TENANT_ID) {
  const block = document.createElement('script');
  block.type = type;
  block.id = id;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.getElementById(PAGE_TENANT_ID)?.remove();
  document.getElementById(PAGE_ANSWER_ID)?.remove();
});

describe('pageTenant', () => {
  const spa = builtInTenants.spa;

  it('gives the settings the page carries for its own API and that tenant', () => {
    carry(JSON.stringify(spa));
    expect(pageTenant('/api', 'spa')).toEqual(spa);
    expect(pageTenant(`${location.origin}/api/`, 'spa')).toEqual(spa);
  });

  it('gives nothing for another tenant, another API, a page without them or a broken block', () => {
    expect(pageTenant('/api', 'spa')).toBeUndefined();
    carry(JSON.stringify(spa));
    expect(pageTenant('/api', 'wellness')).toBeUndefined();
    expect(pageTenant('https://partner-proxy.example.com/api', 'spa')).toBeUndefined();
    document.getElementById(PAGE_TENANT_ID)!.remove();
    carry('{"name": "spa", ');
    expect(pageTenant('/api', 'spa')).toBeUndefined();
    document.getElementById(PAGE_TENANT_ID)!.remove();
    // A script that would run is not a data block.
    carry(JSON.stringify(spa), 'module');
    expect(pageTenant('/api', 'spa')).toBeUndefined();
  });
});

describe('takePageAnswer', () => {
  const listing = { merchantId: 12, name: 'Fern Salon </script>' };
  const answer: PageAnswer = {
    call: 'merchants/12',
    publisherId: 1,
    includedPrograms: ['SPA_NETWORK'],
    body: listing,
  };
  const headers = { publisherId: 1, includedPrograms: ['SPA_NETWORK'] };
  const carryAnswer = (value: unknown) => carry(JSON.stringify(value), 'application/json', PAGE_ANSWER_ID);

  it("gives the page's answer to the call it names, once: the next call asks the API", () => {
    carryAnswer([answer]);
    expect(takePageAnswer('/api', headers, 'merchants/12')).toEqual(listing);
    expect(takePageAnswer('/api', headers, 'merchants/12')).toBeUndefined();
    expect(document.getElementById(PAGE_ANSWER_ID)).toBeNull();
  });

  it('gives each of several answers to its own call, in any order, each once', () => {
    const results = { items: [{ merchantId: 1 }] };
    const featured = { items: [{ merchantId: 2 }] };
    carryAnswer([
      { ...answer, call: 'merchants?location=Austin&page=0', body: results },
      { ...answer, call: 'merchants?location=Austin&filters=featured', body: featured },
    ]);
    expect(takePageAnswer('/api', headers, 'merchants?location=Austin&filters=featured')).toEqual(featured);
    expect(takePageAnswer('/api', headers, 'merchants?location=Austin&filters=featured')).toBeUndefined();
    expect(takePageAnswer('/api', headers, 'merchants?location=Austin&page=0')).toEqual(results);
    expect(takePageAnswer('/api', headers, 'merchants?location=Austin&page=0')).toBeUndefined();
    expect(document.getElementById(PAGE_ANSWER_ID)).toBeNull();
  });

  it('leaves it to the call it answers, with the same tenant headers, on the page’s own API', () => {
    carryAnswer([answer]);
    expect(takePageAnswer('/api', headers, 'merchants/13')).toBeUndefined();
    expect(takePageAnswer('/api', headers, 'merchants/map/12')).toBeUndefined();
    expect(takePageAnswer('/api', { ...headers, publisherId: 13 }, 'merchants/12')).toBeUndefined();
    expect(takePageAnswer('/api', { publisherId: 1 }, 'merchants/12')).toBeUndefined();
    expect(
      takePageAnswer('/api', { publisherId: 1, includedPrograms: ['WELLNESS_CARD'] }, 'merchants/12'),
    ).toBeUndefined();
    expect(takePageAnswer('https://partner-proxy.example.com/api', headers, 'merchants/12')).toBeUndefined();
    // Still there for the call it answers.
    expect(takePageAnswer(`${location.origin}/api/`, headers, 'merchants/12')).toEqual(listing);
  });

  it('gives nothing for a page without one, a broken block or one without programs', () => {
    expect(takePageAnswer('/api', headers, 'merchants/12')).toBeUndefined();
    carry('{"call": "merchants/12", ', 'application/json', PAGE_ANSWER_ID);
    expect(takePageAnswer('/api', headers, 'merchants/12')).toBeUndefined();
    document.getElementById(PAGE_ANSWER_ID)!.remove();
    carryAnswer([{ ...answer, includedPrograms: undefined }]);
    expect(takePageAnswer('/api', headers, 'merchants/12')).toBeUndefined();
    document.getElementById(PAGE_ANSWER_ID)!.remove();
    // One answer, not a list of them, is no page's block.
    carryAnswer(answer);
    expect(takePageAnswer('/api', headers, 'merchants/12')).toBeUndefined();
    document.getElementById(PAGE_ANSWER_ID)!.remove();
    carryAnswer(null);
    expect(takePageAnswer('/api', headers, 'merchants/12')).toBeUndefined();
  });
});
