import { SignupView } from '@/features/auth/signup-view';

/** /signup (SPEC §2). */
export const SignupPage = () => <SignupView />;
