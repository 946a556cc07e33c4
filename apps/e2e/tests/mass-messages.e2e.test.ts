import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn } from '../src/journeys';

// Demo data (apps/server/src/seed/mass-messages.ts): luna wrote to her subscribers (alex, jamie)
// and has one message scheduled for tomorrow.
const stamp = Date.now().toString(36);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('mass messages', () => {
  it('a creator sees what she sent, cancels the scheduled one, writes to her subscribers, and a subscriber reads it', async () => {
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'luna');
    await creator.getByRole('link', { name: 'Mass messages' }).first().click();
    await creator.getByRole('heading', { name: 'Mass messages', level: 1 }).waitFor();
    const history = creator.getByRole('list', { name: 'Sent and scheduled messages' });
    const seeded = history.getByTestId('mass-message').filter({ hasText: 'Thank you for subscribing!' });
    // Delivered to every subscriber luna had (the demo cast grows; the count is whatever it is, all delivered).
    const allDelivered = /^(\d+) of \1$/;
    await seeded.getByText(allDelivered).waitFor();
    const scheduled = history.getByTestId('mass-message').filter({ hasText: 'Going live tomorrow evening' });
    await scheduled.getByRole('button', { name: 'Cancel' }).click();
    await scheduled.getByText('cancelled').waitFor();

    await creator.getByRole('radio', { name: 'All subscribers' }).check();
    await creator.getByLabel('Message', { exact: true }).fill(`Weekend set is up ${stamp}`);
    await creator.getByRole('button', { name: 'Send message' }).click();
    const mine = history.getByTestId('mass-message').filter({ hasText: `Weekend set is up ${stamp}` });
    await mine.getByText('sent', { exact: true }).waitFor({ timeout: 20_000 });
    await mine.getByText(allDelivered).waitFor();

    // A message to hand-picked fans: only alex.
    await creator.getByRole('radio', { name: 'Chosen fans' }).check();
    await creator.getByLabel('Find a subscriber').fill('alex');
    await creator.getByRole('button', { name: /Add @alex/ }).click();
    await creator.getByRole('list', { name: 'Chosen fans' }).getByText(/Alex/).waitFor();
    await creator.getByLabel('Message', { exact: true }).fill(`Just for you ${stamp}`);
    await creator.getByRole('button', { name: 'Send message' }).click();
    const picked = history.getByTestId('mass-message').filter({ hasText: `Just for you ${stamp}` });
    await picked.getByText('Chosen fans').waitFor();
    await picked.getByText('1 of 1').waitFor({ timeout: 20_000 });
    await h.screenshot(creator, 'mass-messages');

    const fan = await h.newPage({ ageConfirmed: true });
    await logIn(fan, 'alex');
    await fan.goto('/messages');
    await fan.getByRole('link', { name: /Luna Rivera/ }).click();
    await fan.getByRole('list', { name: 'Messages' }).getByText(`Weekend set is up ${stamp}`).waitFor();
    await fan.getByRole('list', { name: 'Messages' }).getByText(`Just for you ${stamp}`).waitFor();
    await creator.context().close();
    await fan.context().close();
  });
});
