import { LEAD_IMAGE_SIZE } from '../../../src/domain/images';
import type { Image } from '../../../src/domain/types';
import { useEffect, useRef } from 'react';
import { useElement } from '../../define';
import { useListingView } from '../listing.context';

/** The listing's images: the first leads, the others beside it. */
export function Gallery({ images, merchantId }: { images: Image[]; merchantId: number }) {
  const { imageUrl } = useElement();
  const view = useListingView();
  const section = useRef<HTMLElement>(null);
  // Spec 9's gallery event: once per listing, when the visitor has the gallery in view.
  useEffect(() => {
    const node = section.current;
    if (!node || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      view.trackGallery('view', merchantId, 0);
      observer.disconnect();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [merchantId, view]);
  return (
    <section
      ref={section}
      id="gallery"
      tabIndex={-1}
      aria-label="Gallery"
      className={images.length > 3 ? 'gallery wide' : 'gallery'}
    >
      {images.map((image, index) => (
        <figure key={image.url} className={index === 0 ? 'lead-image' : undefined}>
          <img
            src={imageUrl(image.url, index === 0 ? LEAD_IMAGE_SIZE : undefined)}
            alt={image.caption}
            width={index === 0 ? 720 : 360}
            height={index === 0 ? 520 : 260}
            // The first image is what the visitor came to see: no lazy loading for it, and drawn in
            // the frame that draws the text around it (decoded apart, it came a frame later).
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding={index === 0 ? 'sync' : 'async'}
          />
        </figure>
      ))}
    </section>
  );
}
