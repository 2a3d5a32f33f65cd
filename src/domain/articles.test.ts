import { describe, expect, it } from 'vitest';
import {
  articleText,
  articleView,
  editorsRatingText,
  isArticleImage,
  sanitizeArticleHtml,
  type Article,
} from './articles';

const stored: Omit<Article, 'id'> = {
  headline: 'Light',
  description: '',
  seoTitle: '',
  seoDescription: '',
  imageUrl: '',
  content: '<p>Face the window.</p>',
  author: '',
  rate: 4,
  dateAdded: new Date('2026-11-22T10:00:00Z'),
  updatedAt: new Date('2026-11-22T10:00:00Z'),
};

describe('sanitizeArticleHtml', () => {
  it('keeps the structure an article uses', () => {
    const html =
      '<h2>Light</h2><p>Face <strong>the</strong> <em>window</em>.</p><ul><li>One</li></ul><a href="https://example.com/x" title="x">more</a><a href="/blog">blog</a><img src="https://img.example/a.webp" alt="A" width="640" height="360">';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="x()" style="color:red">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="http://insecure/a.png">', '<img>'],
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<!-- <script>alert(1)</script> --><p>ok</p>', '<p>ok</p>'],
    ['<form action="/x"><input name="a"></form><p>ok</p>', '<p>ok</p>'],
    ['<img width="100%" src="/a.png">', '<img src="/a.png">'],
  ])('makes %s harmless', (dirty, clean) => {
    expect(sanitizeArticleHtml(dirty)).toBe(clean);
  });

  describe("reads each address as the browser does, so nothing passes as this site's own path that is not", () => {
    it.each([
      ['<img src="/\\evil.example/pixel.png">', '<img>'],
      ['<img src="/\t/evil.example/pixel.png">', '<img>'],
      ['<img src="\\\\evil.example/pixel.png">', '<img>'],
      ['<img src="/&#92;evil.example/pixel.png">', '<img>'],
      ['<img src="&#47;&#47;evil.example/pixel.png">', '<img>'],
      ['<a href="/\\evil.example/">x</a>', '<a>x</a>'],
      ['<a href="/&#x5C;evil.example/">x</a>', '<a>x</a>'],
      ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
      // A reference the check does not decode is written back as text, which the browser reads as a path here.
      ['<img src="/&bsol;evil.example/pixel.png">', '<img src="/&amp;bsol;evil.example/pixel.png">'],
    ])('makes %s harmless', (dirty, clean) => {
      expect(sanitizeArticleHtml(dirty)).toBe(clean);
    });

    it("keeps this site's paths, fragments and https addresses as they were written", () => {
      const html =
        '<a href="/blog?tag=light&amp;page=2">a</a><a href="#tips">b</a><a href="mailto:hello@example.com">c</a><img src="/images/a.webp"><img src="https://img.example/a.webp?w=640&amp;h=360">';
      expect(sanitizeArticleHtml(html)).toBe(html);
      expect(sanitizeArticleHtml(sanitizeArticleHtml(html))).toBe(html);
    });

    it("drops an article's picture that is not over https or this site's", () => {
      for (const imageUrl of [
        '//evil.example/pixel.png',
        '/\\evil.example/pixel.png',
        'http://x.example/a.png',
      ])
        expect(articleView('a', { ...stored, imageUrl }).imageUrl, imageUrl).toBe('');
      for (const imageUrl of ['/images/a.webp', 'https://img.example/a.webp'])
        expect(articleView('a', { ...stored, imageUrl }).imageUrl).toBe(imageUrl);
      expect(isArticleImage('//evil.example/pixel.png')).toBe(false);
    });
  });

  it('leaves no code of nested forbidden tags', () => {
    const clean = sanitizeArticleHtml('<svg><script>alert(1)</script></svg><p>ok</p>');
    expect(clean).not.toMatch(/<svg|<script|alert/);
    expect(clean).toContain('<p>ok</p>');
  });

  it('reads the text of a body without its tags or code', () => {
    expect(articleText('<h2>Hi</h2><p>Tom &amp; Ann</p><script>alert(1)</script>')).toBe('Hi Tom & Ann');
  });
});

describe("an article's rating chip", () => {
  it("says it is the editors' rating, out of 10 as every score, and nothing when unrated", () => {
    expect(editorsRatingText(4.8)).toBe("Editors' rating 9.6/10");
    expect(editorsRatingText(0)).toBeNull();
  });
});
