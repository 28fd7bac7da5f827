import { useId, useState, type ReactNode } from 'react';
import { notify } from '@/lib/notify';
import { ImportCard } from './import-card';
import { saveFile } from './save-file';
import { useExportLibraryMutation, useSetHistoryPausedMutation, useSetHistoryRetentionMutation } from './settings-api';
import { useDocumentTitle } from '@/lib/document-title';
import { useSettings, type HistoryRetention } from '@/lib/settings';
import './settings-page.css';

/**
 * /settings: pause history or have it deleted automatically, export the library to a file, import one
 * back; `children`: cards other features add (composed in app/).
 */
export function SettingsView({ children }: { children?: ReactNode }) {
  useDocumentTitle('Settings');
  return (
    <main className="settings-page">
      <h1 className="settings-page__title">Settings</h1>
      <HistoryCard />
      <ExportCard />
      <ImportCard />
      {children}
    </main>
  );
}

function HistoryCard() {
  const { data: settings, isError } = useSettings();
  const [setHistoryPaused] = useSetHistoryPausedMutation();
  const helpId = useId();
  const paused = settings?.historyPaused ?? false;

  const toggle = async (historyPaused: boolean) => {
    if (!(await setHistoryPaused(historyPaused)).error) notify.success(historyPaused ? 'History paused' : 'History resumed');
  };

  return (
    <section className="settings-card" aria-labelledby="settings-history">
      <h2 id="settings-history" className="settings-card__title">
        History
      </h2>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={paused}
          disabled={!settings}
          aria-describedby={helpId}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span className="switch__label">Pause history</span>
      </label>
      {isError && !settings && (
        <p className="settings-card__problem" role="alert">
          Your settings cannot be read right now. Try again later.
        </p>
      )}
      <p id={helpId} className="settings-card__help">
        {paused
          ? 'History is paused: videos you play are not added to it. What is already there stays.'
          : 'While history is paused, videos you play are not added to it. What is already there stays.'}
      </p>
      <AutoDelete />
    </section>
  );
}

/** The select's values are strings; the API's are "off" or a number of months. */
const RETENTION_CHOICES: readonly { value: HistoryRetention; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 3, label: 'Older than 3 months' },
  { value: 18, label: 'Older than 18 months' },
  { value: 36, label: 'Older than 36 months' },
];

function AutoDelete() {
  const { data: settings } = useSettings();
  const [setRetention, { isLoading }] = useSetHistoryRetentionMutation();
  const selectId = useId();
  const helpId = useId();
  const retention = settings?.historyRetention ?? 'off';

  const change = async (raw: string) => {
    const choice = RETENTION_CHOICES.find((c) => String(c.value) === raw);
    if (!choice) return;
    if (!(await setRetention(choice.value)).error)
      notify.success(choice.value === 'off' ? 'History is kept until you remove it' : `History ${choice.label.toLowerCase()} is deleted`);
  };

  return (
    <>
      <label className="field" htmlFor={selectId}>
        <span className="field__label">Auto-delete history</span>
        <select
          id={selectId}
          className="field__input"
          value={String(retention)}
          disabled={!settings || isLoading}
          aria-describedby={helpId}
          onChange={(event) => void change(event.target.value)}
        >
          {RETENTION_CHOICES.map(({ value, label }) => (
            <option key={value} value={String(value)}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <p id={helpId} className="settings-card__help">
        {retention === 'off'
          ? 'Your history is kept until you remove it.'
          : `Videos you watched more than ${retention} months ago are removed from your history, now and from then on (checked daily).`}
      </p>
    </>
  );
}

function ExportCard() {
  const [exportLibrary, { isLoading }] = useExportLibraryMutation();
  const [saved, setSaved] = useState('');

  const onExport = async () => {
    const { data } = await exportLibrary();
    if (!data) return;
    saveFile(data.text, data.filename);
    setSaved(`Saved ${data.filename}`);
  };

  return (
    <section className="settings-card" aria-labelledby="settings-export">
      <h2 id="settings-export" className="settings-card__title">
        Export
      </h2>
      <p className="settings-card__help">
        A JSON file with your liked videos, watch later, history (with when you watched) and playlists. Import it here again at any time.
      </p>
      <div className="settings-card__actions">
        <button type="button" className="btn btn--primary" onClick={() => void onExport()} disabled={isLoading}>
          Export my library
        </button>
        <p className="settings-card__status" role="status">
          {saved}
        </p>
      </div>
    </section>
  );
}
