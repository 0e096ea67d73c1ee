import { useId } from 'react';
import { css } from '@emotion/react';
import type { SocialLinkType } from '../../../src/domain/content';
import { ModuleHeader } from '../shared';
import type { ModuleProps } from '../types';
import { SafeLink } from '../../../src/ui/SafeLink';

const NETWORK_NAMES: Record<SocialLinkType, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  pinterest: 'Pinterest',
  instagram: 'Instagram',
};

/** social: follow-us links, named after their network; they open in a new tab. */
export function SocialSection({ module, level }: ModuleProps<'social'>) {
  const headingId = useId();
  const links = module.links.filter((link) => link.url);
  return (
    <section className="cm-social" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} level={level} id={headingId} />
      {module.text && <p className="cm-social__text">{module.text}</p>}
      {links.length > 0 && (
        <ul className="cm-social__links">
          {links.map((link) => (
            <li key={`${link.type}-${link.url}`}>
              <SafeLink
                className="cm-button cm-button--outline"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {NETWORK_NAMES[link.type] ?? link.type}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </SafeLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const socialStyles = css`
  .cm-social {
    text-align: center;
  }
  .cm-social__text {
    max-width: 40rem;
    margin: 0 auto;
  }
  .cm-social__links {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.5rem;
    margin: 1rem 0 0;
    padding: 0;
    list-style: none;
  }
`;
