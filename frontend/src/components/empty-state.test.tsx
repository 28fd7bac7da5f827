import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ReadFailed } from './empty-state';

afterEach(cleanup);

describe('a read that failed', () => {
  test('says so in its own words and reads again, once per press of "Try again"', () => {
    const onRetry = vi.fn();
    render(<ReadFailed message="Your activity cannot be shown right now." onRetry={onRetry} />);
    expect(screen.getByText('Your activity cannot be shown right now.')).toBeTruthy();
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });
});
