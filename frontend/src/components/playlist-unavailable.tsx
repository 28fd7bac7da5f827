import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/link';
import notFoundImage from '@/assets/not-found.svg';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import './error-page.css';

/**
 * An unknown or private playlist is said to be unavailable, never shown as an empty playlist (a
 * private one answers exactly like an unknown one). A guest is offered to log in and come back.
 */
export function PlaylistUnavailable({ guest }: { guest: boolean }) {
  useDocumentTitle('Playlist not available');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <main className="error-page">
      <img className="error-page__img" src={notFoundImage} alt="" width={320} height={200} />
      <h1 className="error-page__text">This playlist is not available</h1>
      <p className="empty-state__text">
        {guest ? 'It may be private. Log in to see your own playlists.' : 'It may be private or deleted, or the link is not right.'}
      </p>
      <div className="error-page__actions">
        {guest && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void navigate(paths.login.to(), { state: { from: location, reason: 'Log in to see your playlists.' } })}
          >
            Login
          </button>
        )}
        <Link className={guest ? 'btn btn--outline' : 'btn btn--primary'} to={paths.home.to()}>
          Go Back To Home
        </Link>
      </div>
    </main>
  );
}
