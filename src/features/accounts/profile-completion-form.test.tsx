import { CallError } from '@/data/callables';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aMember, renderApp } from '@/testing/test-utils';
import { ProfileCompletionForm } from './profile-completion-form';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
// The real CallError, so tests throw what the data layer throws; only the call is replaced.
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

beforeEach(() => vi.clearAllMocks());

describe('ProfileCompletionForm', () => {
  it('starts from age 25 and both, with the name the record has, and no gender chosen for the member', () => {
    renderApp(<ProfileCompletionForm user={aMember({ gender: undefined })} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Guest Lucky Otter 482');
    expect(screen.getByLabelText('Age')).toHaveValue(25);
    expect(screen.getByRole('radio', { name: 'Male' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Both' })).toBeChecked();
    // It says what it asks: whose photos the member rates, not who rates theirs.
    expect(screen.getByText(/Choose whose photos you rate/)).toBeInTheDocument();
    expect(screen.queryByText(/Choose who rates your photos/)).not.toBeInTheDocument();
  });

  it('asks for a gender rather than sending one the member never chose', async () => {
    const { user } = renderApp(<ProfileCompletionForm user={aMember({ gender: undefined })} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Gender is required')).toBeInTheDocument();
    expect(callables.call).not.toHaveBeenCalled();
  });

  it('sends the answers as numbers and words', async () => {
    callables.call.mockResolvedValue({ birthyear: 1999 });
    const { user } = renderApp(<ProfileCompletionForm user={aMember()} />);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Alex');
    await user.clear(screen.getByLabelText('Age'));
    await user.type(screen.getByLabelText('Age'), '27');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('radio', { name: 'Men' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('completeProfile', {
        displayName: 'Alex',
        age: 27,
        gender: 'female',
        showGender: 'male',
      }),
    );
  });

  it('shows the messages for a missing name and an age out of range', async () => {
    const { user } = renderApp(<ProfileCompletionForm user={aMember()} />);
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Age'));
    await user.type(screen.getByLabelText('Age'), '91');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Age must be 90 or less')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Age'));
    await user.tab();
    expect(await screen.findByText('Age is required')).toBeInTheDocument();
    expect(callables.call).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on the fields and other failures above the button", async () => {
    callables.call.mockRejectedValueOnce(
      new CallError('invalid-argument', 'Name is required', { displayName: 'Name is required' }),
    );
    const { user } = renderApp(<ProfileCompletionForm user={aMember()} />);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    callables.call.mockRejectedValueOnce(new Error('Service temporarily unavailable. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable. Please try again.',
    );
  });
});
