import { describe, expect, it } from 'vitest';
import { articleText, sanitizeArticleHtml } from './articles';

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

  it('leaves no code of nested forbidden tags', () => {
    const clean = sanitizeArticleHtml('<svg><script>alert(1)</script></svg><p>ok</p>');
    expect(clean).not.toMatch(/<svg|<script|alert/);
    expect(clean).toContain('<p>ok</p>');
  });

  it('reads the text of a body without its tags or code', () => {
    expect(articleText('<h2>Hi</h2><p>Tom &amp; Ann</p><script>alert(1)</script>')).toBe('Hi Tom & Ann');
  });
});
