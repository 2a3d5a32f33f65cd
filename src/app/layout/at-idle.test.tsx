import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtIdle } from './at-idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AtIdle', () => {
  it('draws its children only once the browser is idle, and never after it is gone', () => {
    const waiting: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => waiting.push(work));
    const cancel = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { unmount } = render(
      <AtIdle>
        <p>The bell</p>
      </AtIdle>,
    );
    expect(screen.queryByText('The bell')).not.toBeInTheDocument();
    act(() => waiting.forEach((work) => work()));
    expect(screen.getByText('The bell')).toBeInTheDocument();
    unmount();
    expect(cancel).toHaveBeenCalled();
  });
});
