import { SignupView } from '@/features/auth/signup-view';

/** /signup. */
export const SignupPage = () => <SignupView />;
