import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons';
import './action-menu.css';

export interface MenuAction {
  label: string;
  onSelect: () => void;
}

interface Props {
  label: string;
  actions?: MenuAction[];
  /**
   * Instead of `actions`, for a menu whose items need hooks (the user's lists): a component that reads
   * them, rendered only while the menu is open, which hands its items to `list`. A page of cards then
   * keeps no per-card subscriptions until a menu opens (README, "Speed on a phone").
   */
  actionsWhenOpen?: (list: (actions: MenuAction[]) => ReactNode) => ReactNode;
}

/**
 * The "⋮" menu of cards and rows. Follows the WAI-ARIA menu button pattern: focus moves into the
 * menu when it opens, arrows move between items, Escape closes and returns focus to the button.
 */
export function ActionMenu({ label, actions = [], actionsWhenOpen }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const list = (items: MenuAction[]) => (
    <div className="action-menu__list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKeyDown}>
      {items.map((action, i) => (
        <button
          key={action.label}
          ref={(node) => {
            itemRefs.current[i] = node;
          }}
          type="button"
          role="menuitem"
          className="action-menu__item"
          onClick={() => {
            setOpen(false);
            // Back to the menu button, as the menu button pattern asks; a dialog the action
            // opens then knows where to return focus when it closes.
            buttonRef.current?.focus();
            action.onSelect();
          }}
        >
          {action.label}
        </button>
      ))}
    </div>
  );

  return (
    <div className="action-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="action-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Icon name="more" />
      </button>
      {open && (actionsWhenOpen ? actionsWhenOpen(list) : list(actions))}
    </div>
  );
}
