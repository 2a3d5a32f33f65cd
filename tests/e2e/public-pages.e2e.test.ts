/**
 * The public pages as a crawler or a link preview reads them: plain HTTP, no browser, no JavaScript.
 * Each has its title, description, canonical address, social card and main text in the HTML itself;
 * the blog and each article are made with the articles of the moment; robots.txt and the sitemap
 * list what may be indexed.
 */
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/member';

async function page(path: string): Promise<{ status: number; type: string; html: string }> {
  const response = await fetch(`${appUrl()}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html: await response.text(),
  };
}

const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => attribute(html, /<meta name="description" content="([^"]*)"/);
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
/** The page's own HTML inside #root, before the app's scripts run. */
const root = (html: string) => /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';

const PAGES = [
  { path: '/', title: 'Photorater', heading: 'Find your best photo', text: 'Get Started' },
  { path: '/about', title: 'About | Photorater', heading: 'About', text: 'choose your best photo' },
  {
    path: '/terms',
    title: 'Terms and Conditions | Photorater',
    heading: 'Terms and Conditions',
    text: '180 days',
  },
  { path: '/privacy', title: 'Privacy Policy | Photorater', heading: 'Privacy Policy', text: 'Photorater' },
  // Other journeys on the same stack add newer articles, so the first page's may be any article's.
  { path: '/blog', title: 'Blog | Photorater', heading: 'Blog', text: 'href="/article/' },
  {
    path: '/article/light-makes-the-photo',
    title: 'Light makes the profile photo | Photorater',
    heading: 'Light makes the photo: five minutes to a better profile picture',
    text: 'Face the window',
  },
];

describe('public pages without JavaScript', () => {
  it.each(PAGES)(
    '$path has its title, description, canonical, social card and main text',
    async (expected) => {
      const { status, type, html } = await page(expected.path);
      expect(status).toBe(200);
      expect(type).toContain('text/html');
      expect(title(html)).toBe(expected.title);
      expect(description(html)?.length).toBeGreaterThan(20);
      expect(attribute(html, /<meta name="robots" content="([^"]*)"/)).toBe('index, follow');
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toMatch(
        new RegExp(`${expected.path}$`),
      );
      expect(attribute(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(/^https?:\/\//);
      expect(html.match(/<title>/g)).toHaveLength(1);
      const body = root(html);
      expect(h1(body)).toBe(expected.heading);
      expect(body).toContain(expected.text);
    },
  );

  it('every other page of the app gets the app shell: the landing page in none of them', async () => {
    for (const path of ['/rate', '/rate/p1', '/photos', '/profile', '/leaderboard', '/photo/p1', '/login']) {
      const { status, type, html } = await page(path);
      expect(status, path).toBe(200);
      expect(type, path).toContain('text/html');
      expect(html, path).toContain('<div id="root"></div><div id="app-skeleton" aria-hidden="true">');
      expect(html, path).not.toContain('Find your best photo');
      expect(html, path).not.toContain('/images/portrait-');
      // The member's route preloads come with it.
      expect(html, path).toContain('modulepreload');
    }
    const landing = await page('/');
    expect(landing.html).toContain('/images/portrait-');
    expect(landing.html).not.toContain('app-skeleton');
  });

  it("an article carries its structured data and the data the app starts from; an unknown one is the app's 404 page", async () => {
    const { html } = await page('/article/what-the-fair-score-means');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const items = JSON.parse(ld!) as Array<{ '@type': string }>;
    expect(items.map((item) => item['@type'])).toEqual(['Article', 'BreadcrumbList']);
    expect(html).toContain('<script id="prerendered-data" type="application/json">');
    const unknown = await page('/article/no-such-article');
    expect(unknown.status).toBe(404);
    expect(h1(root(unknown.html))).toBe('Oops, the page you are looking for does not exist.');
    expect(unknown.html).toContain('<meta name="robots" content="noindex, follow"/>');
    for (const hostile of [
      '/article/__proto__',
      '/article/..%2f..%2fetc%2fpasswd',
      `/article/${'a'.repeat(300)}`,
    ])
      expect((await page(hostile)).status, hostile).toBe(404);
  });

  it('the second page of the blog is made on request', async () => {
    const { html } = await page('/blog?page=2');
    expect(title(html)).toBe('Blog, page 2 | Photorater');
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toMatch(/\/blog\?page=2$/);
  });

  it('robots.txt keeps crawlers off member screens and names the sitemap, which lists every article', async () => {
    const robots = await page('/robots.txt');
    expect(robots.html).toContain('Disallow: /admin');
    expect(robots.html).toContain('Disallow: /profile');
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots.html)?.[1];
    expect(sitemapUrl).toBe(`${appUrl()}/sitemap.xml`);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.type).toContain('xml');
    for (const path of ['/', '/blog', '/about', '/contact', '/terms', '/privacy'])
      expect(sitemap.html).toContain(`<loc>${appUrl()}${path}</loc>`);
    for (const id of [
      'light-makes-the-photo',
      'what-the-fair-score-means',
      'choosing-your-dating-profile-photo',
    ])
      expect(sitemap.html).toContain(`<loc>${appUrl()}/article/${id}</loc>`);
  });

  it('the social card is a real 1200x630 PNG', async () => {
    const response = await fetch(`${appUrl()}/social-card.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });
});
