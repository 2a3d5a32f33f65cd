import { describe, expect, it } from 'vitest';
import { PRERENDERED_DATA_ID } from '../src/lib/prerendered';
import { pageHtml } from './prerender';

const TEMPLATE =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';

describe('pageHtml', () => {
  it("keeps an article's `$'`, `$&` and `$`` as they are, in the page and in its data", () => {
    const text = "Costs $' and $& and $` and $$ and $1";
    const html = pageHtml(TEMPLATE, {
      head: `<title>${text}</title>`,
      body: `<article>${text}</article>`,
      data: { key: 'article:a', data: { content: text } },
    });
    expect(html).toContain(`<title>${text}</title>`);
    expect(html).toContain(`<div id="root"><article>${text}</article></div>`);
    const json = new RegExp(
      `<script id="${PRERENDERED_DATA_ID}" type="application/json">(.*?)</script>`,
    ).exec(html);
    expect(JSON.parse(json![1]!)).toEqual({ key: 'article:a', data: { content: text } });
    expect(html.match(/<script src="\/app.js">/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
