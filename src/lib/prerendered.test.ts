// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAKEOVER_TIMEOUT_MS, afterFirstPaint, appContainer } from './prerendered';

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
