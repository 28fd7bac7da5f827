import type { Category } from '@/lib/types';
import { revealFocused } from '@/components/reveal-focused';
import './category-bar.css';

interface Props {
  /** Undefined while they load: the bar keeps its height with placeholder chips (no layout shift). */
  categories: Category[] | undefined;
  /** '' stands for ALL. */
  selected: string;
  onSelect: (categoryName: string) => void;
}

const PLACEHOLDER_CHIPS = 3;

export function CategoryBar({ categories, selected, onSelect }: Props) {
  const options = [{ label: 'ALL', value: '' }, ...(categories ?? []).map((c) => ({ label: c.categoryName, value: c.categoryName }))];
  return (
    <div className="category-bar" role="group" aria-label="Filter by category" onFocus={revealFocused}>
      {options.map(({ label, value }) => (
        <button key={label} type="button" className="chip" aria-pressed={selected === value} onClick={() => onSelect(value)}>
          {label}
        </button>
      ))}
      {!categories &&
        Array.from({ length: PLACEHOLDER_CHIPS }, (_, i) => <span key={i} className="chip chip--placeholder" aria-hidden="true" />)}
    </div>
  );
}
