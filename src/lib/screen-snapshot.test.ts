import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_CHECK_MS, FIRST_PHOTO_UNMET_MS, watchLayer } from './first-photo';
import {
  DETAIL_SNAPSHOT_ID,
  drawScreenSnapshot,
  dropDetailSnapshot,
  dropOverOtherScreens,
  inertCopy,
  keepDetailSnapshot,
  keepScreenSnapshot,
  meetDetailSnapshot,
  meetScreenSnapshot,
  resetScreenSnapshot,
  SCREEN_SNAPSHOT_ID,
  SNAPSHOT_HANDOVER_LIMIT_MS,
  SNAPSHOT_LOOK,
  SNAPSHOT_MAX_CHARS,
  takeScreenSnapshot,
  type DetailSnapshot,
  type ScreenSnapshot,
} from './screen-snapshot';
import { KEPT_SCREEN_ATTRIBUTE, PHOTO_ID_ATTRIBUTE, WAITING_SCREEN_ATTRIBUTE } from './screen-marks';
import { clearMemberStorage, screenSnapshotKey, storageKeys } from './storage';

/** A screen as the app draws it: emotion's rules in a sheet of their own, and the screen in `<main>`. */
function drawScreen(markup: string) {
  const sheet = document.createElement('style');
  sheet.setAttribute('data-emotion', 'css');
  document.head.append(sheet);
  for (const rule of [
    '.css-card{border-radius:4px}',
    '.css-unused{color:red}',
    '@media (min-width:600px){.css-card{padding:24px}}',
    '@media (min-width:600px){.css-unused{padding:2px}}',
    'body{margin:0}',
  ])
    sheet.sheet!.insertRule(rule, sheet.sheet!.cssRules.length);
  const main = document.createElement('main');
  main.innerHTML = markup;
  document.body.append(main);
  return main;
}

const SCREEN = `
  <div id="card" class="MuiCard-root css-card" role="region" aria-label="Tokens" tabindex="0" onclick="steal()">
    <h1 class="css-card">Maya</h1>
    <a href="/rate" class="css-card">Rate More</a>
    <button class="css-card" type="button" title="Delete">Delete</button>
    <img class="css-card" src="https://images.test/a.webp" srcset="https://images.test/a_small.webp 360w" sizes="100vw" width="720" height="960" alt="Sunday hike">
    <label for="name">Username</label>
    <input id="name" name="displayName" type="text">
    <input type="checkbox" aria-label="Active">
    <input type="password" value="secret">
    <input type="file">
    <textarea></textarea>
    <script>steal()</script>
    <iframe src="https://elsewhere.test"></iframe>
    <svg viewBox="0 0 24 24" aria-hidden="true" data-testid="EditIcon"><path d="M3 17.25"></path></svg>
  </div>`;

const layer = () => document.getElementById(SCREEN_SNAPSHOT_ID);
const draw = (uid = 'maya', pathname = '/profile') =>
  drawScreenSnapshot(uid, pathname, SNAPSHOT_LOOK, watchLayer);

function kept(overrides: Partial<ScreenSnapshot> = {}, path = '/profile'): void {
  const snapshot: ScreenSnapshot = {
    uid: 'maya',
    path,
    width: window.innerWidth,
    dark: false,
    top: 56,
    background: 'rgb(255, 255, 255)',
    html: '<main class="css-main"><p class="css-card">12 tokens</p><img src="https://images.test/a.webp" alt=""></main>',
    css: '.css-card{border-radius:4px}',
    savedAt: 1,
    ...overrides,
  };
  localStorage.setItem(screenSnapshotKey(path), JSON.stringify(snapshot));
}

