import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { useDialogs } from './dialogs';
import { PageMeta } from './page-meta';
import { useToast } from './toast';

function Asker({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { confirm } = useDialogs();
  return (
    <button
      onClick={() =>
        void confirm({
          title: 'Delete photo?',
          message: 'This cannot be undone.',
          confirmLabel: 'Delete',
        }).then(onAnswer)
      }
    >
      Ask
    </button>
  );
}

describe('confirm dialog', () => {
  it('answers true on confirm and false on cancel', async () => {
    const answers: boolean[] = [];
    const { user } = renderApp(<Asker onAnswer={(answer) => answers.push(answer)} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('dialog', { name: 'Delete photo?' })).toHaveTextContent(
      'This cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([true, false]));
  });
});

function Toaster() {
  const toast = useToast();
  return (
    <button
      onClick={() =>
        toast({ message: 'Profile has been saved!', severity: 'success', cta: { label: 'Undo' } })
      }
    >
      Save
    </button>
  );
}

describe('toast bar', () => {
  it('shows the message with its severity and call to action', async () => {
    const { user } = renderApp(<Toaster />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profile has been saved!');
    expect(alert.className).toMatch(/Success/i);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });
});

describe('PageMeta', () => {
  it('sets the title, description, robots, canonical URL and social card', async () => {
    renderApp(<PageMeta title="About" description="Who we are." canonicalPath="/about" />);
    await waitFor(() => expect(document.title).toBe('About | Photorater'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Who we are.');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:3000/about',
    );
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'About | Photorater',
    );
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
  });
});
