/**
 * The blog's demo articles for a fresh local backend: three of them, so /blog, an article page and the
 * admin's Articles tab have something real to show. Their pictures are the product's own drawings in
 * `public/images/` (made by `scripts/make-public-art.ts`).
 */
import { articlePath, sanitizeArticleHtml, type Article } from '../../../src/domain/articles';
import type { Store } from '../store/store';

export const DEMO_ARTICLES: Array<Omit<Article, 'dateAdded' | 'updatedAt'> & { daysAgo: number }> = [
  {
    id: 'light-makes-the-photo',
    daysAgo: 2,
    headline: 'Light makes the photo: five minutes to a better profile picture',
    description:
      'Window light, the golden hour and a plain background: what our members’ votes say about light, and how to use it with any phone.',
    seoTitle: 'Light makes the profile photo',
    seoDescription:
      'What thousands of votes say about light in profile photos, and five minutes of changes that lift your score.',
    imageUrl: '/images/blog-light.webp',
    author: 'Photorater Team',
    rate: 4.8,
    content: [
      '<p>Of everything our members change between two photos, light moves the score the most. The same face by a window and under a ceiling lamp can be two points apart out of 10.</p>',
      '<h2>Face the window</h2>',
      '<p>Soft daylight from the side or the front fills in shadows under the eyes and shows true skin tones. Stand an arm’s length from a window and turn until the light falls evenly on your face.</p>',
      '<h2>Use the golden hour</h2>',
      '<p>The hour after sunrise and before sunset gives warm, low light that flatters everyone. Photos taken then are rated <strong>noticeably warmer and more approachable</strong> in our tags.</p>',
      '<h2>Keep the background quiet</h2>',
      '<ul><li>A plain wall or open sky keeps the eye on you.</li><li>Avoid bright windows behind you: the camera darkens your face to match them.</li><li>Step away from the wall to soften your shadow.</li></ul>',
      '<p>Try two versions, upload both, and let the votes tell you which one works.</p>',
    ].join('\n'),
  },
  {
    id: 'what-the-fair-score-means',
    daysAgo: 9,
    headline: 'What the fair score means, and why it can differ from your average',
    description:
      'Some voters rate everything high, some everything low. The fair score takes their habits out, so you see how your photo really compares.',
    seoTitle: 'The fair score, explained',
    seoDescription:
      'How Photorater’s fair score removes generous and harsh voters’ habits and hasty votes, with a 90% range.',
    imageUrl: '/images/blog-score.webp',
    author: 'Photorater Team',
    rate: 4.6,
    content: [
      '<p>Every photo on Photorater shows two scores, both out of 10 (each heart a voter gives is 2 points): the plain average of its votes and, once five votes can be weighed, the <em>fair score</em>. They are often close, but not always.</p>',
      '<h2>Voters have habits</h2>',
      '<p>Some people give four hearts to everything; others rarely go above two. A photo that happens to meet several generous voters looks better than it is.</p>',
      '<h2>Taking the habit out</h2>',
      '<p>The fair score compares each vote with what that voter usually gives, leaves out hasty votes, votes that are the same every time and votes added by the Photorater team, and puts the result back on the site’s scale. The photo says how many of its votes were weighed.</p>',
      '<h2>The range</h2>',
      '<p>With few votes, any score is uncertain. The range beside the fair score shows where the true value lies with 90% confidence; it narrows as votes come in.</p>',
    ].join('\n'),
  },
  {
    id: 'choosing-your-dating-profile-photo',
    daysAgo: 16,
    headline: 'Choosing your dating profile photo with honest feedback',
    description:
      'Friends are kind; strangers are honest. How to test your dating photos with the audience that matters and read the results.',
    seoTitle: 'Choose your dating profile photo',
    seoDescription:
      'Test dating profile photos with real, anonymous voters of the audience you choose, and read the tags and percentile.',
    imageUrl: '/images/blog-dating.webp',
    author: 'Photorater Team',
    rate: 4.7,
    content: [
      '<p>Asking friends which photo to use rarely helps: they know you, and they want to be nice. Strangers see what a dating app’s users will see.</p>',
      '<h2>Pick your audience</h2>',
      '<p>When you upload, choose who rates the photo and their age range. Feedback from the people you hope to meet is worth more than feedback from everyone.</p>',
      '<h2>Read more than the number</h2>',
      '<p>Tags such as <em>trustworthy</em>, <em>confident</em> or <em>fun</em> tell you what the photo says about you. The percentile shows how it compares with every other photo on the site.</p>',
      '<h2>Rotate and retest</h2>',
      '<p>Upload three to five candidates, keep the best two active, and replace the weakest with a new one every few weeks.</p>',
    ].join('\n'),
  },
];

/** Adds the demo articles, newest first by their age in days. */
export async function seedDemoArticles(store: Store, now: Date): Promise<void> {
  await store.runTransaction(async (tx) => {
    for (const { daysAgo, id, ...article } of DEMO_ARTICLES) {
      const date = new Date(now.getTime() - daysAgo * 24 * 3_600_000);
      tx.set(articlePath(id), {
        ...article,
        content: sanitizeArticleHtml(article.content),
        dateAdded: date,
        updatedAt: date,
      });
    }
  });
}
