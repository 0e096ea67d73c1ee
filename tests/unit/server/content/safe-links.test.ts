import { describe, expect, it } from 'vitest';
import { FILE_CONTENT } from '../../../../server/content/files';
import { withSafeLinks } from '../../../../server/content/safe-links';

describe('withSafeLinks', () => {
  it('empties bad URLs in menus, modules and SEO fields, at any depth, and keeps the rest', () => {
    const page = {
      title: 'javascript:alert(1) is text here',
      yoast: { canonical: 'javascript:alert(1)', social_image: 'data:image/png;base64,xx' },
      'custom-fields': {
        modules: [
          { acf_fc_layout: 'cta', title: 'Go', button_text: 'Go', link: ' JavaScript:alert(1)' },
          { acf_fc_layout: 'social', links: [{ type: 'facebook', url: 'vbscript:x' }] },
          { acf_fc_layout: 'text', content: '<a href="javascript:alert(1)">HTML stays for the browser</a>' },
          { acf_fc_layout: 'hero', image: '/media/hero.jpg', link: '/search?keywords=spa' },
        ],
      },
    };
    const menu = [{ ID: 1, title: 'Home', url: 'java\tscript:alert(1)', children: [{ url: '/about' }] }];
    expect(withSafeLinks(page)).toEqual({
      title: 'javascript:alert(1) is text here',
      yoast: { canonical: '', social_image: '' },
      'custom-fields': {
        modules: [
          { acf_fc_layout: 'cta', title: 'Go', button_text: 'Go', link: '' },
          { acf_fc_layout: 'social', links: [{ type: 'facebook', url: '' }] },
          { acf_fc_layout: 'text', content: '<a href="javascript:alert(1)">HTML stays for the browser</a>' },
          { acf_fc_layout: 'hero', image: '/media/hero.jpg', link: '/search?keywords=spa' },
        ],
      },
    });
    expect(withSafeLinks(menu)).toEqual([{ ID: 1, title: 'Home', url: '', children: [{ url: '/about' }] }]);
  });

  it('changes nothing in the content files of the repo (every link there is a good one)', () => {
    for (const content of Object.values(FILE_CONTENT)) {
      expect(withSafeLinks(content)).toEqual(content);
    }
  });
});
