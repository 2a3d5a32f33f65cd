import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberAvatar } from './member-avatar';

describe('MemberAvatar', () => {
  it('draws the avatar at the size it shows, its width and height given', () => {
    render(<MemberAvatar src="http://files.test/avatar_1.webp" alt="Robin" size={96} />);
    const image = screen.getByRole('img', { name: 'Robin' });
    expect(image).toHaveAttribute('src', 'http://files.test/avatar_1.webp');
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '96');
  });

  it('shows the placeholder figure for a member without a profile photo', () => {
    const { container } = render(<MemberAvatar src={null} alt="Robin" size={32} />);
    expect(screen.queryByRole('img', { name: 'Robin' })).not.toBeInTheDocument();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
