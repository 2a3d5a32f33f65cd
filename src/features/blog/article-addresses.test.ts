/**
 * Article bodies as a browser reads them: the sanitised HTML parsed by the DOM (which decodes the
 * attributes) and each address resolved on an article's page, as the browser fetches it. Nothing may
 * reach another host unless it was written with an allowed scheme of its own.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '@/domain/articles';

const PAGE = 'http://127.0.0.1:5000/article/light';
const SITE = new URL(PAGE).origin;

const ELSEWHERE = [
  '/\\evil.example/pixel.png',
  '\\/evil.example/pixel.png',
  '\\\\evil.example/pixel.png',
  '/\t/evil.example/pixel.png',
  '/\n/evil.example/pixel.png',
  ' //evil.example/pixel.png',
  '/&#92;evil.example/pixel.png',
  '/&#x5C;evil.example/pixel.png',
  '/&#x5c&#x5c;evil.example/pixel.png',
  '&#47;&#47;evil.example/pixel.png',
  '&#x2F;/evil.example/pixel.png',
  '/&#9;/evil.example/pixel.png',
  '/&bsol;evil.example/pixel.png',
  '/&sol;evil.example/pixel.png',
  '/&Tab;/evil.example/pixel.png',
  '/&NewLine;/evil.example/pixel.png',
  '/&amp;bsol;evil.example/pixel.png',
  'java&#x09;script:alert(1)',
  'javascript&colon;alert(1)',
  'http://insecure.example/pixel.png',
];

/** Where a kept attribute takes the browser, or null when it was dropped. */
function destination(element: Element, name: string): URL | null {
  const value = element.getAttribute(name);
  return value === null ? null : new URL(value, PAGE);
}

describe('an article body, read by the browser', () => {
  it.each(ELSEWHERE)('goes nowhere else from %j', (value) => {
    const html = sanitizeArticleHtml(`<img src="${value}"><a href="${value}">x</a>`);
    const body = new DOMParser().parseFromString(html, 'text/html');
    const image = body.querySelector('img')!;
    const link = body.querySelector('a')!;
    const picture = destination(image, 'src');
    const target = destination(link, 'href');
    // Kept: the site's own, or an address that names its scheme (https for pictures) itself.
    if (picture) expect(picture.origin === SITE || /^https:/i.test(image.getAttribute('src')!)).toBe(true);
    if (target)
      expect(target.origin === SITE || /^(https?|mailto):/i.test(link.getAttribute('href')!)).toBe(true);
    expect(picture?.host).not.toBe('evil.example');
    expect(target?.host).not.toBe('evil.example');
  });
});
