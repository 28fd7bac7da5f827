import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { notify } from '@/lib/notify';
import { AppToasts } from './toasts';

describe('<AppToasts>', () => {
  afterEach(cleanup);

  test('the first toast after a page load shows even though the stack was not loaded yet', async () => {
    render(<AppToasts />);
    // No key or pointer press yet: the stack is not on screen.
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => notify.success('Logged Out Successfully'));
    expect(await screen.findByText('Logged Out Successfully')).toBeTruthy();
  });

  test('the same message while it shows is not stacked; another one is', async () => {
    render(<AppToasts />);
    act(() => {
      notify.error('Title cannot be empty');
      notify.error('Title cannot be empty');
      notify.success('Saved');
    });
    await screen.findByText('Saved');
    expect(screen.getAllByText('Title cannot be empty')).toHaveLength(1);
  });

  test('the first key press fetches the stack, ahead of any toast', async () => {
    render(<AppToasts />);
    expect(document.querySelector('.Toastify')).toBeNull();
    await userEvent.keyboard('{Shift}');
    await waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull());
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
