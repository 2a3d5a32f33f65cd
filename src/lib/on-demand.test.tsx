import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a component loaded on demand', () => {
  it('fetches its code once, whether ahead of the first render or by it', async () => {
    const load = vi.fn(async () => Greeting);
    const OnDemandGreeting = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    await OnDemandGreeting.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<OnDemandGreeting name="Ava" />);
    expect(await screen.findByText('Hello Ava')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders in the same commit once its code is there, without suspending', async () => {
    const OnDemandGreeting = onDemand(async () => Greeting);
    await OnDemandGreeting.preload();
    render(<OnDemandGreeting name="Cy" />);
    expect(screen.getByText('Hello Cy')).toBeInTheDocument();
  });

  it('tries again after a fetch that failed', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(Greeting);
    const OnDemandGreeting = onDemand(load);
    await expect(OnDemandGreeting.preload()).rejects.toThrow('Failed to fetch');
    render(<OnDemandGreeting name="Ben" />);
    expect(await screen.findByText('Hello Ben')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
