import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ActionMenu, type MenuAction } from './action-menu';

afterEach(cleanup);

/** Stands for a menu's items that read the user's lists: counts its mounts. */
function Items({ list, mounted, onSelect }: { list: (actions: MenuAction[]) => ReactNode; mounted: () => void; onSelect: () => void }) {
  useEffect(mounted, [mounted]);
  return list([
    { label: 'Add to Like', onSelect },
    { label: 'WatchLater', onSelect: vi.fn() },
  ]);
}

describe('ActionMenu', () => {
  test('items given when open are not rendered (nor their hooks run) until the menu opens, and go when it closes', async () => {
    const mounted = vi.fn();
    const onSelect = vi.fn();
    render(
      <ActionMenu
        label="More actions for Pixel 9"
        actionsWhenOpen={(list) => <Items list={list} mounted={mounted} onSelect={onSelect} />}
      />,
    );
    expect(mounted).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();

    const button = screen.getByRole('button', { name: 'More actions for Pixel 9' });
    await userEvent.click(button);
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Add to Like', 'WatchLater']);
    // The menu button pattern: focus on the first item, arrows move, Escape closes back to the button.
    expect(document.activeElement?.textContent).toBe('Add to Like');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('WatchLater');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to Like' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(mounted).toHaveBeenCalledTimes(2);
  });

  test('a menu of fixed actions lists them', async () => {
    const remove = vi.fn();
    render(<ActionMenu label="More actions for Pixel 9" actions={[{ label: 'Remove', onSelect: remove }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Pixel 9' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledTimes(1);
  });
});
