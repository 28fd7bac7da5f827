import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * The search of every page's header. On Home it searches as you type (the server's search, asked once
 * typing pauses: app/routes/home.tsx) and lives in the URL (?q=, replacing the entry so that Back skips
 * the keystrokes); elsewhere Enter takes you Home with the query, as on video sites.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const onHome = location.pathname === paths.home.path;
  const inUrl = onHome ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [typed, setTyped] = useState(inUrl);
  // The URL changed under the box (Back, a link): the box follows it.
  const [seen, setSeen] = useState(inUrl);
  if (inUrl !== seen) {
    setSeen(inUrl);
    setTyped(inUrl);
  }

  const onChange = (value: string) => {
    setTyped(value);
    if (!onHome) return;
    const params = new URLSearchParams(location.search);
    if (value) params.set('q', value);
    else params.delete('q');
    const search = params.toString();
    void navigate({ pathname: paths.home.path, search: search ? `?${search}` : '' }, { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!onHome) void navigate(paths.home.to({ q: typed.trim() }));
  };

  return (
    <form role="search" className="header-search" onSubmit={onSubmit}>
      <input
        className="search-box"
        type="search"
        placeholder="Search"
        aria-label="Search videos by title"
        maxLength={100}
        value={typed}
        onChange={(event) => onChange(event.target.value)}
      />
    </form>
  );
}
