import { useId, useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { notifyUndoable, undoableOnSuccess } from '@/lib/undo';
import { useClearHistoryMutation, useRemoveHistoryBeforeMutation } from './history-api';

const plural = (count: number) => `${count} ${count === 1 ? 'video' : 'videos'}`;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "2026-11-20" from a date input → the start of that day where the user is, as an ISO date-time. */
function startOfLocalDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

interface Props {
  /** The search box's text and its setter. */
  search: string;
  onSearch: (value: string) => void;
  /** How many entries the current search found; undefined while there is none (or it is loading). */
  matches: number | undefined;
  total: number;
}

/** Search, remove what was watched before a date, clear everything. */
export function HistoryTools({ search, onSearch, matches, total }: Props) {
  const [clearHistory, { isLoading: clearing }] = useClearHistoryMutation();
  return (
    <div className="history-tools">
      <div className="history-tools__search">
        <input
          className="search-box"
          type="search"
          placeholder="Search history by title or channel"
          aria-label="Search your history"
          maxLength={100}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
        <p className="history-tools__matches" role="status">
          {matches === undefined ? '' : `${matches} of ${plural(total)} ${matches === 1 ? 'matches' : 'match'}`}
        </p>
      </div>
      <div className="history-tools__actions">
        <RemoveBefore total={total} />
        <button
          type="button"
          className="btn btn--outline"
          disabled={clearing}
          onClick={() => void clearHistory().then(undoableOnSuccess('History cleared'))}
        >
          Clear history
        </button>
      </div>
    </div>
  );
}

function RemoveBefore({ total }: { total: number }) {
  const [date, setDate] = useState('');
  const [removeBefore, { isLoading }] = useRemoveHistoryBeforeMutation();
  const inputId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const day = startOfLocalDay(date);
    if (!day) return void notify.error('Choose a date first');
    // History failures are only logged; the list is read again.
    const { data: left } = await removeBefore(day.toISOString());
    if (!left) return;
    const removed = total - left.length;
    const when = dateFormat.format(day);
    if (removed > 0) notifyUndoable(`Removed ${plural(removed)} watched before ${when}`);
    else notify.success(`Nothing in your history was watched before ${when}`);
  };

  return (
    <form className="history-tools__before" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label className="history-tools__label" htmlFor={inputId}>
        Remove videos watched before
      </label>
      <div className="history-tools__row">
        <input id={inputId} className="field__input" type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
        <button type="submit" className="btn btn--outline" disabled={isLoading}>
          Remove
        </button>
      </div>
    </form>
  );
}
