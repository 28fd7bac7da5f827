import { ErrorPage } from '@/components/error-page';

/** Any other address (SPEC §2). */
export const NotFoundPage = () => <ErrorPage />;
