/**
 * Writes tests/relevance/judged.json: the judged query set of the relevance test (issue 17).
 * Each query names what a visitor means by it in words (`criterion`) and, for the seeded data
 * (RELEVANCE_SEED below), the listings that meet it, read from the listing fields themselves
 * (city, services, business types, amenities, name), never from the search. Run it again only
 * when the seed generator changes: `npx tsx tests/relevance/build-judged.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../server/db/driver';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { RELEVANCE_SEED, type JudgedQuery } from './judged';

/** What a query means, as a condition over `m` (merchants) for the spa tenant's listings. */
interface Judgement {
  query: string;
  kind: JudgedQuery['kind'];
  criterion: string;
  where: string;
}

/** In the city or a place named after it: 'pilates chicago' is answered in Chicago Heights too. */
const inCity = (city: string) => `m.city ~* '\\m${city}\\M'`;
const option = (pattern: string) =>
  `exists (select 1 from unnest(m.service_options || m.service_categories) s where s ~* '${pattern}')`;
const type = (name: string) => `'${name}' = any (m.business_types)`;
const amenity = (pattern: string) =>
  `exists (select 1 from jsonb_path_query(m.doc, '$.amenities[*].offerings[*]') a where a #>> '{}' ~* '${pattern}')`;
const named = (name: string) => `m.name = '${name.replace(/'/g, "''")}'`;

const byName = (query: string, kind: JudgedQuery['kind'], name: string): Judgement => ({
  query,
  kind,
  criterion: `the listing named '${name}'`,
  where: named(name),
});
const serviceIn = (
  query: string,
  kind: JudgedQuery['kind'],
  what: string,
  pattern: string,
  city: string,
) => ({
  query,
  kind,
  criterion: `listings in ${city} (or a place named after it) offering ${what}`,
  where: `${inCity(city)} and ${option(pattern)}`,
});

