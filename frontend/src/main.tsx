import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { makeStore } from '@/app/store';
import { loadSession } from '@/features/auth/session-storage';
import {
  catalogueInParts,
  inlineCatalogueActions,
  inlineDataForFirstRender,
  readInlineCatalogue,
} from '@/features/videos/inline-catalogue';
import { pagePosition, pageRead } from '@/lib/live/changes-position';
import { eachWhenIdle, whenIdle } from '@/lib/when-idle';
import './app/global.css';

// The session stored in localStorage is restored before the first render, so that a
// reload of a protected page does not bounce to /login.
const store = makeStore({ auth: loadSession() });
// The page came with the position its inline data is current to: the live streams start from it (or an earlier read's).
const served = pagePosition();
if (served) store.dispatch(pageRead(served));
// The catalogue index.html carries (README, "Speed on a phone"): home renders its first page in the first render,
// the player its own video; the rest is taken in once the browser is idle, without replacing what was read by then.
// Other pages leave even the parsing for later.
const firstRender = inlineDataForFirstRender(location.pathname);
const catalogue = firstRender && readInlineCatalogue();
if (catalogue) inlineCatalogueActions(catalogue, firstRender).forEach((action) => store.dispatch(action));
whenIdle(() => {
  const late = catalogue || readInlineCatalogue();
  if (!late) return;
  eachWhenIdle(catalogueInParts(late), (parts) =>
    inlineCatalogueActions(late, parts, store.getState()).forEach((action) => store.dispatch(action)),
  );
});

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task while a phone's page is still loading.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  ),
);
