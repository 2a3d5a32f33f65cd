// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRERENDERED_DATA_ID,
  TAKEOVER_TIMEOUT_MS,
  appContainer,
  holdEarlyClicks,
  scriptJson,
  takePrerendered,
} from './prerendered';

const prerenderedBlog = () =>
  `<div id="root"><h1>Blog</h1></div><script id="${PRERENDERED_DATA_ID}" type="application/json">${scriptJson({ key: 'blog:1', data: { pages: 2 } })}</script>`;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('appContainer', () => {
  it('renders into root itself when nothing was pre-rendered', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    expect(appContainer(root)).toBe(root);
  });

  it("keeps the pre-rendered page until the app's heading is there, then puts the app in its place", async () => {
    document.body.innerHTML = '<div id="root"><h1>Blog</h1></div>';
    const root = document.getElementById('root')!;
    const app = appContainer(root);
    expect(app).not.toBe(root);
    expect(app.style.display).toBe('none');
    app.innerHTML = '<main><h1>Blog</h1></main>';
    await new Promise((resolve) => setTimeout(resolve));
    expect(root.isConnected).toBe(false);
    expect(app.id).toBe('root');
    expect(app.style.display).toBe('');
  });

  it('gives up waiting after the takeover timeout', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"><h1>Blog</h1></div>';
    const root = document.getElementById('root')!;
    const app = appContainer(root);
    vi.advanceTimersByTime(TAKEOVER_TIMEOUT_MS);
    expect(root.isConnected).toBe(false);
    expect(app.id).toBe('root');
  });
});

describe('takePrerendered', () => {
  it('gives the data for its key as often as a render asks, until the app has taken the page over', async () => {
    document.body.innerHTML = prerenderedBlog();
    const app = appContainer(document.getElementById('root')!);
    expect(takePrerendered('blog:1')).toEqual({ pages: 2 });
    expect(takePrerendered('blog:1')).toEqual({ pages: 2 });
    expect(takePrerendered('blog:2')).toBeUndefined();
    app.innerHTML = '<h1>Blog</h1>';
    await new Promise((resolve) => setTimeout(resolve));
    expect(takePrerendered('blog:1')).toBeUndefined();
  });
});

describe('a click before the app has taken over', () => {
  const page = (extra = '') =>
    `<header><style>.x{}</style><button>Menu</button></header><main>${extra}<h1>Find your best photo</h1><button>Get Started</button></main>`;

  async function takeOver(appHtml: string) {
    document.body.innerHTML = `<div id="root">${page('<style>.y{}</style>')}</div>`;
    const root = document.getElementById('root')!;
    const app = appContainer(root);
    const clicked = vi.fn();
    const prerenderedClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelectorAll('button')[1]!.dispatchEvent(prerenderedClick);
    app.innerHTML = appHtml;
    app.addEventListener('click', (event) => clicked((event.target as Element).textContent));
    await new Promise((resolve) => setTimeout(resolve));
    return { clicked, prerenderedClick };
  }

  it("is given to the app's same control once it is there", async () => {
    const { clicked, prerenderedClick } = await takeOver(page());
    expect(prerenderedClick.defaultPrevented).toBe(true);
    expect(clicked).toHaveBeenCalledExactlyOnceWith('Get Started');
  });

  it("is held from the first script on, before the app's code has even arrived", async () => {
    document.body.innerHTML = `<div id="root">${page()}</div>`;
    const root = document.getElementById('root')!;
    holdEarlyClicks(root);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelectorAll('button')[1]!.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    // The app's code arrives later.
    const app = appContainer(root);
    const clicked = vi.fn();
    app.addEventListener('click', (event) => clicked((event.target as Element).textContent));
    app.innerHTML = page();
    await new Promise((resolve) => setTimeout(resolve));
    expect(clicked).toHaveBeenCalledExactlyOnceWith('Get Started');
  });

  it('is dropped when the app has another control in that place', async () => {
    const { clicked } = await takeOver(page().replace('Get Started', 'Sign in'));
    expect(clicked).not.toHaveBeenCalled();
  });
});
