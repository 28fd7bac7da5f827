import { useId, useState, type FormEvent } from 'react';
import { serverErrors } from '@/lib/server-errors';
import type { ImportBody, ImportResult } from '@/lib/types';
import { useImportLibraryMutation } from './settings-api';

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 liked videos, 1 playlist and 3 videos in playlists", counting only what was added. */
function importSummary({ imported, unknownVideoIds }: ImportResult): string {
  const parts = [
    imported.likes && plural(imported.likes, 'liked video', 'liked videos'),
    imported.watchlater && plural(imported.watchlater, 'watch later video', 'watch later videos'),
    imported.history && plural(imported.history, 'history entry', 'history entries'),
    imported.playlists && plural(imported.playlists, 'playlist', 'playlists'),
    imported.playlistVideos && plural(imported.playlistVideos, 'video in playlists', 'videos in playlists'),
  ].filter((part): part is string => !!part);
  if (parts.length === 0)
    return unknownVideoIds.length ? 'Nothing was added.' : 'Nothing new: your library already had everything in this file.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Imported ${list}.`;
}

/** What to send for this file, or why it cannot be sent. */
async function importRequest(file: File, playlist: string): Promise<ImportBody | string> {
  const text = await file.text();
  if (isCsv(file)) {
    if (!playlist.trim()) return 'Give the playlist for these videos a name.';
    return { format: 'csv', playlist: playlist.trim(), csv: text };
  }
  try {
    const document: unknown = JSON.parse(text);
    if (document && typeof document === 'object' && !Array.isArray(document)) return document as ImportBody;
  } catch {
    // Not JSON: said below.
  }
  return 'This file is not a library export: choose a .json file made by "Export my library", or a .csv file.';
}

/** Import a library export (.json) or a list of videos (.csv) into a playlist. */
export function ImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [playlist, setPlaylist] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importLibrary, { isLoading }] = useImportLibraryMutation();
  const helpId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!file) return setProblems(['Choose a file to import first.']);
    const request = await importRequest(file, playlist);
    if (typeof request === 'string') return setProblems([request]);
    const { data, error } = await importLibrary(request);
    const messages = serverErrors(error);
    setResult(data ?? null);
    setProblems(data ? [] : messages.length ? messages : ['The file could not be imported. Try again later.']);
  };

  return (
    <section className="settings-card" aria-labelledby="settings-import">
      <h2 id="settings-import" className="settings-card__title">
        Import
      </h2>
      <p id={helpId} className="settings-card__help">
        A .json file from &ldquo;Export my library&rdquo; adds what your library is missing; importing the same file twice changes nothing.
        A .csv file lists one video per line (a video id or a YouTube link) and adds them to the playlist you name.
      </p>
      <form className="settings-card__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <label className="field">
          <span className="field__label">File (.json or .csv)</span>
          <input
            className="field__input"
            type="file"
            accept=".json,.csv,application/json,text/csv"
            aria-describedby={helpId}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setProblems([]);
              setResult(null);
              if (chosen && isCsv(chosen)) setPlaylist(withoutExtension(chosen.name));
            }}
          />
        </label>
        {file && isCsv(file) && (
          <label className="field">
            <span className="field__label">Playlist name</span>
            <input
              className="field__input"
              type="text"
              maxLength={100}
              value={playlist}
              onChange={(event) => setPlaylist(event.target.value)}
            />
          </label>
        )}
        <div className="settings-card__actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {isLoading ? 'Importing…' : 'Import'}
          </button>
        </div>
        {problems.length > 0 && (
          <div className="settings-card__problem" role="alert">
            {problems.length === 1 ? (
              problems[0]
            ) : (
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
      <div role="status" className="settings-card__result">
        {result && <ImportReport result={result} />}
      </div>
    </section>
  );
}

function ImportReport({ result }: { result: ImportResult }) {
  const unknown = result.unknownVideoIds;
  return (
    <>
      <p className="settings-card__done">{importSummary(result)}</p>
      {unknown.length > 0 && (
        <div className="settings-card__unknown">
          <p>
            {plural(unknown.length, 'video is', 'videos are')} not in the catalogue, so {unknown.length === 1 ? 'it was' : 'they were'} not
            imported:
          </p>
          <ul className="settings-card__ids">
            {unknown.map((id, i) => (
              <li key={`${i}:${id}`}>
                <code>{id}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
