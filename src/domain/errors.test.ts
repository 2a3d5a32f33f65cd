import { describe, expect, it } from 'vitest';
import {
  CATEGORY_DEFAULTS,
  errorToast,
  messageFor,
  networkRetryNotice,
  severityFor,
  shouldReport,
} from './errors';

describe('the error catalogue', () => {
  it('has the default message of each category', () => {
    expect(messageFor('network')).toBe('Network error. Please check your connection and try again.');
    expect(messageFor('firebase')).toBe('Service temporarily unavailable. Please try again.');
    expect(messageFor('auth')).toBe('Authentication error. Please sign in again.');
    expect(messageFor('payment')).toBe('Payment processing failed. Please try again.');
    expect(messageFor('upload')).toBe('Upload failed. Please try again.');
    expect(messageFor('rating')).toBe('Failed to submit rating. Please try again.');
    expect(messageFor('general')).toBe('Something went wrong. Please try again.');
    expect(messageFor('validation', undefined, 'Name is required')).toBe('Name is required');
  });

  it('prefers the database code message', () => {
    expect(messageFor('firebase', 'permission-denied')).toBe(
      "You don't have permission to perform this action.",
    );
    expect(messageFor('firebase', 'firestore/not-found')).toBe('The requested data was not found.');
    expect(messageFor('general', 'already-exists')).toBe('This data already exists.');
    expect(messageFor('firebase', 'resource-exhausted')).toBe(
      'Service is temporarily overloaded. Please try again.',
    );
    expect(messageFor('firebase', 'deadline-exceeded')).toBe('Request timed out. Please try again.');
    expect(messageFor('firebase', 'functions/unavailable')).toBe(
      'Service is temporarily unavailable. Please try again.',
    );
    expect(messageFor('firebase', 'some-other-code')).toBe(CATEGORY_DEFAULTS.firebase.message);
  });

  it('marks network, upload and rating errors retryable and payment critical', () => {
    expect(
      CATEGORY_DEFAULTS.network.retryable &&
        CATEGORY_DEFAULTS.upload.retryable &&
        CATEGORY_DEFAULTS.rating.retryable,
    ).toBe(true);
    expect(CATEGORY_DEFAULTS.general.retryable).toBe(false);
    expect(severityFor('payment')).toBe('critical');
  });

  it('words network retries by attempt', () => {
    expect(networkRetryNotice(1)).toEqual({ message: 'Network error. Retrying...', severity: 'medium' });
    expect(networkRetryNotice(2).message).toBe('Network error. Retrying...');
    expect(networkRetryNotice(3)).toEqual({
      message: 'Network error persists. Please check your connection.',
      severity: 'high',
    });
  });

  it('shows critical toasts for 8 s and the rest for 5 s, warnings for low and medium', () => {
    expect(errorToast('critical')).toEqual({ severity: 'error', duration: 8000 });
    expect(errorToast('high')).toEqual({ severity: 'error', duration: 5000 });
    expect(errorToast('medium')).toEqual({ severity: 'warning', duration: 5000 });
    expect(errorToast('low')).toEqual({ severity: 'warning', duration: 5000 });
  });

  it('does not report what comes from the browser or the connection', () => {
    for (const message of [
      'Request cancelled',
      'The operation was aborted',
      'chrome-extension://x failed',
      'Script error.',
      'Load failed',
      'TypeError: Failed to fetch',
      'NetworkError when attempting to fetch resource.',
    ]) {
      expect(shouldReport(message), message).toBe(false);
    }
    expect(shouldReport('Cannot read properties of undefined')).toBe(true);
  });
});
