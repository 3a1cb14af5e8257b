import type { Recipient } from '@uplift/core/schemas/recipient';

/**
 * A full-width photograph between the sections (docs/decisions/163): the first partner charity's
 * own photo (decision 129), with what it shows said in words. Where no charity has a photo the band
 * is not drawn: the page's other bands carry the look.
 */
export function PhotoBand({ recipients }: { recipients: Recipient[] }) {
  const withPhoto = recipients.find((r) => r.photo);
  if (!withPhoto?.photo) return null;
  const { photo } = withPhoto;
  return (
    <figure className="photo-band">
      <img
        src={photo.url}
        srcSet={`${photo.card_url} 600w, ${photo.url} ${photo.width}w`}
        sizes="100vw"
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        decoding="async"
      />
      <figcaption>
        <span>What your pledge supports:</span> {withPhoto.recipient_name}
      </figcaption>
    </figure>
  );
}
