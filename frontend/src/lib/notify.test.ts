import { describe, expect, test, vi } from 'vitest';
import { createToastChannel, type ToastRequest } from './notify';

const toast = (message: string): ToastRequest => ({ kind: 'success', message, options: {} });

describe('the toast channel', () => {
  test('a toast asked for before the stack is on screen waits, wakes the stack, and is shown once it connects', () => {
    const channel = createToastChannel();
    const wake = vi.fn();
    channel.onWaiting(wake);
    channel.send(toast('Logged Out Successfully'));
    expect(wake).toHaveBeenCalledTimes(1);

    const shown: string[] = [];
    channel.connect((t) => shown.push(t.message));
    expect(shown).toEqual(['Logged Out Successfully']);
  });

  test('waiting toasts are shown in order, exactly once', () => {
    const channel = createToastChannel();
    channel.send(toast('first'));
    channel.send(toast('second'));
    const shown: string[] = [];
    const disconnect = channel.connect((t) => shown.push(t.message));
    channel.send(toast('third'));
    disconnect();
    channel.connect((t) => shown.push(`again: ${t.message}`));
    expect(shown).toEqual(['first', 'second', 'third']);
  });

  test('after the stack disconnects, toasts wait again', () => {
    const channel = createToastChannel();
    const first: string[] = [];
    channel.connect((t) => first.push(t.message))();
    channel.send(toast('later'));
    expect(first).toEqual([]);
    const second: string[] = [];
    channel.connect((t) => second.push(t.message));
    expect(second).toEqual(['later']);
  });

  test('two channels never share their toasts', () => {
    const a = createToastChannel();
    const b = createToastChannel();
    a.send(toast('for a'));
    const shownByB: string[] = [];
    b.connect((t) => shownByB.push(t.message));
    expect(shownByB).toEqual([]);
  });
});
