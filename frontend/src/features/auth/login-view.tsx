import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Link } from '@/components/link';
import { FormField } from '@/components/form-field';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/document-title';
import { emailProblem, plainFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { useToken } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { useLoginMutation } from './auth-api';
import { GUEST_CREDENTIALS } from './demo-credentials';
import { useReturnToOrigin } from './use-return-to-origin';
import './auth-form.css';

type Field = 'email' | 'password';
const LABELS: Record<Field, string> = { email: 'Email', password: 'Password' };

function check({ email, password }: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const badEmail = emailProblem(email);
  if (badEmail) errors.email = badEmail;
  if (!password) errors.password = 'Enter your password.';
  return errors;
}

export function LoginView() {
  const [form, setForm] = useState({ email: '', password: '' });
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [login, { isLoading }] = useLoginMutation();
  const { returnToOrigin, target, reason } = useReturnToOrigin();
  const location = useLocation();
  const token = useToken();
  useDocumentTitle('Login');

  // Already signed in (a bookmark, Back): nothing to do here.
  if (token && !isLoading) return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { data, error } = await login({ ...form, remember });
    if (!data) return setErrors(plainFieldErrors(error, LABELS));
    notify.success(`Welcome back ${data.foundUser.firstName ?? ''}`.trim());
    returnToOrigin();
  };

  const edit = (field: Field, value: string) => {
    setForm({ ...form, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };

  return (
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className="auth__title">
          Login
        </h1>
        {reason && (
          <p className="auth__why" role="note">
            {reason}
          </p>
        )}
        <FormField
          label={LABELS.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          error={errors.email}
          onChange={(e) => edit('email', e.target.value)}
        />
        <FormField
          label={LABELS.password}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={form.password}
          error={errors.password}
          onChange={(e) => edit('password', e.target.value)}
        />
        {errors[''] && <p className="field__error">{errors['']}</p>}
        {/* Unchecked: the session ends with the browser (sessionStorage); checked: it is kept. */}
        <label className="checkbox">
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          Remember me
        </label>
        <button
          type="button"
          className="btn btn--outline btn--block"
          onClick={() => {
            setForm(GUEST_CREDENTIALS);
            setErrors({});
          }}
        >
          Guest LogIn
        </button>
        <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
          LogIn
        </button>
        <p className="auth__switch">
          {/* Carry the origin over, so that signing up instead still returns there. */}
          <Link to={paths.signup.to()} state={location.state}>
            Create New Account
          </Link>
        </p>
      </form>
    </main>
  );
}
