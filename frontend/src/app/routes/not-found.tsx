import { ErrorPage } from '@/components/error-page';

/** Any other address. */
export const NotFoundPage = () => <ErrorPage />;
