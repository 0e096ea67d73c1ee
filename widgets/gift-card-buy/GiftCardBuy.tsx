import type { AnalyticsEvent } from '../../src/analytics/data-layer';
import { useElement } from '../define';
import { baseStyles } from '../../src/ui/base.styles';
import { useShadowStyles } from '../styles';
import { giftCardBuyStyles } from './gift-card-buy.styles';
import type { PropsOf } from '../declare';
import type { giftCardBuyDeclaration } from './gift-card-buy.declaration';

/** Its attributes besides tenant, api and site, as gift-card-buy.declaration.ts declares them. */
export type GiftCardBuyAttributes = PropsOf<typeof giftCardBuyDeclaration>;

type Method = Extract<AnalyticsEvent, { event: 'buy' }>['method'];

/**
 * The ways to buy a gift card (spec 1 and 2.6): by email, print or mail, as links to the tenant's
 * gift card store, plus corporate sales. A tenant that does not sell online yet shows its
 * coming-soon purchase link instead.
 */
export function GiftCardBuy({ another = false, selected }: GiftCardBuyAttributes) {
  const { tenant, site, emit, track } = useElement();
  useShadowStyles(baseStyles, giftCardBuyStyles);
  const { endpoints, titles, brandName, productName } = tenant;
  const href = (path: string) => (/^https?:/.test(path) ? path : `${site}${path}`);
  const choose = (method: Method, url: string) => (event: { preventDefault(): void }) => {
    track({ event: 'buy', method });
    if (!emit('wellspring-buy-select', { method, url })) event.preventDefault();
  };
  const buttonText = another ? `Get Another ${brandName} Gift Card` : titles.giftCardShopButtonName;

  if (!tenant.options.global.sellOnline) {
    const url = href(endpoints.purchaseLink);
    return (
      <section aria-labelledby="buy-heading">
        <h2 id="buy-heading" part="heading">
          The {productName} is coming soon
        </h2>
        <p className="lead">It is not sold online yet. See where it will be available first.</p>
        <a className="button" part="button" href={url} onClick={choose('coming_soon', url)}>
          {titles.purchaseText}
        </a>
      </section>
    );
  }

  const choices: { method: Method; title: string; text: string; url: string }[] = [
    {
      method: 'email',
      title: 'EMAIL eGIFT CARD',
      text: 'Delivered to their inbox in minutes, with your message. Perfect for last-minute gifts.',
      url: href(endpoints.emailGiftCard),
    },
    {
      method: 'print',
      title: 'PRINT eGIFT CARD',
      text: 'Print it at home and hand it over in person, in a card or with flowers.',
      url: href(endpoints.printGiftCard),
    },
    {
      method: 'mail',
      title: 'MAIL a GIFT CARD',
      text: 'A plastic gift card in a gift envelope, mailed to them within 5-7 business days.',
      url: href(endpoints.mailGiftCard),
    },
  ];
  const corporate = href(endpoints.corporateSales);
  const sales = href(endpoints.contactSales);
  return (
    <section aria-labelledby="buy-heading">
      <h2 id="buy-heading" part="heading">
        {titles.purchaseText}
      </h2>
      <p className="lead">Accepted at every {brandName} location. Choose how it should arrive.</p>
      <ul className="choices">
        {choices.map((choice) => (
          <li key={choice.method}>
            <div className="choice" aria-current={choice.method === selected ? 'true' : undefined}>
              <h3>{choice.title}</h3>
              <p>{choice.text}</p>
              <a
                className="button"
                part="button"
                href={choice.url}
                aria-label={`${buttonText}: ${choice.title}`}
                onClick={choose(choice.method, choice.url)}
              >
                {buttonText}
              </a>
            </div>
          </li>
        ))}
      </ul>
      {/* Two audiences: a company buying cards, and a business that would take them (the
          tenant's contactSales is its partner sales: '/contactUs?topic=sales'). */}
      <div className="sales">
        <p>
          Buying for a team or for clients?{' '}
          <a href={corporate} onClick={choose('corporate', corporate)}>
            Corporate Gift Card Sales
          </a>
        </p>
        <p>
          Own a business?{' '}
          <a href={sales} onClick={choose('contact_sales', sales)}>
            Contact Sales
          </a>
        </p>
      </div>
    </section>
  );
}
