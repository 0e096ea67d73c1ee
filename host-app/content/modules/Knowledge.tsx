import { useId } from 'react';
import { css } from '@emotion/react';
import type { BlogPost } from '../../../src/domain/content';
import { longDate } from '../../../src/domain/calendar';
import { CmsHtml } from '../../../src/ui/CmsHtml';
import { Heading, ModuleHeader, ResponsiveImage, itemLevel } from '../shared';
import type { HeadingLevel, ModuleProps } from '../types';
import { SafeLink } from '../../../src/ui/SafeLink';

/** knowledge: the page's blog posts, `posts_count` of them, as cards; nothing when there are none. */
export function KnowledgeSection({ module, page, level, isFirst }: ModuleProps<'knowledge'>) {
  const headingId = useId();
  const posts = page.blog_posts.slice(0, Math.max(0, module.posts_count));
  if (posts.length === 0) return null;
  const moreLabel = module.link_text || 'More articles';
  return (
    <section className="cm-knowledge" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} subtitle={module.subtitle} level={level} id={headingId} />
      <ul className={`cm-grid cm-grid--${posts.length >= 4 ? 4 : 3}`}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} level={itemLevel(level, !!module.title)} eager={isFirst} />
          </li>
        ))}
      </ul>
      {module.link && (
        <p className="cm-more">
          <SafeLink className="cm-card__link" href={module.link}>
            {moreLabel}
            {module.title && !moreLabel.includes(module.title) && (
              <span className="visually-hidden">: {module.title}</span>
            )}
          </SafeLink>
        </p>
      )}
    </section>
  );
}

/** A post card: the title is the link (its name says where it goes); the excerpt is CMS HTML. */
function PostCard({ post, level, eager }: { post: BlogPost; level: HeadingLevel; eager: boolean }) {
  return (
    <article className="cm-card cm-post">
      {post.image && (
        <ResponsiveImage className="cm-card__image" src={post.image} alt={post.alt_text} eager={eager} />
      )}
      <div className="cm-card__body">
        {post.category?.name && <p className="cm-post__category">{post.category.name}</p>}
        <Heading level={level} className="cm-card__title">
          <SafeLink className="cm-post__link" href={post.link}>
            {post.title}
          </SafeLink>
        </Heading>
        {post.date && (
          <p className="cm-post__meta">
            <time dateTime={post.date}>{longDate(post.date)}</time>
            {post.author && <> · {post.author}</>}
          </p>
        )}
        <CmsHtml className="cm-rich cm-post__excerpt" html={post.excerpt} />
      </div>
    </article>
  );
}

export const knowledgeStyles = css`
  .cm-post__category {
    margin: 0 0 0.25rem;
    color: var(--ws-primary);
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .cm-post__link {
    color: inherit;
    text-decoration: none;
  }
  .cm-post__link:hover {
    text-decoration: underline;
  }
  /* The whole card is the title link's target area. */
  .cm-post {
    position: relative;
  }
  .cm-post__link::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  .cm-post__meta {
    margin: 0 0 0.5rem;
    color: color-mix(in srgb, var(--ws-text) 68%, transparent);
    font-size: 0.9rem;
  }
  .cm-post__excerpt a {
    position: relative;
    z-index: 1;
  }
`;
