import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SharedPhoto } from '@/domain/photo';
import { renderApp } from '@/testing/test-utils';
import { SharedPhotoPage } from './shared-photo-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const shared: SharedPhoto = {
  imageUrl: 'http://files.test/p1.webp',
  originalUrl: 'http://files.test/p1.jpg',
  imageWidth: 720,
  imageHeight: 960,
  caption: 'Seaside',
  rate: 4.2,
  votesCount: 3,
};

describe('the shared photo page', () => {
  it("holds the photo's card in place while it loads, then shows the photo at its size", async () => {
    let answer: (photo: SharedPhoto) => void = () => undefined;
    callables.call.mockReturnValue(new Promise<SharedPhoto>((resolve) => (answer = resolve)));
    renderApp(<SharedPhotoPage photoId="p1" ownerId="alice" onJoin={vi.fn()} />);
    const placeholder = screen.getByTestId('shared-photo-placeholder');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer(shared);
    const image = await screen.findByRole('img', { name: 'Seaside' });
    expect(placeholder).not.toBeInTheDocument();
    expect(image).toHaveAttribute('width', '720');
    expect(image).toHaveAttribute('height', '960');
    expect(screen.getByText('8.4/10 · Very Attractive, rated by 3 people')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('getSharedPhoto', { ownerId: 'alice', photoId: 'p1' });
  });

  it('shows a photo made before its size was kept', async () => {
    callables.call.mockResolvedValue({ ...shared, imageWidth: null, imageHeight: null });
    renderApp(<SharedPhotoPage photoId="p1" ownerId="alice" onJoin={vi.fn()} />);
    const image = await screen.findByRole('img', { name: 'Seaside' });
    expect(image).toHaveAttribute('src', 'http://files.test/p1.webp');
    expect(image).not.toHaveAttribute('width');
  });
});
