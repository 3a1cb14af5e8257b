import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that renders the component directly once `preload()` has loaded it. The prerender
 * (renderToString, which cannot wait) preloads what a page shows; in the browser a part that is
 * not preloaded suspends while hydrating, and React keeps its server HTML until the code arrives.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const preload = async () => {
    loaded ??= await load();
  };
  return { Component: Preloadable, preload };
}
