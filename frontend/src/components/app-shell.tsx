import type { ReactNode } from 'react';
import { BottomNav, Sidebar } from './sidebar';

/** Header on top, then the sidebar (unless hidden) beside the page; on phones the bottom bar instead. */
export function AppShell({ header, sidebar, children }: { header: ReactNode; sidebar: boolean; children: ReactNode }) {
  return (
    <div className="app">
      {header}
      <div className={sidebar ? 'app__body app__body--with-sidebar' : 'app__body'}>
        {sidebar && <Sidebar />}
        <div className="app__main">{children}</div>
      </div>
      {sidebar && <BottomNav />}
    </div>
  );
}
