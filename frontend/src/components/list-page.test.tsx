import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ListPage, ListRow, ListSummary } from './list-page';
import type { Video } from '@/lib/types';

const video = (fields: Partial<Video>) =>
  ({
    _id: 'v1',
    title: 'Best TV 2024',
    channel: 'Tech',
    thumbnail: 'https://i.ytimg.com/vi/v1/hqdefault.jpg',
    duration: '10:24',
    ...fields,
  }) as Video;

function row(entry: Video, onRemove = vi.fn()) {
  render(
    <MemoryRouter>
      <ul>
        <ListRow video={entry} onRemove={onRemove} />
      </ul>
    </MemoryRouter>,
  );
  return onRemove;
}

afterEach(cleanup);

describe('a list entry', () => {
  test('an available video links to the player', () => {
    row(video({ available: true }));
    expect(screen.getByRole('link', { name: 'Best TV 2024' }).getAttribute('href')).toBe('/videoPlay/v1');
    expect(screen.queryByText('This video is no longer available')).toBeNull();
  });

  test('a retired one keeps its title, says it is gone, links nowhere and offers Remove', async () => {
    const onRemove = row(video({ available: false }));
    expect(screen.getByRole('heading', { name: 'Best TV 2024' })).toBeTruthy();
    expect(screen.getByText('This video is no longer available')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(document.querySelector('.list-row--gone')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Best TV 2024' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'v1' }));
  });
});

describe("a list's pictures", () => {
  test("the summary's cover, the largest picture of the first screen, is fetched at once and first; a row's lazily", () => {
    const entry = video({ available: true });
    render(
      <MemoryRouter>
        <ListSummary title="Liked Videos" videos={[entry]} />
        <ul>
          <ListRow video={entry} onRemove={vi.fn()} />
        </ul>
      </MemoryRouter>,
    );
    const [cover, rowPicture] = [...document.querySelectorAll('img')];
    expect(cover?.closest('.list-page__cover')).toBeTruthy();
    expect([cover?.getAttribute('loading'), cover?.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(rowPicture?.closest('.list-row')).toBeTruthy();
    expect([rowPicture?.getAttribute('loading'), rowPicture?.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });
});

test('a list page never says its list is empty while the answer that fills it is being rendered', () => {
  const empty = { message: 'No liked videos yet', action: 'Explore' };
  // After each commit, what the page says.
  const said: boolean[] = [];
  const page = (videos: Video[] | undefined, isLoading: boolean) => (
    <Profiler id="liked" onRender={() => said.push(screen.queryByText(empty.message) !== null)}>
      <MemoryRouter>
        <ListPage title="Liked" videos={videos} isLoading={isLoading} empty={empty} onRemove={() => {}} />
      </MemoryRouter>
    </Profiler>
  );
  const { rerender } = render(page(undefined, true));
  rerender(page([video({})], false));
  expect(screen.getByRole('heading', { name: 'Best TV 2024' })).toBeTruthy();
  expect(said.length).toBeGreaterThanOrEqual(3);
  expect(said).not.toContain(true);
});
