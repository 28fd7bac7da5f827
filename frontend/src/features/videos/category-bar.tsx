import type { Category } from '@/lib/types';
import { revealFocused } from '@/components/reveal-focused';
import './category-bar.css';

interface Props {
  categories: Category[];
  /** '' stands for ALL. */
  selected: string;
  onSelect: (categoryName: string) => void;
}

export function CategoryBar({ categories, selected, onSelect }: Props) {
  const options = [{ label: 'ALL', value: '' }, ...categories.map((c) => ({ label: c.categoryName, value: c.categoryName }))];
  return (
    <div className="category-bar" role="group" aria-label="Filter by category" onFocus={revealFocused}>
      {options.map(({ label, value }) => (
        <button key={label} type="button" className="chip" aria-pressed={selected === value} onClick={() => onSelect(value)}>
          {label}
        </button>
      ))}
    </div>
  );
}
