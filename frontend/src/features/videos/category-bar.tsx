import { revealFocused } from '@/components/reveal-focused';
import type { HomeSort } from './home-query';
import './category-bar.css';
import type { Category } from '@/lib/types';

interface Option {
  label: string;
  /** '' stands for the default (ALL, the default order). */
  value: string;
}

interface ChipsProps {
  label: string;
  options: Option[];
  selected: string;
  onSelect: (value: string) => void;
  /** Placeholder chips while the options load: the bar keeps its height (no layout shift). */
  placeholders?: number;
}

function Chips({ label, options, selected, onSelect, placeholders = 0 }: ChipsProps) {
  return (
    <div className="category-bar" role="group" aria-label={label} onFocus={revealFocused}>
      {options.map(({ label, value }) => (
        <button key={label} type="button" className="chip" aria-pressed={selected === value} onClick={() => onSelect(value)}>
          {label}
        </button>
      ))}
      {Array.from({ length: placeholders }, (_, i) => (
        <span key={i} className="chip chip--placeholder" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A category's value in the URL and in GET /api/videos: its slug (docs/design/catalogue.md). */
export const categorySlug = (category: Category): string => category.slug;

/**
 * The category in the URL as a category: its slug, or (links written before slugs, /?category=Monitor)
 * its name or id, whatever the case.
 */
export function findCategory(categories: Category[] | undefined, value: string): Category | undefined {
  const wanted = value.toLowerCase();
  return categories?.find((c) => [categorySlug(c), c.categoryName.toLowerCase(), c._id].includes(wanted));
}

interface Props {
  /** Undefined while they load. */
  categories: Category[] | undefined;
  /** A slug; '' stands for ALL. */
  category: string;
  onCategory: (slug: string) => void;
  sort: HomeSort | undefined;
  /** Searching, the default order is relevance. */
  searching: boolean;
  onSort: (sort: string) => void;
}

/** Home's chips: the categories, then the order. */
export function CategoryBar({ categories, category, onCategory, sort, searching, onSort }: Props) {
  const options = [{ label: 'ALL', value: '' }, ...(categories ?? []).map((c) => ({ label: c.categoryName, value: categorySlug(c) }))];
  return (
    <>
      <Chips label="Filter by category" options={options} selected={category} onSelect={onCategory} placeholders={categories ? 0 : 3} />
      <Chips
        label="Sort videos"
        options={[
          { label: searching ? 'Best match' : 'Default', value: '' },
          { label: 'Popular', value: 'popular' },
          { label: 'Newest', value: 'newest' },
        ]}
        selected={sort ?? ''}
        onSelect={onSort}
      />
    </>
  );
}
