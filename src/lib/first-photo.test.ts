import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawnAt, frameAt } from '@/testing/placed';
import {
  ADDRESS_CHECK_MS,
  drawFirstPhotoLayer,
  dropFirstPhoto,
  FIRST_PHOTO_ID,
  FIRST_PHOTO_LOOK,
  FIRST_PHOTO_UNMET_MS,
  meetFirstPhoto,
  resetFirstPhoto,
  showFirstPhoto,
  watchLayer,
} from './first-photo';

const photo = { id: 'p1', imageUrl: 'https://images.test/p1.webp', caption: 'Sunday hike' };
const layer = () => document.getElementById(FIRST_PHOTO_ID);

const PLACE = { top: 96, left: 44, width: 325, height: 433 };

afterEach(() => {
  vi.useRealTimers();
  resetFirstPhoto();
  window.history.replaceState(null, '', '/');
});

describe("/rate's first photo drawn before the app", () => {
  it('is drawn on /rate and at its own address, as the screen lays it out, hidden from assistive technology', () => {
    expect(showFirstPhoto(photo, '/rate')).toBe(true);
    const drawn = layer();
    expect(drawn?.getAttribute('aria-hidden')).toBe('true');
    expect(drawn?.dataset.photoId).toBe('p1');
    const image = drawn?.querySelector('img');
    expect(image?.getAttribute('src')).toBe(photo.imageUrl);
    expect(image?.alt).toBe('');
    // The screen's heading and the caption take their place, unseen, so the frame sits under them.
    expect(drawn?.querySelector('h1')?.textContent).toBe('Rate');
    expect(drawn?.querySelector('p')?.textContent).toBe('Sunday hike');
    expect(drawn?.querySelector('style')?.textContent).toContain('visibility:hidden');
    resetFirstPhoto();
    expect(showFirstPhoto(photo, '/rate/p1')).toBe(true);
  });

  it('is not drawn elsewhere, at another photo’s address, twice, or once the screen has its own', () => {
    expect(showFirstPhoto(photo, '/profile')).toBe(false);
    expect(showFirstPhoto(photo, '/rate/p2')).toBe(false);
    expect(showFirstPhoto(photo, '/rates')).toBe(false);
    expect(layer()).toBeNull();
    expect(showFirstPhoto(photo, '/rate')).toBe(true);
    expect(showFirstPhoto({ ...photo, id: 'p2' }, '/rate')).toBe(false);
    expect(document.querySelectorAll(`#${FIRST_PHOTO_ID}`)).toHaveLength(1);
    dropFirstPhoto();
    meetFirstPhoto(frameAt(PLACE), 'p1');
    expect(showFirstPhoto(photo, '/rate')).toBe(false);
    expect(layer()).toBeNull();
  });

  it('stays over the screen showing the same photo in the same place, until dropped', () => {
    showFirstPhoto(photo, '/rate');
    drawnAt(FIRST_PHOTO_ID, PLACE);
    meetFirstPhoto(frameAt({ ...PLACE, top: PLACE.top + 0.5 }), 'p1');
    expect(layer()).not.toBeNull();
    dropFirstPhoto();
    expect(layer()).toBeNull();
  });

  it('goes at once when the screen shows another photo, or its frame elsewhere or not at all', () => {
    showFirstPhoto(photo, '/rate');
    drawnAt(FIRST_PHOTO_ID, PLACE);
    meetFirstPhoto(frameAt(PLACE), 'p2');
    expect(layer()).toBeNull();

    resetFirstPhoto();
    showFirstPhoto(photo, '/rate');
    drawnAt(FIRST_PHOTO_ID, PLACE);
    // A banner above the screen moves its frame down.
    meetFirstPhoto(frameAt({ ...PLACE, top: PLACE.top + 48 }), 'p1');
    expect(layer()).toBeNull();

    resetFirstPhoto();
    showFirstPhoto(photo, '/rate');
    meetFirstPhoto(null, 'p1');
    expect(layer()).toBeNull();
  });

  it('is drawn by no one, the page’s head included, once the screen has shown its own', () => {
    meetFirstPhoto(frameAt(PLACE), 'p1');
    expect(drawFirstPhotoLayer(photo, '/rate', FIRST_PHOTO_LOOK, watchLayer)).toBeUndefined();
    expect(layer()).toBeNull();
  });

  it('goes by itself when the screen has not met it in time, and stays while it has', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/rate');
    showFirstPhoto(photo);
    vi.advanceTimersByTime(FIRST_PHOTO_UNMET_MS - ADDRESS_CHECK_MS);
    expect(layer()).not.toBeNull();
    vi.advanceTimersByTime(ADDRESS_CHECK_MS);
    expect(layer()).toBeNull();

    resetFirstPhoto();
    showFirstPhoto(photo);
    drawnAt(FIRST_PHOTO_ID, PLACE);
    meetFirstPhoto(frameAt(PLACE), 'p1');
    vi.advanceTimersByTime(FIRST_PHOTO_UNMET_MS * 2);
    // Met: it waits for the screen's own photo to load, however long that takes.
    expect(layer()).not.toBeNull();
  });

  it('goes by itself when the address leaves the photo', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/rate');
    showFirstPhoto(photo);
    // The screen puts the photo's id in the address: still the same photo.
    window.history.replaceState(null, '', '/rate/p1');
    vi.advanceTimersByTime(ADDRESS_CHECK_MS);
    expect(layer()).not.toBeNull();
    window.history.replaceState(null, '', '/');
    vi.advanceTimersByTime(ADDRESS_CHECK_MS);
    expect(layer()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
