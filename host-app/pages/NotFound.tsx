import type { PageProps } from './types';

export default function NotFound({ tenant }: PageProps) {
  return (
    <section>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <p>
        <a href="/search">{tenant.titles.mainSearchButtonName}</a> or go to the <a href="/">home page</a>.
      </p>
    </section>
  );
}
