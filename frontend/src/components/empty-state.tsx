import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/** Every empty list says so and offers one button back to the catalogue. */
export function EmptyState({ message, action }: { message: string; action: string }) {
  const navigate = useNavigate();
  return (
    <div className="empty-state">
      <p className="empty-state__text">{message}</p>
      <button type="button" className="btn btn--primary" onClick={() => navigate(paths.home.to())}>
        {action}
      </button>
    </div>
  );
}

/** A read that failed says so in the list's place and offers to read again. */
export function ReadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="empty-state">
      <p className="empty-state__text">{message}</p>
      <button type="button" className="btn btn--outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
