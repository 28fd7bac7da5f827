// Reading a Chromium trace (DevTools' JSON format) of one page load.

/**
 * The page's navigation (its `navigationStart` mark, the first for an http(s) URL) and the renderer main thread it
 * ran on, or undefined when the trace lost the navigation.
 */
export function pageMainThread(events) {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  if (!navigation) return undefined;
  const { pid } = navigation;
  const tid = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args.name === 'CrRendererMain')?.tid;
  return { navigation, pid, tid };
}
