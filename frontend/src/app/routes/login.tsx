import { LoginView } from '@/features/auth/login-view';

/** /login (SPEC §2): the form, then back where the visitor came from. */
export const LoginPage = () => <LoginView />;
