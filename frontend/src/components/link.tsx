import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/**
 * React Router's <Link> for the app's own paths, built on its exported hooks: the same href and the same
 * attributes (its `data-discover` included), and a plain click navigates in the app while a modified click
 * (new tab, download) is the browser's. The library's own <Link> brings prefetching, masks, view
 * transitions and, through them, <Form>'s code onto the first screen, none of which the app uses: about
 * 4 kB gzip with vite.config.ts's tree shaking of the router (bench/RESULTS.md, "Frontend on React 19").
 */
export function Link({ to, replace, state, target, onClick, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...props} href={href} target={target} onClick={handleClick} data-discover="true" />;
}

/**
 * <NavLink> as React Router draws it: aria-current="page" and the `active` class on the link to the
 * current page, compared case-insensitively; `end` matches the path alone, not its sub-paths.
 */
export function NavLink({ className, end = false, ...props }: LinkProps & { end?: boolean }) {
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <Link
      {...props}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
    />
  );
}
