import type { StoryObj } from '@storybook/web-components-vite';
import { delay, http, HttpResponse, passthrough } from 'msw';
import { elementMeta, type ElementArgs } from './elements';

export default {
  title: 'Elements/Offers carousel',
  tags: ['autodocs'],
  component: 'wellspring-offers-carousel',
  ...elementMeta('wellspring-offers-carousel', { tenant: 'wellness', location: 'Austin, TX' }),
};
type Story = StoryObj<ElementArgs>;

export const Wellness: Story = { args: { tenant: 'wellness' } };
export const Spa: Story = { args: { tenant: 'spa' } };
export const SpaCanada: Story = {
  name: 'Spa Canada',
  args: { tenant: 'spa-canada', location: 'Toronto, ON' },
};
export const Local: Story = { args: { tenant: 'local' } };

/** The offers never arrive: the loading state stays (MSW holds the request). */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/offers', () => delay('infinite')));
  },
};

/**
 * The offers request fails (503, and again on the client's one automatic retry): the message and
 * 'Try again', which then loads the real offers.
 */
export const FailedWithRetry: Story = {
  name: 'Failed request, with retry',
  beforeEach({ msw }) {
    let failures = 2;
    msw.use(
      http.get('*/api/offers', () =>
        failures-- > 0 ? HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }) : passthrough(),
      ),
    );
  },
};

/** Every offers request takes 4 s on a slow network, then the real answer. */
export const SlowNetwork: Story = {
  name: 'Slow network',
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/offers', async () => {
        await delay(4000);
        return passthrough();
      }),
    );
  },
};
