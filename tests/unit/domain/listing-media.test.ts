import { describe, expect, it } from 'vitest';
import {
  isVideoUrl,
  listingImages,
  listingVideoEmbeds,
  videoEmbedUrl,
} from '../../../src/domain/listing-media';
import type { Image } from '../../../src/domain/types';

describe('videoEmbedUrl (spec 5)', () => {
  const id = 'dQw4w9WgXcQ';
  const youtubeEmbed = `https://www.youtube.com/embed/${id}?autoplay=0`;

  it.each([
    `https://www.youtube.com/watch?v=${id}`,
    `https://youtube.com/watch?feature=share&v=${id}&t=10`,
    `https://m.youtube.com/watch?v=${id}`,
    `youtube.com/watch?v=${id}`,
    `https://youtu.be/${id}`,
    `https://youtu.be/${id}?t=5`,
    `https://www.youtube.com/embed/${id}`,
    `https://www.youtube.com/shorts/${id}`,
    `https://youtube.com/shorts/${id}?feature=share`,
  ])('accepts YouTube %s', (url) => {
    expect(videoEmbedUrl(url)).toBe(youtubeEmbed);
  });

  it.each([
    ['https://vimeo.com/123456', '123456'],
    ['https://vimeo.com/12345678901', '12345678901'],
    ['https://www.vimeo.com/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
  ])('accepts Vimeo %s', (url, vimeoId) => {
    expect(videoEmbedUrl(url)).toBe(`https://player.vimeo.com/video/${vimeoId}`);
  });

  it.each([
    ['a 5-digit Vimeo id', 'https://vimeo.com/12345'],
    ['a 12-digit Vimeo id', 'https://vimeo.com/123456789012'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/about'],
    ['a 10-character YouTube id', 'https://youtu.be/dQw4w9WgXc'],
    ['a 12-character YouTube id', 'https://www.youtube.com/shorts/dQw4w9WgXcQQ'],
    ['a YouTube watch link without v', 'https://www.youtube.com/watch?list=abc'],
    ['a YouTube channel', 'https://www.youtube.com/c/somechannel'],
    ['another host with a YouTube path', `https://example.com/youtube.com/watch?v=${id}`],
    ['a look-alike host', `https://notyoutube.com/watch?v=${id}`],
    ['another video host', 'https://www.dailymotion.com/video/x7tgad0'],
    ['a javascript URL', `javascript:alert('youtu.be/${id}')`],
    ['text', 'not a link'],
    ['nothing', ''],
  ])('rejects %s', (_label, url) => {
    expect(videoEmbedUrl(url)).toBeNull();
    expect(isVideoUrl(url)).toBe(false);
  });

  it('embeds the video links of a listing once each, dropping others', () => {
    expect(
      listingVideoEmbeds([
        `https://youtu.be/${id}`,
        'https://example.com/x',
        `https://www.youtube.com/watch?v=${id}`,
      ]),
    ).toEqual([youtubeEmbed]);
  });
});

describe('listingImages (spec 2.5)', () => {
  it('shows up to 5 images', () => {
    const images: Image[] = Array.from({ length: 7 }, (_, i) => ({ url: `${i}`, seoUrl: '', caption: '' }));
    expect(listingImages(images).map((image) => image.url)).toEqual(['0', '1', '2', '3', '4']);
    expect(listingImages(images.slice(0, 2))).toHaveLength(2);
    expect(listingImages(undefined)).toEqual([]);
  });
});
