import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { tidyAddress } from './address';

describe('tidyAddress', () => {
  it('removes tracking parameters and keeps the referrer for the session', () => {
    window.history.replaceState(null, '', '/photo/abc?referrer=friend1&utm_campaign=x&fbclid=y#top');
    tidyAddress();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/photo/abc?referrer=friend1#top',
    );
    expect(sessionStorage.getItem(storageKeys.referrer)).toBe('friend1');
  });

  it('ignores a referrer that is not a member id', () => {
    window.history.replaceState(null, '', '/?referrer=%3Cscript%3E');
    tidyAddress();
    expect(sessionStorage.getItem(storageKeys.referrer)).toBeNull();
    expect(window.location.search).toBe('?referrer=%3Cscript%3E');
  });
});
