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
import { eachWhenIdle, nextTask, whenIdle } from '@/lib/when-idle';
import './app/global.css';

// The first screen's work in steps, each a task of its own after the modules' evaluation: the store, each part
// of the inline data, the first render. On a slow phone each of them is tens of milliseconds; in one task they
// kept the page from answering input for their sum (README, "Speed on a phone").
async function start() {
  await nextTask();
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
  for (const action of catalogue ? inlineCatalogueActions(catalogue, firstRender) : []) {
    await nextTask();
    store.dispatch(action);
  }
  whenIdle(() => {
    const late = catalogue || readInlineCatalogue();
    if (!late) return;
    eachWhenIdle(catalogueInParts(late), (parts) =>
      inlineCatalogueActions(late, parts, store.getState()).forEach((action) => store.dispatch(action)),
    );
  });
  await nextTask();
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
}

void start();
