import { Busy, range } from './skeleton';

// The list pages' skeletons (components/skeleton.tsx says why there are any), in a module of their own:
// only lazily loaded pages show them, so they stay out of the first screen's script.

/** In place of a list page's rows. */
export function RowSkeletons({ count = 4, label = 'Loading videos' }: { count?: number; label?: string }) {
  return (
    <Busy label={label}>
      <ul className="list-page__rows">
        {range(count).map((i) => (
          <li key={i} className="list-row skeleton-row">
            <div className="list-row__thumb">
              <div className="skeleton skeleton--thumb" />
            </div>
            <div className="list-row__text">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    </Busy>
  );
}

/** One line of text still to come (a count, a title), in the height of that text. */
export const TextSkeleton = ({ width = '6rem' }: { width?: string }) => (
  <span className="skeleton skeleton--text" style={{ width }} aria-hidden="true" />
);
