import { useState, type ChangeEvent } from 'react';
import type { CatalogueVideoChanges, ImportVideosResult } from '@/lib/types';
import { chunks, parseImportFile } from './import-file';
import { useImportVideosMutation } from './studio-api';

interface Outcome {
  added: number;
  /** Every index is the video's place in the whole file. */
  problems: { index: number; text: string }[];
  failed?: string;
}

const problemsOf = (result: ImportVideosResult, offset: number) => [
  ...result.skipped.map((s) => ({ index: offset + s.index, text: `${s._id}: ${s.reason}` })),
  ...result.refused.map((r) => ({ index: offset + r.index, text: r.errors.join(' ') })),
];

/**
 * Import videos from a JSON or CSV file: read here, sent 1 000 at a time to POST /api/admin/videos/import
 * with a progress bar, then what was added and, by row, what was skipped or refused.
 */
export function ImportPanel() {
  const [file, setFile] = useState<{ name: string; videos: CatalogueVideoChanges[] } | { name: string; error: string } | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [importVideos] = useImportVideosMutation();
  const running = sent !== null && !outcome;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setOutcome(null);
    setSent(null);
    setFile(chosen ? { name: chosen.name, ...parseImportFile(chosen.name, await chosen.text()) } : null);
  };

  const start = async (videos: CatalogueVideoChanges[]) => {
    const total: Outcome = { added: 0, problems: [] };
    setSent(0);
    for (const chunk of chunks(videos)) {
      const { data, error } = await importVideos(chunk.items);
      if (error || !data) {
        total.failed = `The import stopped after ${chunk.offset} of ${videos.length} videos. Those after it were not sent.`;
        break;
      }
      total.added += data.added.length;
      total.problems.push(...problemsOf(data, chunk.offset));
      setSent(chunk.offset + chunk.items.length);
    }
    total.problems.sort((a, b) => a.index - b.index);
    setOutcome(total);
  };

  const videos = file && 'videos' in file ? file.videos : undefined;
  const fileName = file?.name;
  return (
    <section className="studio__section" aria-labelledby="studio-import">
      <h2 id="studio-import">Import videos</h2>
      <p className="studio__muted">
        A JSON file (<code>{'{ "videos": [...] }'}</code>) or a CSV file whose first line names the columns: url (or _id), title,
        description, category, channel, duration, thumbnail.
      </p>
      <label className="studio-field">
        <span className="studio-field__label">File</span>
        <input
          className="studio-field__input"
          type="file"
          accept=".json,.csv,.tsv,application/json,text/csv"
          onChange={(e) => void choose(e)}
          disabled={running}
        />
      </label>
      {file && 'error' in file && (
        <p className="studio-field__error" role="alert">
          {file.error}
        </p>
      )}
      {videos && (
        <p>
          {videos.length === 1 ? '1 video' : `${videos.length} videos`} in {fileName}.{' '}
          <button type="button" className="btn btn--primary" disabled={running || videos.length === 0} onClick={() => void start(videos)}>
            Import
          </button>
        </p>
      )}
      {videos && sent !== null && (
        <label className="studio-field">
          <span className="studio-field__label">
            {sent} of {videos.length} sent
          </span>
          <progress className="studio__progress" max={videos.length} value={sent} />
        </label>
      )}
      {outcome && (
        <div role="status">
          <p>
            {outcome.added === 1 ? '1 video added' : `${outcome.added} videos added`}
            {outcome.problems.length > 0 && `, ${outcome.problems.length} not imported`}.
          </p>
          {outcome.failed && <p className="studio-field__error">{outcome.failed}</p>}
          {outcome.problems.length > 0 && (
            <ul className="studio__problems">
              {outcome.problems.map((problem) => (
                <li key={problem.index}>
                  Row {problem.index + 1}: {problem.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
