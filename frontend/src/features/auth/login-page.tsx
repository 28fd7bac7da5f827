import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { notify } from '@/components/toasts';
import { useLoginMutation } from './auth-api';
import { GUEST_CREDENTIALS } from './demo-credentials';
import { useReturnToOrigin } from './use-return-to-origin';
import './auth-form.css';

export function LoginPage() {
  const [form, setForm] = useState({ email: '', password: '' });
  const [login, { isLoading }] = useLoginMutation();
  const { returnToOrigin } = useReturnToOrigin();
  const location = useLocation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await login(form);
    if (!data) return;
    notify.success(`Welcome back ${data.foundUser.firstName ?? ''}`.trim());
    returnToOrigin();
  };

  return (
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} aria-labelledby="login-title">
        <h1 id="login-title" className="auth__title">
          Login
        </h1>
        <label className="field">
          <span className="field__label">Email</span>
          <input
            className="field__input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            className="field__input"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        {/* Kept from the original product: it has no effect (SPEC §2). */}
        <label className="checkbox">
          <input type="checkbox" name="remember" />
          Remember me
        </label>
        <button type="button" className="btn btn--outline btn--block" onClick={() => setForm(GUEST_CREDENTIALS)}>
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
