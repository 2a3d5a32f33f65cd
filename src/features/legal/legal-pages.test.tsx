import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { PrivacyPage, TermsPage } from './legal-pages';

describe('the legal pages on upload screening', () => {
  it('the Terms say what is screened, by what, and what happens to a held photo', () => {
    renderApp(<TermsPage />);
    expect(
      screen.getByText(/Every photo is screened on our servers before anyone can rate it/),
    ).toHaveTextContent(
      /nsfwjs for explicit content, and face-api for the face and its apparent age.*in review, out of every feed/,
    );
  });

  it('the Privacy Policy says no image leaves the service for it', () => {
    renderApp(<PrivacyPage />);
    expect(screen.getByText(/screened on our own servers by open models/)).toHaveTextContent(
      'No image leaves the service for it and no other company sees it.',
    );
  });
});
