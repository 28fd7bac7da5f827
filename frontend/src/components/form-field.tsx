import { useId, type InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input, in plain words, and tied to it for screen readers. */
  error?: string;
}

/** A labelled input with its own message line (aria-invalid and aria-describedby when there is one). */
export function FormField({ label, error, ...input }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        {...input}
        id={`${id}-input`}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
