import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Link } from '@/components/link';
import { FormField } from '@/components/form-field';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/document-title';
import { emailProblem, plainFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { useToken } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { useSignupMutation, type SignupRequest } from './auth-api';
import { DUMMY_SIGNUP } from './demo-credentials';
import { useReturnToOrigin } from './use-return-to-origin';
import './auth-form.css';

type Field = keyof SignupRequest | 'terms';
const EMPTY: SignupRequest = { firstName: '', lastName: '', email: '', password: '' };
const MIN_PASSWORD = 8;

const fields: { name: keyof SignupRequest; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];
const LABELS = Object.fromEntries(fields.map(({ name, label }) => [name, label])) as Record<keyof SignupRequest, string>;

/** The required fields (lastName is marked required but deliberately not checked), then the rest. */
function check(form: SignupRequest, terms: boolean): { errors: FieldErrors<Field>; missing: boolean } {
  const errors: FieldErrors<Field> = {};
  if (!form.firstName.trim()) errors.firstName = 'Enter your first name.';
  const badEmail = emailProblem(form.email);
  if (badEmail) errors.email = badEmail;
  if (!form.password) errors.password = 'Choose a password.';
  else if (form.password.length < MIN_PASSWORD) errors.password = `Use at least ${MIN_PASSWORD} characters.`;
  const missing = !form.firstName.trim() || !form.email.trim() || !form.password;
  if (!terms) errors.terms = 'Accept the terms and conditions to create your account.';
  return { errors, missing };
}

export function SignupView() {
  const [form, setForm] = useState(EMPTY);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [signup, { isLoading }] = useSignupMutation();
  const { returnToOrigin, target, reason } = useReturnToOrigin();
  const location = useLocation();
  const token = useToken();
  useDocumentTitle('Sign up');

  if (token && !isLoading) return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, missing } = check(form, terms);
    setErrors(found);
    // Missing required fields also say so in a toast.
    if (missing) notify.error('Please enter all the fields');
    if (Object.keys(found).length > 0) return;
    const { error } = await signup(form);
    if (error) return setErrors(plainFieldErrors(error, LABELS));
    notify.success('Signup Successful !!');
    returnToOrigin();
  };

  return (
    // noValidate: the messages beside the fields replace the browser's bubbles.
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
        <h1 id="signup-title" className="auth__title">
          Signup
        </h1>
        {reason && (
          <p className="auth__why" role="note">
            {reason}
          </p>
        )}
        {fields.map(({ name, label, type, autoComplete }) => (
          <FormField
            key={name}
            label={label}
            type={type}
            name={name}
            autoComplete={autoComplete}
            required
            value={form[name]}
            error={errors[name]}
            onChange={(e) => {
              setForm({ ...form, [name]: e.target.value });
              setErrors({ ...errors, [name]: undefined });
            }}
          />
        ))}
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
              onChange={(e) => {
                setTerms(e.target.checked);
                setErrors({ ...errors, terms: undefined });
              }}
            />
            I accept all Terms &amp; Conditions
          </label>
          {errors.terms && (
            <p id="terms-error" className="field__error">
              {errors.terms}
            </p>
          )}
        </div>
        {errors[''] && <p className="field__error">{errors['']}</p>}
        <button
          type="button"
          className="btn btn--outline btn--block"
          onClick={() => {
            setForm(DUMMY_SIGNUP);
            setTerms(true);
            setErrors({});
          }}
        >
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
