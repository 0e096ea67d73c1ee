import type { StoryObj } from '@storybook/web-components-vite';
import { approvedListing, currentOffer, expiredOffer, unapprovedListing } from './api';
import { elementMeta, tenantOf, type ElementArgs } from './elements';

export default {
  title: 'Elements/Listing',
  tags: ['autodocs'],
  component: 'wellspring-listing',
  ...elementMeta('wellspring-listing', { tenant: 'spa' }),
};
type Story = StoryObj<ElementArgs>;

/** The tenant's first approved listing with offers, found in the real API when the story loads. */
const listingPage: Story['loaders'] = [
  async ({ args, globals }) => ({
    attributes: {
      'listing-id': args['listing-id'] || String(await approvedListing(tenantOf(args, globals))),
    },
  }),
];

export const Wellness: Story = { args: { tenant: 'wellness' }, loaders: listingPage };
export const Spa: Story = { args: { tenant: 'spa' }, loaders: listingPage };
export const SpaCanada: Story = { name: 'Spa Canada', args: { tenant: 'spa-canada' }, loaders: listingPage };
export const Local: Story = { args: { tenant: 'local' }, loaders: listingPage };

/** An offer page: the tenant's best rated current offer, with its buy buttons and sharing. */
export const OfferPage: Story = {
  name: 'Offer page',
  loaders: [
    async ({ args, globals }) => ({
      attributes: { 'offer-id': args['offer-id'] || String(await currentOffer(tenantOf(args, globals))) },
    }),
  ],
};

/** An id no listing has, from the real API: 'Listing not found!'. */
export const NotFound: Story = { name: 'Not found', args: { 'listing-id': '999999999' } };

/** A listing that is not approved (real API): no contact, about section or 'Ask a Question'. */
export const Unapproved: Story = {
  name: 'Listing not approved',
  loaders: [
    async ({ args, globals }) => ({
      attributes: { 'listing-id': String(await unapprovedListing(tenantOf(args, globals))) },
    }),
  ],
};

/** An offer whose end date has passed (real API): its page says it has expired. */
export const ExpiredOffer: Story = {
  name: 'Expired offer',
  loaders: [
    async ({ args, globals }) => ({
      attributes: { 'offer-id': String(await expiredOffer(tenantOf(args, globals))) },
    }),
  ],
};
