import { useEffect } from 'react';

const APP_NAME = 'TechTube';

/**
 * The tab's title names the page (and on the player, the video), as "Liked videos - TechTube";
 * without a name, just the app's. Set while the page shows.
 */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    document.title = name ? `${name} - ${APP_NAME}` : APP_NAME;
  }, [name]);
}
