import { useId } from 'react';
import { css } from '@emotion/react';
import type { TenantConfig } from '../../../src/tenant/types';
import { ModuleHeader, ResponsiveImage } from '../shared';
import type { ModuleProps } from '../types';

/**
 * The search box: a plain GET form to /search with `location` and `keywords`, so it works before
 * (and without) any script; the search page reads both from the URL.
 */
export function SearchForm({ tenant, labelledBy }: { tenant: TenantConfig; labelledBy?: string }) {
  const id = useId();
  const { placeholders } = tenant.searchEnvironment;
  return (
    <form
      className="cm-search-form"
      role="search"
      action="/search"
      method="get"
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': `Search ${tenant.brandName}` })}
    >
      <div className="cm-field">
        <label htmlFor={`${id}-location`}>Location</label>
        <input
          id={`${id}-location`}
          name="location"
          type="text"
          placeholder={placeholders.location}
          autoComplete="address-level2"
          enterKeyHint="search"
        />
      </div>
      <div className="cm-field">
        <label htmlFor={`${id}-keywords`}>Treatment or business name</label>
        <input
          id={`${id}-keywords`}
          name="keywords"
          type="text"
          placeholder={placeholders.keywords}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      <button type="submit" className="cm-button cm-button--accent">
        {tenant.titles.mainSearchButtonName}
      </button>
    </form>
  );
}

/** search: the search box over a background image. */
export function SearchSection({ module, tenant, level, isFirst }: ModuleProps<'search'>) {
  const headingId = useId();
  return (
    <section className="cm-search" aria-labelledby={module.title ? headingId : undefined}>
      {module.background_image && (
        <ResponsiveImage
          className="cm-search__image"
          src={module.background_image}
          mobile={module.background_image_mobile}
          alt={module.alt_text}
          width={1200}
          height={500}
          eager={isFirst}
        />
      )}
      <div className="cm-search__panel">
        <ModuleHeader title={module.title} subtitle={module.subtitle} level={level} id={headingId} />
        <SearchForm tenant={tenant} labelledBy={module.title ? headingId : undefined} />
      </div>
    </section>
  );
}

export const searchStyles = css`
  .cm-search-form {
    display: grid;
    gap: 0.75rem;
    align-items: end;
  }
  @media (min-width: 600px) {
    .cm-search-form {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
    }
  }
  .cm-field {
    display: grid;
    gap: 0.25rem;
  }
  .cm-field label {
    font-weight: 600;
    font-size: 0.95rem;
  }
  .cm-field :is(input, select, textarea) {
    width: 100%;
    min-height: 44px;
    padding: 0.55rem 0.75rem;
    border: 1px solid #7b8794;
    border-radius: 8px;
    background: #fff;
    color: #1f2933;
    font: inherit;
  }
  .cm-search {
    position: relative;
    display: grid;
    min-height: 360px;
    align-items: end;
    overflow: hidden;
    border-radius: 12px;
    background: var(--ws-secondary);
  }
  .cm-search picture,
  .cm-search__image {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .cm-search__panel {
    position: relative;
    margin: 1rem;
    padding: 1rem;
    border-radius: 12px;
    background: var(--ws-surface);
    color: var(--ws-text);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
  }
  @media (min-width: 960px) {
    .cm-search {
      min-height: 440px;
      align-items: center;
    }
    .cm-search__panel {
      margin: 2rem;
      padding: 1.5rem;
    }
  }
`;
