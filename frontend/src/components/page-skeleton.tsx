import './page-skeleton.css';

/**
 * Shown while a lazily loaded page's code arrives (usually a moment): the shape of a page, a title
 * and a few rows, so that nothing jumps when it comes, and no spinner.
 */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading
      </span>
      <div className="page-skeleton__title" />
      {[0, 1, 2].map((row) => (
        <div key={row} className="page-skeleton__row" />
      ))}
    </div>
  );
}
