import { describe, expect, it } from 'vitest';
import { isDisplayImage, notificationFor, notificationTarget, NOT_APP_PAGES } from './sw-rules';

describe('what the service worker caches', () => {
  it('keeps display images from the local server and from Firebase Storage', () => {
    expect(
      isDisplayImage(new URL('http://127.0.0.1:5001/files/images/alice/photos/p1/display.webp?token=t')),
    ).toBe(true);
    expect(
      isDisplayImage(
        new URL(
          'https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/images%2Fa.webp?alt=media&token=t',
        ),
      ),
    ).toBe(true);
  });

  it('leaves other requests to the network', () => {
    expect(isDisplayImage(new URL('http://127.0.0.1:5001/files/images/alice/photos/p1/display.webp'))).toBe(
      false,
    );
    expect(isDisplayImage(new URL('http://127.0.0.1:5173/favicon.svg'))).toBe(false);
  });

  it('answers the app’s pages with the shell, not the server’s', () => {
    const isApp = (path: string) => !NOT_APP_PAGES.some((pattern) => pattern.test(path));
    expect(isApp('/rate')).toBe(true);
    expect(isApp('/photos/p1')).toBe(true);
    expect(isApp('/checkout/cs_1')).toBe(false);
    expect(isApp('/__/auth/handler')).toBe(false);
  });
});

describe('the notifications the service worker shows', () => {
  it('carry the app icon, the page to open and the tag that groups them', () => {
    expect(
      notificationFor({
        title: 'Photorater',
        body: 'You have 2 new votes',
        url: '/photos?photo=p1',
        tag: 'new-votes',
      }),
    ).toEqual({
      title: 'Photorater',
      options: {
        body: 'You have 2 new votes',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { url: '/photos?photo=p1' },
        tag: 'new-votes',
      },
    });
  });

  it('open the photo when tapped, and only a page of the app', () => {
    expect(notificationTarget({ url: '/photo/p1?referrer=owner' })).toBe('/photo/p1?referrer=owner');
    expect(notificationTarget({ url: 'https://elsewhere.example/' })).toBe('/');
    expect(notificationTarget(undefined)).toBe('/');
  });
});
