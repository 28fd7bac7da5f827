import { useId, useState } from 'react';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import type { Playlist, Visibility } from '@/lib/types';
import { useSetVisibilityMutation } from './sharing-api';
import './sharing.css';

const LABELS: Record<Visibility, string> = {
  private: 'Private: only you',
  unlisted: 'Unlisted: anyone with the link',
  public: 'Public: listed for everyone',
};

/** The owner's controls: who may see the playlist, and Share (copies its link; a private one becomes unlisted). */
export function ShareControls({ playlist }: { playlist: Playlist }) {
  const [setVisibility, { isLoading }] = useSetVisibilityMutation();
  const [copied, setCopied] = useState('');
  const selectId = useId();
  const stored: Visibility = playlist.visibility ?? 'private';
  // What the owner just chose shows at once and stays while the playlist is read again, instead of the old
  // value coming back for a moment; once a read brings another stored value, that one shows.
  const [chosen, setChosen] = useState<{ over: Visibility; to: Visibility }>();
  const visibility = chosen?.over === stored ? chosen.to : stored;
  const link = `${window.location.origin}${paths.playlist.to(playlist._id)}`;

  /** Whether the server took it; on a refusal the select goes back to what is stored. */
  const choose = async (next: Visibility) => {
    setChosen({ over: stored, to: next });
    const { error } = await setVisibility({ playlistId: playlist._id, visibility: next });
    if (error) setChosen(undefined);
    return !error;
  };

  const change = async (next: Visibility) => {
    if (await choose(next)) notify.success(`Playlist is now ${next}`);
  };

  const share = async () => {
    if (visibility === 'private' && !(await choose('unlisted'))) return;
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Link copied');
    } catch {
      // Without clipboard access the link is still shown below, to copy by hand.
    }
    setCopied(link);
  };

  return (
    <div className="share-controls">
      <label className="field share-controls__field" htmlFor={selectId}>
        <span className="field__label">Who can see it</span>
        <select
          id={selectId}
          className="field__input"
          value={visibility}
          disabled={isLoading}
          onChange={(event) => void change(event.target.value as Visibility)}
        >
          {(Object.keys(LABELS) as Visibility[]).map((v) => (
            <option key={v} value={v}>
              {LABELS[v]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--primary" onClick={() => void share()} disabled={isLoading}>
        Share
      </button>
      <p className="share-controls__link" role="status">
        {copied && (
          <>
            Link: <a href={copied}>{copied}</a>
          </>
        )}
      </p>
    </div>
  );
}
