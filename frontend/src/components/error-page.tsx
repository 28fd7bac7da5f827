import { Link } from '@/components/link';
import notFoundImage from '@/assets/not-found.svg';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import './error-page.css';

export function ErrorPage({ message = 'Oops! The page you are looking for does not exist.' }: { message?: string }) {
  useDocumentTitle('Not found');
  return (
    <main className="error-page">
      <img className="error-page__img" src={notFoundImage} alt="Page not found" width={320} height={200} />
      <h1 className="error-page__text">{message}</h1>
      <Link className="btn btn--primary" to={paths.home.to()}>
        Go Back To Home
      </Link>
    </main>
  );
}
