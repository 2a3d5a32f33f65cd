import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
