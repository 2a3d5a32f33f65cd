import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawnAt, frameAt } from '@/testing/placed';
import { photoSrcSet } from '@/domain/photo';
import { ADDRESS_CHECK_MS, watchLayer } from './first-photo';
import {
  BOARD_PHOTO_SIZES,
  drawFirstBoardLayer,
  dropFirstBoard,
  FIRST_BOARD_ID,
  FIRST_BOARD_LOOK,
  FIRST_BOARD_PLACES,
  meetFirstBoard,
  resetFirstBoard,
  type BoardPhotoLook,
} from './first-board';

const photo = (id: string): BoardPhotoLook => ({
  id,
  imageUrl: `https://images.test/${id}.webp`,
  smallImageUrl: `https://images.test/${id}_small.webp`,
  imageWidth: 720,
  imageHeight: 960,
});
const board = ['a', 'b', 'c', 'd', 'e', 'f'].map(photo);
const layer = () => document.getElementById(FIRST_BOARD_ID);
const draw = (photos = board, pathname = '/leaderboard') =>
  drawFirstBoardLayer(photos, pathname, FIRST_BOARD_LOOK, photoSrcSet, watchLayer);

const PLACE = { top: 310, left: 16, width: 182, height: 243 };

afterEach(() => {
  vi.useRealTimers();
  resetFirstBoard();
  window.history.replaceState(null, '', '/');
});

describe("/leaderboard's first row drawn before the app", () => {
  it('draws the first places as the grid offers them, hidden from assistive technology, on /leaderboard only', () => {
    const images = draw();
    expect(images).toHaveLength(FIRST_BOARD_PLACES);
    expect(layer()).toHaveAttribute('aria-hidden', 'true');
    expect(layer()?.dataset.photoIds).toBe('a b c d');
    expect(images[0]).toHaveAttribute('src', 'https://images.test/a.webp');
    expect(images[0]).toHaveAttribute(
      'srcset',
      'https://images.test/a_small.webp 360w, https://images.test/a.webp 720w',
    );
    expect(images[0]).toHaveAttribute('sizes', BOARD_PHOTO_SIZES);
    expect(images[0]).toHaveAttribute('width', '720');
    // The title and the rule take their place unseen.
    expect(layer()?.querySelector('h1')?.textContent).toBe(FIRST_BOARD_LOOK.title);
    expect(layer()?.querySelector('p')?.textContent).toBe(FIRST_BOARD_LOOK.rule);
    // Drawn once.
    expect(draw()).toEqual([]);
    resetFirstBoard();
    expect(draw(board, '/leaderboard/')).toHaveLength(FIRST_BOARD_PLACES);
    resetFirstBoard();
    expect(draw(board, '/leaderboards')).toEqual([]);
    expect(draw(board, '/rate')).toEqual([]);
    expect(draw([], '/leaderboard')).toEqual([]);
    expect(layer()).toBeNull();
  });

  it('offers a photo without a small variant alone', () => {
    const [image] = draw([{ ...photo('old'), smallImageUrl: null, imageWidth: null, imageHeight: null }]);
    expect(image).toHaveAttribute('src', 'https://images.test/old.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('width');
  });

  it('stays over the page showing the same photos in the same place, and goes otherwise', () => {
    draw();
    drawnAt(FIRST_BOARD_ID, PLACE);
    meetFirstBoard(frameAt(PLACE), ['a', 'b', 'c', 'd', 'e']);
    expect(layer()).not.toBeNull();
    dropFirstBoard();
    expect(layer()).toBeNull();

    resetFirstBoard();
    draw();
    drawnAt(FIRST_BOARD_ID, PLACE);
    // Another order (the board moved on since the head asked).
    meetFirstBoard(frameAt(PLACE), ['b', 'a', 'c', 'd']);
    expect(layer()).toBeNull();

    resetFirstBoard();
    draw();
    drawnAt(FIRST_BOARD_ID, PLACE);
    meetFirstBoard(frameAt({ ...PLACE, top: PLACE.top + 2 }), ['a', 'b', 'c', 'd']);
    expect(layer()).toBeNull();

    resetFirstBoard();
    draw();
    meetFirstBoard(null, ['a', 'b', 'c', 'd']);
    expect(layer()).toBeNull();
  });

  it('is drawn by no one once the page has shown its own', () => {
    meetFirstBoard(frameAt(PLACE), ['a']);
    expect(draw()).toEqual([]);
    expect(layer()).toBeNull();
  });

  it('goes by itself when the address leaves the board, or the page has not met it in time', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/leaderboard');
    draw();
    vi.advanceTimersByTime(ADDRESS_CHECK_MS);
    expect(layer()).not.toBeNull();
    window.history.replaceState(null, '', '/profile');
    vi.advanceTimersByTime(ADDRESS_CHECK_MS);
    expect(layer()).toBeNull();

    resetFirstBoard();
    window.history.replaceState(null, '', '/leaderboard');
    draw();
    vi.advanceTimersByTime(FIRST_BOARD_LOOK.unmetMs);
    expect(layer()).toBeNull();
  });
});
