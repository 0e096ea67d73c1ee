import type { StoryObj } from '@storybook/web-components-vite';
import { delay, http, passthrough } from 'msw';
import { elementMeta, type ElementArgs } from './elements';

export default {
  title: 'Elements/Search',
  tags: ['autodocs'],
  component: 'wellspring-search',
  ...elementMeta('wellspring-search', { tenant: 'wellness', location: 'Austin, TX', layout: 'grid' }),
};
type Story = StoryObj<ElementArgs>;

export const Wellness: Story = { args: { tenant: 'wellness' } };
export const Spa: Story = { args: { tenant: 'spa', keywords: 'massage' } };
export const SpaCanada: Story = {
  name: 'Spa Canada',
  args: { tenant: 'spa-canada', location: 'Toronto, ON' },
};
export const Local: Story = { args: { tenant: 'local', layout: 'list' } };

/** Keywords nothing matches, from the real API: the empty results state. */
export const EmptyResults: Story = {
  name: 'Empty results',
  args: { keywords: 'qwxzvj' },
};

/** Searches take 5 s: after 3 s the element says the search is taking longer than usual. */
export const SlowNetwork: Story = {
  name: 'Slow network',
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/merchants', async () => {
        await delay(5000);
        return passthrough();
      }),
    );
  },
};
