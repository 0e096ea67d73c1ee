import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { elementMeta, type ElementArgs } from './elements';

export default {
  title: 'Elements/Balance inquiry',
  tags: ['autodocs'],
  component: 'wellspring-balance-inquiry',
  ...elementMeta('wellspring-balance-inquiry', { tenant: 'spa' }),
};
type Story = StoryObj<ElementArgs>;

export const Wellness: Story = { args: { tenant: 'wellness' } };
export const Spa: Story = { args: { tenant: 'spa', location: 'Austin, TX' } };
export const SpaCanada: Story = { name: 'Spa Canada', args: { tenant: 'spa-canada' } };
export const Local: Story = { args: { tenant: 'local' } };

/** The element's form, once it has rendered in its shadow root. */
async function form(canvasElement: HTMLElement) {
  const element = canvasElement.querySelector('wellspring-balance-inquiry');
  return waitFor(
    () => {
      const root = element?.shadowRoot;
      const number = root?.querySelector<HTMLInputElement>('#card-number');
      const pin = root?.querySelector<HTMLInputElement>('#pin');
      const submit = root?.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (!root || !number || !pin || !submit) throw new Error('the form is not shown yet');
      return { root, number, pin, submit };
    },
    { timeout: 15_000 },
  );
}

async function check(canvasElement: HTMLElement, cardNumber: string, pin: string) {
  const { root, number, pin: pinInput, submit } = await form(canvasElement);
  await userEvent.type(number, cardNumber);
  await userEvent.type(pinInput, pin);
  await userEvent.click(submit);
  return root;
}

/**
 * A card number no program issued, checked against the real API (bot check included): the fail
 * state, with what was typed kept. (Not a demo card: wrong PINs would lock one.)
 */
export const BalanceFails: Story = {
  name: 'Balance check fails',
  args: { tenant: 'spa' },
  play: async ({ canvasElement }) => {
    const root = await check(canvasElement, '6036 1100 4799 0001', '1234');
    await waitFor(() => expect(root.querySelector('[role="alert"]')).toBeTruthy(), { timeout: 20_000 });
  },
};

/** The spa demo card 6036 1100 4700 1823 (PIN 1234): its balance, then its history. */
export const BalanceWithHistory: Story = {
  name: 'Balance check succeeds, with history',
  args: { tenant: 'spa', location: 'Austin, TX' },
  play: async ({ canvasElement }) => {
    const root = await check(canvasElement, '6036 1100 4700 1823', '1234');
    const history = await waitFor(
      () => {
        const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'View history');
        if (!button) throw new Error('no balance yet');
        return button;
      },
      { timeout: 20_000 },
    );
    await userEvent.click(history);
    await waitFor(() => expect(root.querySelectorAll('table tbody tr').length).toBeGreaterThan(0));
  },
};
