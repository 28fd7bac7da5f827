import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { useRenderedInSlices } from './rendered-in-slices';

afterEach(cleanup);

test('an answer is shown a render later, and that render in between says the answer is still being rendered', () => {
  const seen: { shown: string[] | undefined; rendering: boolean }[] = [];
  function Page({ answered }: { answered: string[] | undefined }) {
    seen.push(useRenderedInSlices(answered));
    return null;
  }
  const { rerender } = render(<Page answered={undefined} />);
  rerender(<Page answered={['a']} />);
  expect(seen).toEqual([
    { shown: undefined, rendering: false },
    // The urgent render, in the task the answer came in: nothing of it yet.
    { shown: undefined, rendering: true },
    // The deferred one, which React renders in slices.
    { shown: ['a'], rendering: false },
  ]);
});

test('an answer already there when the page opens is shown in its first render', () => {
  const seen: (string[] | undefined)[] = [];
  function Page() {
    seen.push(useRenderedInSlices(['a']).shown);
    return null;
  }
  render(<Page />);
  expect(seen).toEqual([['a']]);
});
