/**
 * Compare: a member with three photos opens Compare and is told they have too few votes to rank,
 * the feed is asked to bring them votes, other members vote, and the verdicts appear while the
 * member watches; the view by keyboard, in light and dark mode, under axe.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../src/domain/photo';
import { storageKeys } from '../../src/lib/storage';
import { browserForFile } from './support/browser';
import {
  changeDocument,
  eventually,
  joinedMember,
  memberWithPhoto,
  readDocuments,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();

/** What four earlier votes of the same hearts leave on a photo, as the vote path tallies them. */
const fourVotesOf = (hearts: number) => ({
  votesCount: 4,
  rate: hearts,
  qualityVotes: 4,
  qualitySum: 4 * hearts,
  qualitySquares: 4 * hearts * hearts,
});

describe('Compare', () => {
  it('ranks three photos once other members have voted, with the verdicts between them', async () => {
    const a = await memberWithPhoto(
      browser(),
      { name: 'Cleo', age: 29, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(1),
      'Beach',
    );
    const { page } = a.member;
    await a.member.postPhoto(samplePhotoPath(2), 'Park');
    await a.member.postPhoto(samplePhotoPath(3), 'Office');
    const photos = await eventually(
      () => readDocuments<Photo>(`users/${a.uid}/photos`),
      (found) => found.length === 3,
    );
    const byCaption = (caption: string) => photos.find((photo) => photo.caption === caption)!;

    // At first: every photo has too few votes, and the feed is asked to bring them some.
    await page.getByRole('button', { name: 'Compare' }).click();
    let compare = page.getByRole('dialog', { name: 'Compare your photos' });
    const unranked = compare.getByRole('region', { name: 'Not ranked yet' });
    for (const caption of ['Beach', 'Park', 'Office'])
      await unranked
        .getByRole('article', { name: caption })
        .getByText('Too few votes to rank yet: 0 of 5 weighed')
        .waitFor();
    await compare
      .getByText(/The 3 photos that need votes are shown first in the rating feed until/)
      .waitFor();
    expect(await compare.getByRole('region', { name: 'Ranked', exact: true }).count()).toBe(0);
    const marked = readDocuments<Photo>(`users/${a.uid}/photos`);
    expect(marked.map((photo) => [photo.comparing, photo.feedOrder.slice(0, 3)])).toEqual([
      [true, '1-.'],
      [true, '1-.'],
      [true, '1-.'],
    ]);
    await compare.getByRole('button', { name: 'Close' }).click();
    await compare.waitFor({ state: 'detached' });

    // Earlier votes from many members, written straight to the store; the member has tokens to pay them.
    changeDocument(`users/${a.uid}`, { points: 50 });
    changeDocument(`users/${a.uid}/photos/${byCaption('Beach').id}`, fourVotesOf(5));
    changeDocument(`users/${a.uid}/photos/${byCaption('Park').id}`, fourVotesOf(3));
    changeDocument(`users/${a.uid}/photos/${byCaption('Office').id}`, fourVotesOf(1));
    await a.member.visit('/');
    await page.getByRole('button', { name: 'Compare' }).click();
    compare = page.getByRole('dialog', { name: 'Compare your photos' });
    for (const caption of ['Beach', 'Park', 'Office'])
      await compare
        .getByRole('article', { name: caption })
        .getByText('Too few votes to rank yet: 4 of 5 weighed')
        .waitFor();

    // Another member gives each photo its fifth vote, looking at each for a moment first.
    const b = await joinedMember(browser(), { name: 'Dan', age: 31, gender: 'Male', showMe: 'Both' });
    const rater = b.member.page;
    let tutorialSeen = false;
    for (const [caption, hearts] of [
      ['Office', '1'],
      ['Park', '3'],
      ['Beach', '5'],
    ] as const) {
      await b.member.openInFeed(byCaption(caption), { closeTutorial: !tutorialSeen });
      tutorialSeen = true;
      await rater.getByText(caption).waitFor();
      await rater.waitForTimeout(1500);
      await rater.keyboard.press(hearts);
      await rater.getByRole('button', { name: 'Rate', exact: true }).click();
      await rater.getByText(caption).waitFor({ state: 'detached' });
    }

    // The member, still in Compare, sees the ranking and the verdicts arrive.
    const ranked = compare.getByRole('region', { name: 'Ranked', exact: true });
    await ranked.getByRole('article', { name: 'Photo 3: Office' }).waitFor();
    expect(
      await ranked
        .getByRole('article')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))),
    ).toEqual(['Photo 1: Beach', 'Photo 2: Park', 'Photo 3: Office']);
    const verdicts = compare.getByRole('list', { name: 'Verdicts' });
    await verdicts.getByText('Photo 1 is very likely better than photo 2').waitFor();
    await verdicts.getByText('Photo 2 is very likely better than photo 3').waitFor();
    await expect(
      ranked
        .getByRole('article', { name: 'Photo 1: Beach' })
        .getByRole('img', { name: /^Fair score \d+\.\d\/10 · [A-Za-z !]+, 90% sure between/ })
        .count(),
    ).resolves.toBe(1);
    expect(await compare.getByRole('region', { name: 'Not ranked yet' }).count()).toBe(0);
    await compare.getByRole('button', { name: 'Close' }).click();
    await compare.waitFor({ state: 'detached' });

    // The best photo's detail places it among the rated photos and gives its fair score, both from
    // the server (getPhotoStanding): the stats' shards the votes moved are the server's alone.
    await page.getByRole('button', { name: 'Open Beach' }).click();
    const detail = page.getByRole('dialog', { name: 'Beach' });
    await detail.getByText(/Your photo is in the top \d+%!/).waitFor();
    expect(await detail.getByLabel('Fair score').textContent()).toMatch(
      /^Fair score \d+\.\d\/10 · [A-Za-z !]+ \(90% sure between .*, from all 5 votes/,
    );
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    // By keyboard, in light and dark mode, with no serious or critical axe violation in the view.
    for (const mode of ['light', 'dark']) {
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [storageKeys.colorMode, mode],
      );
      await a.member.visit('/');
      await page.getByRole('button', { name: 'Compare' }).focus();
      await page.keyboard.press('Enter');
      const view = page.getByRole('dialog', { name: 'Compare your photos' });
      await view.getByRole('list', { name: 'Verdicts' }).waitFor();
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      );
      const { violations } = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const blocking = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(blocking, `axe in ${mode} mode`).toEqual([]);
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });
    }

    // On a phone: the buttons fit beside the title, and Compare shows two photos a row.
    await page.setViewportSize({ width: 375, height: 667 });
    await a.member.visit('/');
    for (const name of ['Compare', 'Votes']) {
      const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(375);
    }
    await page.getByRole('button', { name: 'Compare' }).click();
    const cards = page
      .getByRole('dialog', { name: 'Compare your photos' })
      .getByRole('region', { name: 'Ranked', exact: true })
      .getByRole('article');
    await cards.nth(2).waitFor();
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(async (n) => (await cards.nth(n).boundingBox())!),
    );
    expect(second!.y).toBe(first!.y);
    expect(third!.y).toBeGreaterThan(first!.y);
    expect(second!.x + second!.width).toBeLessThanOrEqual(375);
  });
});
