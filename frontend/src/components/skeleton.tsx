import type { ReactNode } from 'react';
import './list-page.css';
import './skeleton.css';
import './video-card.css';

// Grey shapes where content is coming: the page keeps its layout while a list loads, and never
// says "No Videos" before it knows. Announced once as "Loading …"; the shapes are hidden from readers.

export function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="skeleton-region" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

export const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** In place of the home grid's cards. */
export function CardSkeletons({ count = 8, label = 'Loading videos' }: { count?: number; label?: string }) {
  return (
    <Busy label={label}>
      <ul className="video-grid">
        {range(count).map((i) => (
          <li key={i} className="skeleton-card">
            <div className="skeleton skeleton--thumb" />
            <div className="skeleton-card__body">
              <div className="skeleton skeleton--avatar" />
              <div className="skeleton-card__lines">
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Busy>
  );
}
