/**
 * Payments in Chromium on the local stack: the local server's test checkout page stands in for the
 * payment provider's, and the events it signs reach the same webhook handler as production's. A free
 * member buys a token pack (after a declined card), subscribes and uses Premium; a donation completes;
 * a subscriber cancels at the period's end and resumes on the test portal; a pack bought with photos
 * switched off turns them back on together; a cancelled checkout says nothing was charged.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutSessionRecord } from '../../functions/src/handlers/stripe-webhook';
import type { Billing } from '../../src/domain/billing';
import { DAILY_LIMIT_MESSAGES, SUBSCRIBER_VIEW_RATING_PER_DAY } from '../../src/domain/daily-counter';
import { ARRIVED_MESSAGES, PAYMENT_MESSAGES } from '../../src/domain/payments';
import type { Photo } from '../../src/domain/photo';
import type { User } from '../../src/domain/user';
import { browserForFile } from './support/browser';
import {
  appUrl,
  changeDocument,
  eventually,
  joinedMember,
  memberWithPhoto,
  readDocument,
  readDocuments,
  samplePhotoPath,
  type Member,
} from './support/member';

const browser = browserForFile();

/**
 * Back in the app from checkout, on the page it started from: what it says (what arrived, or that it
 * is being processed), and the address without the checkout's parameters.
 */
async function backFromCheckout(member: Member, path: string | null, said: string | RegExp): Promise<void> {
  const { page } = member;
  await page.waitForURL(
    (url) => url.origin === new URL(appUrl()).origin && (path === null || url.pathname === path),
  );
  await page.getByText(said).first().waitFor();
  await page.waitForURL((url) => !url.search.includes('session_id'));
}

