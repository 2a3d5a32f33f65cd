import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTION_MAX, PHOTO_MESSAGES } from '@/domain/limits';
import { renderApp } from '@/testing/test-utils';
import { NewPhotoDialog } from './new-photo-dialog';

vi.mock('@/data/use-photos', () => ({ uploadImage: vi.fn() }));
const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

beforeEach(() => {
  vi.clearAllMocks();
  // jsdom has no object URLs; the cropper only needs a source to draw.
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
});

const renderForm = () => renderApp(<NewPhotoDialog uid="alice" onClose={vi.fn()} onPosted={vi.fn()} />);

describe('the New Photo form', () => {
  it('stops the caption at 50 characters, as the comment stops at 500', async () => {
    const { user } = renderForm();
    const caption = screen.getByLabelText('Caption (optional)');
    await user.type(caption, 'x'.repeat(CAPTION_MAX - 2));
    await user.type(caption, 'yyyyyyyyyy');
    expect(caption).toHaveValue(`${'x'.repeat(CAPTION_MAX - 2)}yy`);
    expect(screen.getByText(`${CAPTION_MAX}/${CAPTION_MAX}`)).toBeInTheDocument();
  });

  it('names each thumb of the age range by its own end', () => {
    renderForm();
    const youngest = screen.getByRole('slider', { name: 'Youngest voter' });
    const oldest = screen.getByRole('slider', { name: 'Oldest voter' });
    expect(youngest).toHaveAttribute('aria-valuetext', '18 years');
    expect(oldest).toHaveAttribute('aria-valuetext', '37 years');
    expect(youngest).not.toHaveAttribute('aria-labelledby');
    expect(screen.getByText('Aged 18 to 37')).toBeInTheDocument();
  });

  it('says a file is not an image, whether its type or its content gives it away', async () => {
    renderForm();
    const input = screen.getByLabelText('Photo file');
    // As a browser's file dialog can hand over any file, whatever the input accepts.
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    choose(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument();

    // A text file renamed .jpg: the browser calls it image/jpeg, and only fails to draw it.
    choose(new File(['not a photo'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(screen.queryByText(PHOTO_MESSAGES.notAnImage)).not.toBeInTheDocument();
    const image = document.querySelector('img.reactEasyCrop_Image');
    expect(image).not.toBeNull();
    fireEvent.error(image!);
    expect(await screen.findByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument();
    expect(screen.queryByText(PHOTO_MESSAGES.photoRequired)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    expect(callables.call).not.toHaveBeenCalled();
  });
});