beforeEach(() => {
  window.history.replaceState(null, '', '/profile');
});
afterEach(() => {
  vi.useRealTimers();
  resetScreenSnapshot();
  document.querySelectorAll('main, style[data-emotion]').forEach((element) => element.remove());
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe("a screen's kept copy", () => {
  it('keeps how the screen looks and nothing it does: no ids, links, handlers, focus, scripts or secrets', () => {
    const main = drawScreen(SCREEN);
    (main.querySelector('input[type="text"]') as HTMLInputElement).value = 'Maya R';
    (main.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
    (main.querySelector('textarea') as HTMLTextAreaElement).value = 'About me';
    const copy = inertCopy(main);
    const card = copy.querySelector('.MuiCard-root')!;
    expect(card.getAttribute('class')).toBe('MuiCard-root css-card');
    for (const name of ['id', 'role', 'aria-label', 'tabindex', 'onclick'])
      expect(card.hasAttribute(name)).toBe(false);
    expect(copy.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(copy.querySelector('button')?.hasAttribute('disabled')).toBe(true);
    expect(copy.querySelector('button')?.hasAttribute('title')).toBe(false);
    expect(copy.querySelector('label')?.hasAttribute('for')).toBe(false);
    expect(copy.querySelector('input[type="text"]')?.getAttribute('value')).toBe('Maya R');
    expect(copy.querySelector('input[type="text"]')?.hasAttribute('name')).toBe(false);
    expect(copy.querySelector('input[type="checkbox"]')?.hasAttribute('checked')).toBe(true);
    expect(copy.querySelector('textarea')?.textContent).toBe('About me');
    expect(copy.querySelector('input[type="password"]')?.hasAttribute('value')).toBe(false);
    expect(copy.querySelector('input[type="file"]')).toBeNull();
    expect(copy.querySelector('script, iframe')).toBeNull();
    expect(copy.querySelector('img')?.getAttribute('srcset')).toBe('https://images.test/a_small.webp 360w');
    expect(copy.querySelector('img')?.getAttribute('alt')).toBe('Sunday hike');
    expect(copy.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(copy.querySelector('svg')?.hasAttribute('data-testid')).toBe(false);
    // The screen itself is untouched.
    expect(main.querySelector('#card')).not.toBeNull();
  });

  it("takes the rules of the copy's classes and the global ones, not the rest of the app's", () => {
    drawScreen(SCREEN);
    const snapshot = takeScreenSnapshot('maya', '/profile', 5)!;
    expect(snapshot.css).toContain('border-radius: 4px');
    expect(snapshot.css).toContain('padding: 24px');
    expect(snapshot.css).toContain('margin: 0');
    expect(snapshot.css).not.toContain('css-unused');
    expect(snapshot).toMatchObject({
      uid: 'maya',
      path: '/profile',
      width: window.innerWidth,
      dark: false,
      savedAt: 5,
    });
    expect(snapshot.html.startsWith('<main')).toBe(true);
    localStorage.setItem(storageKeys.colorMode, 'dark');
    expect(takeScreenSnapshot('maya', '/profile')?.dark).toBe(true);
    document.querySelector('main')!.remove();
    expect(takeScreenSnapshot('maya', '/profile')).toBeUndefined();
  });

  it('is kept for My Photos and /profile only, never past its size, and goes at sign-out', () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    drawScreen(SCREEN);
    keepScreenSnapshot('maya', '/profile');
    expect(JSON.parse(localStorage.getItem(screenSnapshotKey('/profile'))!)).toMatchObject({ uid: 'maya' });
    keepScreenSnapshot('maya', '/rate');
    expect(localStorage.getItem(screenSnapshotKey('/rate'))).toBeNull();
    // Too large: the copy kept before goes rather than stay behind.
    document.querySelector('main')!.append('x'.repeat(SNAPSHOT_MAX_CHARS));
    keepScreenSnapshot('maya', '/profile');
    expect(localStorage.getItem(screenSnapshotKey('/profile'))).toBeNull();
    kept();
    clearMemberStorage();
    expect(localStorage.getItem(screenSnapshotKey('/profile'))).toBeNull();
  });

  it('is not kept again once signed out, nor written again when the screen has not changed', () => {
    const main = drawScreen(SCREEN);
    keepScreenSnapshot('maya', '/profile');
    expect(localStorage.getItem(screenSnapshotKey('/profile'))).toBeNull();
    localStorage.setItem(storageKeys.memberHint, '1');
    keepScreenSnapshot('maya', '/profile');
    const first = localStorage.getItem(screenSnapshotKey('/profile'));
    expect(first).not.toBeNull();
    const write = vi.spyOn(Storage.prototype, 'setItem');
    keepScreenSnapshot('maya', '/profile');
    expect(write).not.toHaveBeenCalled();
    main.querySelector('h1')!.textContent = 'Maya R';
    keepScreenSnapshot('maya', '/profile');
    expect(write).toHaveBeenCalledOnce();
    write.mockRestore();
  });
});

describe('drawing the kept copy before the app', () => {
  it("draws the member's own copy where the screen goes, over it, unseen by assistive technology", () => {
    kept();
    const drawn = draw();
    expect(drawn?.layer).toBe(layer());
    expect(layer()).toHaveAttribute('aria-hidden', 'true');
    expect(layer()).toHaveAttribute('inert');
    expect(layer()?.style.top).toBe('56px');
    expect(layer()?.style.background).toBe('rgb(255, 255, 255)');
    expect(layer()?.style.pointerEvents).toBe('none');
    expect(layer()?.querySelector('style')?.textContent).toBe('.css-card{border-radius:4px}');
    expect(layer()?.querySelector('p')?.textContent).toBe('12 tokens');
    expect(drawn?.images.map((image) => image.getAttribute('src'))).toEqual(['https://images.test/a.webp']);
    // Drawn once.
    expect(draw()).toBeUndefined();
    resetScreenSnapshot();
    expect(draw('maya', '/profile/')).toBeDefined();
  });

  it('draws nothing for another member, address, width or colour mode, or once the screen has drawn itself', () => {
    kept();
    expect(draw('leo')).toBeUndefined();
    expect(draw('maya', '/rate')).toBeUndefined();
    expect(draw('maya', '/photos')).toBeUndefined();
    kept({ width: window.innerWidth + 1 });
    expect(draw()).toBeUndefined();
    kept({ dark: true });
    expect(draw()).toBeUndefined();
    localStorage.setItem(storageKeys.colorMode, 'dark');
    expect(draw()).toBeDefined();
    resetScreenSnapshot();
    meetScreenSnapshot(null);
    expect(draw()).toBeUndefined();
    expect(layer()).toBeNull();
  });

  it('draws nothing from a copy that is not what the app keeps', () => {
    for (const text of ['not json', 'null', '[]', '{"uid":"maya"}']) {
      localStorage.setItem(screenSnapshotKey('/profile'), text);
      expect(draw()).toBeUndefined();
    }
    kept({ html: '<main></main><main></main>' });
    expect(draw()).toBeUndefined();
    kept({ background: 'red;position:fixed' });
    expect(draw()).toBeUndefined();
    kept({ top: '56' as unknown as number });
    expect(draw()).toBeUndefined();
    expect(layer()).toBeNull();
  });

  it('strips whatever runs or refers elsewhere from a copy, whoever wrote it', () => {
    kept({
      html: '<main id="main" onclick="steal()"><img src="x" onerror="steal()"><a href="javascript:steal()">x</a><script>steal()</script><iframe src="https://elsewhere.test"></iframe><form action="https://elsewhere.test"></form><p id="dup" style="background:url(https://elsewhere.test/a)">Maya</p><span style="color:red" data-x="1">Leo</span></main>',
    });
    draw();
    const drawn = layer()!;
    expect(drawn.querySelector('script, iframe')).toBeNull();
    expect(drawn.querySelector('[onclick], [onerror], [href], [id], [action], [data-x]')).toBeNull();
    // A form keeps its fields' look, and cannot be sent anywhere.
    expect(drawn.querySelector('form')?.attributes).toHaveLength(0);
    // A style that would load something goes; one that only looks stays.
    expect(drawn.querySelector('p')?.hasAttribute('style')).toBe(false);
    expect(drawn.querySelector('p')?.textContent).toBe('Maya');
    expect(drawn.querySelector('span')?.getAttribute('style')).toBe('color:red');
    // The page keeps one <main>, the app's.
    expect(drawn.querySelector('main')).toBeNull();
    expect(drawn.style.contain).toBe('layout paint');
  });

  it('draws no copy whose CSS would load anything: the app makes none that does', () => {
    for (const css of [
      '@import "https://elsewhere.test/a.css";',
      'p{background:URL(https://elsewhere.test/a)}',
    ]) {
      kept({ css });
      expect(draw()).toBeUndefined();
    }
    expect(layer()).toBeNull();
  });

  it("draws a member's home, My Photos at /, as it was kept there", () => {
    window.history.replaceState(null, '', '/');
    kept({}, '/');
    expect(draw('maya', '/')).toBeDefined();
    expect(layer()?.querySelector('p')?.textContent).toBe('12 tokens');
  });

  it('goes by itself when the address changes, or when the screen never comes', () => {
    vi.useFakeTimers();
    kept();
    draw();
    window.history.replaceState(null, '', '/rate');
    vi.advanceTimersByTime(ADDRESS_CHECK_MS);
    expect(layer()).toBeNull();
    resetScreenSnapshot();
    window.history.replaceState(null, '', '/profile');
    draw();
    vi.advanceTimersByTime(FIRST_PHOTO_UNMET_MS);
    expect(layer()).toBeNull();
  });
});

describe('the screen taking over from its copy', () => {
  it('goes at once when the page shows another screen, not while it shows the kept one or only waits', async () => {
    kept();
    draw();
    const main = document.createElement('main');
    document.body.append(main);
    const stop = dropOverOtherScreens(main);
    main.innerHTML = `<div ${WAITING_SCREEN_ATTRIBUTE}="true">Loading</div>`;
    await new Promise((resolve) => setTimeout(resolve));
    expect(layer()).not.toBeNull();
    main.innerHTML = `<div ${KEPT_SCREEN_ATTRIBUTE}="true">Profile</div>`;
    await new Promise((resolve) => setTimeout(resolve));
    expect(layer()).not.toBeNull();
    main.innerHTML = '<div role="alert">Something went wrong</div>';
    await vi.waitFor(() => expect(layer()).toBeNull());
    stop();
  });

  it("goes once the screen's own photos in view have loaded, after the next frame", async () => {
    kept();
    draw();
    const main = drawScreen('<img src="https://images.test/a.webp" alt="">');
    const image = main.querySelector('img')!;
    Object.defineProperty(image, 'complete', { value: false });
    meetScreenSnapshot(main);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(layer()).not.toBeNull();
    image.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(layer()).toBeNull());
  });

  it('goes after its limit when a photo never loads, and at once when the screen goes', async () => {
    vi.useFakeTimers();
    kept();
    draw();
    const main = drawScreen('<img src="https://images.test/a.webp" alt="">');
    Object.defineProperty(main.querySelector('img')!, 'complete', { value: false });
    meetScreenSnapshot(main);
    await vi.advanceTimersByTimeAsync(SNAPSHOT_HANDOVER_LIMIT_MS + 100);
    expect(layer()).toBeNull();
    vi.useRealTimers();

    resetScreenSnapshot();
    kept();
    draw();
    const drop = meetScreenSnapshot(main);
    drop();
    expect(layer()).toBeNull();
  });
});

/** The photo detail as MUI draws it full-screen: the frame, the title, the photo's card, then the rest. */
function drawDetail(): HTMLElement {
  const sheet = document.createElement('style');
  sheet.setAttribute('data-emotion', 'css');
  document.head.append(sheet);
  for (const rule of ['.css-paper{margin:0}', '.css-card{border-radius:4px}', '.css-score{color:red}'])
    sheet.sheet!.insertRule(rule, sheet.sheet!.cssRules.length);
  const root = document.createElement('div');
  root.className = 'MuiDialog-root';
  root.innerHTML = `
    <div class="MuiBackdrop-root"></div>
    <div class="MuiDialog-container css-container" role="presentation">
      <div class="MuiDialog-paper css-paper" role="dialog" aria-labelledby="title">
        <h2 id="title" class="css-title">Sunday hike<button class="css-close" aria-label="Close">x</button></h2>
        <div class="css-content">
          <div class="css-grid">
            <div class="css-column">
              <div id="card" class="css-card"><button class="css-area" aria-label="View full screen"><img class="css-photo" src="https://images.test/a.webp" srcset="https://images.test/a_small.webp 360w" sizes="100vw" width="720" height="960" alt="Sunday hike"></button></div>
              <div class="css-controls"><button>Share</button></div>
            </div>
            <section class="css-score" aria-label="Score">3.9 Attractive</section>
          </div>
        </div>
      </div>
    </div>`;
  document.body.append(root);
  return root.querySelector<HTMLElement>('#card')!;
}

const detailLayer = () => document.getElementById(DETAIL_SNAPSHOT_ID);

/** My Photos kept with two cards, each naming its photo. */
function keptPhotos(): void {
  kept(
    {
      html: `<main class="css-main">${['p1', 'p2']
        .map(
          (id, index) =>
            `<article ${PHOTO_ID_ATTRIBUTE}="${id}" class="css-card"><img src="https://images.test/${id}.webp" srcset="https://images.test/${id}_small.webp 360w, https://images.test/${id}.webp 720w" sizes="100vw" width="720" height="${960 + index}" alt="Photo ${id}"></article>`,
        )
        .join('')}</main>`,
    },
    '/photos',
  );
}

function keptDetail(overrides: Partial<DetailSnapshot> = {}): void {
  const detail: DetailSnapshot = {
    uid: 'maya',
    width: window.innerWidth,
    dark: false,
    html: '<div class="css-container"><div class="css-paper"><h2 class="css-title"><button disabled="">x</button></h2><div class="css-card"><img class="css-photo" sizes="(min-width: 900px) 340px, 100vw"></div></div></div>',
    css: '.css-paper{margin:0}',
    savedAt: 1,
    ...overrides,
  };
  localStorage.setItem(SNAPSHOT_LOOK.detail.key, JSON.stringify(detail));
}

describe("a photo detail's kept look", () => {
  it('keeps the frame, the title and the photo card, without what follows, the photo or its caption', () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    const card = drawDetail();
    keepDetailSnapshot('maya', card);
    const kept = JSON.parse(localStorage.getItem(SNAPSHOT_LOOK.detail.key)!) as DetailSnapshot;
    expect(kept).toMatchObject({ uid: 'maya', width: window.innerWidth, dark: false });
    const copy = document.createElement('div');
    copy.innerHTML = kept.html;
    expect(copy.querySelector('.css-paper')).not.toBeNull();
    expect(copy.querySelector('.css-card img')?.getAttribute('sizes')).toBe('100vw');
    for (const gone of ['src', 'srcset', 'alt', 'width', 'height'])
      expect(copy.querySelector('img')?.hasAttribute(gone)).toBe(false);
    expect(copy.querySelector('h2')?.textContent).toBe('x');
    expect(copy.textContent).not.toContain('Share');
    expect(copy.textContent).not.toContain('Attractive');
    expect(copy.querySelector('[role], [aria-label], [id]')).toBeNull();
    expect(kept.css).toContain('.css-card');
    expect(kept.css).not.toContain('.css-score');
    // The screen itself is as it was.
    expect(card.ownerDocument.querySelector('[aria-label="Score"]')).not.toBeNull();
    card.closest('.MuiDialog-root')!.remove();
  });

  it('is not kept once signed out, outside a dialog, or with no photo in the card; it goes at sign-out', () => {
    const card = drawDetail();
    keepDetailSnapshot('maya', card);
    expect(localStorage.getItem(SNAPSHOT_LOOK.detail.key)).toBeNull();
    localStorage.setItem(storageKeys.memberHint, '1');
    const alone = document.createElement('div');
    alone.innerHTML = '<img src="https://images.test/a.webp" alt="">';
    document.body.append(alone);
    keepDetailSnapshot('maya', alone);
    expect(localStorage.getItem(SNAPSHOT_LOOK.detail.key)).toBeNull();
    card.querySelector('img')!.remove();
    keepDetailSnapshot('maya', card);
    expect(localStorage.getItem(SNAPSHOT_LOOK.detail.key)).toBeNull();
    alone.remove();
    card.closest('.MuiDialog-root')!.remove();

    keepDetailSnapshot('maya', drawDetail());
    expect(localStorage.getItem(SNAPSHOT_LOOK.detail.key)).not.toBeNull();
    clearMemberStorage();
    expect(localStorage.getItem(SNAPSHOT_LOOK.detail.key)).toBeNull();
    document.querySelector('.MuiDialog-root')!.remove();
  });
});

describe('drawing the photo detail the address opens, before the app', () => {
  beforeEach(() => window.history.replaceState(null, '', '/photos?photo=p2'));

  it("draws the detail's frame with the named photo's image and caption from its card, over the screen's copy", () => {
    keptPhotos();
    keptDetail();
    const drawn = draw('maya', '/photos');
    const over = detailLayer();
    expect(over).not.toBeNull();
    expect(layer()).not.toBeNull();
    expect(drawn?.layer).toBe(over);
    const image = over!.querySelector('img')!;
    expect(drawn?.images).toEqual([image]);
    expect(image.getAttribute('src')).toBe('https://images.test/p2.webp');
    expect(image.getAttribute('srcset')).toContain('p2_small.webp');
    expect(image.getAttribute('height')).toBe('961');
    expect(image.getAttribute('alt')).toBe('Photo p2');
    // The dialog's own width for the photo, not the grid's.
    expect(image.getAttribute('sizes')).toBe('(min-width: 900px) 340px, 100vw');
    expect(over!.querySelector('h2')?.textContent).toBe('Photo p2x');
    expect(over!.getAttribute('aria-hidden')).toBe('true');
    // It takes the taps meant for it: under it is My Photos, not the detail.
    expect(over!.hasAttribute('inert')).toBe(false);
    expect(over!.style.pointerEvents).toBe('');
    expect(over!.style.position).toBe('fixed');
    expect(Number(over!.style.zIndex)).toBeGreaterThan(1200);
    expect(Number(over!.style.zIndex)).toBeLessThan(1300);
  });

  it("draws no detail for a photo not in the copy, another member's, width or mode, or CSS that loads", () => {
    keptPhotos();
    const cases: Array<[string, Partial<DetailSnapshot>]> = [
      ['/photos?photo=p9', {}],
      ['/photos?photo=p2', { uid: 'tom' }],
      ['/photos?photo=p2', { width: window.innerWidth + 1 }],
      ['/photos?photo=p2', { dark: true }],
      ['/photos?photo=p2', { css: '.css-paper{background:url(https://tracker.test/a)}' }],
      ['/photos?photo=p2', { css: '.css-paper{background:u\\72l(https://tracker.test/a)}' }],
      ['/photos?photo=p2', { css: '.css-paper{background:image-set("https://tracker.test/a" 1x)}' }],
      ['/photos?photo=p2', { css: '@\\69mport "https://tracker.test/a.css";' }],
      ['/photos?photo=p2', { html: '<div>one</div><div>two</div>' }],
      ['/photos?photo=p2', { html: '<video src="https://tracker.test/v.mp4"><h2></h2><img></video>' }],
      ['/photos', {}],
    ];
    for (const [address, overrides] of cases) {
      resetScreenSnapshot();
      window.history.replaceState(null, '', address);
      keptDetail(overrides);
      const drawn = draw('maya', '/photos');
      expect(detailLayer(), `${address} ${JSON.stringify(overrides)}`).toBeNull();
      expect(drawn?.layer).toBe(layer());
    }
    resetScreenSnapshot();
    localStorage.setItem(SNAPSHOT_LOOK.detail.key, '{not json');
    draw('maya', '/photos');
    expect(detailLayer()).toBeNull();
  });

  it("draws no detail at a member's home, where nothing opens one", () => {
    kept(
      {
        path: '/',
        html: `<main><article ${PHOTO_ID_ATTRIBUTE}="p2"><img src="https://images.test/p2.webp" alt="Photo p2"></article></main>`,
      },
      '/',
    );
    keptDetail();
    window.history.replaceState(null, '', '/?photo=p2');
    draw('maya', '/');
    expect(layer()).not.toBeNull();
    expect(detailLayer()).toBeNull();
  });

  it('strips whatever runs or refers elsewhere from the kept frame, whoever wrote it', () => {
    keptPhotos();
    keptDetail({
      html: '<div class="css-container" onclick="steal()"><a href="https://elsewhere.test"><h2 id="x">t</h2></a><img onerror="steal()" src="x"><script>steal()</script><iframe src="https://elsewhere.test"></iframe></div>',
    });
    draw('maya', '/photos');
    const over = detailLayer()!;
    expect(over.querySelector('script, iframe')).toBeNull();
    expect(over.querySelector('[onclick], [onerror], [href], [id]')).toBeNull();
    expect(over.querySelector('img')?.getAttribute('src')).toBe('https://images.test/p2.webp');
  });

  it("goes once the detail's own photo has loaded, at once where My Photos opens without it, and by itself in time", async () => {
    keptPhotos();
    keptDetail();
    draw('maya', '/photos');
    const image = document.createElement('img');
    Object.defineProperty(image, 'complete', { value: false });
    meetDetailSnapshot(image);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(detailLayer()).not.toBeNull();
    image.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(detailLayer()).toBeNull());
    // No detail is drawn after the app's, even where the screen's copy could be.
    layer()!.remove();
    document.documentElement.removeAttribute('data-snapshot-taken');
    draw('maya', '/photos');
    expect(layer()).not.toBeNull();
    expect(detailLayer()).toBeNull();

    resetScreenSnapshot();
    draw('maya', '/photos');
    expect(detailLayer()).not.toBeNull();
    dropDetailSnapshot();
    expect(detailLayer()).toBeNull();

    vi.useFakeTimers();
    resetScreenSnapshot();
    draw('maya', '/photos');
    expect(detailLayer()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_UNMET_MS + ADDRESS_CHECK_MS);
    expect(detailLayer()).toBeNull();
  });

  it('goes with the screen copy when the page shows another screen', async () => {
    keptPhotos();
    keptDetail();
    draw('maya', '/photos');
    const main = document.createElement('main');
    document.body.append(main);
    const stop = dropOverOtherScreens(main);
    main.innerHTML = '<div role="alert">Something went wrong</div>';
    await vi.waitFor(() => expect(detailLayer()).toBeNull());
    expect(layer()).toBeNull();
    stop();
  });
});
