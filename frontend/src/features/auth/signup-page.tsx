import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { notify } from '@/components/toasts';
import { useSignupMutation, type SignupRequest } from './auth-api';
import { DUMMY_SIGNUP } from './demo-credentials';
import { useReturnToOrigin } from './use-return-to-origin';
import './auth-form.css';

const EMPTY: SignupRequest = { firstName: '', lastName: '', email: '', password: '' };

const fields: { name: keyof SignupRequest; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

export function SignupPage() {
  const [form, setForm] = useState(EMPTY);
  const [signup, { isLoading }] = useSignupMutation();
  const { returnToOrigin } = useReturnToOrigin();
  const location = useLocation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: lastName is marked required but deliberately not checked here.
    if (!form.firstName.trim() || !form.email.trim() || !form.password) {
      notify.error('Please enter all the fields');
      return;
    }
    if ((await signup(form)).error) return;
    notify.success('Signup Successful !!');
    returnToOrigin();
  };

  return (
    // noValidate: the spec's own message replaces the browser's bubbles for missing fields.
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
        <h1 id="signup-title" className="auth__title">
          Signup
        </h1>
        {fields.map(({ name, label, type, autoComplete }) => (
          <label key={name} className="field">
            <span className="field__label">{label}</span>
            <input
              className="field__input"
              type={type}
              name={name}
              autoComplete={autoComplete}
              required
              value={form[name]}
              onChange={(e) => setForm({ ...form, [name]: e.target.value })}
            />
          </label>
        ))}
        {/* Shown as in the original product; not enforced (SPEC §2). */}
        <label className="checkbox">
          <input type="checkbox" name="terms" />I accept all Terms &amp; Conditions
        </label>
        <button type="button" className="btn btn--outline btn--block" onClick={() => setForm(DUMMY_SIGNUP)}>
          Dummy SignUp
        </button>
        <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
          Sign Up
        </button>
        <p className="auth__switch">
          <Link to={paths.login.to()} state={location.state}>
            Already have an account
          </Link>
        </p>
      </form>
    </main>
  );
}