describe('payments', () => {
  it("a free member's declined card changes nothing and says why; the 'Most Popular' pack adds 10 tokens", async () => {
    const { member, uid } = await joinedMember(browser(), { name: 'Paz', age: 31, gender: 'Female' });
    const { page } = member;
    const before = readDocument<User>(`users/${uid}`)!.points;
    await member.visit('/profile');
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.getByText(String(before), { exact: true }).waitFor();

    await tokens.getByRole('button', { name: 'Buy More' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy tokens' });
    const popular = dialog.getByRole('button', { name: 'Most Popular: 10 tokens' });
    expect(await popular.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Checkout' }).click();

    await member.payAtCheckout('4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await page.getByRole('region', { name: 'Order' }).getByText('10 tokens (Most Popular)').waitFor();
    expect(readDocument<User>(`users/${uid}`)!.points).toBe(before);

    await member.payAtCheckout('4242 4242 4242 4242');
    await backFromCheckout(member, '/profile', ARRIVED_MESSAGES.tokens(10, before + 10));
    await tokens.getByText(String(before + 10), { exact: true }).waitFor();
    expect(readDocument<User>(`users/${uid}`)!.points).toBe(before + 10);
    await member.close();
  });

  it('subscribing monthly makes the member Premium: the badge, Advanced Analytics, and View Rating 10 times a day', async () => {
    const { member, uid } = await memberWithPhoto(
      browser(),
      { name: 'Quinn', age: 29, gender: 'Male', showMe: 'Both' },
      samplePhotoPath(3),
      'Before Premium',
    );
    const { page } = member;
    const analytics = async () => {
      const detail = page.getByRole('dialog', { name: 'Before Premium' });
      if (!(await detail.isVisible()))
        await page.getByRole('button', { name: 'Open Before Premium' }).click();
      const section = detail.getByRole('region', { name: 'Advanced Analytics' });
      await section.getByRole('button', { name: 'Advanced Analytics' }).click();
      return section;
    };

    // Free: today's one Advanced Analytics view, then the Premium offer.
    const section = await analytics();
    await section.getByText('Analytics appear with the first votes.').waitFor();
    await section.getByRole('button', { name: 'Advanced Analytics' }).click();
    await section.getByRole('button', { name: 'Advanced Analytics' }).click();
    await page
      .getByRole('dialog', { name: 'Go Premium' })
      .getByText(DAILY_LIMIT_MESSAGES.advancedAnalytics)
      .waitFor();

    // The offer subscribes: the monthly plan is chosen first.
    const beforePremium = readDocument<User>(`users/${uid}`)!.points;
    const offer = page.getByRole('dialog', { name: 'Go Premium' });
    expect(await offer.getByRole('button', { name: 'Monthly plan' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await offer.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('region', { name: 'Order' }).getByText('$2.99 per month').waitFor();
    await member.payAtCheckout('4242 4242 4242 4242');
    await backFromCheckout(
      member,
      null,
      new RegExp(`${PAYMENT_MESSAGES.processing}|${ARRIVED_MESSAGES.premium}`),
    );
    const premium = await eventually(
      () => readDocument<User>(`users/${uid}`),
      (user) => user?.subscribed === true,
    );
    // With 5 tokens for Premium's first month.
    expect(premium!.points).toBe(beforePremium + 5);
    expect(readDocument<Billing>(`billing/${uid}`)).toMatchObject({ plan: 'monthly', status: 'active' });

    await member.visit('/profile');
    await page
      .getByRole('alert', { name: 'Premium' })
      .getByText(/Renews on/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade for $2.99' }).count()).toBe(0);

    // Premium: Advanced Analytics as often as wanted.
    await member.visit('/');
    for (let time = 0; time < 3; time++) {
      const open = await analytics();
      await open.getByText('Analytics appear with the first votes.').waitFor();
      await open.getByRole('button', { name: 'Advanced Analytics' }).click();
      await open.getByText('Analytics appear with the first votes.').waitFor({ state: 'detached' });
    }
    expect(await page.getByRole('dialog', { name: 'Go Premium' }).count()).toBe(0);

    // View Rating: 10 a day, counted by the server, then its refusal.
    await member.visit('/rate');
    await page
      .getByRole('dialog', { name: 'How rating works' })
      .getByRole('button', { name: 'Got it' })
      .click();
    const viewRating = page.getByRole('button', { name: 'View Rating' });
    for (let use = 1; use <= SUBSCRIBER_VIEW_RATING_PER_DAY; use++) {
      await viewRating.click();
      await eventually(
        () => readDocument<{ viewRating?: number }>(`dailyUses/${uid}`),
        (uses) => uses?.viewRating === use,
      );
    }
    await page
      .getByText(/Current rating|No ratings yet/)
      .first()
      .waitFor();
    await viewRating.click();
    await page.getByText(DAILY_LIMIT_MESSAGES.viewRating).waitFor();
    expect(readDocument<{ viewRating?: number }>(`dailyUses/${uid}`)?.viewRating).toBe(10);
    await member.close();
  });

  it("'Buy us a coffee!' completes a donation through the same checkout", async () => {
    const { member, uid } = await joinedMember(browser(), { name: 'Rio', age: 40, gender: 'Male' });
    const { page } = member;
    const before = readDocument<User>(`users/${uid}`)!.points;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Buy us a coffee!' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy us a coffee!' });
    const amount = dialog.getByLabel('Amount (USD)');
    expect(await amount.inputValue()).toBe('1');
    await amount.fill('0.2');
    await dialog.getByRole('button', { name: 'Donate with card' }).click();
    await dialog.getByText('Amount must be at least 0.5').waitFor();
    await amount.fill('3');
    await dialog.getByRole('button', { name: 'Donate with card' }).click();

    await page.getByRole('region', { name: 'Order' }).getByText('$3.00').waitFor();
    await member.payAtCheckout('4242 4242 4242 4242');
    await backFromCheckout(member, null, ARRIVED_MESSAGES.donation);
    expect(await page.getByText(PAYMENT_MESSAGES.processing).count()).toBe(0);
    const [donation] = await eventually(
      () => readDocuments<CheckoutSessionRecord>('checkoutSessions').filter((session) => session.uid === uid),
      (sessions) => sessions[0]?.status === 'fulfilled',
    );
    expect(donation!.order).toMatchObject({ kind: 'donation', amountCents: 300 });
    expect(readDocument<User>(`users/${uid}`)!.points).toBe(before);
    await member.close();
  });

  it('a subscriber cancels Premium at the period end on the portal, the profile says when it ends, and resumes it', async () => {
    const { member, uid } = await joinedMember(browser(), { name: 'Sol', age: 35, gender: 'Female' });
    const { page } = member;
    await member.visit('/profile');
    await page.getByRole('button', { name: 'Upgrade for $2.99' }).click();
    await page.getByRole('dialog', { name: 'Go Premium' }).getByRole('button', { name: 'Checkout' }).click();
    await member.payAtCheckout('4242 4242 4242 4242');
    await backFromCheckout(member, '/profile', ARRIVED_MESSAGES.premium);
    const premium = page.getByRole('alert', { name: 'Premium' });
    await premium.getByText(/^Renews on /).waitFor();

    const manage = async () => {
      await premium.getByRole('button', { name: 'Manage subscription' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/checkout/portal/'));
    };
    await manage();
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByText(/^Your plan will be canceled on /).waitFor();
    await page.getByRole('link', { name: 'Return to Photorater' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const until = readDocument<Billing>(`billing/${uid}`)!;
    expect(until.status).toBe('canceled');
    const date = until.premiumUntil.toLocaleDateString('en-US', { dateStyle: 'long' });
    await premium.getByText(`Premium ends on ${date}. Resume it to keep it.`).waitFor();
    expect(readDocument<User>(`users/${uid}`)!.subscribed).toBe(true);

    await manage();
    await page.getByRole('button', { name: 'Renew plan' }).click();
    await page.getByText(/^Your plan renews on /).waitFor();
    await page.getByRole('link', { name: 'Return to Photorater' }).click();
    await premium.getByText(`Renews on ${date}.`).waitFor();
    expect(readDocument<Billing>(`billing/${uid}`)!.status).toBe('active');
    await member.close();
  });

  it('photos switched off when the tokens ran out are turned back on together after buying tokens', async () => {
    const { member, uid, photo } = await memberWithPhoto(
      browser(),
      { name: 'Tam', age: 27, gender: 'Male' },
      samplePhotoPath(2),
      'Switched off',
    );
    const { page } = member;
    // As the last token's vote leaves them: no tokens, the photo off and marked so.
    changeDocument(`users/${uid}`, { points: 0 });
    changeDocument(`users/${uid}/photos/${photo.id}`, { active: false, pausedForTokens: true });
    await member.visit('/profile');
    await page.getByRole('region', { name: 'Tokens' }).getByRole('button', { name: 'Buy More' }).click();
    await page.getByRole('dialog', { name: 'Buy tokens' }).getByRole('button', { name: 'Checkout' }).click();
    await member.payAtCheckout('4242 4242 4242 4242');
    await backFromCheckout(member, '/profile', ARRIVED_MESSAGES.tokens(10, 10));
    const offer = page.getByRole('dialog', { name: 'Turn your photos back on?' });
    await offer.getByText(/One photo was switched off when your tokens ran out/).waitFor();
    await offer.getByRole('button', { name: 'Turn it back on' }).click();
    await page.getByText('Your photo is back on.').waitFor();
    const back = await eventually(
      () => readDocument<Photo>(`users/${uid}/photos/${photo.id}`),
      (stored) => stored?.active === true,
    );
    expect(back!.pausedForTokens).toBe(false);
    await member.close();
  });

  it('a checkout left without paying returns to where it started and says nothing was charged', async () => {
    const { member, uid } = await joinedMember(browser(), { name: 'Uma', age: 33, gender: 'Female' });
    const { page } = member;
    const before = readDocument<User>(`users/${uid}`)!.points;
    await member.visit('/profile');
    await page.getByRole('region', { name: 'Tokens' }).getByRole('button', { name: 'Buy More' }).click();
    await page.getByRole('dialog', { name: 'Buy tokens' }).getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(PAYMENT_MESSAGES.cancelled).waitFor();
    await page.waitForURL((url) => !url.search.includes('checkout'));
    expect(readDocument<User>(`users/${uid}`)!.points).toBe(before);
    await member.close();
  });
});
