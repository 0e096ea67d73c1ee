import type { PageProps } from './types';

export default function BalanceInquiry({ tenant }: PageProps) {
  return (
    <section>
      <h1>Check your gift card balance</h1>
      <wellspring-balance-inquiry tenant={tenant.name} />
    </section>
  );
}
