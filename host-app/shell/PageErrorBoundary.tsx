import { Component, type ReactNode } from 'react';
import { ERROR_MESSAGES } from '../../src/domain/constants';
import type { SiteAnalytics } from './analytics';

/**
 * Whether a page failed because its code could not be loaded (spec 8: ChunkLoadError,
 * CSS_CHUNK_LOAD_FAILED; browsers say 'Failed to fetch dynamically imported module' or 'Importing
 * a module script failed'), typically a deploy that removed the old chunks.
 */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return (
    text.includes(ERROR_MESSAGES.chunkLoadError) ||
    text.includes(ERROR_MESSAGES.cssChunkLoadFailed) ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      text,
    )
  );
}

/**
 * The routed page inside a boundary: a page whose code failed to load offers a reload instead of
 * leaving a blank page; any other failure says so. Either is told to the data layer.
 */
export class PageErrorBoundary extends Component<
  { analytics: SiteAnalytics; children: ReactNode },
  { failed: 'chunk' | 'render' | null }
> {
  override state: { failed: 'chunk' | 'render' | null } = { failed: null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: isChunkLoadError(error) ? 'chunk' : 'render' };
  }

  override componentDidCatch(error: unknown) {
    this.props.analytics.track({
      event: 'app_error',
      kind: isChunkLoadError(error) ? 'chunk_load' : 'render',
      message: error instanceof Error ? error.message : String(error),
    });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page-error" role="alert">
        <h1>{this.state.failed === 'chunk' ? 'This page could not be loaded' : 'Something went wrong'}</h1>
        <p>
          {this.state.failed === 'chunk'
            ? 'The site may have been updated since you opened it, or the connection dropped. Reloading fetches the latest version.'
            : 'Reloading the page usually helps.'}
        </p>
        <button type="button" className="button" onClick={() => location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
}
