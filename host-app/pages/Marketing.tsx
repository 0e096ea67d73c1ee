import type { PageProps } from '../App';

/** The marketing pages of spec 2.1; their copy comes from the content API (issue 7). */
export default function Marketing({ tenant, route }: PageProps) {
  const title = route.page.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());
  return (
    <article>
      <h1>{title}</h1>
      <p>{tenant.helperInfo.fullProjectName}</p>
    </article>
  );
}
