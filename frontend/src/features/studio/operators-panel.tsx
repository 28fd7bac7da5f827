import { useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { useAddOperatorMutation, useGetOperatorsQuery, useRemoveOperatorMutation } from './studio-api';

/** Who may use the studio: add one by email, remove any but yourself (the server refuses that too). */
export function OperatorsPanel({ selfId }: { selfId: string | undefined }) {
  const { data: operators } = useGetOperatorsQuery();
  const [add, { isLoading }] = useAddOperatorMutation();
  const [remove] = useRemoveOperatorMutation();
  const [email, setEmail] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await add(email.trim());
    if (error) return;
    notify.success(`${email.trim()} is now an operator`);
    setEmail('');
  };

  return (
    <section className="studio__section" aria-labelledby="studio-operators">
      <h2 id="studio-operators">Operators</h2>
      <ul className="studio__categories">
        {(operators ?? []).map((operator) => (
          <li key={operator._id} className="studio__category">
            <span className="studio__category-name">
              {operator.firstName} {operator.lastName} <span className="studio__muted">{operator.email}</span>
            </span>
            {operator._id === selfId ? (
              <span className="studio__muted">You</span>
            ) : (
              <button
                type="button"
                className="btn btn--outline"
                aria-label={`Remove ${operator.email} from operators`}
                onClick={() =>
                  void remove(operator._id).then(({ error }) => !error && notify.success(`${operator.email} is no longer an operator`))
                }
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="studio__inline-form" onSubmit={(event) => void submit(event)}>
        <label className="studio-field">
          <span className="studio-field__label">Add an operator by email</span>
          <input
            className="studio-field__input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Add
        </button>
      </form>
    </section>
  );
}
