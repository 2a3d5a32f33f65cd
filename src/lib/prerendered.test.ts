// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRERENDERED_DATA_ID,
  TAKEOVER_TIMEOUT_MS,
  afterFirstPaint,
  appContainer,
  scriptJson,
  takePrerendered,
} from './prerendered';

const prerenderedBlog = () =>
  `<div id="root"><h1>Blog</h1></div><script id="${PRERENDERED_DATA_ID}" type="application/json">${scriptJson({ key: 'blog:1', data: { pages: 2 } })}</script>`;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('afterFirstPaint', () => {
  it('starts after the next frame, in a task of its own', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(start).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(start).toHaveBeenCalledOnce();
  });
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
