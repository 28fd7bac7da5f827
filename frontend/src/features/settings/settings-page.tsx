import { useId, useState, type ReactNode } from 'react';
import { notify } from '@/components/toasts';
import { ImportCard } from './import-card';
import { saveFile } from './save-file';
import { useExportLibraryMutation, useSetHistoryPausedMutation } from './settings-api';
import { useSettings } from '@/lib/settings';
import './settings-page.css';

/** /settings: pause history, export the library to a file, import one back; `children`: more sections (Account). */
export function SettingsPage({ children }: { children?: ReactNode }) {
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
    </section>
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