const JUDGEMENTS: Judgement[] = [
  // Exact names.
  byName('austin spa', 'exact', 'Austin Spa'),
  byName('chicago spa & wellness', 'exact', 'Chicago Spa & Wellness'),
  byName('denver spa & wellness', 'exact', 'Denver Spa & Wellness'),
  byName('seattle aesthetics', 'exact', 'Seattle Aesthetics'),
  byName('phoenix hair studio', 'exact', 'Phoenix Hair Studio'),
  byName('toronto inn & spa', 'exact', 'Toronto Inn & Spa'),
  byName('lucas clarke day spa', 'exact', 'Lucas Clarke Day Spa & Salon'),
  byName('marcus silva', 'exact', 'Marcus Silva Integrative Wellness'),
  byName('grace rivera massage therapy', 'exact', 'Grace Rivera Massage Therapy'),
  byName('olive & earth pilates', 'exact', 'Olive & Earth Pilates'),
  byName('honey & steam day spa', 'exact', 'Honey & Steam Day Spa'),
  byName('lavender bay healing arts', 'exact', 'Lavender Bay Healing Arts'),
  byName('rain & root beauty bar', 'exact', 'Rain & Root Beauty Bar'),
  // Typos in names.
  byName('austn spa', 'typo', 'Austin Spa'),
  byName('seatle aesthetics', 'typo', 'Seattle Aesthetics'),
  byName('pheonix hair studio', 'typo', 'Phoenix Hair Studio'),
  byName('grace rivra massage', 'typo', 'Grace Rivera Massage Therapy'),
  byName('lavendar bay healing', 'typo', 'Lavender Bay Healing Arts'),
  byName('tornto inn spa', 'typo', 'Toronto Inn & Spa'),
  byName('denvr spa wellness', 'typo', 'Denver Spa & Wellness'),
  byName('olive earth pilats', 'typo', 'Olive & Earth Pilates'),
  byName('marcus silvaa integrative', 'typo', 'Marcus Silva Integrative Wellness'),
  // A service and a place in the keywords.
  serviceIn('massage austin', 'place', 'massages', 'massage', 'Austin'),
  serviceIn('facial denver', 'place', 'facials', 'facial', 'Denver'),
  serviceIn('yoga portland', 'place', 'yoga', 'yoga', 'Portland'),
  serviceIn('pilates chicago', 'place', 'pilates', 'pilates', 'Chicago'),
  serviceIn('waxing toronto', 'place', 'waxing', 'waxing', 'Toronto'),
  serviceIn('acupuncture toronto', 'place', 'acupuncture', 'acupuncture', 'Toronto'),
  serviceIn('massage phoenix', 'place', 'massages', 'massage', 'Phoenix'),
  // The same with typos.
  serviceIn('masage austin', 'typo', 'massages', 'massage', 'Austin'),
  serviceIn('facail denver', 'typo', 'facials', 'facial', 'Denver'),
  serviceIn('yoag portland', 'typo', 'yoga', 'yoga', 'Portland'),
  serviceIn('pilatse chicago', 'typo', 'pilates', 'pilates', 'Chicago'),
  serviceIn('waxng toronto', 'typo', 'waxing', 'waxing', 'Toronto'),
  serviceIn('acupunture toronto', 'typo', 'acupuncture', 'acupuncture', 'Toronto'),
  serviceIn('massgae phoenix', 'typo', 'massages', 'massage', 'Phoenix'),
  serviceIn('massage chicgo', 'typo', 'massages', 'massage', 'Chicago'),
  // Abbreviations.
  serviceIn('mani chicago', 'abbreviation', 'manicures', 'manicure', 'Chicago'),
  serviceIn('pedi toronto', 'abbreviation', 'pedicures', 'pedicure', 'Toronto'),
  {
    query: 'mani pedi los angeles',
    kind: 'abbreviation',
    criterion: 'listings in Los Angeles offering manicures and pedicures',
    where: `${inCity('Los Angeles')} and ${option('manicure')} and ${option('pedicure')}`,
  },
  {
    query: 'med spa chicago',
    kind: 'abbreviation',
    criterion: 'medical spas in Chicago',
    where: `${inCity('Chicago')} and ${type('Medical Spa')}`,
  },
  {
    query: 'medspa toronto',
    kind: 'abbreviation',
    criterion: 'medical spas in Toronto',
    where: `${inCity('Toronto')} and (${type('Medical Spa')} or m.name ~* 'med spa')`,
  },
  // Synonyms.
  serviceIn('nails chicago', 'synonym', 'nail services', 'nail|manicure|pedicure', 'Chicago'),
  serviceIn('couples massage toronto', 'synonym', 'couples treatments', 'couples', 'Toronto'),
  serviceIn('pregnancy massage chicago', 'synonym', 'prenatal massage', 'prenatal', 'Chicago'),
  serviceIn('eyebrow toronto', 'synonym', 'brow treatments', 'brow', 'Toronto'),
  serviceIn('eyelash toronto', 'synonym', 'lash treatments', 'lash', 'Toronto'),
  {
    query: 'hot tub toronto',
    kind: 'synonym',
    criterion: 'listings in Toronto with a whirlpool or a hydrotherapy tub',
    where: `${inCity('Toronto')} and (${amenity('whirlpool')} or ${option('tub')})`,
  },
  {
    query: 'gym chicago',
    kind: 'synonym',
    criterion: 'fitness listings in Chicago',
    where: `${inCity('Chicago')} and (${type('Fitness')} or ${option('fitness')} or ${amenity('fitness')})`,
  },
  // Several words.
  serviceIn('hot stone massage chicago', 'multi-word', 'hot stone massage', 'hot stone', 'Chicago'),
  serviceIn('deep tissue massage toronto', 'multi-word', 'deep tissue massage', 'deep tissue', 'Toronto'),
  serviceIn('swedish massage phoenix', 'multi-word', 'swedish massage', 'swedish', 'Phoenix'),
  serviceIn('infrared sauna new york city', 'multi-word', 'an infrared sauna', 'infrared', 'New York City'),
  serviceIn('anti-aging facial toronto', 'multi-word', 'anti-aging facials', 'anti-aging', 'Toronto'),
  serviceIn('reformer pilates chicago', 'multi-word', 'reformer pilates', 'reformer', 'Chicago'),
  serviceIn('sound bath toronto', 'multi-word', 'sound baths', 'sound bath', 'Toronto'),
  {
    query: 'day spa phoenix',
    kind: 'multi-word',
    criterion: 'day spas in Phoenix',
    where: `${inCity('Phoenix')} and (${type('Day Spa')} or m.name ~* 'day spa')`,
  },
  {
    query: 'aromatherapy massage toronto',
    kind: 'multi-word',
    criterion: 'listings in Toronto with aromatherapy that offer massages',
    where: `${inCity('Toronto')} and ${amenity('aromatherapy')} and ${option('massage')}`,
  },
  {
    query: 'steam room chicago',
    kind: 'multi-word',
    // The spa tenant's synonyms make a sauna as good as a steam room (src/tenant/tenants/spa.ts).
    criterion: 'listings in Chicago with a steam room or a sauna',
    where: `${inCity('Chicago')} and (${amenity('steam room|sauna')} or ${option('steam room|sauna')})`,
  },
  // The last word still being typed.
  serviceIn('phoenix swedish mass', 'prefix', 'swedish massage', 'swedish', 'Phoenix'),
  serviceIn('toronto acupunct', 'prefix', 'acupuncture', 'acupuncture', 'Toronto'),
  serviceIn('chicago pilat', 'prefix', 'pilates', 'pilates', 'Chicago'),
  // Words that match nothing: the best partial match.
  serviceIn('massage austin zzqxj', 'partial', 'massages', 'massage', 'Austin'),
  serviceIn('yoga portland xqzzv', 'partial', 'yoga', 'yoga', 'Portland'),
];

const db = await openDb({ dataDir: 'memory://' });
await migrate(db);
await ensureSeeded(db, RELEVANCE_SEED);
const queries: JudgedQuery[] = [];
for (const judgement of JUDGEMENTS) {
  const { rows } = await db.query<{ id: number }>(
    `select m.id from merchants m
     where m.status = 'APPROVED' and not m.non_searchable and m.included_programs && '{SPA_NETWORK}'
       and ${judgement.where}
     order by m.id`,
  );
  if (!rows.length) throw new Error(`nothing is relevant to '${judgement.query}'`);
  queries.push({
    query: judgement.query,
    kind: judgement.kind,
    criterion: judgement.criterion,
    relevant: rows.map((row) => row.id),
  });
}
await db.close();
writeFileSync(join(import.meta.dirname, 'judged.json'), `${JSON.stringify({ queries }, null, 2)}\n`);
console.info(`${queries.length} judged queries written`);
