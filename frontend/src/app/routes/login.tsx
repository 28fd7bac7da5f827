import { LoginView } from '@/features/auth/login-view';

/** /login: the form, then back where the visitor came from. */
export const LoginPage = () => <LoginView />;
