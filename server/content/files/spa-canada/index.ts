/**
 * The Canadian spa directory: the spa directory's pages in Canadian terms (provinces, CAD
 * prices, Canadian destinations and their Nordic spas).
 */
import { siteOf } from '../build';
import { CANADIAN_CITIES } from '../destinations';
import { directoryContent } from '../spa';

export const spaCanadaContent = directoryContent(siteOf('spa-canada'), {
  spaCount: '1,200',
  cities: CANADIAN_CITIES,
  premiumPrice: 'CA$59',
  elitePrice: 'CA$159',
  tip: '15-20%',
  region: 'province',
  tagline: 'From Nordic baths to city day spas, coast to coast',
});
