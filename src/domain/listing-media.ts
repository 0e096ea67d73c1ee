/** A listing's media (spec 5): the images a page shows and the embeds of its video links. */

import { LISTING_IMAGES_LIMIT } from './constants';
import type { Image } from './types';

function parseUrl(url: string): URL | null {
  const trimmed = (url ?? '').trim();
  if (!trimmed) return null;
  try {
    return new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`,
    );
  } catch {
    return null;
  }
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{6,11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);

const matching = (value: string | null | undefined, pattern: RegExp): string | null =>
  value && pattern.test(value) ? value : null;

function youtubeId(url: URL, host: string): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments.length === 1 ? matching(segments[0], YOUTUBE_ID) : null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (segments.length === 1 && segments[0] === 'watch')
    return matching(url.searchParams.get('v'), YOUTUBE_ID);
  if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'shorts')) {
    return matching(segments[1], YOUTUBE_ID);
  }
  return null;
}

function vimeoId(url: URL, host: string): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') {
    return segments.length === 2 && segments[0] === 'video' ? matching(segments[1], VIMEO_ID) : null;
  }
  if (host !== 'vimeo.com') return null;
  // vimeo.com/{id}, vimeo.com/channels/{name}/{id}, vimeo.com/groups/{name}/videos/{id}
  const shapeOk =
    segments.length === 1 ||
    (segments.length === 3 && segments[0] === 'channels') ||
    (segments.length === 4 && segments[0] === 'groups' && segments[2] === 'videos');
  return shapeOk ? matching(segments[segments.length - 1], VIMEO_ID) : null;
}

/**
 * The embed URL of a video link, or null when it is not a video (spec 5). Accepted:
 * - YouTube watch (`youtube.com/watch?v=ID`), `youtu.be/ID`, `youtube.com/embed/ID` and
 *   `youtube.com/shorts/ID` with an 11-character id ->
 *   `https://www.youtube.com/embed/ID?autoplay=0`;
 * - Vimeo `vimeo.com/ID`, `vimeo.com/channels/NAME/ID`, `vimeo.com/groups/NAME/videos/ID` and
 *   `player.vimeo.com/video/ID` with a numeric id of 6 to 11 digits ->
 *   `https://player.vimeo.com/video/ID`.
 * The host is checked, so 'example.com/youtube.com/watch?v=...' is not a video.
 */
export function videoEmbedUrl(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const youtube = youtubeId(parsed, host);
  if (youtube) return `https://www.youtube.com/embed/${youtube}?autoplay=0`;
  const vimeo = vimeoId(parsed, host);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo}`;
  return null;
}

/** Whether a link is an accepted YouTube or Vimeo video (see `videoEmbedUrl`). */
export function isVideoUrl(url: string): boolean {
  return videoEmbedUrl(url) !== null;
}

/** The embed URLs of a listing's video links, non-video links dropped, duplicates once. */
export function listingVideoEmbeds(videos: readonly string[] | null | undefined): string[] {
  const embeds = (videos ?? []).map(videoEmbedUrl).filter((embed): embed is string => embed !== null);
  return [...new Set(embeds)];
}

/**
 * The images a listing page shows: the first 5.
 *
 * @param limit - @default 5
 */
export function listingImages(
  images: readonly Image[] | null | undefined,
  limit = LISTING_IMAGES_LIMIT,
): Image[] {
  return (images ?? []).slice(0, limit);
}
