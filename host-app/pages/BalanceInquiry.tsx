import { PAGE_TITLES } from '../../src/domain/routes';
import type { PageProps } from './types';

/**
 * The balance page: the spec's page name as its heading, and the element's own form heading
 * ('Check your gift card balance', which a partner page shows as is) under it, not twice.
 */
export default function BalanceInquiry({ tenant }: PageProps) {
  return (
    <section>
      <h1>{PAGE_TITLES.cardBalanceInquiry}</h1>
      <wellspring-balance-inquiry tenant={tenant.name} />
    </section>
  );
}
