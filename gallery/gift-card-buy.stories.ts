import type { StoryObj } from '@storybook/web-components-vite';
import { elementMeta, type ElementArgs } from './elements';

export default {
  title: 'Elements/Gift card buy',
  tags: ['autodocs'],
  component: 'wellspring-gift-card-buy',
  ...elementMeta('wellspring-gift-card-buy', { tenant: 'spa' }),
};
type Story = StoryObj<ElementArgs>;

/** The wellness tenant does not sell its card online yet: the coming-soon link. */
export const Wellness: Story = { args: { tenant: 'wellness' } };
export const Spa: Story = { args: { tenant: 'spa' } };
export const SpaCanada: Story = { name: 'Spa Canada', args: { tenant: 'spa-canada', selected: 'email' } };
export const Local: Story = { args: { tenant: 'local', another: true } };
