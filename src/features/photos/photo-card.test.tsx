import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCREENING_MESSAGES } from '@/domain/screening';
import { aPhoto, renderApp } from '@/testing/test-utils';
import { PHOTO_CARD_SIZES, PhotoCard } from './photo-card';

const renderCard = (photo = aPhoto('a')) =>
  renderApp(
    <PhotoCard
      photo={photo}
      now={new Date()}
      busy={false}
      onToggleActive={vi.fn()}
      onDelete={vi.fn()}
      onOpen={vi.fn()}
    />,
  );

describe('a photo card in My Photos', () => {
  it('offers the small variant for the grid cell, with the display image size so nothing moves', () => {
    renderCard(
      aPhoto('a', {
        smallImageUrl: 'http://files.test/a_small.webp',
        originalUrl: 'http://files.test/a.jpg',
        imageWidth: 720,
        imageHeight: 960,
      }),
    );
    const image = screen.getByRole('img', { name: 'Photo a' });
    expect(image).toHaveAttribute('src', 'http://files.test/a.webp');
    expect(image).toHaveAttribute(
      'srcset',
      'http://files.test/a_small.webp 360w, http://files.test/a.webp 720w',
    );
    expect(image).toHaveAttribute('sizes', PHOTO_CARD_SIZES);
    expect(image).toHaveAttribute('width', '720');
    expect(image).toHaveAttribute('height', '960');
    // The display image fails: the original alone stands in.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', 'http://files.test/a.jpg');
    expect(image).not.toHaveAttribute('srcset');
  });

  it('shows a photo made before the small variant from its display image', () => {
    renderCard(aPhoto('old'));
    const image = screen.getByRole('img', { name: 'Photo old' });
    expect(image).toHaveAttribute('src', 'http://files.test/old.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('width');
  });

  it('tells its owner a held photo is in review, and why in plain words, with its switch off', () => {
    renderCard(
      aPhoto('held', {
        active: false,
        eligible: false,
        evaluated: false,
        review: {
          reason: 'minor',
          explicit: 0.05,
          scores: { Porn: 0.02, Hentai: 0.03, Drawing: 0.5, Neutral: 0.44, Sexy: 0.01 },
          ageEstimate: 12.5,
          heldAt: new Date('2026-11-21T09:00:00Z'),
        },
      }),
    );
    expect(screen.getByText(SCREENING_MESSAGES.inReview)).toBeInTheDocument();
    expect(screen.getByText(SCREENING_MESSAGES.reason.minor)).toBeInTheDocument();
    expect(screen.queryByText('This photo is not active')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active: Photo held' })).toBeDisabled();
  });

  it('shows no review on a photo that passed', () => {
    renderCard(aPhoto('a'));
    expect(screen.queryByText(SCREENING_MESSAGES.inReview)).not.toBeInTheDocument();
  });
});

describe("a photo card's score", () => {
  it('reads out of 10 with its verdict, as the photo detail says it', () => {
    renderCard(aPhoto('a', { rate: 4.3, votesCount: 8 }));
    expect(screen.getByText('8.6/10 · Very Attractive')).toBeInTheDocument();
    expect(screen.getByLabelText('Score 8.6/10 · Very Attractive')).toBeInTheDocument();
    expect(screen.getByText('8 votes')).toBeInTheDocument();
  });

  it('says it is not yet rated before the first vote', () => {
    renderCard(aPhoto('a', { votesCount: 0 }));
    expect(screen.getByLabelText('Score not yet rated')).toBeInTheDocument();
  });
});
