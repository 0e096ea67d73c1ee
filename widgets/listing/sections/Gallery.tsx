import { LEAD_IMAGE_SIZE } from '../../../src/domain/images';
import type { Image } from '../../../src/domain/types';
import { useElement } from '../../define';

/** The listing's images: the first leads, the others beside it. */
export function Gallery({ images }: { images: Image[] }) {
  const { imageUrl } = useElement();
  return (
    <section
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
            // The first image is what the visitor came to see: no lazy loading for it.
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        </figure>
      ))}
    </section>
  );
}
