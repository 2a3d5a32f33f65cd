import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { photoSrcSet, SRCSET_BOUNDS } from '@/domain/photo';
import { DisplayImage } from './display-image';

describe('DisplayImage', () => {
  it('falls back to the original when the display image fails, and gives up only when that fails too', () => {
    const onFailed = vi.fn();
    const { rerender } = render(
      <DisplayImage src="/display/a.webp" fallbackSrc="/original/a.jpg" alt="Photo a" onFailed={onFailed} />,
    );
    const image = screen.getByRole('img', { name: 'Photo a' });
    expect(image).toHaveAttribute('src', '/display/a.webp');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/original/a.jpg');
    expect(onFailed).not.toHaveBeenCalled();
    fireEvent.error(image);
    expect(onFailed).toHaveBeenCalledTimes(1);

    // Another photo starts from its own display image.
    rerender(
      <DisplayImage src="/display/b.webp" fallbackSrc="/original/b.jpg" alt="Photo b" onFailed={onFailed} />,
    );
    expect(screen.getByRole('img', { name: 'Photo b' })).toHaveAttribute('src', '/display/b.webp');
  });

  it('gives up at once for a photo without a kept original', () => {
    const onFailed = vi.fn();
    render(<DisplayImage src="/display/a.webp" fallbackSrc={null} alt="Photo a" onFailed={onFailed} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo a' }));
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});

describe('DisplayImage where the photo shows small', () => {
  const photo = {
    src: '/display/a.webp',
    fallbackSrc: '/original/a.jpg',
    smallSrc: '/display/a_small.webp',
    width: 720,
    height: 960,
    sizes: '50vw',
    alt: 'Photo a',
  };

  it('offers the small variant beside the display image, with the display image size as attributes', () => {
    render(<DisplayImage {...photo} />);
    const image = screen.getByRole('img', { name: 'Photo a' });
    expect(image).toHaveAttribute('srcset', '/display/a_small.webp 360w, /display/a.webp 720w');
    expect(image).toHaveAttribute('sizes', '50vw');
    expect(image).toHaveAttribute('src', '/display/a.webp');
    expect(image).toHaveAttribute('width', '720');
    expect(image).toHaveAttribute('height', '960');
  });

  it('gives a landscape photo its small variant width', () => {
    render(<DisplayImage {...photo} width={720} height={405} />);
    expect(screen.getByRole('img', { name: 'Photo a' })).toHaveAttribute(
      'srcset',
      '/display/a_small.webp 360w, /display/a.webp 720w',
    );
    const small = (imageWidth: number | null, imageHeight: number | null) =>
      photoSrcSet(
        { imageUrl: 'a.webp', smallImageUrl: 'a_small.webp', imageWidth, imageHeight },
        SRCSET_BOUNDS,
      );
    expect(small(540, 960)).toBe('a_small.webp 270w, a.webp 540w');
    expect(small(200, 300)).toBe('a_small.webp 200w, a.webp 200w');
    expect(small(null, null)).toBe('a_small.webp 360w, a.webp 720w');
  });

  it('falls back to the original alone, without the variants, when the image fails', () => {
    const onFailed = vi.fn();
    render(<DisplayImage {...photo} onFailed={onFailed} />);
    const image = screen.getByRole('img', { name: 'Photo a' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/original/a.jpg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(onFailed).not.toHaveBeenCalled();
    fireEvent.error(image);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('shows a photo made before the small variant from its display image alone', () => {
    render(
      <DisplayImage src="/display/old.webp" fallbackSrc={null} smallSrc={null} sizes="50vw" alt="Old" />,
    );
    const image = screen.getByRole('img', { name: 'Old' });
    expect(image).toHaveAttribute('src', '/display/old.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).not.toHaveAttribute('width');
    expect(image).not.toHaveAttribute('height');
  });
});
